import Foundation
import SynonymExpansion
import Testing

/// `Lexicon.contentLines(inText:)` and `groups(inText:)` read the hand-written lists by Unicode
/// scalars; they must number, split and trim them as reading by Characters with Foundation's
/// trimming did.
@Suite("Lexicon files")
struct LexiconFileTests {
    static func reference(_ text: String) -> [[String]] {
        var groups: [[String]] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == "\t" || $0 == "," })
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if words.count > 1 { groups.append(words) }
        }
        return groups
    }

    static func referenceLines(_ text: String) -> [(number: Int, content: String)] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap { i, line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : (i + 1, trimmed)
        }
    }

    static func sameLines(_ a: [(number: Int, content: String)], _ b: [(number: Int, content: String)]) -> Bool {
        a.map { "\($0.number)\u{1F}\($0.content)" } == b.map { "\($0.number)\u{1F}\($0.content)" }
    }

    @Test(arguments: ["en", "zh-Hans", "ja", "ko", "de", "fr", "es"])
    func everyPackListIsNumberedAsBefore(locale: String) throws {
        for name in ["synonyms.txt", "system.txt", "actions.txt", "antonyms.txt"] {
            let text = try String(contentsOfFile: Packs.folder(locale) + "/" + name, encoding: .utf8)
            let lines = Lexicon.contentLines(inText: text)
            #expect(lines.count > 10, "\(name)")
            #expect(Self.sameLines(lines, Self.referenceLines(text)), "\(locale)/\(name)")
        }
    }

    @Test(arguments: ["en", "zh-Hans", "ja", "ko", "de", "fr", "es"])
    func everyPackListReadsAsBefore(locale: String) throws {
        let text = try String(contentsOfFile: Packs.folder(locale) + "/synonyms.txt", encoding: .utf8)
        let groups = Lexicon.groups(inText: text)
        #expect(groups.count > 100)
        #expect(groups == Self.reference(text))
    }

    @Test func edgesOfTheFormat() {
        let text = "a, b\r\n# only a comment\n\u{3000}開始\u{3000},\tスタート # note\u{2028}x,,y,\n lone \nc\u{00A0},\u{00A0}d\u{0085}e , f"
        #expect(Lexicon.groups(inText: text) == Self.reference(text))
        #expect(Lexicon.groups(inText: text) == [["a", "b"], ["開始", "スタート"], ["x", "y"], ["c", "d"], ["e", "f"]])
        #expect(Self.sameLines(Lexicon.contentLines(inText: text), Self.referenceLines(text)))
        #expect(Lexicon.contentLines(inText: text).map(\.number) == [1, 3, 4, 5, 6, 7])
    }
}
