import Testing
@testable import PhraseTokenizer

@Suite("Multi-word expressions")
struct MultiWordTableTests {
    let en = Tokenizer(locale: "en")

    func table() -> MultiWordTable {
        MultiWordTable([
            (["get", "rid", "of"], "remove"), (["turn", "on"], "enable"), (["turn", "on", "all"], "everything"),
        ])
    }

    @Test func anExpressionAddsItsWordAfterItsOwnWords() {
        let out = table().annotate(en.tokens("get rid of this note"))
        #expect(out.map(\.lemma) == ["get", "rid", "of", "remove", "this", "note"])
        let added = out[3]
        #expect(added.text == "remove" && added.weight == 1 && added.kind == .word)
        #expect(added.expression == "get rid of")
        #expect(out.filter { $0.expression != nil }.count == 1, "the expression's own words are kept as they were")
    }

    @Test func longestFirstNoOverlapAndOnlyWhole() {
        #expect(table().annotate(en.tokens("turn on all lights")).map(\.lemma) == ["turn", "on", "all", "everything", "light"])
        #expect(table().annotate(en.tokens("get rid")).map(\.lemma) == ["get", "rid"], "an unfinished expression adds nothing")
        #expect(table().annotate(en.tokens("turn the lights on")).map(\.lemma) == ["turn", "the", "light", "on"])
        let twice = table().annotate(en.tokens("turn on turn on"))
        #expect(twice.map(\.lemma) == ["turn", "on", "enable", "turn", "on", "enable"])
    }

    @Test func emptyTablesAndShortEntriesAddNothing() {
        let tokens = en.tokens("turn on the lights")
        #expect(MultiWordTable().annotate(tokens) == tokens)
        let oneWord = MultiWordTable([(["turn"], "rotate"), (["turn", "on"], "")])
        #expect(oneWord.isEmpty, "one-word entries and empty targets are no expressions")
        #expect(table().count == 3)
    }

    @Test func theTokenizerAppliesItsTableToFinishedTokensOnly() {
        var tokenizer = en
        tokenizer.multiWords = table()
        #expect(tokenizer.tokens("Turn on the lights").map(\.lemma).contains("enable"))
        #expect(!tokenizer.tokens(normalized: "turn on the lights", finishing: false).map(\.lemma).contains("enable"),
                "word lists are read without it")
    }
}
