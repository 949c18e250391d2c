import FlexibleMatching
import Foundation
import ShortcutCatalog

/// One evaluated queries file: where it came from and its report.
public struct EvaluationRun: Hashable, Sendable {
    public var queriesPath: String
    public var report: EvaluationReport

    public init(queriesPath: String, report: EvaluationReport) {
        self.queriesPath = queriesPath
        self.report = report
    }
}

/// Human-readable reports: plain text tables, deterministic (no colour, no timing), so they
/// can be compared with golden files and pasted into a pull request.
public enum EvaluationText {
    /// The full report for one queries file: headline rates, accuracy by kind, recall by
    /// shortcut, and every failure.
    public static func render(_ run: EvaluationRun, catalogPath: String) -> String {
        let report = run.report
        var out = "shortcut-lab eval: \(run.queriesPath) on \(catalogPath), locale \(report.locale)\n"
        out += settingsLine(report.options) + "\n\n"
        out += table(
            header: nil,
            rows: [
                ["accuracy as shipped", fraction(report.accuracy), percent(report.accuracy.value)],
                ["right shortcut (in scope)", fraction(report.inScope), percent(report.inScope.value)],
                ["false accepts (expect none)", fraction(report.falseAccepts), percent(report.falseAccepts.value)],
                ["parameter accuracy", fraction(report.parameters), percent(report.parameters.value)],
            ],
            rightAligned: [1, 2])
        out += "\n"
        out += table(
            header: ["kind", "lines", "correct", "accuracy"],
            rows: report.byKind.map {
                [$0.kind, String($0.accuracy.total), String($0.accuracy.count), percent($0.accuracy.value)]
            },
            rightAligned: [1, 2, 3])
        out += "\n"
        out += table(
            header: ["shortcut", "lines", "correct", "recall", "falsely chosen"],
            rows: report.byShortcut.map {
                [$0.shortcut, String($0.recall.total), String($0.recall.count), percent($0.recall.value),
                 String($0.falselyChosen)]
            },
            rightAligned: [1, 2, 3, 4])
        out += "\n"
        out += failures(report.failures, indent: "")
        return out
    }

    /// One row per locale (with the gap to the source language), accuracy by kind per locale,
    /// then each locale's failures: the per-locale report of a folder of query files.
    public static func render(locales runs: [EvaluationRun], folder: String, catalogPath: String, sourceLanguage: String) -> String {
        var out = "shortcut-lab eval: \(folder) (\(runs.count) locale\(runs.count == 1 ? "" : "s")) on \(catalogPath)\n"
        if let first = runs.first { out += settingsLine(first.report.options) + "\n" }
        out += "\n"
        let source = runs.first { $0.report.locale == sourceLanguage }?.report.accuracy.value
        var rows = runs.map { run -> [String] in
            let r = run.report
            var gap = "—"
            if let source, let value = r.accuracy.value, r.locale != sourceLanguage {
                gap = String(format: "%+.1f", (value - source) * 100)
            }
            return [r.locale, String(r.accuracy.total), percent(r.accuracy.value), gap, percent(r.inScope.value),
                    percent(r.falseAccepts.value), percent(r.parameters.value)]
        }
        let pooled = pool(runs.map(\.report))
        rows.append(["all", String(pooled.accuracy.total), percent(pooled.accuracy.value), "",
                     percent(pooled.inScope.value), percent(pooled.falseAccepts.value), percent(pooled.parameters.value)])
        out += table(
            header: ["locale", "lines", "accuracy", "vs \(sourceLanguage)", "in scope", "false accepts", "parameter"],
            rows: rows, rightAligned: [1, 2, 3, 4, 5, 6])
        out += "\n"

        var kinds: [String] = []
        for run in runs { for k in run.report.byKind where !kinds.contains(k.kind) { kinds.append(k.kind) } }
        kinds.sort { EvaluationReport.kindRank($0) < EvaluationReport.kindRank($1) }
        out += table(
            header: ["accuracy by kind"] + runs.map(\.report.locale),
            rows: kinds.map { kind in
                [kind] + runs.map { run in percent(run.report.byKind.first { $0.kind == kind }?.accuracy.value) }
            },
            rightAligned: Set(1...max(1, runs.count)))
        for run in runs {
            out += "\n\(run.report.locale): "
            out += failures(run.report.failures, indent: "  ")
        }
        return out
    }

