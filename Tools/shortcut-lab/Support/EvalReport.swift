import FlexibleMatching
import PhraseEvaluation

/// Renders `eval` reports for people: plain text tables, deterministic (no colour, no
/// timing), so they can be compared with golden files and pasted into a pull request.
/// Phrases are quoted and scores printed the way `match` prints them (`quoted`, `fixed`).
enum EvalReport {
    /// The full report for one queries file: headline rates, accuracy by kind, recall by
    /// shortcut, and every failure.
    static func render(_ run: EvaluationRun, catalogPath: String) -> String {
        let report = run.report
        var out = "shortcut-lab eval: \(run.queriesPath) on \(catalogPath), locale \(report.locale)\n"
        out += settingsLine(report.options) + "\n\n"
        out += table(
            header: nil,
            rows: [
                ["", "", "", "95% interval"],
                ["accuracy as shipped", fraction(report.accuracy), percent(report.accuracy.value),
                 interval(report.accuracy)],
                ["right shortcut (in scope)", fraction(report.inScope), percent(report.inScope.value),
                 interval(report.inScope)],
                ["false accepts (expect none)", fraction(report.falseAccepts), percent(report.falseAccepts.value),
                 interval(report.falseAccepts)],
                ["parameter accuracy", fraction(report.parameters), percent(report.parameters.value),
                 interval(report.parameters)],
            ],
            rightAligned: [1, 2, 3])
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

    /// One row per locale (with the gap to the source language) and the lines pooled over all
    /// locales, accuracy by kind per locale, then each locale's failures.
    static func render(locales runs: [EvaluationRun], folder: String, catalogPath: String, sourceLanguage: String) -> String {
        var out = "shortcut-lab eval: \(folder) (\(runs.count) locale\(runs.count == 1 ? "" : "s")) on \(catalogPath)\n"
        if let first = runs.first { out += settingsLine(first.report.options) + "\n" }
        out += "\n"
        let source = runs.first { $0.report.locale == sourceLanguage }?.report.accuracy
        var rows = runs.map { run -> [String] in
            let r = run.report
            var gap = "—", gapInterval = ""
            if let source, r.locale != sourceLanguage, let d = r.accuracy.difference(from: source) {
                gap = points(d.estimate)
                gapInterval = "[\(points(d.interval.lower)), \(points(d.interval.upper))]"
            }
            return [r.locale, String(r.accuracy.total), percent(r.accuracy.value), interval(r.accuracy), gap,
                    gapInterval, percent(r.inScope.value), percent(r.falseAccepts.value), percent(r.parameters.value)]
        }
        let pooled = PooledRates(runs.map(\.report))
        rows.append(["all", String(pooled.accuracy.total), percent(pooled.accuracy.value), interval(pooled.accuracy),
                     "", "", percent(pooled.inScope.value), percent(pooled.falseAccepts.value),
                     percent(pooled.parameters.value)])
        out += table(
            header: ["locale", "lines", "accuracy", "95% interval", "vs \(sourceLanguage)", "95% interval", "in scope",
                     "false accepts", "parameter"],
            rows: rows, rightAligned: [1, 2, 3, 4, 5, 6, 7, 8])
        out += "95% intervals: Wilson score for a rate, Newcombe's hybrid score for a gap (in points). "
            + "A gap whose interval holds 0 is within chance on this many lines.\n"
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

    /// A fraction as a percentage with one decimal (`87.5%`), or `—` when there is none.
    static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        let tenths = Int((value * 1000).rounded())
        return "\(tenths / 10).\(tenths.magnitude % 10)%"
    }

    /// A rate's 95% Wilson interval (`70.3–94.7%`), or `—` when it has no lines.
    static func interval(_ rate: Rate) -> String {
        guard let i = rate.wilsonInterval() else { return "—" }
        return String(percent(i.lower).dropLast()) + "–" + percent(i.upper)
    }

    /// A difference of fractions in percentage points with its sign (`-7.6`, `+0.0`).
    static func points(_ difference: Double) -> String {
        let tenths = Int((difference * 1000).rounded())
        return (tenths < 0 ? "-" : "+") + "\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }

    static func settingsLine(_ options: MatchOptions) -> String {
        "settings: threshold \(number(options.threshold)), margin \(number(options.margin)), app name \(options.appName.rawValue)"
            + (options.appliedUnnamedPenalty.map { " (+\(number($0)) on the threshold when not named)" } ?? "")
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

    /// What was got, with the score and, when they apply, the action word no phrase offers
    /// (why an in-scope line scored 0) and the words read as typos.
    static func got(_ result: EvaluatedQuery) -> String {
        var score = "score \(fixed(result.score))"
        if let action = result.unofferedAction { score += "; " + MatchReport.unofferedText(action) }
        if let typos = MatchReport.typoText(result.typos) { score += "; read " + typos }
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

    static func fraction(_ rate: Rate) -> String { "\(rate.count)/\(rate.total)" }

    /// Up to three decimals without trailing zeros (0.32, 0.075, 1).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let thousandths = Int((value * 1000).rounded())
        var text = "\(thousandths / 1000)"
        var fraction = thousandths.magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    /// Columns padded to their widest cell (in terminal columns), two spaces apart, no
    /// trailing spaces.
    static func table(header: [String]?, rows: [[String]], rightAligned: Set<Int>) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], displayWidth(cell.unicodeScalars)) }
        }
        var out = ""
        for row in all {
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - displayWidth(cell.unicodeScalars))
                cells.append(rightAligned.contains(i) ? pad + cell : cell + pad)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
