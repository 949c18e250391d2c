import FlexibleMatching
import ShortcutCatalog

/// Renders a `MatchResult` for people: what was hit and why, then the runner-ups.
///
/// ```
/// "sum up my groceries in Tasklet"
///   match      Summarize List (SummarizeList)  list = grocery "Grocery list"
///   score      0.83  margin 0.21  flexible  app name mentioned
///   phrase     Summarize ${list} with ${applicationName}
///   runner-up  0.62  Show Today (ShowToday)  What's due today in ${applicationName}
/// ```
struct MatchReport {
    var locale: LocaleCatalog
    var style: TextStyle
    /// How many candidates to show in all (the winner or best included).
    var top: Int

    func render(_ result: MatchResult) -> String {
        var lines = [style.bold(quoted(result.input))]
        let candidates = Array(result.candidates.prefix(top))

        switch result.outcome {
        case .match:
            let winner = result.winner ?? candidates.first
            lines.append(row("match", style.green(style.bold("match")), winner.map(describe) ?? ""))
            var facts = [style.cyan(fixed(result.score)), "margin \(fixed(result.margin))"]
            if let kind = result.matchKind { facts.append(kind.rawValue) }
            facts.append(result.appNameMentioned ? "app name mentioned" : "no app name")
            lines.append(row("score", style.dim("score"), facts.joined(separator: "  ")))
            if let phrase = winner?.phrase {
                lines.append(row("phrase", style.dim("phrase"), phrase))
            }
            lines += typoLines(result)
            let winnerKey = winner.map(CandidateKey.init)
            for candidate in candidates where CandidateKey(candidate) != winnerKey {
                lines.append(row("runner-up", style.dim("runner-up"), scored(candidate)))
            }

        case .ambiguous:
            lines.append(row("ambiguous", style.yellow(style.bold("ambiguous")), reasonText(result)))
            lines += typoLines(result)
            for (index, candidate) in candidates.enumerated() {
                let label = "choice \(index + 1)"
                lines.append(row(label, style.dim(label), scored(candidate)))
            }

        case .none:
            lines.append(row("none", style.red(style.bold("none")), reasonText(result)))
            lines += typoLines(result)
            for (index, candidate) in candidates.enumerated() {
                let label = index == 0 ? "best" : "runner-up"
                lines.append(row(label, style.dim(label), scored(candidate)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `read       "Lokc" as "lock" (typo)`, when words were read as typos.
    private func typoLines(_ result: MatchResult) -> [String] {
        MatchReport.typoText(result.typos).map { [row("read", style.dim("read"), $0)] } ?? []
    }

    /// `"Lokc" as "lock" (typo)` for these words (`MatchResult.typos`), or nil when there are
    /// none: `match`, `preview` and `eval` word it alike.
    static func typoText(_ typos: [MatchResult.MendedWord]) -> String? {
        guard !typos.isEmpty else { return nil }
        return typos.map { "\(quoted($0.typed)) as \(quoted($0.read))" }.joined(separator: ", ") + " (typo)"
    }

    /// `asks to "Share", which no phrase offers` (`MatchResult.unofferedAction`): `match` and
    /// `eval` word it alike.
    static func unofferedText(_ action: String) -> String { "asks to \(quoted(action)), which no phrase offers" }

    /// Why the result is `none` or `ambiguous`, with the numbers that decided it.
    func reasonText(_ result: MatchResult) -> String {
        switch result.reason {
        case .belowThreshold?:
            let gap = max(0, result.threshold - result.score)
            var text = "below threshold \(fixed(result.threshold)) by \(fixed(gap)) (best score \(fixed(result.score)))"
            if result.unnamedPenalty > 0 {
                text += "; the threshold includes \(fixed(result.unnamedPenalty)) because the app is not named"
            }
            if let action = result.unofferedAction { text += "; " + MatchReport.unofferedText(action) }
            return text
        case .negativePhrase?:
            var text = result.negativeIsSystem ? "a request Siri handles itself, like" : "negative phrase"
            if let phrase = result.negativePhrase { text += " " + quoted(phrase) }
            if let score = result.negativeScore { text += " scored \(fixed(score))" }
            return text + " (best shortcut \(fixed(result.score)))"
        case .appNameMissing?:
            let names = locale.app.spokenForms.map(quoted).joined(separator: " or ")
            if result.spokenToSiri {
                return "speaks to Siri, not to this app (say \(names) to ask this one)"
            }
            if let other = result.otherAppName {
                return "names another app, \(quoted(other)) (say \(names) to ask this one)"
            }
            return "app name not mentioned (say \(names); policy: required)"
        case .ambiguous?:
            return "top shortcuts within margin \(fixed(result.requiredMargin)) "
                + "(lead \(fixed(result.margin))); Siri would ask which one"
        case .emptyInput?:
            return "empty input"
        case nil:
            return result.outcome == .ambiguous ? "too close to call" : "no shortcut"
        }
    }

    /// `Summarize List (SummarizeList)  list = grocery "Grocery list"`
    private func describe(_ candidate: MatchCandidate) -> String {
        var text: String
        if let title = candidate.shortTitle, title != candidate.shortcut {
            text = style.bold(title) + " (\(candidate.shortcut))"
        } else {
            text = style.bold(candidate.shortcut)
        }
        if let binding = candidate.parameter {
            text += "  \(binding.name) = \(binding.value)"
            if let title = valueTitle(binding), title != binding.value { text += " " + quoted(title) }
        }
        return text
    }

    /// `0.62  Show Today (ShowToday)  What's due today in ${applicationName}`
    private func scored(_ candidate: MatchCandidate) -> String {
        style.cyan(fixed(candidate.score)) + "  " + describe(candidate) + "  " + style.dim(candidate.phrase)
    }

    private func valueTitle(_ binding: ParameterBinding) -> String? {
        locale.parameter(named: binding.name)?.values.first { $0.id == binding.value }?.title
    }

    /// A label column padded on its plain width, so colour codes do not upset alignment.
    private func row(_ plainLabel: String, _ label: String, _ text: String) -> String {
        let padding = String(repeating: " ", count: max(1, 11 - plainLabel.count))
        return "  " + label + padding + text
    }
}

/// Identifies a candidate apart from its score (winner vs runner-ups).
private struct CandidateKey: Hashable {
    var shortcut: String
    var parameter: ParameterBinding?
    init(_ candidate: MatchCandidate) {
        shortcut = candidate.shortcut
        parameter = candidate.parameter
    }
}

/// Two decimals, as people read scores.
func fixed(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    let hundredths = Int((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// A phrase in double quotes, with inner quotes and control characters escaped so that a
/// block stays on its lines.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16)
                out += "\\u{" + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
