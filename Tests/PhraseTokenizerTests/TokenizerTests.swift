import Testing
@testable import PhraseTokenizer
@testable import SynonymExpansion

@Suite struct TokenizerTests {
    let en = Tokenizer(locale: "en")

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
        #expect(t.map(\.text) == ["what", "s", "on", "my", "list", "do", "not", "forget", "3", "eggs"])
        #expect(t.last?.lemma == "egg")
        #expect(t[8].kind == .number)
        #expect(en.tokens("   \t ").isEmpty)
        #expect(en.tokens("?!…").isEmpty)
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
