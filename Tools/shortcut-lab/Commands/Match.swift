import ArgumentParser
import FlexibleMatching
import ShortcutCatalog

extension ShortcutLab {
    /// `shortcut-lab match`: what each typed phrase would hit, for people or (with `--json`)
    /// as one `CONTRACTS.md` §3 line per input for other tools driving it through a pipe.
    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Match typed phrases against a catalog's shortcuts.",
            discussion: """
                Phrases come from the arguments, or one per line from standard input with --stdin \
                (also when no phrase is given and standard input is not a terminal). \
                Options override the catalog's `matching` settings, which override the defaults.
                """
        )

        /// Phrases longer than this are refused rather than matched: nobody says 4 KiB to Siri,
        /// and the cap keeps a stray binary file from stalling a pipeline.
        static let maxPhraseBytes = 4096

        @OptionGroup var catalogOptions: CatalogOptions

        @Flag(help: "Print one JSON object per phrase (CONTRACTS.md §3), flushed per line.")
        var json = false

        @Flag(help: "Read phrases from standard input, one per line.")
        var stdin = false

        @Option(help: ArgumentHelp("How many candidates to report (1-50).", valueName: "n"))
        var top = 5

        @Option(help: ArgumentHelp("Minimum score for a match, in [0, 1].", valueName: "score"))
        var threshold: Double?

        @Option(help: ArgumentHelp("Minimum lead over the next shortcut, in [0, 1].", valueName: "score"))
        var margin: Double?

        @Option(help: ArgumentHelp("Whether phrases must name the app.", valueName: "policy"))
        var appName: AppNamePolicy?

        @Argument(help: "Phrases to match.")
        var phrases: [String] = []

        func validate() throws {
            if let threshold, !(0...1).contains(threshold) {
                throw ValidationError("--threshold must be between 0 and 1 (got \(threshold)).")
            }
            if let margin, !(0...1).contains(margin) {
                throw ValidationError("--margin must be between 0 and 1 (got \(margin)).")
            }
            guard (1...50).contains(top) else {
                throw ValidationError("--top must be between 1 and 50 (got \(top)).")
            }
            if stdin, !phrases.isEmpty {
                throw ValidationError("Give phrases as arguments or with --stdin, not both.")
            }
            if !stdin, phrases.isEmpty, StandardStreams.inputIsTerminal {
                throw ValidationError("Give a phrase to match, or --stdin to read phrases from standard input.")
            }
        }

        func run() throws {
            try reportingErrors {
                let catalog = try catalogOptions.loadCatalog()
                let locale = try catalogOptions.resolveLocale(in: catalog)
                let matcher = try makeMatcher(for: locale, in: catalog)
                let options = matchOptions(
                    for: catalog, matcher: matcher, threshold: threshold, margin: margin, appName: appName, top: top)
                let report = MatchReport(locale: locale, style: .forStandardOutput(), top: top)

                // Each answer is written and flushed before the next phrase is read.
                let answer = { (phrase: String) in
                    let result = matcher.match(phrase, options: options)
                    if json {
                        StandardStreams.writeLine(result.jsonLine(top: top))
                    } else {
                        StandardStreams.write(report.render(result))
                        StandardStreams.flushOutput()
                    }
                }

                if phrases.isEmpty {
                    let reader = LineReader(maxLineBytes: Self.maxPhraseBytes)
                    try reader.forEachLine { _, phrase in answer(phrase) }
                } else {
                    for (index, phrase) in phrases.enumerated() {
                        guard phrase.utf8.count <= Self.maxPhraseBytes else {
                            throw LabError.phraseTooLong(
                                source: "<arguments>", line: index + 1, length: phrase.utf8.count,
                                limit: Self.maxPhraseBytes)
                        }
                        answer(phrase)
                    }
                }
            }
        }
    }
}
