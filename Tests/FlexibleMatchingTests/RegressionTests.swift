import ShortcutCatalog
import Testing

@testable import FlexibleMatching

/// Behaviour that was once wrong (found by these tests) and is now fixed.
@Suite("Regressions")
struct RegressionTests {
    let options = MatchOptions.test()

    /// Input near nothing at all is `below-threshold`, not a negative phrase it does not
    /// resemble (a negative phrase must itself clear the threshold to be the reason).
    @Test(arguments: ["what's the weather", "שלום עולם"])
    func unrelatedInputIsNotANegativePhrase(_ input: String) {
        let r = Matcher(catalog: TestCatalogs.tasklet).match(input, options: options)
        #expect(r.outcome == .none)
        #expect(r.score < options.threshold)
        #expect(r.reason == .belowThreshold, "negative \(r.negativePhrase ?? "-") scored \(r.negativeScore ?? 0)")
        #expect(r.negativePhrase == nil)
    }

    /// Ordinary words one or two edits from the app name are not the app name: short names
    /// must be exact, and typos keep the first letter.
    @Test func ordinaryWordNearTheAppNameIsNotAMention() {
        let demo = Matcher(catalog: TestCatalogs.demo)
        let memo = demo.match("take a memo and record a session", options: .test(appName: .required))
        #expect(memo.appNameMentioned == false)
        #expect(memo.reason == .appNameMissing)

        let reporter = Matcher(catalog: TestCatalogs.identical(count: 1, appName: "Reporter"))
        let report = reporter.match("show me the weekly sales report", options: options)
        #expect(report.appNameMentioned == false)
        // A real typo of a long name still counts.
        let typo = reporter.match("show me the weekly sales report in Repotrer", options: options)
        #expect(typo.appNameMentioned == true)
    }

    /// A phrase two shortcuts both declare is ambiguous, offering both.
    @Test func exactPhraseDeclaredByTwoShortcutsIsAmbiguous() {
        let twins = Matcher(catalog: TestCatalogs.identical(count: 2))
        let r = twins.match("Show the weekly sales report in Zorblat", options: options)
        #expect(r.margin < options.margin)
        #expect(r.outcome == .ambiguous)
        #expect(r.reason == .ambiguous)
        #expect(Set(r.candidates.map(\.shortcut)) == ["Report0", "Report1"])
    }

    /// `top` limits runner-ups, never the choices of an ambiguous answer.
    @Test func topDoesNotCutAmbiguousChoices() {
        let twins = Matcher(catalog: TestCatalogs.identical(count: 3))
        var narrow = options
        narrow.top = 1
        let r = twins.match("Show the weekly sales report in Zorblat", options: narrow)
        #expect(r.outcome == .ambiguous)
        #expect(r.candidates.count == 3)
    }

    /// `.required` applies on the exact path too: a declared phrase said without the app name
    /// is `app-name-missing`, as a paraphrase of it is.
    @Test func requiredAppNameAppliesToExactMatches() {
        let m = Matcher(catalog: TestCatalogs.identical(count: 1, appName: "Reporter"))
        let r = m.match("Show the weekly sales report", options: .test(appName: .required))
        #expect(r.outcome == .none)
        #expect(r.reason == .appNameMissing)
    }
}
