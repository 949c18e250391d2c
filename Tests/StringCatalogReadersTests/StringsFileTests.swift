import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

@Suite("Legacy .strings reader")
struct StringsFileTests {
    @Test func commentsEscapesAndBareStrings() throws {
        let text = """
            /* A block
               comment */
            "Open ${entity} in ${applicationName}" = "${entity} in ${applicationName} öffnen";
            // line comment
            "quote \\" and \\\\ backslash\\n" = "tab\\there \\U00e9\\u00E8 \\101";
            bare_key = bare.value;
            "only key";
            """
        let file = try StringsFileReader.parse(Array(text.utf8), file: "de.lproj/AppShortcuts.strings", locale: "de")
        #expect(file.entries.count == 4)
        #expect(file.entries[0].key.text == "Open ${entity} in ${applicationName}")
        #expect(file.entries[0].value.text == "${entity} in ${applicationName} öffnen")
        #expect(file.entries[0].key.location.line == 3)
        #expect(file.entries[0].value.location.column == 42)
        #expect(file.entries[0].comment == "A block\n   comment")
        #expect(file.entries[1].key.text == "quote \" and \\ backslash\n")
        #expect(file.entries[1].value.text == "tab\there éè A")
        #expect(file.entries[1].comment == "line comment")
        #expect(file.entries[2].key.text == "bare_key" && file.entries[2].value.text == "bare.value")
        #expect(file.entries[3].value.text == "only key")
    }

    @Test(arguments: [false, true]) func utf16WithByteOrderMark(bigEndian: Bool) throws {
        let text = "/* 日本語 */\n\"Open ${applicationName}\" = \"${applicationName}を開く 😀\";\n"
        let file = try StringsFileReader.parse(TestFiles.utf16(text, bigEndian: bigEndian), file: "ja.strings")
        #expect(file.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
        #expect(file.entries.first?.value.text == "${applicationName}を開く 😀")
        #expect(file.entries.first?.key.location.line == 2)
    }

    @Test func utf16WithoutByteOrderMarkAndUTF8WithOne() throws {
        let text = "\"a\" = \"b\";"
        #expect(try StringsFileReader.parse(TestFiles.utf16(text, bom: false), file: "x").entries.first?.value.text == "b")
        #expect(try StringsFileReader.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "x").entries.first?.value.text == "b")
    }

    /// Each malformed input fails with a located `syntax` error naming the file.
    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, "expected ';'"),
        ("\"a\" = \"b\";\n\"c\" = \"d", 2, "unterminated string"),
        ("\"a\" = \"b\\q\";", 1, "invalid escape"),
        ("\"a\" = \"b\";\n\n\"a\" = \"c\";", 3, "duplicate key \"a\" (first defined on line 1)"),
        ("/* open\n\"a\" = \"b\";", 1, "unterminated comment"),
        ("\"a\" = \"b\";\n= \"c\";", 2, "expected a key"),
        ("\"a\" = ", 1, "expected a value"),
        ("\"a\" = \"\\U\";", 1, "without hex digits"),
        ("\"a\" = \"\\UD800\";", 1, "unpaired surrogate"),
    ] as [(String, Int, String)])
    func malformed(text: String, line: Int, message: String) {
        do {
            _ = try StringsFileReader.parse(Array(text.utf8), file: "bad.strings")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.path == "bad.strings")
            #expect(error.location?.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func invalidEncodings() {
        // Invalid UTF-8 on line 2; an unpaired UTF-16 surrogate on line 2; an odd UTF-16 length.
        let cases: [([UInt8], Int)] = [
            (Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8), 2),
            (TestFiles.utf16("\"a\" = \"b\";\n\"") + [0x00, 0xD8, 0x41, 0x00], 2),
            (TestFiles.utf16("\"a\" = \"b\";") + [0x41], 1),
        ]
        for (bytes, line) in cases {
            #expect(throws: CatalogError.self) { try StringsFileReader.parse(bytes, file: "enc.strings") }
            do { _ = try StringsFileReader.parse(bytes, file: "enc.strings") } catch {
                #expect(error.location?.line == line, "\(error)")
            }
        }
    }

    @Test func binaryJunkIsAnErrorNotACrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 1...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            do {
                _ = try StringsFileReader.parse(bytes, file: "junk.strings")
            } catch {
                #expect(error.path == "junk.strings")
            }
        }
    }

    @Test func localeComesFromTheLprojFolder() {
        #expect(StringsFile.locale(ofPath: "/a/Resources/pt-BR.lproj/AppShortcuts.strings") == "pt-BR")
        #expect(StringsFile.locale(ofPath: "AppShortcuts.strings") == nil)
    }
}
