import Foundation
import SynonymExpansion
import Testing

/// `Lexicon.groups(inText:)` reads the lists by Unicode scalars; it must split and trim them
/// as reading by Characters with Foundation's trimming did.
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
    }
}
