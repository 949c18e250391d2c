import FlexibleMatching
import ShortcutCatalog

/// A count out of a total, such as 27 correct lines out of 30. The value is `nil` when the
/// total is 0, so that "no lines of that kind" is never shown as 0% or 100%.
public struct Rate: Hashable, Sendable {
    public var count: Int
    public var total: Int

    public init(count: Int, total: Int) {
        self.count = count
        self.total = total
    }

    public var value: Double? { total == 0 ? nil : Double(count) / Double(total) }
}

/// What went wrong on one line, when something did.
public enum EvaluationProblem: String, Hashable, Sendable, CaseIterable {
    /// The line expects a shortcut; the matcher answered `none` or `ambiguous`.
    case missed
    /// The line expects a shortcut; the matcher matched another one.
    case wrongShortcut = "wrong-shortcut"
    /// The line expects no shortcut; the matcher matched one.
    case falseAccept = "false-accept"
    /// The right shortcut, but not the expected parameter value. The line still counts as
    /// correct for accuracy (which is about the shortcut) and as wrong for parameter accuracy.
    case wrongParameter = "wrong-parameter"
}

/// One labelled line and what the matcher made of it.
public struct EvaluatedQuery: Hashable, Sendable {
    public var query: LabelledQuery
    public var outcome: MatchResult.Outcome
    /// The winning shortcut, when `outcome` is `match`.
    public var shortcut: String?
    /// The winner's parameter binding, if any.
    public var parameter: ParameterBinding?
    public var score: Double
    public var reason: MatchResult.Reason?
    /// For `ambiguous`: the shortcuts Siri would offer, best first.
    public var choices: [String]
    /// The word asking for an action no phrase offers (`MatchResult.unofferedAction`): the
    /// usual reason an in-scope line scores 0, worth showing beside the failure.
    public var unofferedAction: String?
    /// The words read as typos of catalog words (`MatchResult.typos`).
    public var typos: [MatchResult.MendedWord]

    public init(
        query: LabelledQuery, outcome: MatchResult.Outcome, shortcut: String?, parameter: ParameterBinding?,
        score: Double, reason: MatchResult.Reason?, choices: [String] = [], unofferedAction: String? = nil,
        typos: [MatchResult.MendedWord] = []
    ) {
        self.query = query
        self.outcome = outcome
        self.shortcut = outcome == .match ? shortcut : nil
        self.parameter = outcome == .match ? parameter : nil
        self.score = score
        self.reason = reason
        self.choices = choices
        self.unofferedAction = unofferedAction
        self.typos = typos
    }

    public init(query: LabelledQuery, result: MatchResult) {
        var seen = Set<String>()
        let choices = result.outcome == .ambiguous
            ? result.candidates.map(\.shortcut).filter { seen.insert($0).inserted } : []
        self.init(
            query: query, outcome: result.outcome, shortcut: result.winner?.shortcut,
            parameter: result.winner?.parameter, score: result.score, reason: result.reason, choices: choices,
            unofferedAction: result.unofferedAction, typos: result.typos)
    }

    /// "As shipped": the shortcut a user would get (none for `ambiguous`, since Siri then asks
    /// instead of acting) equals the expected one, or nothing was hit when nothing should be.
    public var isCorrect: Bool { shortcut == query.expect }

    /// Whether the expected parameter was bound; `nil` on lines that give no `parameter`.
    /// A wrong shortcut is a wrong parameter too.
    public var isParameterCorrect: Bool? {
        guard let expected = query.parameter, !expected.isEmpty else { return nil }
        guard isCorrect, let parameter else { return false }
        return expected.allSatisfy { $0.key == parameter.name && $0.value == parameter.value }
    }

    public var problem: EvaluationProblem? {
        if !isCorrect {
            if query.expect == nil { return .falseAccept }
            return shortcut == nil ? .missed : .wrongShortcut
        }
        return isParameterCorrect == false ? .wrongParameter : nil
    }
}

/// Accuracy of one kind of line (`paraphrase`, `core-siri`, ...).
public struct KindBreakdown: Hashable, Sendable {
    public var kind: String
    public var accuracy: Rate
}

