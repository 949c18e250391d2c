import Testing
@testable import PhraseTokenizer
@testable import SynonymExpansion

@Suite struct TokenizerTests {
    let en = Tokenizer(locale: "en")

    /// The byte path for ASCII gives what the scalar path gives: apostrophes dropped, runs of
    /// separators one space, none at either end.
    @Test(arguments: [
        "summarize my grocery list in tasklet", "  don't   stop!! the 3 timers...", "'quoted' -- text",
        "a,b;c", "it's 7:30 now ", "", "'''", "...", "x", "hello\tworld\nagain", "rock'n'roll 2-for-1",
    ])
    func asciiCanonicalFormMatchesScalarPath(_ text: String) {
        #expect(en.canonicalForm(normalized: text) == en.scalarCanonicalForm(normalized: text))
        let upper = text.uppercased()
        #expect(en.canonicalForm(upper) == en.scalarCanonicalForm(normalized: en.normalizer.normalize(upper)))
        #expect(Tokenizer(locale: "de").canonicalForm(upper) == en.scalarCanonicalForm(normalized: text))
    }

    @Test func canonicalFormKeepsCJKAdjacencyRules() {
        #expect(en.canonicalForm(normalized: "用 demo 总结 清单") == "用demo总结清单")
        #expect(en.canonicalForm(normalized: "it's 7:30") == "its 7 30")
    }

    @Test func normalisesWidthCaseAndDiacritics() {
        #expect(en.normalizer.normalize("ＣＡＦÉ Crème") == "cafe creme")
        #expect(Tokenizer(locale: "de").normalizer.normalize("Straße") == "strasse")
        // German umlauts are spelt out, not dropped: "Ändere" (change) is not "andere" (other).
        let de = Tokenizer(locale: "de").normalizer
        #expect(de.normalize("Ändere Übermorgen Öl") == "aendere uebermorgen oel")
        #expect(de.normalize("Ändere") != de.normalize("andere"))
        #expect(Tokenizer(locale: "fr").normalizer.normalize("Noël") == "noel", "other languages drop the mark")
        // Japanese voicing marks are not diacritics to strip.
        #expect(Tokenizer(locale: "ja").normalizer.normalize("ガ") == "ガ")
    }

    @Test func splitsPunctuationContractionsAndNumbers() {
        let t = en.tokens("What's on my list? Don't forget: 3 eggs!")
        #expect(t.map(\.text) == ["what", "is", "on", "my", "list", "do", "not", "forget", "3", "eggs"])
        #expect(t.last?.lemma == "egg")
        #expect(t[8].kind == .number)
        #expect(en.tokens("   \t ").isEmpty)
        #expect(en.tokens("?!…").isEmpty)
    }

    /// English contractions are spelled out as the full form is tokenized, with or without
    /// the apostrophe; a possessive 's adds nothing.
    @Test(arguments: [
        ("what's next", ["what", "is", "next"]), ("what is next", ["what", "is", "next"]),
        ("whats next", ["what", "is", "next"]), ("I'm late", ["i", "am", "late"]), ("im late", ["i", "am", "late"]),
        ("you're done", ["you", "are", "done"]), ("I've got it", ["i", "have", "got", "it"]),
        ("we'll go", ["we", "will", "go"]), ("I'd like tea", ["i", "would", "like", "tea"]),
        ("can't stop", ["can", "not", "stop"]), ("cant stop", ["can", "not", "stop"]),
        ("won't play", ["will", "not", "play"]), ("don't", ["do", "not"]), ("let's go", ["let", "us", "go"]),
        ("today's agenda", ["today", "agenda"]), ("at 10 o'clock", ["at", "10", "oclock"]),
    ] as [(String, [String])])
    func contractionsAreSpelledOut(_ text: String, _ words: [String]) {
        #expect(en.tokens(text).map(\.text) == words)
    }

    @Test func typographicApostrophesSplitLikeASCII() {
        #expect(en.tokens("what’s up").map(\.text) == en.tokens("what's up").map(\.text))
    }

    @Test func cjkFallsBackToBigramsAndSplitsFromLatin() {
        let zh = Tokenizer(locale: "zh-Hans")
        #expect(zh.tokens("用Demo总结购物清单").map(\.text) == ["用", "demo", "总结", "结购", "购物", "物清", "清单"])
        let ja = Tokenizer(locale: "ja")
        #expect(ja.tokens("Demoで買い物").map(\.text) == ["demo", "で買", "買い", "い物"])
        // Korean is space-delimited: words stay whole.
        #expect(Tokenizer(locale: "ko").tokens("Demo에서 목록 요약해 줘").map(\.text) == ["demo에서", "목록", "요약해", "줘"])
    }

    @Test func englishStemmerIsConservative() {
        #expect(EnglishStemmer.stem("timers") == "timer")
        #expect(EnglishStemmer.stem("stopped") == "stop")
        #expect(EnglishStemmer.stem("called") == "call")
        #expect(EnglishStemmer.stem("groceries") == "grocery")
        #expect(EnglishStemmer.stem("status") == "status")
        #expect(EnglishStemmer.stem("on") == "on")
        #expect(EnglishStemmer.stem("café") == "café")
        // Not inflections: -eed, -thing, and a "stem" without a vowel.
        #expect(EnglishStemmer.stem("speed") == "speed")
        #expect(EnglishStemmer.stem("something") == "something")
        #expect(EnglishStemmer.stem("spring") == "spring")
        #expect(EnglishStemmer.stem("string") == "string")
        #expect(EnglishStemmer.stem("needed") == "need")
        #expect(EnglishStemmer.stem("playing") == "play")
    }

    @Test func lexiconGroupsAreSymmetricAndKeepAntonymsApart() {
        let lex = Lexicon.englishCore
        #expect(lex.synonyms(of: "begin").contains { $0.lemma == "start" })
        #expect(lex.synonyms(of: "start").contains { $0.lemma == "begin" })
        #expect(!lex.synonyms(of: "start").contains { $0.lemma == "stop" })
        let parsed = Lexicon(text: "# comment\nfoo, bar\tbaz\nlonely\n")
        #expect(parsed.synonyms(of: "baz").map(\.lemma).sorted() == ["bar", "foo"])
        #expect(parsed.synonyms(of: "lonely").isEmpty)
    }
}
