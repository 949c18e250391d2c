import FlexibleMatching
import PhraseEvaluation
import ShortcutCatalog
import Testing

@testable import ThresholdTuning

/// A hand-built result set small enough to count by hand.
///
/// | # | expect | best | score | margin | notes                |
/// |---|--------|------|-------|--------|----------------------|
/// | 0 | A      | A    | 0.90  | 0.30   |                      |
/// | 1 | A      | A    | 0.60  | 0.01   | ambiguous at δ > .01 |
/// | 2 | B      | A    | 0.70  | 0.20   | wrong shortcut       |
/// | 3 | B      | B    | 0.40  | 0.20   |                      |
/// | 4 | —      | A    | 0.50  | 0.20   | out of scope         |
/// | 5 | —      | B    | 0.20  | 0.20   | out of scope         |
/// | 6 | —      | A    | 0.95  | 0.30   | negative phrase won  |
/// | 7 | B      | B    | 1.00  | 0.40   | exact                |
private func handBuilt() -> [ScoredQuery] {
    func q(_ expect: String?, _ best: String?, _ score: Double, _ margin: Double, rejected: Bool = false, exact: Bool = false, line: Int)
        -> ScoredQuery
    {
        ScoredQuery(
            query: LabelledQuery(text: "q\(line)", expect: expect, line: line), best: best, score: score, margin: margin,
            alwaysRejected: rejected, exact: exact)
    }
    return [
        q("A", "A", 0.90, 0.30, line: 1),
        q("A", "A", 0.60, 0.01, line: 2),
        q("B", "A", 0.70, 0.20, line: 3),
        q("B", "B", 0.40, 0.20, line: 4),
        q(nil, "A", 0.50, 0.20, line: 5),
        q(nil, "B", 0.20, 0.20, line: 6),
        q(nil, "A", 0.95, 0.30, rejected: true, line: 7),
        q("B", "B", 1.00, 0.40, exact: true, line: 8),
    ]
}

@Suite("Sweep")
struct SweepTests {
    @Test func outcomeFollowsTheMatchersOrderOfChecks() {
        let items = handBuilt()
        #expect(items[0].outcome(threshold: 0.9, margin: 0.02) == .match)  // score == threshold passes
        #expect(items[0].outcome(threshold: 0.91, margin: 0.02) == .none)
        #expect(items[1].outcome(threshold: 0.5, margin: 0.01) == .match)  // margin == required passes
        #expect(items[1].outcome(threshold: 0.5, margin: 0.02) == .ambiguous)
        #expect(items[1].outcome(threshold: 0.7, margin: 0.02) == .none)  // threshold is checked first
        #expect(items[6].outcome(threshold: 0, margin: 0) == .none)
        #expect(items[7].outcome(threshold: 1, margin: 0) == .match)  // exact: score 1 passes every threshold
        #expect(items[7].outcome(threshold: 1, margin: 0.5) == .ambiguous)  // but not a margin it lacks
        var shared = items[7]
        shared.alwaysAmbiguous = true  // an exact phrase two shortcuts declare
        #expect(shared.outcome(threshold: 0, margin: 0) == .ambiguous)
    }

    @Test func operatingPointCountsByHand() throws {
        let items = handBuilt()
        // τ = 0.45, δ = 0.02: #0 ✓, #1 ambiguous ✗, #2 accepts A ✗, #3 below ✗, #4 false accept,
        // #5 rejected ✓, #6 rejected ✓, #7 exact ✓.
        let point = OperatingPoint(threshold: 0.45, margin: 0.02, scored: items)
        #expect(point.total == 8)
        #expect(point.inScope == 5)
        #expect(point.outOfScope == 3)
        #expect(point.correct == 4)
        #expect(point.inScopeHits == 2)
        #expect(point.falseAccepts == 1)
        #expect(point.ambiguous == 1)
        #expect(try #require(point.accuracy) == 0.5)
        #expect(try #require(point.recall) == 0.4)
        #expect(abs(try #require(point.falseAcceptRate) - 1.0 / 3) < 1e-12)

        // τ = 0.35, δ = 0: #1 and #3 now hit: 6 right, recall 4/5.
        let low = OperatingPoint(threshold: 0.35, margin: 0, scored: items)
        #expect(low.correct == 6)
        #expect(low.inScopeHits == 4)
        #expect(low.falseAccepts == 1)
    }

