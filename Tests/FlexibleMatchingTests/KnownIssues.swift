import ShortcutCatalog
import Testing

@testable import FlexibleMatching

/// Behaviour of the engine that these tests take to be wrong, kept visible with
/// `withKnownIssue`: each test passes while the issue is there, and fails ("known issue was
/// not recorded") once the engine is fixed, so the wrapper can then be removed.
@Suite("Known issues")
struct KnownIssues {
    let options = MatchOptions.test()

    /// A negative phrase "wins" whenever its best row beats the best positive row, however
    /// low both are: input that is near nothing at all is reported as `negative-phrase`
    /// instead of `below-threshold`, naming a negative phrase it does not resemble.
    @Test(arguments: ["what's the weather", "שלום עולם"])
    func unrelatedInputIsNotANegativePhrase(_ input: String) {
        let r = Matcher(catalog: TestCatalogs.tasklet).match(input, options: options)
        #expect(r.outcome == .none)
        #expect(r.score < options.threshold)
        withKnownIssue("negative phrase reported although it scores below the threshold") {
            #expect(r.reason == .belowThreshold, "negative \(r.negativePhrase ?? "-") scored \(r.negativeScore ?? 0)")
            #expect(r.negativePhrase == nil)
        }
    }

    /// The fuzzy app-name check accepts ordinary words within one or two edits of the name:
    /// "memo" for "Demo" (1 substitution), "report" for "Reporter" (2 deletions; the name has
    /// 8 letters). The word then counts as naming the app (which defeats `.required`) and is
    /// removed from the phrase before scoring.
    @Test func ordinaryWordNearTheAppNameIsNotAMention() {
        let demo = Matcher(catalog: TestCatalogs.demo)
        let memo = demo.match("take a memo and record a session", options: .test(appName: .required))
        withKnownIssue("'memo' taken for the app name 'Demo'") {
            #expect(memo.appNameMentioned == false)
            #expect(memo.reason == .appNameMissing)
        }

        let reporter = Matcher(catalog: TestCatalogs.identical(count: 1, appName: "Reporter"))
        let report = reporter.match("show me the weekly sales report", options: options)
        withKnownIssue("'report' taken for the app name 'Reporter' and dropped before scoring") {
            #expect(report.appNameMentioned == false)
        }
    }

    /// An exact match is returned as `match` even when another shortcut declares the very same
    /// phrase: the reported margin is 0, below the required margin, which by `MatchOptions`'
    /// own definition ("when the best two different shortcuts are closer than this, the
    /// outcome is ambiguous") and CONTRACTS §3 should be `ambiguous`.
    @Test func exactPhraseDeclaredByTwoShortcutsIsAmbiguous() {
        let twins = Matcher(catalog: TestCatalogs.identical(count: 2))
        let r = twins.match("Show the weekly sales report in Zorblat", options: options)
        #expect(r.margin < options.margin)
        withKnownIssue("exact match ignores the margin") {
            #expect(r.outcome == .ambiguous)
            #expect(Set(r.candidates.map(\.shortcut)) == ["Report0", "Report1"])
        }
    }
}