/// How one shortcut fared: the lines that expect it, and the lines that took it wrongly.
public struct ShortcutBreakdown: Hashable, Sendable {
    public var shortcut: String
    /// Lines expecting this shortcut that hit it.
    public var recall: Rate
    /// Lines (expecting another shortcut, or none) that hit this one: where it over-reaches.
    public var falselyChosen: Int
}

/// The result of running one locale's labelled queries through the matcher.
public struct EvaluationReport: Hashable, Sendable {
    /// The `kind` used for lines that give none.
    public static let unlabelledKind = "(none)"

    /// The order kinds are listed in: the contract's in-scope kinds, then the out-of-scope
    /// ones, then any other kind alphabetically.
    public static let kindOrder = [
        "paraphrase", "synonym", "param-synonym", "app-synonym", "typo", "no-app-name",
        "near-miss", "other-app", "core-siri", "negative", "chit-chat",
    ]

    public var locale: String
    /// The settings the matcher ran with.
    public var options: MatchOptions
    public var results: [EvaluatedQuery]
    /// Correct lines over all lines, as shipped (ambiguous counts as no match).
    public var accuracy: Rate
    /// Lines that expect a shortcut and got exactly it.
    public var inScope: Rate
    /// Lines that expect no shortcut but matched one.
    public var falseAccepts: Rate
    /// Lines with a `parameter` whose shortcut and value were both right.
    public var parameters: Rate
    public var byKind: [KindBreakdown]
    /// In the catalog's shortcut order.
    public var byShortcut: [ShortcutBreakdown]

    /// Computes every figure from the evaluated lines.
    /// - Parameter shortcuts: the catalog's shortcut ids, in order, for `byShortcut`.
    public init(locale: String, options: MatchOptions, shortcuts: [String], results: [EvaluatedQuery]) {
        self.locale = locale
        self.options = options
        self.results = results
        accuracy = Rate(count: results.count { $0.isCorrect }, total: results.count)
        let expecting = results.filter { $0.query.expect != nil }
        inScope = Rate(count: expecting.count { $0.isCorrect }, total: expecting.count)
        let expectingNone = results.filter { $0.query.expect == nil }
        falseAccepts = Rate(count: expectingNone.count { $0.shortcut != nil }, total: expectingNone.count)
        let withParameter = results.compactMap(\.isParameterCorrect)
        parameters = Rate(count: withParameter.count { $0 }, total: withParameter.count)

        var kinds: [String: Rate] = [:]
        for result in results {
            let kind = result.query.kind ?? Self.unlabelledKind
            var rate = kinds[kind, default: Rate(count: 0, total: 0)]
            rate.total += 1
            if result.isCorrect { rate.count += 1 }
            kinds[kind] = rate
        }
        byKind = kinds.map { KindBreakdown(kind: $0.key, accuracy: $0.value) }
            .sorted { Self.kindRank($0.kind) < Self.kindRank($1.kind) }

        var ids = shortcuts
        for id in results.compactMap({ $0.query.expect ?? $0.shortcut }) where !ids.contains(id) { ids.append(id) }
        byShortcut = ids.map { id in
            let lines = results.filter { $0.query.expect == id }
            return ShortcutBreakdown(
                shortcut: id, recall: Rate(count: lines.count { $0.isCorrect }, total: lines.count),
                falselyChosen: results.count { $0.shortcut == id && $0.query.expect != id })
        }
    }

    /// Lines with a problem (including a wrong parameter), in file order.
    public var failures: [EvaluatedQuery] { results.filter { $0.problem != nil } }

    /// Sort key for kinds: `kindOrder` first, then any other kind alphabetically.
    public static func kindRank(_ kind: String) -> (Int, String) {
        (kindOrder.firstIndex(of: kind) ?? kindOrder.count, kind)
    }
}

/// Runs labelled queries through a matcher.
public enum Evaluator {
    /// Matches every query with `options` and scores the answers. The matcher is used as is:
    /// the point is to measure the catalog as it would ship, not to tune it.
    /// Complexity: one `Matcher.match` per query.
    public static func evaluate(
        _ queries: [LabelledQuery], with matcher: Matcher, options: MatchOptions
    ) -> EvaluationReport {
        let results = queries.map { EvaluatedQuery(query: $0, result: matcher.match($0.text, options: options)) }
        return EvaluationReport(
            locale: matcher.catalog.locale, options: options, shortcuts: matcher.catalog.shortcuts.map(\.id),
            results: results)
    }
}
