import FlexibleMatching
import PhraseEvaluation
import ShortcutCatalog

/// A labelled phrase matched once with threshold 0 and margin 0, keeping what the outcome
/// at any other setting depends on.
///
/// The matcher's score, margin and best candidate do not depend on the threshold or margin;
/// only the final decision does. So one matching pass serves the whole sweep, and
/// `outcome(threshold:margin:)` repeats the decision `Matcher.match` makes with those
/// settings (the same comparisons on the same `Double`s), which is what lets `tune` agree
/// with `shortcut-lab match --threshold T`. `Tuner.measure` re-checks the recommended
/// setting with the real matcher, so a future change to the matcher's rules shows up as a
/// warning rather than as silently wrong figures.
public struct ScoredQuery: Hashable, Sendable {
    public var query: LabelledQuery
    /// The best candidate's shortcut (the would-be winner), `nil` when there is none.
    public var best: String?
    /// The best candidate's score; 1 for an exact match.
    public var score: Double
    public var margin: Double
    /// Refused whatever the settings: a negative phrase was closest, the app name was
    /// required and missing, the input was empty, or nothing but the app name was said.
    public var alwaysRejected: Bool
    /// Ambiguous whatever the settings: two shortcuts declare this very phrase.
    public var alwaysAmbiguous: Bool
    /// An exact match after normalisation (score 1, so every threshold passes it; the margin
    /// still applies).
    public var exact: Bool
    /// What this phrase needs above any threshold tried: the matcher's unnamed penalty when
    /// it does not name the app (`MatchOptions.unnamedPenalty`, not swept), else 0.
    public var extra: Double

    public init(
        query: LabelledQuery, best: String?, score: Double, margin: Double, alwaysRejected: Bool,
        alwaysAmbiguous: Bool = false, exact: Bool, extra: Double = 0
    ) {
        self.query = query
        self.best = best
        self.score = score
        self.margin = margin
        self.alwaysRejected = alwaysRejected
        self.alwaysAmbiguous = alwaysAmbiguous
        self.exact = exact
        self.extra = extra
    }

    /// Captures `result`, which must come from `Matcher.match` with threshold 0 and margin 0.
    ///
    /// With those settings a `none` can only be a refusal no setting overrides (scores are never
    /// negative, and a closest negative phrase refuses at every threshold: above it as
    /// `negative-phrase`, below it as `below-threshold`), and an `ambiguous` can only be an
    /// exact phrase declared by two shortcuts (no lead is below 0). `unnamedPenalty` is the
    /// one the settings being swept will use (the result itself must be matched without it).
    public init(query: LabelledQuery, unthresholded result: MatchResult, unnamedPenalty: Double = 0) {
        let exact = result.matchKind == .exact || (result.outcome == .ambiguous && result.score >= 1)
        self.init(
            query: query, best: result.winner?.shortcut ?? result.candidates.first?.shortcut, score: result.score,
            margin: result.margin, alwaysRejected: result.outcome == .none,
            alwaysAmbiguous: result.outcome == .ambiguous, exact: exact,
            // An exact phrase passes every threshold, as in `Matcher.match`.
            extra: result.appNameMentioned || exact ? 0 : unnamedPenalty)
    }

    /// What `Matcher.match` decides with these settings (the order of its checks).
    public func outcome(threshold: Double, margin requiredMargin: Double) -> MatchResult.Outcome {
        if alwaysRejected || best == nil { return .none }
        if alwaysAmbiguous { return .ambiguous }
        if score < threshold + extra { return .none }
        if margin < requiredMargin { return .ambiguous }
        return .match
    }

    /// The shortcut accepted with these settings, `nil` for `none` and `ambiguous` (which the
    /// evaluation harness also counts as no match).
    public func accepted(threshold: Double, margin: Double) -> String? {
        outcome(threshold: threshold, margin: margin) == .match ? best : nil
    }