    @Test func ratesAreNilWithoutADenominator() {
        let onlyInScope = handBuilt().filter { $0.query.expect != nil }
        let point = OperatingPoint(threshold: 0.5, margin: 0, scored: onlyInScope)
        #expect(point.falseAcceptRate == nil)
        #expect(point.recall != nil)
        #expect(OperatingPoint(threshold: 0.5, margin: 0, scored: []).accuracy == nil)
    }

    @Test func sweepCoversTheGridMarginsOuter() {
        let grid = TuningGrid(thresholds: [0.1, 0.5, 0.9], margins: [0, 0.02])
        let points = Tuner.sweep(handBuilt(), grid: grid)
        #expect(points.map(\.threshold) == [0.1, 0.5, 0.9, 0.1, 0.5, 0.9])
        #expect(points.map(\.margin) == [0, 0, 0, 0.02, 0.02, 0.02])
    }

    @Test func standardGridThresholdsEqualTheirDecimalText() {
        let grid = TuningGrid.standard()
        #expect(grid.thresholds.count == 101)
        #expect(grid.thresholds[31] == Double("0.31"))
        #expect(grid.thresholds[57] == Double("0.57"))
    }

    @Test func bestAccuracyTiesGoToTheHigherThreshold() throws {
        let grid = TuningGrid(thresholds: (0...100).map { Double($0) / 100 }, margins: [0, 0.02])
        let recommendation = try #require(
            Tuner.recommend(tuning: handBuilt(), report: nil, grid: grid, objective: .accuracy, preferredMargin: 0.02))
        // Best is 6/8, at δ = 0 with τ in (0.20, 0.40] or (0.50, 0.60]; the highest τ is 0.60
        // (at δ = 0.02, #1 turns ambiguous there and only 5 are right).
        #expect(recommendation.tuned.correct == 6)
        #expect(recommendation.threshold == 0.60)
        #expect(recommendation.margin == 0)
        #expect(recommendation.reportedOnTuningSet)
        #expect(recommendation.reported == recommendation.tuned)
    }

    @Test func recallObjectiveRespectsTheFalseAcceptTarget() throws {
        let grid = TuningGrid(thresholds: (0...100).map { Double($0) / 100 }, margins: [0])
        // FAR 0 needs τ > 0.50: then #0, #1 (and exact #7) hit: recall 3/5.
        let strict = try #require(
            Tuner.recommend(
                tuning: handBuilt(), report: nil, grid: grid, objective: .recall(maxFalseAcceptRate: 0), preferredMargin: 0))
        #expect(strict.targetReached)
        #expect(strict.tuned.falseAccepts == 0)
        #expect(strict.tuned.inScopeHits == 3)
        #expect(strict.threshold == 0.60)  // ties on recall and accuracy: highest τ
        // FAR ≤ 40% allows #4 through (1/3) and #3 at τ ≤ 0.40: recall 4/5.
        let loose = try #require(
            Tuner.recommend(
                tuning: handBuilt(), report: nil, grid: grid, objective: .recall(maxFalseAcceptRate: 0.4), preferredMargin: 0))
        #expect(loose.tuned.inScopeHits == 4)
        #expect(loose.threshold == 0.40)
    }

    @Test func unreachableTargetFallsBackToTheLowestFalseAcceptRate() throws {
        // Every out-of-scope phrase is an exact match: FAR is 1 at every setting.
        let items = [
            ScoredQuery(query: LabelledQuery(text: "x", expect: nil), best: "A", score: 1, margin: 1, alwaysRejected: false, exact: true),
            ScoredQuery(query: LabelledQuery(text: "y", expect: "A"), best: "A", score: 0.5, margin: 1, alwaysRejected: false, exact: false),
        ]
        let result = try #require(
            Tuner.recommend(
                tuning: items, report: nil, grid: .standard(margins: [0]), objective: .recall(maxFalseAcceptRate: 0.1),
                preferredMargin: 0))
        #expect(!result.targetReached)
        #expect(result.tuned.inScopeHits == 1)
    }

    @Test func holdoutIsReportedSeparately() throws {
        let items = handBuilt()
        let (tuning, holdout) = Tuner.holdoutSplit(items, fraction: 0.5)
        #expect(tuning.count + holdout.count == items.count)
        #expect(!tuning.isEmpty && !holdout.isEmpty)
        #expect(Set(tuning.map(\.query.line)).isDisjoint(with: holdout.map(\.query.line)))
        // Deterministic.
        let again = Tuner.holdoutSplit(items, fraction: 0.5)
        #expect(again.tuning == tuning && again.holdout == holdout)

        let recommendation = try #require(
            Tuner.recommend(tuning: tuning, report: holdout, grid: .standard(), objective: .accuracy, preferredMargin: 0.02))
        #expect(!recommendation.reportedOnTuningSet)
        #expect(recommendation.reported.total == holdout.count)
        #expect(recommendation.tuned.total == tuning.count)
    }

    @Test func capturesAnUnthresholdedMatchResult() {
        let candidate = MatchCandidate(
            shortcut: "A", shortTitle: nil, systemImageName: nil, parameter: nil, score: 0.7, phrase: "p", expandedPhrase: "p")
        let query = LabelledQuery(text: "t", expect: "A")
        let flexible = MatchResult(
            input: "t", locale: "en", outcome: .match, winner: candidate, score: 0.7, margin: 0.1, matchKind: .flexible,
            appNameMentioned: true, reason: nil, candidates: [candidate], threshold: 0, requiredMargin: 0)
        let scored = ScoredQuery(query: query, unthresholded: flexible)
        #expect(scored.best == "A" && !scored.exact && !scored.alwaysRejected)
        #expect(scored.accepted(threshold: 0.7, margin: 0.1) == "A")
        #expect(scored.accepted(threshold: 0.71, margin: 0.1) == nil)

        var negative = flexible
        negative.outcome = .none
        negative.winner = nil
        negative.reason = .negativePhrase
        let refused = ScoredQuery(query: query, unthresholded: negative)
        #expect(refused.alwaysRejected)
        #expect(refused.best == "A")
        #expect(refused.accepted(threshold: 0, margin: 0) == nil)

        // The unnamed penalty is kept for a query that does not name the app, and only then.
        #expect(ScoredQuery(query: query, unthresholded: flexible, unnamedPenalty: 0.1).extra == 0)
        var unnamed = flexible
        unnamed.appNameMentioned = false
        let penalised = ScoredQuery(query: query, unthresholded: unnamed, unnamedPenalty: 0.1)
        #expect(penalised.extra == 0.1)
        #expect(penalised.accepted(threshold: 0.6, margin: 0.1) == "A")
        #expect(penalised.accepted(threshold: 0.61, margin: 0.1) == nil)
        // An exact phrase passes every threshold, penalty or not, as in the matcher.
        var exact = unnamed
        exact.matchKind = .exact
        exact.score = 1
        #expect(ScoredQuery(query: query, unthresholded: exact, unnamedPenalty: 0.1).accepted(threshold: 1, margin: 0) == "A")
    }

    /// The sweep's replay, unnamed penalty included, agrees with the matcher at every
    /// threshold, on queries with and without the app name.
    @Test func replayAgreesWithTheMatcherUnderAnUnnamedPenalty() {
        let catalog = LocaleCatalog(
            locale: "en", app: AppName(name: "Tasklet"), parameters: [],
            shortcuts: [
                Shortcut(id: "AddTask", phrases: [PhraseTemplate("Add a task in ${applicationName}")]),
                Shortcut(id: "StartFocus", phrases: [PhraseTemplate("Start a focus timer in ${applicationName}")]),
            ],
            negativePhrases: [PhraseTemplate("Delete my ${applicationName} account")])
        let matcher = Matcher(catalog: catalog)
        let queries: [LabelledQuery] = [
            ("please add a new task", "AddTask"), ("please add a new task in Tasklet", "AddTask"),
            ("start focusing", "StartFocus"), ("start a timer for focus with Tasklet", "StartFocus"),
            ("tell me a joke", nil), ("book a flight to Paris with Tasklet", nil),
        ].enumerated().map { LabelledQuery(text: $1.0, expect: $1.1, line: $0 + 1) }
        let scored = ScoredQuery.score(queries, with: matcher, appName: .optional, unnamedPenalty: 0.1)
        #expect(scored.contains { $0.extra == 0.1 } && scored.contains { $0.extra == 0 })
        for threshold in stride(from: 0.0, through: 0.8, by: 0.05) {
            let options = MatchOptions(threshold: threshold, margin: 0.01, unnamedPenalty: 0.1)
            #expect(
                OperatingPoint(threshold: threshold, margin: 0.01, scored: scored)
                    == Tuner.measure(queries, with: matcher, options: options), "threshold \(threshold)")
        }
    }
}
