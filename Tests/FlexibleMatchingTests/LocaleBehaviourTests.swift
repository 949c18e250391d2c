import Foundation
import PhraseTokenizer
import ShortcutCatalog
import Testing

@testable import FlexibleMatching

/// What Siri does before any phrase is scored: values named outright, requests it keeps
/// for itself, requests addressed to another app. Lexical matching only (no `Locales/`).
@Suite("Matcher, values, system requests and other apps")
struct LocaleBehaviourTests {
    let options = MatchOptions.test()

    /// A budget app: one shortcut takes a category, and one of its phrases does not say it.
    static let budget = LocaleCatalog(
        locale: "en",
        app: AppName(name: "Pennyjar"),
        parameters: [
            Parameter(
                name: "category", kind: .enum,
                values: [
                    ParameterValue(id: "groceries", title: "Groceries", synonyms: ["food shopping"]),
                    ParameterValue(id: "dining", title: "Dining out", synonyms: ["restaurants"]),
                    ParameterValue(id: "coffee", title: "Coffee", synonyms: []),
                    ParameterValue(id: "iced", title: "Iced coffee", synonyms: []),
                ])
        ],
        shortcuts: [
            Shortcut(
                id: "ShowSpending", shortTitle: "Spending",
                phrases: [
                    PhraseTemplate("How much did I spend this month in ${applicationName}"),
                    PhraseTemplate("Show my ${category} spending in ${applicationName}"),
                ]),
            Shortcut(
                id: "ShowBalance", shortTitle: "Balance",
                phrases: [PhraseTemplate("Show my balance in ${applicationName}")]),
            Shortcut(
                id: "StartTimer", shortTitle: "Budget Timer",
                phrases: [PhraseTemplate("Start a budget timer in ${applicationName}")]),
        ],
        negativePhrases: [])

    // MARK: Values named in the query

