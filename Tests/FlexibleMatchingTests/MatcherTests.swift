import Foundation
import ShortcutCatalog
import Testing

@testable import FlexibleMatching

/// Lexical matching (no embeddings, no lexicon): deterministic, independent of `Locales/`.
@Suite("Matcher, lexical")
struct MatcherTests {
    let tasklet = Matcher(catalog: TestCatalogs.tasklet)
    let options = MatchOptions.test()

    @Test func indexHoldsEveryExpandedPhrase() {
        #expect(tasklet.rowCount == tasklet.expanded.positives.count + tasklet.expanded.negatives.count)
        #expect(tasklet.rowCount == 16)
    }

    // MARK: Exact and flexible

    /// The declared phrase, with any app-name form, any case and any punctuation, is exact.
    @Test(arguments: [
        ("Add a task in Tasklet", "AddTask", nil),
        ("add a task in tasklet lists", "AddTask", nil),
        ("  ADD a task, in TASKLET!!! ", "AddTask", nil),
        ("Create a new task in Tasklet Lists?", "AddTask", nil),
        ("Summarize groceries with Tasklet", "SummarizeList", "grocery"),
        ("summarize Shopping-List with Tasklet Lists.", "SummarizeList", "grocery"),
        ("Read my office tasks from Tasklet", "SummarizeList", "work"),
        ("begin focusing with tasklet", "StartFocus", nil),
    ] as [(String, String, String?)])
    func declaredPhraseIsExact(_ input: String, _ shortcut: String, _ value: String?) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .match)
        #expect(r.matchKind == .exact)
        #expect(r.score == 1)
        #expect(r.winner?.score == 1)
        #expect(r.winner?.shortcut == shortcut)
        #expect(r.winner?.parameter?.value == value)
        #expect(r.appNameMentioned)
        #expect(r.candidates.first?.shortcut == shortcut)
        #expect(r.margin > 0.3, "the next shortcut is far behind: \(r.candidates)")
    }

    /// Exactness survives even an extreme threshold: the phrase is declared.
    @Test func exactIgnoresThreshold() {
        let r = tasklet.match("Add a task in Tasklet", options: .test(threshold: 1))
        #expect(r.outcome == .match)
        #expect(r.matchKind == .exact)
    }

    @Test(arguments: [
        ("add a task", "AddTask"),
        ("add a new task in Tasklet", "AddTask"),
        ("please create a task", "AddTask"),
        ("start focusing in tasklet", "StartFocus"),
        ("begin a focus timer", "StartFocus"),
        ("summarize my work list", "SummarizeList"),
    ])
    func paraphraseIsFlexible(_ input: String, _ shortcut: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .match, "\(r.reason as Any) \(r.candidates)")
        #expect(r.matchKind == .flexible)
        #expect(r.winner?.shortcut == shortcut)
        #expect(r.score < 1)
        #expect(r.score >= options.threshold)
        #expect(r.margin >= options.margin)
        #expect(r.winner?.score == r.score)
    }

    /// The winner names the template it matched through, placeholders intact.
    @Test func winnerReportsTemplateAndExpandedPhrase() throws {
        let r = tasklet.match("Summarize groceries with Tasklet Lists", options: options)
        let winner = try #require(r.winner)
        #expect(winner.phrase == "Summarize ${list} with ${applicationName}")
        #expect(winner.shortTitle == "Summarize List")
        #expect(winner.expandedPhrase.hasPrefix("Summarize "))
        #expect(winner.expandedPhrase.hasSuffix(" with Tasklet"))
        #expect(r.locale == "en")
        #expect(r.input == "Summarize groceries with Tasklet Lists")
        #expect(r.threshold == options.threshold && r.requiredMargin == options.margin)
    }

    // MARK: Parameter values

    @Test(arguments: [
        ("summarize the shopping list please", "grocery"),
        ("summarize my groceries in Tasklet", "grocery"),
        ("read the grocery list", "grocery"),
        ("read my office tasks", "work"),
        ("please summarize office tasks", "work"),
        ("summarize my work list", "work"),
    ])
    func parameterValueSaidThroughSynonymBinds(_ input: String, _ value: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .match, "\(r.reason as Any) \(r.candidates)")
        #expect(r.winner?.shortcut == "SummarizeList")
        #expect(r.winner?.parameter == ParameterBinding(name: "list", value: value))
    }

    /// Candidates are one per (shortcut, value): the other list is the runner-up, same shortcut.
    @Test func candidatesAreOnePerShortcutAndValue() {
        let r = tasklet.match("summarize the shopping list please", options: options)
        let keys = r.candidates.map { "\($0.shortcut)/\($0.parameter?.value ?? "-")" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(keys.first == "SummarizeList/grocery")
        #expect(keys.contains("SummarizeList/work"))
        // The margin is the lead over a *different* shortcut, not over the other value.
        let otherShortcut = r.candidates.first { $0.shortcut != "SummarizeList" }?.score ?? 0
        #expect(abs(r.margin - (r.score - otherShortcut)) < 1e-9)
    }

    // MARK: App name

    @Test func appNameRequiredButMissing() {
        let r = tasklet.match("add a task", options: .test(appName: .required))
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .appNameMissing)
        #expect(r.appNameMentioned == false)
        #expect(r.winner == nil)
        #expect(r.candidates.first?.shortcut == "AddTask", "the candidates still say what would have matched")
    }

    @Test func appNameOptionalAndMissing() {
        let r = tasklet.match("add a task", options: .test(appName: .optional))
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "AddTask")
        #expect(r.appNameMentioned == false)
    }

    @Test(arguments: ["add a task in Tasklet", "add a new task in Tasklet Lists", "Tasklet add a task please"])
    func appNameRequiredAndPresent(_ input: String) {
        let r = tasklet.match(input, options: .test(appName: .required))
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "AddTask")
        #expect(r.appNameMentioned)
    }

    /// A transposition or a doubled letter in the name still counts as naming the app.
    @Test(arguments: ["add a new task in Taskelt", "add a new task in Tasklett", "add a new task in taskle"])
    func appNameWithSmallTypoIsMentioned(_ input: String) {
        let r = tasklet.match(input, options: .test(appName: .required))
        expectWellFormed(r)
        #expect(r.appNameMentioned)
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "AddTask")
    }

    /// Two edits in a seven-letter name is another word.
    @Test func appNameTooFarOffIsNotMentioned() {
        let r = tasklet.match("add a new task in Tskelt", options: .test(appName: .required))
        #expect(r.appNameMentioned == false)
        #expect(r.reason == .appNameMissing)
    }

    @Test func appNameAbsentIsNotMentioned() {
        for input in ["add a task", "start focusing now", "summarize my groceries"] {
            #expect(tasklet.match(input, options: options).appNameMentioned == false, "\(input)")
        }
    }

    /// "Demonstrate" contains "Demo" but is not the app's name.
    @Test func appNameInsideAnotherWordIsNotAMention() {
        let demo = Matcher(catalog: TestCatalogs.demo)
        let r = demo.match("Demonstrate recording a session", options: .test(appName: .required))
        #expect(r.appNameMentioned == false)
        #expect(r.outcome == .none)
        #expect(r.reason == .appNameMissing)
        let named = demo.match("record a session in Demo", options: .test(appName: .required))
        #expect(named.appNameMentioned)
        #expect(named.matchKind == .exact)
    }

    /// A name written in Hangul takes its particle without a space ("펀와이즈에"); a Hangul
    /// word that merely starts with the name does not count.
    @Test func koreanNameWithAParticleIsMentioned() {
        let catalog = LocaleCatalog(
            locale: "ko", app: AppName(name: "Fernwise", synonyms: ["펀와이즈"]), parameters: [],
            shortcuts: [Shortcut(id: "AddPlant", phrases: [PhraseTemplate("${applicationName}에 식물 추가해 줘")])],
            negativePhrases: [])
        let m = Matcher(catalog: catalog)
        for input in ["펀와이즈에 선인장 추가해 줘", "펀와이즈로 식물 추가", "Fernwise에 식물 추가"] {
            #expect(m.match(input, options: options).appNameMentioned, "\(input)")
        }
        #expect(m.match("펀와이즈다움 식물 추가", options: options).appNameMentioned == false)
    }

    /// Only the app name: nothing left to match, but not "empty".
    @Test func onlyTheAppName() {
        let r = tasklet.match("Tasklet", options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .belowThreshold)
        #expect(r.appNameMentioned)
    }

    // MARK: Negative phrases

    @Test(arguments: ["Delete all my tasks in Tasklet", "DELETE all my tasks, in tasklet lists!"])
    func exactNegativePhraseWins(_ input: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .negativePhrase)
        #expect(r.negativePhrase == "Delete all my tasks in ${applicationName}")
        #expect(r.negativeScore == 1)
        #expect(r.winner == nil)
        #expect(r.matchKind == nil)
    }

    @Test(arguments: [
        ("delete all of my tasks in tasklet", "Delete all my tasks in ${applicationName}"),
        ("please cancel my subscription", "Cancel my ${applicationName} subscription"),
    ])
    func paraphrasedNegativePhraseWins(_ input: String, _ negative: String) throws {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .negativePhrase)
        #expect(r.negativePhrase == negative)
        let score = try #require(r.negativeScore)
        #expect(score > r.score && score <= 1)
    }

    // MARK: Ambiguity

    @Test func nearIdenticalPhrasesAreAmbiguous() {
        let twins = Matcher(catalog: TestCatalogs.nearTwins)
        let r = twins.match("show weekly sales report", options: .test(margin: 0.1))
        expectWellFormed(r)
        #expect(r.outcome == .ambiguous)
        #expect(r.reason == .ambiguous)
        #expect(r.winner == nil)
        #expect(r.matchKind == nil)
        #expect(Set(r.candidates.map(\.shortcut)) == ["SalesReport", "SalesReports"])
        #expect(r.margin < 0.1)
        #expect(r.score == r.candidates.first?.score)
    }

    /// The same input with no margin required is a match for the closer one.
    @Test func zeroMarginPicksTheBest() {
        let twins = Matcher(catalog: TestCatalogs.nearTwins)
        let r = twins.match("show weekly sales report", options: .test(margin: 0))
        expectWellFormed(r)
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "SalesReport")
        #expect(r.matchKind == .flexible)
        #expect(r.candidates.prefix(2).map(\.shortcut) == ["SalesReport", "SalesReports"])
    }

    @Test func identicalPhrasesAreAmbiguousEvenWithTheDefaultMargin() {
        let twins = Matcher(catalog: TestCatalogs.identical(count: 2))
        let r = twins.match("show me the weekly sales report", options: options)
        expectWellFormed(r)
        #expect(r.outcome == .ambiguous)
        #expect(Set(r.candidates.map(\.shortcut)) == ["Report0", "Report1"])
        #expect(r.margin < 1e-6)
    }

    /// Siri offers at most five choices, one per shortcut, even when more are as close and
    /// more candidates were asked for.
    @Test func atMostFiveChoices() {
        let many = Matcher(catalog: TestCatalogs.identical(count: 7))
        let r = many.match("show me the weekly sales report", options: .test(margin: 0.05, top: 10))
        expectWellFormed(r, top: 10)
        #expect(r.outcome == .ambiguous)
        #expect(r.candidates.count == 5)
        #expect(Set(r.candidates.map(\.shortcut)).count == 5)
    }

    /// The choices are the shortcuts within the margin, not everything on the list.
    @Test func choicesExcludeShortcutsOutsideTheMargin() {
        let twins = Matcher(catalog: TestCatalogs.nearTwins)
        let r = twins.match("show weekly sales report", options: .test(margin: 0.1, top: 10))
        #expect(r.outcome == .ambiguous)
        #expect(!r.candidates.contains { $0.shortcut == "NewMeeting" })
    }

    // MARK: Threshold

    @Test func highThresholdTurnsAMatchIntoNone() {
        let input = "please create a task"
        let low = tasklet.match(input, options: .test(threshold: 0.1))
        #expect(low.outcome == .match)
        let high = tasklet.match(input, options: .test(threshold: 0.99))
        expectWellFormed(high)
        #expect(high.outcome == .none)
        #expect(high.reason == .belowThreshold)
        #expect(high.winner == nil)
        #expect(high.score == low.score, "the threshold decides; it does not change the score")
        #expect(high.threshold == 0.99)
        #expect(high.candidates.first?.shortcut == "AddTask")
    }

    /// A query that does not name the app needs the unnamed penalty on top of the threshold;
    /// the same words naming the app do not.
    @Test func unnamedQueryNeedsThePenaltyOnTop() throws {
        let unnamed = "please create a task", named = "please create a task in Tasklet"
        let probe = tasklet.match(unnamed, options: .test(threshold: 0.1))
        #expect(probe.outcome == .match && !probe.appNameMentioned)
        let options = MatchOptions.test(threshold: probe.score - 0.05, unnamedPenalty: 0.1)
        let refused = tasklet.match(unnamed, options: options)
        expectWellFormed(refused)
        #expect(refused.outcome == .none)
        #expect(refused.reason == .belowThreshold)
        #expect(abs(refused.threshold - (probe.score + 0.05)) < 1e-9)
        #expect(refused.unnamedPenalty == 0.1)
        let accepted = tasklet.match(named, options: options)
        #expect(accepted.appNameMentioned)
        try #require(accepted.score >= options.threshold, "the app name is stripped before scoring: \(accepted.score)")
        #expect(accepted.outcome == .match && accepted.winner?.shortcut == "AddTask")
        #expect(accepted.threshold == options.threshold && accepted.unnamedPenalty == 0)
        // Without a penalty the unnamed query passes the same threshold.
        #expect(tasklet.match(unnamed, options: .test(threshold: probe.score - 0.05)).outcome == .match)
    }

    /// Reports show the penalty only when some query can meet it.
    @Test func appliedUnnamedPenalty() {
        #expect(MatchOptions.test(unnamedPenalty: 0.1).appliedUnnamedPenalty == 0.1)
        #expect(MatchOptions.test(unnamedPenalty: 0).appliedUnnamedPenalty == nil)
        #expect(MatchOptions.test(appName: .required, unnamedPenalty: 0.1).appliedUnnamedPenalty == nil)
    }

    @Test(arguments: ["set an alarm for 7 am", "tell me a joke", "book a flight to Paris"])
    func unrelatedInputIsBelowThreshold(_ input: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.score < options.threshold)
    }

    // MARK: Empty, odd and huge input

    @Test(arguments: ["", " ", "   \t\n  ", "\r\n", "?!…", "...", "— – -", "()[]{}", "\u{00A0}\u{2003}"])
    func emptyInput(_ input: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .emptyInput)
        #expect(r.score == 0)
        #expect(r.margin == 0)
        #expect(r.candidates.isEmpty)
        #expect(r.appNameMentioned == false)
    }

    @Test(arguments: [
        "\u{301}", "\u{301}\u{302}\u{303}", "a\u{301}\u{301}\u{301}dd a task", "🎉", "👩‍👩‍👧‍👦 add a task 🎉",
        "שלום עולם", "\u{202E}ksat a dda", "add\u{200B}a\u{200D}task", "\u{FEFF}add a task",
        String(decoding: [0xC3, 0x28, 0xFF, 0xFE], as: UTF8.self), "add\u{0}a task", "ＡＤＤ ａ ｔａｓｋ",
        "添加任务", "مهمة جديدة في Tasklet", "\u{1F1FA}\u{1F1F8}", String(repeating: "\u{301}", count: 10_000),
    ])
    func oddUnicodeIsAnswered(_ input: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.input == input)
    }

    @Test func fullWidthAndDiacriticsNormalise() {
        #expect(tasklet.match("ＡＤＤ ａ ｔａｓｋ ｉｎ Ｔａｓｋｌｅｔ", options: options).matchKind == .exact)
        #expect(tasklet.match("Ádd à täsk ín Tàsklet", options: options).matchKind == .exact)
    }

    @Test func hugeInputIsAnswered() {
        let words = ["add", "task", "focus", "timer", "grocery", "list", "please", "now", "Tasklet"]
        var input = ""
        var i = 0
        while input.utf8.count < 100_000 {
            input += words[i % words.count] + " "
            i += 1
        }
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.input.utf8.count >= 100_000)
        let oneWord = tasklet.match(String(repeating: "a", count: 100_000), options: options)
        expectWellFormed(oneWord)
        #expect(oneWord.outcome == .none)
    }

    // MARK: Invariants

    static let assorted = [
        "Add a task in Tasklet", "add a task", "summarize my groceries in Tasklet", "read my office tasks",
        "delete all my tasks in Tasklet", "cancel my subscription", "what's the weather", "Tasklet", "",
        "start start start start", "task task task", "list", "the", "a", "summarize summarize groceries groceries",
    ]

    @Test(arguments: [1, 3, 5, 20])
    func resultsAreWellFormed(top: Int) {
        for policy in AppNamePolicy.allCases {
            for margin in [0, 0.02, 0.5] {
                for input in Self.assorted {
                    let r = tasklet.match(input, options: .test(margin: margin, appName: policy, top: top))
                    expectWellFormed(r, top: top)
                }
            }
        }
    }

    @Test func matchingIsDeterministicAndBackendsAgree() {
        var scalar = tasklet
        scalar.backend = .scalar
        for input in Self.assorted {
            let a = tasklet.match(input, options: options)
            #expect(a == tasklet.match(input, options: options))
            let b = scalar.match(input, options: options)
            #expect(a.outcome == b.outcome && a.reason == b.reason && a.winner?.shortcut == b.winner?.shortcut)
            #expect(abs(a.score - b.score) < 1e-4)
        }
    }

    @Test func concurrentMatchesAgreeWithSerialOnes() async {
        let matcher = tasklet
        let options = self.options
        let expected = Self.assorted.map { matcher.match($0, options: options) }
        let results = await withTaskGroup(of: (Int, MatchResult).self) { group in
            for (i, input) in Self.assorted.enumerated() {
                group.addTask { (i, matcher.match(input, options: options)) }
            }
            var out = [MatchResult?](repeating: nil, count: Self.assorted.count)
            for await (i, r) in group { out[i] = r }
            return out
        }
        #expect(results == expected)
    }
}
