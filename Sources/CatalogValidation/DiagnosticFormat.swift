import ShortcutCatalog
/// The output formats of `validate`.
public enum DiagnosticFormat: String, Hashable, Sendable, CaseIterable {
    /// `path:line:col: error: message [rule]`: what Xcode, compilers and terminals understand.
    case text
    /// A JSON array in the shape Apple's `appshortcutstringsprocessor` prints
    /// (`{status, message, path, line, languageCode, key}`), plus `rule`.
    case json
    /// GitHub Actions workflow commands (`::error file=...,line=...::message`).
    case github
}

/// Renders diagnostics. Pure functions of their input, so golden tests pin them exactly.
public enum DiagnosticRenderer {
    /// ANSI colours for the text format.
    public struct Colors: Sendable {
        public var enabled: Bool
        public init(enabled: Bool) { self.enabled = enabled }
        func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    }

    public static func render(
        _ diagnostics: [Diagnostic], format: DiagnosticFormat, colors: Colors = Colors(enabled: false)
    ) -> String {
        switch format {
        case .text: return text(diagnostics, colors: colors)
        case .json: return json(diagnostics)
        case .github: return github(diagnostics)
        }
    }

    /// One line per diagnostic, then a summary line.
    public static func text(_ diagnostics: [Diagnostic], colors: Colors = Colors(enabled: false)) -> String {
        var out = ""
        for d in diagnostics {
            out += colors.wrap(location(d) + ":", "1") + " "
            out += d.severity == .error ? colors.wrap("error:", "1;31") : colors.wrap("warning:", "1;35")
            out += " " + d.message
            if let code = d.languageCode { out += " (\(code))" }
            out += " " + colors.wrap("[\(d.rule.rawValue)]", "2") + "\n"
        }
        return out
    }

    /// `N errors, M warnings` for the end of a text report.
    public static func summary(errors: Int, warnings: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    }

    static func location(_ d: Diagnostic) -> String {
        var text = d.path
        if let line = d.line {
            text += ":\(line)"
            if let column = d.column { text += ":\(column)" }
        }
        return text
    }

    public static func json(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "[\n]\n" }
        var out = "[\n"
        for (index, d) in diagnostics.enumerated() {
            var fields: [String] = []
            fields.append("\"status\":\(quote(d.severity.rawValue))")
            fields.append("\"message\":\(quote(d.message))")
            fields.append("\"path\":\(quote(d.path))")
            fields.append("\"line\":\(d.line.map(String.init) ?? "null")")
            fields.append("\"column\":\(d.column.map(String.init) ?? "null")")
            fields.append("\"languageCode\":\(d.languageCode.map(quote) ?? "null")")
            fields.append("\"key\":\(d.key.map(quote) ?? "null")")
            fields.append("\"rule\":\(quote(d.rule.rawValue))")
            out += "  {" + fields.joined(separator: ",") + "}" + (index + 1 < diagnostics.count ? "," : "") + "\n"
        }
        return out + "]\n"
    }

    public static func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            var properties = ["file=\(escapeProperty(d.path))"]
            if let line = d.line { properties.append("line=\(line)") }
            if let column = d.column { properties.append("col=\(column)") }
            properties.append("title=\(escapeProperty(d.rule.rawValue))")
            var message = d.message
            if let code = d.languageCode { message += " (\(code))" }
            out += "::\(d.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return out
    }

    /// JSON string literal with the escapes RFC 8259 requires.
    public static func quote(_ text: String) -> String { JSONText.quote(text) }

    /// GitHub's workflow-command escapes for the message part.
    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// And for property values, which also end at `,` and `:`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}

extension PhraseBudget {
    /// The `stats` table: phrases per locale with a bar against the limit, then per shortcut
    /// for `detail` (a locale identifier).
    public static func renderTable(_ budgets: [PhraseBudget], detail: PhraseBudget?, width: Int = 30) -> String {
        var out = "Expanded phrases per locale (limit \(limit)):\n"
        let localeWidth = max(6, budgets.map(\.locale.count).max() ?? 6)
        out += pad("locale", localeWidth) + "  shortcuts  phrases  synonyms  expanded\n"
        for b in budgets {
            out += pad(b.locale, localeWidth) + "  " + lpad("\(b.shortcuts.count)", 9) + "  " + lpad("\(b.templates)", 7) + "  "
                + lpad("\(b.appNameForms - 1)", 8) + "  " + lpad("\(b.total)", 8) + "  " + bar(b.total, width: width) + "\n"
        }
        if let detail {
            out += "\nPer shortcut in \(detail.locale):\n"
            let idWidth = max(8, detail.shortcuts.map(\.id.count).max() ?? 8)
            out += pad("shortcut", idWidth) + "  phrases  expanded\n"
            for s in detail.shortcuts {
                var line = pad(s.id, idWidth) + "  " + lpad("\(s.templates)", 7) + "  " + lpad("\(s.expanded)", 8) + "  "
                    + bar(s.expanded, width: width)
                if !s.dynamicParameters.isEmpty {
                    line += "  (run-time values of \(s.dynamicParameters.joined(separator: ", ")) counted as 1)"
                }
                out += line.trimmingTrailingSpaces() + "\n"
            }
        }
        out += "\nCounted as Σ over phrases of (values of its parameter, or 1) × (1 + app-name synonyms).\n"
        out += synonymNote + "\n"
        return out
    }

    /// The budgets as JSON: `{"limit", "note", "locales": [{"locale", "appNameForms", "expanded",
    /// "shortcuts": [{"id", "phrases", "expanded", "dynamicParameters"}]}]}`.
    public static func renderJSON(_ budgets: [PhraseBudget]) -> String {
        let q = DiagnosticRenderer.quote
        let locales = budgets.map { b in
            let shortcuts = b.shortcuts.map { s in
                "{\"id\":\(q(s.id)),\"phrases\":\(s.templates),\"expanded\":\(s.expanded),\"dynamicParameters\":[\(s.dynamicParameters.map(q).joined(separator: ","))]}"
            }
            return "    {\"locale\":\(q(b.locale)),\"appNameForms\":\(b.appNameForms),\"phrases\":\(b.templates),\"expanded\":\(b.total),\"overLimit\":\(b.isOverLimit),\"shortcuts\":[\(shortcuts.joined(separator: ","))]}"
        }
        return "{\n  \"limit\":\(limit),\n  \"note\":\(q(synonymNote)),\n  \"locales\":[\n" + locales.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// `[#####.....]  37%` against the limit; past the limit the bar is full and marked `!`.
    static func bar(_ value: Int, width: Int) -> String {
        let filled = min(width, Int((Double(value) / Double(limit) * Double(width)).rounded(.up)))
        let percent = Int((Double(value) / Double(limit) * 100).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + lpad("\(percent)%", 4) + (value > limit ? " !" : "")
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    static func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