    /// Matches each query once, unthresholded; the sweep then adds `unnamedPenalty` to the
    /// threshold of phrases that do not name the app. `progress` is called with (done, total)
    /// after each phrase, for a progress bar on long runs.
    public static func score(
        _ queries: [LabelledQuery], with matcher: Matcher, appName: AppNamePolicy, unnamedPenalty: Double = 0,
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> [ScoredQuery] {
        let options = MatchOptions(threshold: 0, margin: 0, appName: appName, top: 1)
        var scored: [ScoredQuery] = []
        scored.reserveCapacity(queries.count)
        for (index, query) in queries.enumerated() {
            let result = matcher.match(query.text, options: options)
            scored.append(ScoredQuery(query: query, unthresholded: result, unnamedPenalty: unnamedPenalty))
            progress(index + 1, queries.count)
        }
        return scored
    }
}

/// The figures at one (threshold, margin) setting. Counts are kept so ties can be broken
/// exactly and rates can be recomputed; rates are `nil` when their denominator is zero.
public struct OperatingPoint: Hashable, Sendable {
    public var threshold: Double
    public var margin: Double
    public var total: Int
    public var inScope: Int
    public var outOfScope: Int
    /// Phrases answered right: the expected shortcut accepted, or nothing accepted when none was expected.
    public var correct: Int
    /// In-scope phrases that hit their expected shortcut.
    public var inScopeHits: Int
    /// Out-of-scope phrases that hit some shortcut.
    public var falseAccepts: Int
    /// Phrases left `ambiguous` by the margin.
    public var ambiguous: Int

    public init(threshold: Double, margin: Double, scored: [ScoredQuery]) {
        self.init(
            threshold: threshold, margin: margin,
            decisions: scored.map { ($0.query.expect, $0.outcome(threshold: threshold, margin: margin), $0.best) })
    }

    /// Tallies decisions: for each phrase, what it expects, the outcome, and the shortcut that
    /// would be accepted on `match`.
    public init(
        threshold: Double, margin: Double,
        decisions: [(expect: String?, outcome: MatchResult.Outcome, shortcut: String?)]
    ) {
        self.threshold = threshold
        self.margin = margin
        total = decisions.count
        inScope = 0
        outOfScope = 0
        correct = 0
        inScopeHits = 0
        falseAccepts = 0
        ambiguous = 0
        for decision in decisions {
            if decision.outcome == .ambiguous { ambiguous += 1 }
            let accepted = decision.outcome == .match ? decision.shortcut : nil
            if let expect = decision.expect {
                inScope += 1
                if accepted == expect {
                    inScopeHits += 1
                    correct += 1
                }
            } else {
                outOfScope += 1
                if accepted != nil { falseAccepts += 1 } else { correct += 1 }
            }
        }
    }

    /// Right answers over all phrases (`ambiguous` counts as no match, as in the harness's
    /// "as shipped" figure).
    public var accuracy: Double? { total == 0 ? nil : Double(correct) / Double(total) }
    /// In-scope phrases that hit their shortcut. (The harness calls this in-scope accuracy;
    /// its "in-scope recall" counts any acceptance, right or wrong.)
    public var recall: Double? { inScope == 0 ? nil : Double(inScopeHits) / Double(inScope) }
    /// Out-of-scope phrases that hit a shortcut.
    public var falseAcceptRate: Double? { outOfScope == 0 ? nil : Double(falseAccepts) / Double(outOfScope) }
}

/// The settings a sweep tries.
public struct TuningGrid: Hashable, Sendable {
    public var thresholds: [Double]
    public var margins: [Double]

    public init(thresholds: [Double], margins: [Double]) {
        self.thresholds = thresholds
        self.margins = margins
    }

    /// Thresholds 0.00…1.00 in hundredths (written as `n / 100`, so each is the same `Double`
    /// as its decimal text on a command line) and a handful of margins.
    public static func standard(margins: [Double]? = nil) -> TuningGrid {
        TuningGrid(
            thresholds: (0...100).map { Double($0) / 100 },
            margins: margins ?? [0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1])
    }
}

/// What the recommendation optimises.
public enum TuningObjective: Hashable, Sendable {
    /// The highest accuracy over all phrases.
    case accuracy
    /// The highest in-scope recall whose false-accept rate is at or under the target.
    case recall(maxFalseAcceptRate: Double)
}

/// A recommended setting, with its figures on the phrases it was tuned on and on the
/// phrases it is reported on (the same phrases unless a holdout was set aside).
public struct Recommendation: Hashable, Sendable {
    public var threshold: Double
    public var margin: Double
    public var objective: TuningObjective
    public var tuned: OperatingPoint
    public var reported: OperatingPoint
    /// For `.recall`: whether any setting met the false-accept target. When none did, the
    /// setting with the lowest false-accept rate is recommended instead.
    public var targetReached: Bool
    /// True when `reported` was measured on the tuning phrases: optimistic figures.
    public var reportedOnTuningSet: Bool
}

/// Threshold and margin sweeps and the recommendation drawn from them.
public enum Tuner {
    /// Every setting of `grid`, margins outer, thresholds inner (ascending).
    public static func sweep(_ scored: [ScoredQuery], grid: TuningGrid) -> [OperatingPoint] {
        var points: [OperatingPoint] = []
        points.reserveCapacity(grid.thresholds.count * grid.margins.count)
        for margin in grid.margins {
            for threshold in grid.thresholds {
                points.append(OperatingPoint(threshold: threshold, margin: margin, scored: scored))
            }
        }
        return points
    }