    @Test func aNamedValueIsBoundEvenWhenTheClosestPhraseHasNoParameter() {
        let m = Matcher(catalog: Self.budget)
        let r = m.match("How much did I spend on groceries this month in Pennyjar", options: options)
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "ShowSpending")
        #expect(r.winner?.parameter == ParameterBinding(name: "category", value: "groceries"))
    }

    @Test func noValueNamedBindsNoValueFromAPhraseWithoutTheParameter() {
        let m = Matcher(catalog: Self.budget)
        let r = m.match("How much did I spend this month in Pennyjar", options: options)
        #expect(r.winner?.shortcut == "ShowSpending")
        #expect(r.winner?.parameter == nil)
    }

    @Test func theLongerNamedValueWins() {
        let tokenizer = Tokenizer(locale: "en")
        let spotter = ValueSpotter(catalog: Self.budget, tokenizer: tokenizer)
        let text = tokenizer.normalizer.normalize("show my iced coffee spending")
        let found = spotter.mentions(tokens: tokenizer.tokens(normalized: text), normalized: text)
        #expect(found == [ParameterBinding(name: "category", value: "iced")])
        let synonym = tokenizer.normalizer.normalize("what did restaurants cost me")
        #expect(
            spotter.mentions(tokens: tokenizer.tokens(normalized: synonym), normalized: synonym)
                == [ParameterBinding(name: "category", value: "dining")])
    }

    @Test func chineseValuesAreFoundAcrossSegmentation() {
        let catalog = LocaleCatalog(
            locale: "zh-Hans", app: AppName(name: "Demo"),
            parameters: [
                Parameter(
                    name: "list", kind: .enum,
                    values: [ParameterValue(id: "shopping", title: "购物清单", synonyms: ["买菜清单"])])
            ],
            shortcuts: [Shortcut(id: "Summarize", phrases: [PhraseTemplate("用${applicationName}总结${list}")])],
            negativePhrases: [])
        let tokenizer = Tokenizer(locale: "zh-Hans")
        let spotter = ValueSpotter(catalog: catalog, tokenizer: tokenizer)
        let text = tokenizer.normalizer.normalize("帮我把买菜 清单总结一下")
        #expect(
            spotter.mentions(tokens: tokenizer.tokens(normalized: text), normalized: text)
                == [ParameterBinding(name: "list", value: "shopping")])
    }

    @Test func koreanValuesAreFoundInsideTheirWord() {
        let catalog = LocaleCatalog(
            locale: "ko", app: AppName(name: "Demo"),
            parameters: [
                Parameter(
                    name: "mood", kind: .enum,
                    values: [
                        ParameterValue(id: "calm", title: "평온", synonyms: ["차분"]),
                        ParameterValue(id: "happy", title: "행복", synonyms: []),
                    ])
            ],
            shortcuts: [Shortcut(id: "LogMood", phrases: [PhraseTemplate("${applicationName}에 기분 ${mood} 기록")])],
            negativePhrases: [])
        let tokenizer = Tokenizer(locale: "ko")
        let spotter = ValueSpotter(catalog: catalog, tokenizer: tokenizer)
        let text = tokenizer.normalizer.normalize("오늘 기분 평온하다고 기록해 줘")
        #expect(
            spotter.mentions(tokens: tokenizer.tokens(normalized: text), normalized: text)
                == [ParameterBinding(name: "mood", value: "calm")])
    }

    // MARK: Requests Siri handles itself

    static let system = MatcherResources(systemPhrases: [
        "set a timer for 10 minutes", "what's the weather like today", "call mom", "tell me a joke",
    ])

    @Test func aSystemRequestWithoutTheAppNameIsRefused() {
        let m = Matcher(catalog: Self.budget, resources: Self.system)
        let r = m.match("what's the weather like this month", options: options)
        #expect(r.outcome == .none)
        #expect(r.reason == .negativePhrase)
        #expect(r.negativeIsSystem)
        #expect(r.negativePhrase == "what's the weather like today")
        // Without the system requests the same input reaches the app's spending shortcut.
        let bare = Matcher(catalog: Self.budget).match("what's the weather like this month", options: .test(threshold: 0.05))
        #expect(bare.outcome == .match)
        #expect(bare.winner?.shortcut == "ShowSpending")
    }

    @Test func namingTheAppOverridesTheSystemRequests() {
        let m = Matcher(catalog: Self.budget, resources: Self.system)
        let r = m.match("what's my balance like this month in Pennyjar", options: .test(threshold: 0.05))
        #expect(r.outcome == .match)
        #expect(!r.negativeIsSystem)
    }

    /// A timer app answers "set a timer" itself: a system request close to one of the
    /// catalog's phrases is not used against it.
    @Test func aRequestTheCatalogOffersIsNotASystemNegative() {
        let m = Matcher(catalog: Self.budget, resources: Self.system)
        #expect(!m.systemPhrases.contains("set a timer for 10 minutes"))
        #expect(m.systemPhrases.contains("tell me a joke"))
        let r = m.match("start a budget timer for 20 minutes", options: .test(threshold: 0.1))
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "StartTimer")
        var strict = CandidateScoring()
        strict.systemClaim = 1
        let unclaimed = Matcher(
            catalog: Self.budget,
            resources: MatcherResources(tuning: LocaleTuning(scoring: strict), systemPhrases: Self.system.systemPhrases))
        #expect(unclaimed.systemPhrases.count == 4)
    }

    @Test func systemRequestsAreNotCountedAsPhrases() {
        let m = Matcher(catalog: Self.budget, resources: Self.system)
        #expect(m.expanded.negatives.isEmpty)
        #expect(m.rowCount == m.expanded.positives.count + m.systemPhrases.count)
    }

    // MARK: A value the query never names

    static let recorder = LocaleCatalog(
        locale: "en", app: AppName(name: "Murmur"),
        parameters: [
            Parameter(
                name: "folder", kind: .enum,
                values: [
                    ParameterValue(id: "meetings", title: "Meetings"), ParameterValue(id: "ideas", title: "Ideas"),
                    ParameterValue(id: "journal", title: "Journal"),
                ])
        ],
        shortcuts: [
            Shortcut(
                id: "Record",
                phrases: [PhraseTemplate("Record to ${folder} in ${applicationName}"), PhraseTemplate("New recording in ${applicationName}")]),
            Shortcut(id: "Play", phrases: [PhraseTemplate("Play my last recording in ${applicationName}")]),
        ],
        negativePhrases: [])

    /// The best row may be a phrase with the parameter; when no value is said and the values
    /// tie, the shortcut is reported without one rather than with whichever came first.
    @Test func aValueNobodySaidIsNotBound() {
        let m = Matcher(catalog: Self.recorder)
        let unnamed = m.match("record to a folder in Murmur", options: options)
        #expect(unnamed.winner?.shortcut == "Record")
        #expect(unnamed.winner?.parameter == nil, "\(String(describing: unnamed.winner))")
        #expect(unnamed.candidates.contains { $0.parameter != nil }, "a phrase with the parameter was the closest")
        let named = m.match("record to my ideas in Murmur", options: options)
        #expect(named.winner?.parameter?.value == "ideas")
    }

    // MARK: An action the catalog does not offer

    static let actions = MatcherResources(actionWords: ["share", "export", "rename", "start"])

    /// "Share my balance" shares every content word with "Show my balance" but asks for
    /// something else: an action word no phrase says lowers every candidate.
    @Test func anActionNoPhraseOffersLowersEveryCandidate() {
        let plain = Matcher(catalog: Self.budget).match("Share my balance in Pennyjar", options: options)
        let m = Matcher(catalog: Self.budget, resources: Self.actions)
        let r = m.match("Share my balance in Pennyjar", options: options)
        #expect(r.unofferedAction == "Share", "the word as typed")
        #expect(r.score < plain.score - 0.2, "\(r.score) vs \(plain.score)")
        #expect(m.match("Export my balance in Pennyjar", options: options).unofferedAction == "Export")
        // "start" is an action word, but the catalog offers it ("Start a budget timer").
        let own = m.match("Start a budget timer in Pennyjar", options: options)
        #expect(own.unofferedAction == nil)
        #expect(own.outcome == .match)
        #expect(m.match("Show my balance in Pennyjar", options: options).unofferedAction == nil)
        // Off when the tuning says so.
        var off = CandidateScoring()
        off.actionPenalty = 0
        let untuned = Matcher(
            catalog: Self.budget, resources: MatcherResources(tuning: LocaleTuning(scoring: off), actionWords: ["share"]))
        #expect(untuned.match("Share my balance in Pennyjar", options: options).unofferedAction == nil)
    }

    /// In English an action word counts where a request puts its verb: first, after a word
    /// like "please", "to", "you" or "me", or as an expression. Elsewhere it names a thing
    /// ("the export history") and the candidates keep their scores.
    @Test func anEnglishActionWordCountsWhereARequestPutsItsVerb() {
        let m = Matcher(catalog: Self.budget, resources: Self.actions)
        #expect(m.match("Can you share my balance in Pennyjar", options: options).unofferedAction == "share")
        #expect(m.match("Pennyjar, please export my balance", options: options).unofferedAction == "export")
        #expect(m.match("I want to rename my budget in Pennyjar", options: options).unofferedAction == "rename")
        let noun = m.match("Show my balance after the share sale in Pennyjar", options: options)
        #expect(noun.unofferedAction == nil)
        let plain = Matcher(catalog: Self.budget).match("Show my balance after the share sale in Pennyjar", options: options)
        #expect(noun.score == plain.score)
    }

    /// Each locale's `actions.txt` loads as lemmas the pack's tokenizer gives ("partage" and
    /// "partager" meet; 공유해 줘 reduces to 공유). The word reported is the one typed.
    @Test(arguments: [
        ("fr", "Partage ma liste", "Partage"), ("ko", "목록 공유해 줘", "공유해"), ("de", "Teile meine Liste", "Teile"),
        ("de", "Ändere meine Liste!", "Ändere"), ("es", "¿Puedes compartir mi lista?", "compartir"),
    ])
    func localeActionListsLoad(_ locale: String, _ input: String, _ word: String) throws {
        let resources = try MatcherResources.load(locale: locale, directory: PackagePaths.locales.path)
        #expect(resources.actionWords.count >= 25)
        let catalog = TestCatalogs.onePhraseEach(
            locale: locale, app: AppName(name: "Demo"),
            [
                ("Show", "${applicationName}"),
            ])
        #expect(Matcher(catalog: catalog, resources: resources).match(input, options: options).unofferedAction == word)
    }

    // MARK: Phrases are tokenised as said

    /// "Starte ein Training mit ${applicationName}": without the name, "mit" would end the
    /// text and read as the particle of a separable verb (mitstarten), which no query says.
    /// The phrase must score as its twin whose last word is no particle.
    @Test func aWordBeforeTheAppNameIsNotTheLastWord() throws {
        let resources = try MatcherResources.load(locale: "de", directory: PackagePaths.locales.path)
        func score(_ phrase: String, _ query: String) -> Double {
            let catalog = TestCatalogs.onePhraseEach(
                locale: "de", app: AppName(name: "Vigora"),
                [
                    ("Start", phrase),
                    ("Stop", "Beende das Training in ${applicationName}"),
                ])
            return Matcher(catalog: catalog, resources: resources).match(query, options: options).score
        }
        let with = score("Starte ein Training mit ${applicationName}", "Starte jetzt ein Training mit Vigora")
        let within = score("Starte ein Training in ${applicationName}", "Starte jetzt ein Training in Vigora")
        #expect(abs(with - within) < 0.02, "\(with) vs \(within)")
    }


    /// The German pack follows an unknown compound with its parts, and an app name is one
    /// ("Tripnest" → trip, nest). A typo in the name must still find it, the parts must not
    /// stay behind as words, and its spaced synonym must not be found among the parts.
    @Test func aCompoundAppNameIsFoundThroughATypo() throws {
        let resources = try MatcherResources.load(locale: "de", directory: PackagePaths.locales.path)
        let catalog = TestCatalogs.onePhraseEach(
            locale: "de", app: AppName(name: "Tripnest", synonyms: ["Trip Nest"]),
            [
                ("Share", "Teile meine Reise mit ${applicationName}"),
                ("Open", "Öffne meine Buchung in ${applicationName}"),
            ])
        let matcher = Matcher(catalog: catalog, resources: resources)
        let exact = matcher.match("Teile meine Reise mit Tripnest", options: options)
        let spaced = matcher.match("Teile meine Reise mit Trip Nest", options: options)
        // Flexible matches both (an exact phrase scores 1 by another path): the typo costs nothing.
        let flexible = matcher.match("Teile bitte meine Reise mit Tripnest", options: options)
        let typed = matcher.match("Teile bitte meine Reise mit Tripnset", options: options)
        #expect(exact.winner?.shortcut == "Share" && exact.appNameMentioned)
        #expect(typed.winner?.shortcut == "Share" && typed.appNameMentioned, "\(typed)")
        #expect(flexible.matchKind == .flexible && typed.matchKind == .flexible)
        #expect(abs(flexible.score - typed.score) < 0.02, "\(flexible.score) vs \(typed.score)")
        #expect(abs(exact.score - spaced.score) < 0.02, "\(exact.score) vs \(spaced.score)")
    }

    // MARK: Japanese typed in kana

    /// "みずやりをきろく" is "水やりを記録" left unconverted: the phrase's reading meets it.
    @Test func aJapaneseRequestInKanaMeetsAPhraseInKanji() throws {
        let resources = try MatcherResources.load(locale: "ja", directory: PackagePaths.locales.path)
        let catalog = TestCatalogs.onePhraseEach(
            locale: "ja", app: AppName(name: "Demo"),
            [
                ("LogWater", "${applicationName}で水やりを記録"),
                ("AddPlant", "${applicationName}に植物を追加"),
            ])
        let kana = Matcher(catalog: catalog, resources: resources).match("Demoでみずやりをきろく", options: options)
        #expect(kana.winner?.shortcut == "LogWater")
        // The same pack without its readings.
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("ja-no-readings-\(UUID().uuidString)/ja")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: folder.deletingLastPathComponent()) }
        let pack = PackagePaths.locales.appendingPathComponent("ja")
        for name in try fm.contentsOfDirectory(atPath: pack.path) where name != "readings.tsv" {
            try fm.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: pack.appendingPathComponent(name))
        }
        let bare = try MatcherResources.load(locale: "ja", directory: folder.deletingLastPathComponent().path)
        let unread = Matcher(catalog: catalog, resources: bare).match("Demoでみずやりをきろく", options: options)
        #expect(kana.score > unread.score + 0.05, "\(kana.score) vs \(unread.score)")
    }

    // MARK: Another app named

    @Test(arguments: [
        ("Show my balance in Moneybird", "Moneybird"),
        ("How much did I spend this month in Spendlyzer?", "Spendlyzer"),
        ("Moneybird, show my balance", "Moneybird"),
        // "using" is in none of the catalog's phrases: the language's own prepositions count too.
        ("Show my balance using Moneybird", "Moneybird"),
    ])
    func aQueryNamingAnotherAppIsRefused(_ input: String, _ other: String) {
        let r = Matcher(catalog: Self.budget).match(input, options: .test(threshold: 0.1))
        #expect(r.outcome == .none)
        #expect(r.reason == .appNameMissing)
        #expect(r.otherAppName == other)
    }

    @Test(arguments: [
        "Show my balance in Pennyjar",  // this app
        "Show my balance in pennyjr",  // this app, misspelt
        "Show my balance. Thanks",  // capitalised after a full stop
        "show my balance in euros",  // lower case: a word, not a name
        "Show my Coffee spending in Pennyjar",  // a value of this catalog
    ])
    func ownWordsAndOrdinaryWordsAreNoOtherApp(_ input: String) {
        let r = Matcher(catalog: Self.budget).match(input, options: .test(threshold: 0.1))
        #expect(r.otherAppName == nil)
        #expect(r.outcome == .match, "\(r.reason.map(\.rawValue) ?? "")")
    }

    /// German capitalises nouns: an article before the app name in a German phrase does not
    /// make the next capitalised word of a request another app's name.
    @Test func germanNounsAfterAnArticleAreNoOtherApp() throws {
        let resources = try MatcherResources.load(locale: "de", directory: PackagePaths.locales.path)
        let catalog = TestCatalogs.onePhraseEach(
            locale: "de", app: AppName(name: "Skycast"),
            [
                ("Radar", "Zeig mir das ${applicationName}-Radar"),
                ("Today", "Wie wird das Wetter heute in ${applicationName}"),
            ])
        let m = Matcher(catalog: catalog, resources: resources)
        #expect(m.match("Zeig mir das Regenradar", options: .test(threshold: 0.1)).otherAppName == nil)
        #expect(m.match("Zeig mir das Radar mit Skyward", options: .test(threshold: 0.1)).otherAppName == "Skyward")
        #expect(m.match("Wie wird das Wetter laut Skyward", options: .test(threshold: 0.1)).otherAppName == "Skyward")
    }

    @Test func latinNamesInChineseTextAreOtherApps() {
        let catalog = TestCatalogs.onePhraseEach(
            locale: "zh-Hans", app: AppName(name: "Demo"),
            [
                ("Record", "用${applicationName}开始录音"),
            ])
        let m = Matcher(catalog: catalog)
        let other = m.match("用Murmur开始录音", options: .test(threshold: 0.1))
        #expect(other.outcome == .none)
        #expect(other.otherAppName == "Murmur")
        let own = m.match("用Demo开始录音吧", options: .test(threshold: 0.1))
        #expect(own.outcome == .match)
        let siri = m.match("Hey Siri 开始录音", options: .test(threshold: 0.1))
        #expect(siri.otherAppName == nil)
    }

    /// Spoken to Siri by name, a request that does not name the app is Siri's (chit-chat);
    /// the wake words "Hey Siri" are no such address, and naming the app wins.
    @Test func aRequestSpokenToSiriIsNotTheApps() {
        let m = Matcher(catalog: Self.budget)
        let options = MatchOptions.test(threshold: 0.05)
        for text in ["Do you keep a budget, Siri?", "Siri, show my balance", "Show my balance, siri"] {
            let r = m.match(text, options: options)
            #expect(r.outcome == .none && r.otherAppName == "Siri", "\(text): \(r.outcome)")
        }
        #expect(m.match("Hey Siri, show my balance", options: options).winner?.shortcut == "ShowBalance")
        #expect(m.match("Siri, show my balance in Pennyjar", options: options).winner?.shortcut == "ShowBalance")
        let korean = Matcher(catalog: TestCatalogs.onePhraseEach(
            locale: "ko", app: AppName(name: "Pennyjar"),
            [
                ("Diary", "${applicationName}에 일기 써 줘"),
            ]))
        #expect(korean.match("시리야 너도 일기 써?", options: options).otherAppName == "Siri")
        #expect(korean.match("시리아 여행 일기 써 줘", options: options).otherAppName == nil, "Syria is no Siri")
    }

    // MARK: Negative phrases weighed like candidates

    /// The closest negative phrase is scored like a candidate: its vector score blended with
    /// its word alignment (so the comparison with the best positive phrase is like for like).
    @Test func negativesAreScoredWithTheirWordAlignment() {
        let catalog = TestCatalogs.onePhraseEach(
            locale: "en", app: AppName(name: "Vigora"),
            [
                ("Start", "Start a workout in ${applicationName}"),
                ("Write", "Write a new entry in ${applicationName}"),
            ], negatives: ["Delete my last workout in ${applicationName}"])
        let input = "start my last workout again in Vigora"
        var off = CandidateScoring()
        off.alignWeight = 0
        let plain = Matcher(catalog: catalog, resources: MatcherResources(tuning: LocaleTuning(scoring: off)))
            .match(input, options: .test(threshold: 0.05))
        let aligned = Matcher(catalog: catalog).match(input, options: .test(threshold: 0.05))
        #expect(plain.reason == .negativePhrase)
        #expect(aligned.reason == .negativePhrase)
        let raw = plain.negativeScore ?? -1, blended = aligned.negativeScore ?? -1
        #expect(raw > 0 && blended > 0 && blended <= 1)
        #expect(abs(raw - blended) > 1e-3, "alignment changes the negative's score: \(raw) vs \(blended)")
    }

    // MARK: Locale tuning

    @Test func tuningFileIsParsed() throws {
        let json = """
            {"threshold": 0.25, "margin": 0.03, "unnamedPenalty": 0.1, "note": "why",
             "features": {"word": 0.3, "char": 0.3, "embedding": 0.4, "synonym": 0.6, "cjkGrams": [1, 2]},
             "candidates": {"best": 0.5, "neighbours": 3, "valueBonus": 0.1}}
            """
        let t = try LocaleTuning(json: Data(json.utf8), path: "x/matching.json")
        #expect(t.threshold == 0.25)
        #expect(t.margin == 0.03)
        #expect(t.unnamedPenalty == 0.1)
        #expect(t.space.wordWeight == 0.3)
        #expect(t.space.embeddingWeight == 0.4)
        #expect(t.space.synonymWeight == 0.6)
        #expect(t.space.cjkGrams == 1...2)
        #expect(t.space.charGrams == 3...5)
        #expect(t.scoring.bestWeight == 0.5)
        #expect(t.scoring.neighbours == 3)
        #expect(t.scoring.valueBonus == 0.1)
        let m = Matcher(catalog: Self.budget, resources: MatcherResources(tuning: t))
        #expect(m.defaultOptions.threshold == 0.25)
        #expect(m.defaultOptions.margin == 0.03)
        #expect(m.defaultOptions.unnamedPenalty == 0.1)
        #expect(m.featurizer.space.cjkGrams == 1...2)
        // Without the key the engine adds nothing.
        let plain = try LocaleTuning(json: Data(#"{"threshold": 0.25}"#.utf8), path: "x/matching.json")
        #expect(Matcher(catalog: Self.budget, resources: MatcherResources(tuning: plain)).defaultOptions.unnamedPenalty == 0)
    }

    @Test(arguments: [
        ("[1, 2]", "expected a JSON object"),
        ("{\"treshold\": 0.3}", "unknown key 'treshold'"),
        ("{\"threshold\": 1.5}", "'threshold' must be a number in 0.0...1.0"),
        ("{\"threshold\": true}", "'threshold' must be a number"),
        ("{\"unnamedPenalty\": -0.1}", "'unnamedPenalty' must be a number in 0.0...1.0"),
        ("{\"features\": {\"cjkGrams\": [3, 1]}}", "'features.cjkGrams' must be [min, max]"),
        ("{\"features\": {\"word\": 0, \"char\": 0, \"embedding\": 0}}", "must not all be 0"),
        ("{\"candidates\": {\"k\": 2}}", "unknown key 'candidates.k'"),
        ("{\"candidates\": {\"typos\": 1}}", "'candidates.typos' must be true or false"),
        ("{", "not valid JSON"),
    ])
    func badTuningFilesNameTheFileAndTheProblem(_ json: String, _ message: String) {
        #expect {
            _ = try LocaleTuning(json: Data(json.utf8), path: "Locales/xx/matching.json")
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("Locales/xx/matching.json: error: ") && text.contains(message)
        }
    }

    @Test func cjkRunGramsIgnoreSegmentation() {
        var space = FeatureSpace()
        space.cjkGrams = 1...2
        func grams(_ texts: [String]) -> [UInt64] {
            var out: [UInt64] = []
            let tokens = texts.map { Token(text: $0, lemma: $0, kind: .cjk) }
            Featurizer.forEachCharFeature(tokens, space: space) { out.append($0) }
            return out.sorted()
        }
        #expect(grams(["购物清单"]) == grams(["购物", "清单"]))
        #expect(grams(["かいもの"]) == grams(["カイモノ"]), "hiragana and katakana fold together")
        #expect(grams(["购物清单"]) != grams(["购物", "单"]))
    }
}