    /// Line totals summed over locales (each line counts once, whatever its locale).
    static func pool(_ reports: [EvaluationReport]) -> (accuracy: Rate, inScope: Rate, falseAccepts: Rate, parameters: Rate) {
        func sum(_ rate: KeyPath<EvaluationReport, Rate>) -> Rate {
            Rate(count: reports.reduce(0) { $0 + $1[keyPath: rate].count },
                 total: reports.reduce(0) { $0 + $1[keyPath: rate].total })
        }
        return (sum(\.accuracy), sum(\.inScope), sum(\.falseAccepts), sum(\.parameters))
    }

    static func settingsLine(_ options: MatchOptions) -> String {
        "settings: threshold \(number(options.threshold)), margin \(number(options.margin)), app name \(options.appName.rawValue)"
    }

    static func failures(_ failures: [EvaluatedQuery], indent: String) -> String {
        var out = "failures (\(failures.count))\n"
        for failure in failures {
            let kind = failure.query.kind.map { " [\($0)]" } ?? ""
            out += "\(indent)  \(failure.query.line): \(quoted(failure.query.text))\(kind)\n"
            out += "\(indent)     expected \(expected(failure.query)), got \(got(failure))\n"
        }
        return out
    }

    static func expected(_ query: LabelledQuery) -> String {
        guard let id = query.expect else { return "none" }
        guard let parameter = query.parameter, !parameter.isEmpty else { return id }
        return id + "(" + parameter.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")"
    }

    static func got(_ result: EvaluatedQuery) -> String {
        let score = "score \(String(format: "%.2f", result.score))"
        switch result.outcome {
        case .match:
            var text = result.shortcut ?? "?"
            if let p = result.parameter { text += "(\(p.name)=\(p.value))" }
            return "\(text) (\(result.problem?.rawValue ?? "match"), \(score))"
        case .ambiguous:
            return "ambiguous between \(result.choices.joined(separator: ", ")) (\(score))"
        case .none:
            return "none (\(result.reason?.rawValue ?? "no match"), \(score))"
        }
    }

    /// The phrase in double quotes, with control characters escaped so one failure stays on
    /// one line whatever the input held.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A fraction as a percentage with one decimal (`87.5%`), or `—` when there is none.
    public static func percent(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(format: "%.1f%%", value * 100)
    }

    static func fraction(_ rate: Rate) -> String { "\(rate.count)/\(rate.total)" }

    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Columns padded to their widest cell (counted in characters, which is right for the
    /// ids, numbers and kinds the tables hold), two spaces apart, no trailing spaces.
    static func table(header: [String]?, rows: [[String]], rightAligned: Set<Int>) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in all {
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                cells.append(rightAligned.contains(i) ? pad + cell : cell + pad)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
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
    public static func render(locales runs: [EvaluationRun], folder: String, catalogPath: String) -> String {
        encode(FolderBody(catalog: catalogPath, queries: folder, runs: runs))
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

    struct RateBody: Encodable {
        var rate: Rate
        enum Keys: String, CodingKey { case count, total, value }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(rate.count, forKey: .count)
            try c.encode(rate.total, forKey: .total)
            try c.encode(rate.value.map(rounded), forKey: .value)
        }
    }

    struct SettingsBody: Encodable {
        var threshold: Double
        var margin: Double
        var appName: String
        init(_ options: MatchOptions) {
            threshold = rounded(options.threshold)
            margin = rounded(options.margin)
            appName = options.appName.rawValue
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
        var byKind: [KindBody]
        var byShortcut: [ShortcutBody]
        var failures: [FailureBody]

        init(run: EvaluationRun, catalog: String?) {
            let r = run.report
            self.catalog = catalog
            queries = run.queriesPath
            locale = r.locale
            settings = SettingsBody(r.options)
            accuracy = RateBody(rate: r.accuracy)
            inScope = RateBody(rate: r.inScope)
            falseAccepts = RateBody(rate: r.falseAccepts)
            parameters = RateBody(rate: r.parameters)
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

        init(catalog: String, queries: String, runs: [EvaluationRun]) {
            self.catalog = catalog
            self.queries = queries
            locales = runs.map { ReportBody(run: $0, catalog: nil) }
            let pooled = EvaluationText.pool(runs.map(\.report))
            all = PooledBody(
                accuracy: RateBody(rate: pooled.accuracy), inScope: RateBody(rate: pooled.inScope),
                falseAccepts: RateBody(rate: pooled.falseAccepts), parameters: RateBody(rate: pooled.parameters))
        }
    }
}
