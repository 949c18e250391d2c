import Testing

@testable import ShortcutCatalog

@Suite struct PlaceholderTests {
    @Test func segmentsSplitTextAndPlaceholders() {
        #expect(Placeholder.segments(of: "Summarize ${list} with ${applicationName}") == [
            .text("Summarize "), .placeholder("list"), .text(" with "), .placeholder("applicationName"),
        ])
        #expect(Placeholder.segments(of: "用${applicationName}总结${list}") == [
            .text("用"), .placeholder("applicationName"), .text("总结"), .placeholder("list"),
        ])
        #expect(Placeholder.segments(of: "") == [])
        #expect(Placeholder.segments(of: "$5 for ${x}$") == [.text("$5 for "), .placeholder("x"), .text("$")])
        #expect(Placeholder.segments(of: "${a}${b}") == [.placeholder("a"), .placeholder("b")])
        // Lenient for an unterminated `${`: it stays text.
        #expect(Placeholder.segments(of: "go ${a} ${oops") == [.text("go "), .placeholder("a"), .text(" ${oops")])
        #expect(Placeholder.segments(of: "${oops") == [.text("${oops")])
    }

    @Test func placeholderNames() {
        #expect(PlaceholderParser.placeholders(in: "Open ${folder} in ${applicationName} ${folder}") == [
            "folder", "applicationName", "folder",
        ])
        #expect(PlaceholderParser.placeholders(in: "no placeholders") == [])
        #expect(PlaceholderParser.mentionsApplicationName("Open ${applicationName}"))
        #expect(!PlaceholderParser.mentionsApplicationName("Open $applicationName"))
        #expect(PhraseTemplate("Hi ${applicationName}").mentionsApplicationName)
        #expect(PhraseTemplate("Hi ${x}").placeholders == ["x"])
        #expect(Placeholder(name: "list").written == "${list}")
    }
}
