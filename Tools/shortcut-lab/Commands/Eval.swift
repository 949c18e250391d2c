import ArgumentParser
import FlexibleMatching
import Foundation
import PhraseEvaluation
import ShortcutCatalog

extension ShortcutLab {
    /// `shortcut-lab eval`: how well a catalog's phrases do on labelled queries, as shipped
    /// (with the catalog's own `matching` settings), so app teams can keep phrases under test
    /// in CI with `--min-accuracy`.
    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure a catalog on labelled queries (accuracy, false accepts, parameters).",
            discussion: """
                --queries is a labelled queries file (CONTRACTS.md §2), or a folder of \
                <locale>.jsonl files, one per locale, which prints one row per locale. \
                A file's locale is --locale, else its name when that names one of the \
                catalog's locales (de.jsonl), else the catalog's source language. \
                Accuracy counts an ambiguous answer as no match, as Siri would then ask. \
                Exits 1 when any locale's accuracy is below --min-accuracy, 2 when a file \
                cannot be used.
                """
        )

        @OptionGroup var catalogOptions: CatalogOptions

        @Option(help: ArgumentHelp("A labelled queries file (.jsonl), or a folder of <locale>.jsonl files.", valueName: "path"))
        var queries: String

        @Flag(help: "Print the report as JSON.")
        var json = false

        @Option(help: ArgumentHelp("Fail (exit 1) when accuracy is below this fraction, in [0, 1].", valueName: "fraction"))
        var minAccuracy: Double?

        @Option(help: ArgumentHelp("Minimum score for a match, in [0, 1].", valueName: "score"))
        var threshold: Double?

        @Option(help: ArgumentHelp("Minimum lead over the next shortcut, in [0, 1].", valueName: "score"))
        var margin: Double?

        @Option(help: ArgumentHelp("Whether phrases must name the app.", valueName: "policy"))
        var appName: AppNamePolicy?

        func validate() throws {
            if let minAccuracy, !(0...1).contains(minAccuracy) {
                throw ValidationError(
                    "--min-accuracy is a fraction between 0 and 1 (got \(minAccuracy)); for 85% write 0.85.")
            }
            if let threshold, !(0...1).contains(threshold) {
                throw ValidationError("--threshold must be between 0 and 1 (got \(threshold)).")
            }
            if let margin, !(0...1).contains(margin) {
                throw ValidationError("--margin must be between 0 and 1 (got \(margin)).")
            }
        }

        func run() throws {
            var below: [(locale: String, accuracy: Rate)] = []
            try reportingErrors {
                let catalog = try catalogOptions.loadCatalog()
                // Per locale: each locale pack brings its own threshold and margin.
                let options = { (matcher: Matcher) in
                    matchOptions(
                        for: catalog, matcher: matcher, threshold: threshold, margin: margin, appName: appName, top: 5)
                }
                let runs: [EvaluationRun]
                if let files = try Self.localeFiles(in: queries) {
                    if catalogOptions.locale != nil {
                        throw LabError.evaluation(
                            "\(queries): error: --locale applies to one queries file; a folder names its locales by file")
                    }
                    runs = try files.map { file throws(LabError) in
                        let locale = try Self.locale(forFile: file, in: catalog)
                        return try Self.evaluate(file: file, locale: locale, in: catalog, options: options)
                    }
                    .sorted { Self.order($0.report.locale, catalog) < Self.order($1.report.locale, catalog) }
                    StandardStreams.write(
                        json
                            ? EvaluationJSON.render(
                                locales: runs, folder: queries, catalogPath: catalog.path,
                                sourceLanguage: catalog.sourceLanguage)
                            : EvalReport.render(
                                locales: runs, folder: queries, catalogPath: catalog.path,
                                sourceLanguage: catalog.sourceLanguage))
                } else {
                    let locale: LocaleCatalog
                    if catalogOptions.locale == nil, let named = Self.localeNamed(byFile: queries, in: catalog) {
                        locale = named
                    } else {
                        locale = try catalogOptions.resolveLocale(in: catalog)
                    }
                    let run = try Self.evaluate(file: queries, locale: locale, in: catalog, options: options)
                    runs = [run]
                    StandardStreams.write(
                        json
                            ? EvaluationJSON.render(run, catalogPath: catalog.path)
                            : EvalReport.render(run, catalogPath: catalog.path))
                }
                StandardStreams.flushOutput()
                if let minAccuracy {
                    for run in runs {
                        let accuracy = run.report.accuracy
                        if (accuracy.value ?? 0) < minAccuracy { below.append((run.report.locale, accuracy)) }
                    }
                }
            }
            guard let minAccuracy, !below.isEmpty else { return }
            for (locale, accuracy) in below {
                // The interval says how much of the shortfall a file this size leaves to chance.
                StandardStreams.writeError(
                    "eval: accuracy \(EvalReport.percent(accuracy.value ?? 0)) (95% interval \(EvalReport.interval(accuracy)), "
                        + "\(accuracy.count)/\(accuracy.total) lines) in '\(locale)' is below --min-accuracy "
                        + "\(EvalReport.percent(minAccuracy))\n")
            }
            throw ExitCode(1)
        }

        // MARK: Steps

        /// Reads, validates and runs one file against one locale.
        static func evaluate(
            file: String, locale: LocaleCatalog, in catalog: Catalog, options: (Matcher) -> MatchOptions
        ) throws(LabError) -> EvaluationRun {
            let labelled: [LabelledQuery]
            do {
                labelled = try LabelledQueryReader.read(path: file)
                try LabelledQueryReader.validate(labelled, against: locale, path: file)
            } catch {
                throw .queries(error)
            }
            let matcher = try makeMatcher(for: locale, in: catalog)
            return EvaluationRun(queriesPath: file, report: Evaluator.evaluate(labelled, with: matcher, options: options(matcher)))
        }

        /// The `*.jsonl` files of a folder, by name; `nil` when `path` is not a folder.
        static func localeFiles(in path: String) throws(LabError) -> [String]? {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return nil
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw .readFailed(source: path, reason: error.localizedDescription)
            }
            let files = names.filter { $0.hasSuffix(".jsonl") }.sorted()
            guard !files.isEmpty else {
                throw .evaluation("\(path): error: no <locale>.jsonl queries files in this folder")
            }
            let base = path.hasSuffix("/") ? path : path + "/"
            return files.map { base + $0 }
        }

        /// A folder's file must be named after one of the catalog's locales.
        static func locale(forFile file: String, in catalog: Catalog) throws(LabError) -> LocaleCatalog {
            if let locale = localeNamed(byFile: file, in: catalog) { return locale }
            throw .unknownLocale(requested: stem(file), available: catalog.localeIdentifiers, path: file)
        }

        /// The catalog locale a file is named after (`de.jsonl`, `zh-Hans.jsonl`), compared
        /// exactly but case-insensitively: a file called `queries.jsonl` names no locale.
        static func localeNamed(byFile file: String, in catalog: Catalog) -> LocaleCatalog? {
            let name = stem(file).lowercased()
            return catalog.locales.first { $0.key.lowercased() == name }?.value
        }

        static func stem(_ file: String) -> String {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name
        }

        /// Source language first, then the others alphabetically.
        static func order(_ locale: String, _ catalog: Catalog) -> (Int, String) {
            (locale == catalog.sourceLanguage ? 0 : 1, locale)
        }
    }
}