    /// The best point of `points` for `objective`.
    ///
    /// Ties (common: accuracy is flat between neighbouring scores) go to the higher threshold,
    /// which rejects more of what nobody tested, then to the margin nearest `preferredMargin`
    /// (the catalog's current one), so that re-tuning does not churn settings for nothing.
    /// Returns `nil` only for an empty list.
    public static func best(
        of points: [OperatingPoint], objective: TuningObjective, preferredMargin: Double
    ) -> (point: OperatingPoint, targetReached: Bool)? {
        func tieBreak(_ a: OperatingPoint, _ b: OperatingPoint) -> Bool {
            if a.threshold != b.threshold { return a.threshold > b.threshold }
            return abs(a.margin - preferredMargin) < abs(b.margin - preferredMargin)
        }
        switch objective {
        case .accuracy:
            return points.min { a, b in a.correct != b.correct ? a.correct > b.correct : tieBreak(a, b) }
                .map { ($0, true) }
        case .recall(let target):
            let eligible = points.filter { ($0.falseAcceptRate ?? 0) <= target + 1e-12 }
            if eligible.isEmpty {
                return points.min { a, b in
                    a.falseAccepts != b.falseAccepts
                        ? a.falseAccepts < b.falseAccepts
                        : (a.inScopeHits != b.inScopeHits ? a.inScopeHits > b.inScopeHits : tieBreak(a, b))
                }.map { ($0, false) }
            }
            return eligible.min { a, b in
                if a.inScopeHits != b.inScopeHits { return a.inScopeHits > b.inScopeHits }
                if a.correct != b.correct { return a.correct > b.correct }
                return tieBreak(a, b)
            }.map { ($0, true) }
        }
    }

    /// Sweeps `tuning`, picks the best setting, and measures it on `report` (pass the same
    /// phrases when there is no holdout; the recommendation then says so).
    public static func recommend(
        tuning: [ScoredQuery], report: [ScoredQuery]?, grid: TuningGrid, objective: TuningObjective,
        preferredMargin: Double
    ) -> Recommendation? {
        let points = sweep(tuning, grid: grid)
        guard let (point, reached) = best(of: points, objective: objective, preferredMargin: preferredMargin) else {
            return nil
        }
        let reported = report.map { OperatingPoint(threshold: point.threshold, margin: point.margin, scored: $0) } ?? point
        return Recommendation(
            threshold: point.threshold, margin: point.margin, objective: objective, tuned: point, reported: reported,
            targetReached: reached, reportedOnTuningSet: report == nil)
    }

    /// The figures at one setting measured with the real matcher (one `match` per phrase), to
    /// confirm what the sweep computed from stored scores.
    public static func measure(
        _ queries: [LabelledQuery], with matcher: Matcher, options: MatchOptions
    ) -> OperatingPoint {
        var options = options
        options.top = 1
        let decisions = queries.map { query -> (expect: String?, outcome: MatchResult.Outcome, shortcut: String?) in
            let result = matcher.match(query.text, options: options)
            return (query.expect, result.outcome, result.winner?.shortcut)
        }
        return OperatingPoint(threshold: options.threshold, margin: options.margin, decisions: decisions)
    }

    /// Splits phrases deterministically into (tuning, holdout), about `fraction` held out.
    ///
    /// The split hashes each phrase's text (FNV-1a) rather than drawing random numbers, so the
    /// same file always splits the same way (stable reports, golden tests) while still
    /// spreading every shortcut and kind across both parts. Each side keeps at least one phrase
    /// when there are two or more.
    public static func holdoutSplit(_ scored: [ScoredQuery], fraction: Double) -> (tuning: [ScoredQuery], holdout: [ScoredQuery]) {
        var tuning: [ScoredQuery] = []
        var holdout: [ScoredQuery] = []
        let cut = UInt64((min(max(fraction, 0), 1) * 10_000).rounded())
        for item in scored {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in item.query.text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= UInt64(item.query.line)
            hash = hash &* 0x0000_0100_0000_01B3
            if hash % 10_000 < cut { holdout.append(item) } else { tuning.append(item) }
        }
        if scored.count >= 2 {
            if holdout.isEmpty, let last = tuning.popLast() { holdout.append(last) }
            if tuning.isEmpty, let last = holdout.popLast() { tuning.append(last) }
        }
        return (tuning, holdout)
    }
}
