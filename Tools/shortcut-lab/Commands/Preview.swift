import ArgumentParser
import FlexibleMatching
import ShortcutCatalog

extension ShortcutLab {
    /// `shortcut-lab preview`: type phrases and see at once what they hit and why, with
    /// commands to switch locale and try other settings without restarting.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Try phrases interactively: what each one hits, and why.",
            discussion: """
                At a terminal: a line editor with history (↑/↓), and commands such as :locale, :explain, \
                :threshold and :help. With standard input or output not a terminal, each line of input \
                gets one plain line of output (commands work there too), for scripts and tests.
                """
        )

        @OptionGroup var catalog: CatalogArgument

        @Option(help: ArgumentHelp("Minimum score for a match, in [0, 1] (default: the catalog's).", valueName: "score"))
        var threshold: Double?

        @Option(help: ArgumentHelp("Minimum lead over the next shortcut, in [0, 1].", valueName: "score"))
        var margin: Double?

        @Option(help: ArgumentHelp("Whether phrases must name the app.", valueName: "policy"))
        var appName: AppNamePolicy?

        func validate() throws {
            if let threshold, !(0...1).contains(threshold) {
                throw ValidationError("--threshold must be between 0 and 1 (got \(threshold)).")
            }
            if let margin, !(0...1).contains(margin) {
                throw ValidationError("--margin must be between 0 and 1 (got \(margin)).")
            }
        }

        func run() throws {
            try reportingCommandErrors {
                var editor = LineEditor()
                let interactive = editor.isInteractive
                var session = try PreviewSession(
                    source: catalog, interactive: interactive,
                    overrides: PreviewSession.Overrides(threshold: threshold, margin: margin, appName: appName))
                if interactive {
                    StandardStreams.write(session.banner())
                    StandardStreams.flushOutput()
                    while let line = editor.readLine(prompt: session.prompt, promptWidth: session.promptWidth) {
                        if line.allSatisfy(\.isWhitespace) { continue }
                        session.width = LineEditor.terminalColumns()
                        let step = session.handle(line)
                        StandardStreams.write(step.output)
                        StandardStreams.flushOutput()
                        if step.quit { break }
                    }
                } else {
                    let reader = LineReader(maxLineBytes: ShortcutLab.Match.maxPhraseBytes)
                    do {
                        try reader.forEachLine { _, line in
                            let step = session.handle(line)
                            StandardStreams.write(step.output)
                            StandardStreams.flushOutput()
                            if step.quit { throw StopReading() }
                        }
                    } catch is StopReading {}
                }
            }
        }
    }
}

/// Thrown to leave `LineReader.forEachLine` early on `:quit`.
private struct StopReading: Error {}

/// The state of a preview session and its commands. Independent of the terminal: it maps
/// each input line to the text to show, so the same logic serves the line editor and pipes.
struct PreviewSession {
    /// Settings given on the command line or by `:threshold`/`:margin`/`:app-name`; they
    /// override the catalog's `matching` block and survive `:reload`.
    struct Overrides {
        var threshold: Double?
        var margin: Double?
        var appName: AppNamePolicy?
    }

    struct Step {
        var output: String
        var quit = false
    }

    let source: CatalogArgument
    let interactive: Bool
    var overrides: Overrides
    var catalog: Catalog
    var locale: LocaleCatalog
    var matcher: Matcher
    var style: TextStyle
    var width = 80
    var lastPhrase: String?

    init(source: CatalogArgument, interactive: Bool, overrides: Overrides) throws {
        self.source = source
        self.interactive = interactive
        self.overrides = overrides
        let options = try source.options()
        catalog = try options.loadCatalog()
        locale = try options.resolveLocale(in: catalog)
        matcher = try makeMatcher(for: locale, in: catalog)
        style = interactive ? .forStandardOutput() : .plain
        if interactive { width = LineEditor.terminalColumns() }
    }

    var options: MatchOptions {
        matchOptions(for: catalog, matcher: matcher, threshold: overrides.threshold, margin: overrides.margin, appName: overrides.appName, top: 5)
    }

    var prompt: String { style.bold(style.cyan(locale.locale + "›")) + " " }
    var promptWidth: Int { displayWidth(locale.locale.unicodeScalars) + 2 }

