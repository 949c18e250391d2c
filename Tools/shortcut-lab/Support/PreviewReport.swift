import FlexibleMatching
import ShortcutCatalog

/// How `preview` shows a result: a block for people at a terminal, or one plain line per
/// phrase when the output goes to a pipe or a file (for scripts and golden tests).
struct PreviewReport {
    var locale: LocaleCatalog
    var style: TextStyle
    /// Terminal width; long lines are cut to it so a block never wraps on 80 columns.
    var width = 80

    /// How many runner-ups to show.
    static let runnerUps = 3

    // MARK: Block (interactive)

    func block(_ result: MatchResult) -> String {
        let reasons = MatchReport(locale: locale, style: style, top: 5)
        var lines: [String] = []
        let best = result.winner ?? result.candidates.first
        switch result.outcome {
        case .match:
            lines.append("  " + style.green(style.bold("✓ match")) + "  " + title(best))
        case .ambiguous:
            lines.append("  " + style.yellow(style.bold("? ambiguous")) + "  Siri would ask which one")
            lines += wrappedRows("reason", reasons.reasonText(result))
        case .none:
            lines.append("  " + style.red(style.bold("✗ none")) + "  " + Self.headline(result))
            lines += wrappedRows("reason", reasons.reasonText(result))
            if best != nil { lines.append(row("nearest", title(best))) }
        }
        if result.outcome != .ambiguous, let best {
            lines.append(row("parameter", parameter(best.parameter)))
            if result.outcome == .match {
                let kind = result.matchKind?.rawValue ?? "flexible"
                lines.append(row("phrase", kind + "  " + style.dim(fit(quoted(best.phrase), used: 14 + kind.count + 2))))
            }
        }
        if result.reason != .emptyInput {
            lines.append(row("score", style.cyan(fixed(result.score)) + "  " + bar(result.score, threshold: result.threshold)
                + "  threshold \(fixed(result.threshold))"))
            lines.append(row("margin", "\(fixed(result.margin))  (needs \(fixed(result.requiredMargin)))"
                + (result.appNameMentioned ? "  app name mentioned" : "  no app name")))
        }
        if let typos = MatchReport.typoText(result.typos) { lines.append(row("read", typos)) }
        let others: [MatchCandidate]
        let label: String
        if result.outcome == .ambiguous {
            others = result.candidates
            label = "choices"
        } else {
            others = Array(result.candidates.filter { $0 != best }.prefix(Self.runnerUps))
            label = "runner-ups"
        }
        for (index, candidate) in others.enumerated() {
            let text = style.cyan(fixed(candidate.score)) + "  " + title(candidate)
                + (candidate.parameter.map { "  " + parameter($0) } ?? "")
            lines.append(row(index == 0 ? label : "", text))
        }
        return lines.map { clip($0, to: width - 1) }.joined(separator: "\n") + "\n"
    }