@Suite("Byte search")
struct ByteSearchTests {
    @Test func findsAndReplacesExactBytes() {
        #expect(ByteSearch.contains("用演示清单总结", "演示"))
        #expect(ByteSearch.contains("abc", ""))
        #expect(!ByteSearch.contains("演", "演示"))
        #expect(!ByteSearch.contains("Demo", "demo"), "exact bytes: callers pass normalised text")
        #expect(ByteSearch.contains("평온하다고", "평온"))
        #expect(ByteSearch.replacing("用演示总结演示", "演示", with: " ") == "用 总结 ")
        #expect(ByteSearch.replacing("abc", "x", with: "y") == "abc")
        #expect(ByteSearch.replacing("", "x", with: "y") == "")
    }
}

@Suite("Word aligner spelling")
struct WordAlignerSpellingTests {
    /// Korean syllables are compared letter by letter: a typo that changes one vowel (추새 for
    /// 추세, 어듭게 for 어둡게) keeps half the trigrams; an unrelated word keeps none.
    @Test func koreanTyposShareTrigrams() {
        func dice(_ a: String, _ b: String) -> Float { WordAligner.dice(WordAligner.trigrams(a), WordAligner.trigrams(b)) }
        #expect(dice("추새", "추세") >= 0.5)
        #expect(dice("어듭게", "어둡게") >= 0.5)
        #expect(dice("추세", "수면") == 0)
        #expect(dice("recipie", "recipe") >= 0.5, "Latin text is compared as before")
        #expect(WordAligner.trigrams("추세") == WordAligner.trigrams("추세"))
    }
}