    var report: PreviewReport { PreviewReport(locale: locale, style: style, width: width) }

    static func phraseCount(_ locale: LocaleCatalog) -> Int {
        locale.shortcuts.reduce(0) { $0 + $1.phrases.count }
    }

    func banner() -> String {
        let o = options
        let lines = [
            style.bold("ShortcutLab preview") + " · " + style.bold(locale.app.name) + " · " + locale.locale + " · "
                + "\(locale.shortcuts.count) shortcuts, \(Self.phraseCount(locale)) phrases",
            style.dim(
                "threshold \(fixed(o.threshold)), margin \(fixed(o.margin)), app name \(o.appName.rawValue)"
                    + (o.appliedUnnamedPenalty.map { " (+\(fixed($0)) when not named)" } ?? "")),
            style.dim("Type a phrase; :help lists the commands; :quit or Ctrl-D leaves."),
        ]
        return lines.map { report.clip($0, to: width - 1) }.joined(separator: "\n") + "\n"
    }

    /// Handles one line: a `:command` or a phrase.
    mutating func handle(_ line: String) -> Step {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(":") else { return Step(output: matchPhrase(line)) }
        let words = trimmed.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = words.first?.lowercased() ?? ""
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case "quit", "q", "exit":
            return Step(output: "", quit: true)
        case "help", "h", "?":
            return Step(output: help())
        case "locale":
            return Step(output: switchLocale(argument))
        case "locales":
            return Step(output: listLocales())
        case "shortcuts":
            return Step(output: listShortcuts())
        case "explain":
            return Step(output: explain(argument.isEmpty ? lastPhrase : argument))
        case "threshold", "margin":
            guard let value = Double(argument), (0...1).contains(value) else {
                return Step(output: message("usage: :\(name) <score between 0 and 1>, e.g. :\(name) \(name == "threshold" ? "0.6" : "0.05")"))
            }
            if name == "threshold" { overrides.threshold = value } else { overrides.margin = value }
            return Step(output: message("\(name) \(fixed(value))"))
        case "app-name", "appname":
            guard let policy = AppNamePolicy(rawValue: argument.lowercased()) else {
                return Step(output: message("usage: :app-name required|optional"))
            }
            overrides.appName = policy
            return Step(output: message("app name \(policy.rawValue)"))
        case "reload":
            return Step(output: reload())
        default:
            return Step(output: message("unknown command ':\(name)'; type :help for the list"))
        }
    }

    private mutating func matchPhrase(_ phrase: String) -> String {
        lastPhrase = phrase
        let result = matcher.match(phrase, options: options)
        return interactive ? report.block(result) : report.line(result) + "\n"
    }

    private func message(_ text: String) -> String {
        (interactive ? "  " : "") + text + "\n"
    }

    private func summary(_ locale: LocaleCatalog) -> String {
        "\(locale.app.name), \(locale.shortcuts.count) shortcuts, \(Self.phraseCount(locale)) phrases"
    }

    private func help() -> String {
        let lines = [
            "Type a phrase to see what it hits. Commands:",
            "  :locale L              switch locale (e.g. :locale de)",
            "  :locales               list the catalog's locales",
            "  :shortcuts             list shortcuts with their phrase counts",
            "  :explain [phrase]      tokens, synonyms and the nearest phrase of each shortcut",
            "  :threshold 0.6         set the minimum score for a match",
            "  :margin 0.05           set the minimum lead over the next shortcut",
            "  :app-name required|optional   whether phrases must name the app",
            "  :reload                read the catalog again",
            "  :help, :quit",
        ]
        return lines.map { (interactive ? "  " : "") + $0 }.joined(separator: "\n") + "\n"
    }

    private mutating func switchLocale(_ requested: String) -> String {
        guard !requested.isEmpty else {
            return message("usage: :locale <locale>; available: \(catalog.localeIdentifiers.joined(separator: ", "))")
        }
        guard let identifier = catalog.resolveLocale(requested), let next = catalog.locales[identifier] else {
            return message("no locale matches '\(requested)'; available: \(catalog.localeIdentifiers.joined(separator: ", "))")
        }
        do {
            matcher = try makeMatcher(for: next, in: catalog)
        } catch {
            return message(error.description)
        }
        locale = next
        return message("locale \(next.locale): \(summary(next))")
    }

    private func listLocales() -> String {
        catalog.localeIdentifiers.compactMap { identifier in
            guard let entry = catalog.locales[identifier] else { return nil }
            let mark = identifier == locale.locale ? "*" : " "
            return (interactive ? "  " : "") + "\(mark) \(identifier)  \(summary(entry))"
        }.joined(separator: "\n") + "\n"
    }

    private func listShortcuts() -> String {
        let idWidth = locale.shortcuts.map(\.id.count).max() ?? 0
        let titleWidth = locale.shortcuts.map { ($0.shortTitle ?? "").count }.max() ?? 0
        let symbolWidth = locale.shortcuts.map { ($0.systemImageName ?? "").count }.max() ?? 0
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return locale.shortcuts.map { shortcut in
            let count = shortcut.phrases.count
            return (interactive ? "  " : "") + padded(shortcut.id, idWidth) + "  " + padded(shortcut.shortTitle ?? "", titleWidth)
                + "  " + padded(shortcut.systemImageName ?? "", symbolWidth) + "  \(count) phrase\(count == 1 ? "" : "s")"
        }.joined(separator: "\n") + "\n"
    }

    /// What the matcher saw: the tokens (with their lemmas), the synonyms the lexicon adds
    /// for them, and how close each shortcut's nearest phrase came.
    private func explain(_ phrase: String?) -> String {
        guard let phrase else { return message("usage: :explain <phrase> (or type a phrase first)") }
        let indent = interactive ? "  " : ""
        var lines = ["\(indent)explain \(quoted(phrase)) (\(locale.locale))"]
        let tokens = matcher.tokenizer.tokens(phrase)
        let tokenText = tokens.map { $0.lemma == $0.text ? $0.text : "\($0.text)→\($0.lemma)" }
        lines.append("\(indent)  tokens     " + (tokenText.isEmpty ? "none" : tokenText.joined(separator: " · ")))
        var synonyms: [String] = []
        if let lexicon = matcher.featurizer.lexicon {
            var seen = Set<String>()
            for token in tokens where seen.insert(token.lemma).inserted {
                // The lexicon keeps synonyms in hash order: sort them so the listing is stable.
                let found = lexicon.synonyms(of: token.lemma)
                    .sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.lemma < $1.lemma }
                    .prefix(5).map(\.lemma)
                if !found.isEmpty { synonyms.append("\(token.lemma) → \(found.joined(separator: ", "))") }
            }
        }
        lines.append("\(indent)  synonyms   " + (synonyms.isEmpty ? "none" : synonyms.joined(separator: "; ")))
        var all = options
        all.top = 100_000
        let result = matcher.match(phrase, options: all)
        lines.append("\(indent)  app name   " + (result.appNameMentioned ? "mentioned" : "not mentioned"))
        lines.append("\(indent)  nearest phrase of each shortcut:")
        var seen = Set<String>()
        let idWidth = locale.shortcuts.map(\.id.count).max() ?? 0
        for candidate in result.candidates where seen.insert(candidate.shortcut).inserted {
            let id = candidate.shortcut + String(repeating: " ", count: max(0, idWidth - candidate.shortcut.count))
            var line = "\(indent)    \(fixed(candidate.score))  \(id)  \(quoted(candidate.expandedPhrase))"
            if let binding = candidate.parameter { line += "  \(binding.name) = \(binding.value)" }
            lines.append(line)
        }
        for shortcut in locale.shortcuts where !seen.contains(shortcut.id) {
            lines.append("\(indent)       –  \(shortcut.id)  (no phrase in this locale)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func reload() -> String {
        do {
            let options = try source.options(locale: locale.locale)
            let fresh = try options.loadCatalog()
            let identifier = fresh.resolveLocale(locale.locale) ?? fresh.sourceLanguage
            guard let next = fresh.locales[identifier] else { return message("the reloaded catalog has no locales") }
            matcher = try makeMatcher(for: next, in: fresh)
            catalog = fresh
            locale = next
            return message("reloaded \(fresh.path): locale \(next.locale), \(summary(next))")
        } catch let error as LabError {
            return message(error.description + " (keeping the previous catalog)")
        } catch {
            return message(String(describing: error) + " (keeping the previous catalog)")
        }
    }
}