    /// Cuts a styled line to `width` visible columns (escape sequences take none), ending it
    /// with `…`, so that nothing wraps: a wrapped block is hard to read on an 80-column terminal.
    func clip(_ line: String, to width: Int) -> String {
        var out = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        var columns = 0
        let total = displayWidth(Self.stripEscapes(line).unicodeScalars)
        guard total > width else { return line }
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                out.append(scalar)
                while let next = scalars.popFirst() {
                    out.append(next)
                    if next != "[" && (0x40...0x7E).contains(next.value) { break }
                }
                continue
            }
            let w = displayWidth([scalar])
            if columns + w > width - 1 { break }
            columns += w
            out.append(scalar)
        }
        return String(out) + "…" + (style.isEnabled ? "\u{1B}[0m" : "")
    }

    /// `text` without ANSI escape sequences.
    static func stripEscapes(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                while let next = scalars.popFirst(), next == "[" || !(0x40...0x7E).contains(next.value) {}
                continue
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// `Add Task · plus.circle · AddTask`
    func title(_ candidate: MatchCandidate?) -> String {
        guard let candidate else { return "—" }
        var parts: [String] = []
        if let title = candidate.shortTitle, !title.isEmpty { parts.append(style.bold(title)) }
        if let symbol = candidate.systemImageName, !symbol.isEmpty { parts.append(symbol) }
        parts.append(parts.isEmpty ? style.bold(candidate.shortcut) : style.dim(candidate.shortcut))
        return parts.joined(separator: " · ")
    }

    func parameter(_ binding: ParameterBinding?) -> String {
        guard let binding else { return "—" }
        var text = "\(binding.name) = \(binding.value)"
        if let title = locale.parameter(named: binding.name)?.values.first(where: { $0.id == binding.value })?.title,
            title != binding.value
        {
            text += " " + quoted(title)
        }
        return text
    }

    /// A 20-cell bar of the score with a tick where the threshold sits: green at or over it,
    /// red under it.
    func bar(_ score: Double, threshold: Double) -> String {
        let cells = 20
        let filled = Int((min(max(score, 0), 1) * Double(cells)).rounded())
        let tick = min(cells - 1, Int((min(max(threshold, 0), 1) * Double(cells)).rounded()))
        var text = ""
        for cell in 0..<cells {
            text += cell < filled ? "█" : (cell == tick ? "┆" : "·")
        }
        return score >= threshold ? style.green(text) : style.red(text)
    }

    /// A few words on why nothing matched, for the block's first line.
    static func headline(_ result: MatchResult) -> String {
        switch result.reason {
        case .belowThreshold?:
            return result.unofferedAction != nil ? "asks for an action no phrase offers" : "below the threshold"
        case .negativePhrase?: return result.negativeIsSystem ? "Siri handles this itself" : "a negative phrase won"
        case .appNameMissing?: return result.otherAppName != nil ? "another app is named" : "the app name is missing"
        case .ambiguous?: return "too close to call"
        case .emptyInput?: return "empty input"
        case nil: return "no shortcut"
        }
    }

    /// A labelled row of plain text, word-wrapped onto continuation rows to fit the width
    /// (reasons quote phrases, which can be long; they must be read in full, not clipped).
    private func wrappedRows(_ label: String, _ text: String) -> [String] {
        let room = max(20, width - 1 - 16)
        var rows: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if displayWidth(candidate.unicodeScalars) > room && !current.isEmpty {
                rows.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty || rows.isEmpty { rows.append(current) }
        return rows.enumerated().map { row($0.offset == 0 ? label : "", $0.element) }
    }

    private func row(_ label: String, _ text: String) -> String {
        "    " + style.dim(label) + String(repeating: " ", count: max(1, 12 - label.count)) + text
    }

    /// Cuts plain `text` so that a line with `used` columns before it fits the width.
    private func fit(_ text: String, used: Int) -> String {
        let room = max(10, width - used - 1)
        let scalars = Array(text.unicodeScalars)
        guard displayWidth(scalars) > room else { return text }
        var out: [Unicode.Scalar] = []
        for scalar in scalars {
            if displayWidth(out) + displayWidth([scalar]) > room - 1 { break }
            out.append(scalar)
        }
        return String(String.UnicodeScalarView(out)) + "…"
    }

    // MARK: One line (not a terminal)

    /// `"input" -> match AddTask "Add Task" [plus.circle] list=grocery flexible score 0.83 margin 0.21 | runner-ups: …`
    func line(_ result: MatchResult) -> String {
        let reasons = MatchReport(locale: locale, style: .plain, top: 5)
        var text = quoted(result.input) + " -> "
        let best = result.winner ?? result.candidates.first
        switch result.outcome {
        case .match:
            guard let best else { return text + "match" }
            text += "match \(best.shortcut)"
            if let title = best.shortTitle, !title.isEmpty { text += " " + quoted(title) }
            if let symbol = best.systemImageName, !symbol.isEmpty { text += " [\(symbol)]" }
            if let binding = best.parameter { text += " \(binding.name)=\(binding.value)" }
            text += " \(result.matchKind?.rawValue ?? "flexible") score \(fixed(result.score)) margin \(fixed(result.margin))"
            let others = result.candidates.filter { $0 != best }.prefix(Self.runnerUps)
            if !others.isEmpty { text += " | runner-ups: " + others.map(brief).joined(separator: ", ") }
        case .ambiguous:
            text += "ambiguous: " + reasons.reasonText(result)
            text += " | choices: " + result.candidates.map(brief).joined(separator: ", ")
        case .none:
            text += "none \(result.reason?.rawValue ?? "no-match"): " + reasons.reasonText(result)
            let nearest = result.candidates.prefix(Self.runnerUps + 1)
            if !nearest.isEmpty { text += " | nearest: " + nearest.map(brief).joined(separator: ", ") }
        }
        if let typos = MatchReport.typoText(result.typos) { text += " | read: " + typos }
        return text
    }

    /// `ShowList(list=grocery) 0.62`
    private func brief(_ candidate: MatchCandidate) -> String {
        candidate.shortcut + (candidate.parameter.map { "(\($0.name)=\($0.value))" } ?? "") + " " + fixed(candidate.score)
    }
}