@Suite("Opposites")
struct AntonymTests {
    /// Word vectors put "previous" next to "next": the pack's opposites make a phrase that
    /// says the opposite of a request's word lose, while the request that says it is untouched.
    @Test func aPhraseSayingTheOppositeLoses() throws {
        var resources = try MatcherResources.load(locale: "en", directory: PackagePaths.locales.path)
        #expect(resources.antonyms["previous"]?.contains("next") == true, "loaded from Locales/en/antonyms.txt")
        let catalog = TestCatalogs.onePhraseEach(
            locale: "en", app: AppName(name: "Simmer"),
            [
                ("Next", "Read the next step in ${applicationName}"),
                ("Timer", "Start a timer in ${applicationName}"),
            ])
        let options = MatchOptions.test(threshold: 0)
        let with = Matcher(catalog: catalog, resources: resources)
        resources.antonyms = [:]
        let without = Matcher(catalog: catalog, resources: resources)
        let previous = "Read the previous step in Simmer", next = "Read the next step please in Simmer"
        #expect(with.match(previous, options: options).score < without.match(previous, options: options).score - 0.1)
        #expect(with.match(next, options: options).score == without.match(next, options: options).score)
    }

    /// "get rid of" shares no word with "Delete": the pack's multi-word entry ("remove, get
    /// rid of" in en/synonyms.txt) adds `remove`, a synonym of delete, after it.
    @Test func aMultiWordSynonymFindsItsShortcut() throws {
        var resources = try MatcherResources.load(locale: "en", directory: PackagePaths.locales.path)
        #expect(resources.multiWords.count > 10, "loaded from Locales/en/synonyms.txt")
        let catalog = TestCatalogs.onePhraseEach(
            locale: "en", app: AppName(name: "Jotty"),
            [
                ("Delete", "Delete a note in ${applicationName}"),
                ("Pin", "Pin a note in ${applicationName}"),
                ("Show", "Show my notes in ${applicationName}"),
            ])
        let options = MatchOptions.test(threshold: 0)
        let with = Matcher(catalog: catalog, resources: resources)
        resources.multiWords = MultiWordTable()
        let without = Matcher(catalog: catalog, resources: resources)
        let query = "Get rid of a note in Jotty"
        let found = with.match(query, options: options)
        #expect(found.winner?.shortcut == "Delete")
        #expect(found.margin > without.match(query, options: options).margin + 0.05, "\(found)")
        #expect(with.match("Pull up my notes in Jotty", options: options).winner?.shortcut == "Show")
    }

    @Test func oppositesAreSymmetricAndSkipPhrases() throws {
        let tokenizer = Tokenizer(locale: "en")
        let map = try MatcherResources.antonyms("on, enable / off, turn off\n", path: "antonyms.txt", tokenizer)
        #expect(map["on"] == ["off"] && map["enable"] == ["off"])
        #expect(map["off"] == ["on", "enable"])
        #expect(map["turn off"] == nil, "two words are no entry")
    }
}
