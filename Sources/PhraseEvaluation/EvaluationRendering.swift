import FlexibleMatching
import Foundation

/// One evaluated queries file: where it came from and its report.
public struct EvaluationRun: Hashable, Sendable {
    public var queriesPath: String
    public var report: EvaluationReport

    public init(queriesPath: String, report: EvaluationReport) {
        self.queriesPath = queriesPath
        self.report = report
    }
}

/// Line totals summed over several reports (each line counts once, whatever its locale):
/// the "all" row of a per-locale report.
public struct PooledRates: Hashable, Sendable {
    public var accuracy: Rate
    public var inScope: Rate
    public var falseAccepts: Rate
    public var parameters: Rate

    public init(_ reports: [EvaluationReport]) {
        func sum(_ rate: KeyPath<EvaluationReport, Rate>) -> Rate {
            Rate(count: reports.reduce(0) { $0 + $1[keyPath: rate].count },
                 total: reports.reduce(0) { $0 + $1[keyPath: rate].total })
        }
        accuracy = sum(\.accuracy)
        inScope = sum(\.inScope)
        falseAccepts = sum(\.falseAccepts)
        parameters = sum(\.parameters)
    }
}

/// Machine-readable reports (`eval --json`): one JSON document, keys sorted, numbers rounded to
/// four decimals, `null` for absent values, so CI scripts can read it and diffs stay stable.
public enum EvaluationJSON {
    /// One queries file.
    public static func render(_ run: EvaluationRun, catalogPath: String) -> String {
        encode(ReportBody(run: run, catalog: catalogPath))
    }

    /// A folder of per-locale files: `{"catalog", "queries", "locales": [report, ...], "all": {...}}`.
    /// With `sourceLanguage`, each other locale's report carries `accuracyGap` against it.
    public static func render(
        locales runs: [EvaluationRun], folder: String, catalogPath: String, sourceLanguage: String? = nil
    ) -> String {
        encode(FolderBody(catalog: catalogPath, queries: folder, runs: runs, sourceLanguage: sourceLanguage))
    }

    private static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 10_000).rounded() / 10_000 : 0
    }

    /// A rate; the headline rates also carry their 95% Wilson interval (`null` without lines).
    struct RateBody: Encodable {
        var rate: Rate
        var withInterval = false
        enum Keys: String, CodingKey { case count, total, value, interval }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(rate.count, forKey: .count)
            try c.encode(rate.total, forKey: .total)
            try c.encode(rate.value.map(rounded), forKey: .value)
            if withInterval { try c.encode(rate.wilsonInterval().map(IntervalBody.init), forKey: .interval) }
        }
    }

    struct IntervalBody: Encodable {
        var lower: Double
        var upper: Double
        init(_ interval: RateInterval) {
            lower = rounded(interval.lower)
            upper = rounded(interval.upper)
        }
    }

    /// A locale's accuracy minus the source language's, with Newcombe's 95% interval.
    struct GapBody: Encodable {
        var source: String
        var difference: Double
        var interval: IntervalBody
    }

    struct SettingsBody: Encodable {
        var threshold: Double
        var margin: Double
        var appName: String
        /// Added to the threshold for a query that does not name the app.
        var unnamedPenalty: Double
        init(_ options: MatchOptions) {
            threshold = rounded(options.threshold)
            margin = rounded(options.margin)
            appName = options.appName.rawValue
            unnamedPenalty = rounded(options.unnamedPenalty)
        }
    }

    struct KindBody: Encodable {
        var kind: String
        var accuracy: RateBody
    }

    struct ShortcutBody: Encodable {
        var shortcut: String
        var recall: RateBody
        var falselyChosen: Int
    }

    struct FailureBody: Encodable {
        var result: EvaluatedQuery
        enum Keys: String, CodingKey {
            case line, text, kind, expect, expectParameter, problem, outcome, got, gotParameter, score, reason, choices
            case unofferedAction, typos
        }
        struct TypoBody: Encodable {
            var typed: String
            var read: String
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(result.query.line, forKey: .line)
            try c.encode(result.query.text, forKey: .text)
            try c.encode(result.query.kind, forKey: .kind)
            try c.encode(result.query.expect, forKey: .expect)
            try c.encode(result.query.parameter, forKey: .expectParameter)
            try c.encode(result.problem?.rawValue, forKey: .problem)
            try c.encode(result.outcome.rawValue, forKey: .outcome)
            try c.encode(result.shortcut, forKey: .got)
            try c.encode(result.parameter.map { [$0.name: $0.value] }, forKey: .gotParameter)
            try c.encode(rounded(result.score), forKey: .score)
            try c.encode(result.reason?.rawValue, forKey: .reason)
            try c.encode(result.choices, forKey: .choices)
            // Only when present, like `match --json`'s extra keys.
            try c.encodeIfPresent(result.unofferedAction, forKey: .unofferedAction)
            if !result.typos.isEmpty {
                try c.encode(result.typos.map { TypoBody(typed: $0.typed, read: $0.read) }, forKey: .typos)
            }
        }
    }

    struct ReportBody: Encodable {
        var catalog: String?
        var queries: String
        var locale: String
        var settings: SettingsBody
        var accuracy: RateBody
        var inScope: RateBody
        var falseAccepts: RateBody
        var parameters: RateBody
        /// Only in a per-locale report, for the locales other than the source language.
        var accuracyGap: GapBody?
        var byKind: [KindBody]
        var byShortcut: [ShortcutBody]
        var failures: [FailureBody]

        init(run: EvaluationRun, catalog: String?, source: EvaluationReport? = nil) {
            let r = run.report
            self.catalog = catalog
            queries = run.queriesPath
            locale = r.locale
            settings = SettingsBody(r.options)
            accuracy = RateBody(rate: r.accuracy, withInterval: true)
            inScope = RateBody(rate: r.inScope, withInterval: true)
            falseAccepts = RateBody(rate: r.falseAccepts, withInterval: true)
            parameters = RateBody(rate: r.parameters, withInterval: true)
            if let source, source.locale != r.locale, let d = r.accuracy.difference(from: source.accuracy) {
                accuracyGap = GapBody(
                    source: source.locale, difference: rounded(d.estimate), interval: IntervalBody(d.interval))
            }
            byKind = r.byKind.map { KindBody(kind: $0.kind, accuracy: RateBody(rate: $0.accuracy)) }
            byShortcut = r.byShortcut.map {
                ShortcutBody(shortcut: $0.shortcut, recall: RateBody(rate: $0.recall), falselyChosen: $0.falselyChosen)
            }
            failures = r.failures.map { FailureBody(result: $0) }
        }
    }

    struct PooledBody: Encodable {
        var accuracy: RateBody
        var inScope: RateBody
        var falseAccepts: RateBody
        var parameters: RateBody
    }

    struct FolderBody: Encodable {
        var catalog: String
        var queries: String
        var locales: [ReportBody]
        var all: PooledBody

        init(catalog: String, queries: String, runs: [EvaluationRun], sourceLanguage: String?) {
            self.catalog = catalog
            self.queries = queries
            let source = runs.first { $0.report.locale == sourceLanguage }?.report
            locales = runs.map { ReportBody(run: $0, catalog: nil, source: source) }
            let pooled = PooledRates(runs.map(\.report))
            all = PooledBody(
                accuracy: RateBody(rate: pooled.accuracy, withInterval: true),
                inScope: RateBody(rate: pooled.inScope, withInterval: true),
                falseAccepts: RateBody(rate: pooled.falseAccepts, withInterval: true),
                parameters: RateBody(rate: pooled.parameters, withInterval: true))
        }
    }
}
