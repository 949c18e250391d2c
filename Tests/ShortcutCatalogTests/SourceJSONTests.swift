import Foundation
import Testing

@testable import ShortcutCatalog

@Suite struct SourceJSONTests {
    func parse(_ text: String) throws -> SourceNode {
        try SourceJSON.parse(Array(text.utf8), file: "t.json")
    }

    @Test func valuesAndLocations() throws {
        let root = try parse("{\n  \"a\": [1, -2.5e3, true, false, null],\n  \"b\": \"x\"\n}")
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLine == 2 && members[0].keyColumn == 3)
        guard case .array(let elements) = members[0].value.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.value) == [
            .number(1, text: "1"), .number(-2500, text: "-2.5e3"), .bool(true), .bool(false), .null,
        ])
        #expect(elements.map(\.column) == [9, 12, 20, 26, 33])
        #expect(root["b"] == SourceNode(.string("x"), line: 3, column: 8))
        #expect(root["missing"] == nil)
    }

    @Test func stringEscapesAndUnicode() throws {
        let text = #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "é中😀", "\u0000"]"#
        let root = try parse(text)
        guard case .array(let elements) = root.value else {
            Issue.record("expected an array")
            return
        }
        #expect(elements[0].value == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(elements[1].value == .string("é中😀"))
        #expect(elements[2].value == .string("é中😀"))
        #expect(elements[3].value == .string("\u{0}"))
        // Columns count Unicode scalars: "é中😀" is 3 columns + 2 quotes.
        let last = try #require(text.range(of: #""\u0000""#))
        #expect(elements[3].column == text.unicodeScalars.distance(from: text.startIndex, to: last.lowerBound) + 1)
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let root = try parse("{\"é中😀\": 1, \"k\": 2}")
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members[0].value.column == 9)
        #expect(members[1].keyColumn == 12)
    }

    @Test func emptyContainersAndWhitespace() throws {
        #expect(try parse(" \t\r\n{ }\n").value == .object([]))
        #expect(try parse("[ ]").value == .array([]))
        #expect(try parse("0").value == .number(0, text: "0"))
        #expect(try parse("\"\"").value == .string(""))
    }

    @Test func carriageReturnLineEndings() throws {
        let root = try parse("{\r\n\"a\": 1,\r\n\"b\": 2}")
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members[1].keyLine == 3 && members[1].keyColumn == 1)
    }
}
