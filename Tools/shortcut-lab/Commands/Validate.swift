import ArgumentParser
import CatalogValidation
import ShortcutCatalog
import StringCatalogReaders
import VectorIndex

extension DiagnosticFormat: ExpressibleByArgument {}

extension Rule: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

extension ShortcutLab {
    /// `shortcut-lab validate`: Xcode's App Shortcuts checks, and more, on what an app ships.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an app's App Shortcuts the way Xcode does, and further.",
            discussion: """
                Reads a manifest (and its stringCatalog), an app folder (extracted.json or \
                extract.actionsdata, AppShortcuts.xcstrings or <locale>.lproj/AppShortcuts.strings, \
                Info.plist, InfoPlist.strings), an extracted.json or an extract.actionsdata. \
                Exit status: 0 no errors, 1 errors, 2 unreadable input.

                Rules: \(Rule.allCases.map(\.rawValue).joined(separator: ", ")).
                """
        )

        @Argument(help: ArgumentHelp("Catalogs to check: manifests, app folders, extracted.json or extract.actionsdata.", valueName: "catalog"))
        var catalogs: [String] = []

        @Option(name: .customLong("catalog"), help: ArgumentHelp("A catalog to check (same as the argument).", valueName: "path"))
        var catalogOption: [String] = []

        @Option(help: ArgumentHelp("Output format: text, json or github.", valueName: "format"))
        var format: DiagnosticFormat = .text

        @Flag(help: "Report warnings as errors.")
        var strict = false

        @Option(help: ArgumentHelp("Do not report this rule (repeatable).", valueName: "rule"))
        var disable: [Rule] = []

        @Flag(help: "Skip the matcher-based rules (confusable and redundant phrases).")
        var noMatcher = false

        @Flag(help: "List the rules with their severity and what they check, then exit.")
        var listRules = false

        var paths: [String] { catalogs + catalogOption }

        func validate() throws {
            if paths.isEmpty && !listRules { throw ValidationError("Give a catalog to check.") }
        }

        func run() throws {
            if listRules {
                let width = Rule.allCases.map(\.rawValue.count).max() ?? 0
                for rule in Rule.allCases {
                    let name = rule.rawValue + String(repeating: " ", count: width - rule.rawValue.count)
                    StandardStreams.write("\(name)  \(rule.severity == .error ? "error  " : "warning")  \(rule.summary)\n")
                }
                StandardStreams.flushOutput()
                return
            }
            _ = BLASThreads.set(1)
            var diagnostics: [Diagnostic] = []
            var unreadable = false
            let options = ValidationOptions(disabled: Set(disable), strict: strict, matcherRules: !noMatcher)
            for path in paths {
                do {
                    let loaded = try CatalogLoader.load(path: path)
                    diagnostics += Validator.validate(loaded, options: options).diagnostics
                } catch {
                    unreadable = true
                    diagnostics.append(Diagnostic(error))
                }
            }
            let style = TextStyle.forStandardOutput()
            var output = DiagnosticRenderer.render(diagnostics, format: format, colors: .init(enabled: style.isEnabled))
            let errors = diagnostics.filter { $0.severity == .error }.count
            if format == .text {
                output += DiagnosticRenderer.summary(errors: errors, warnings: diagnostics.count - errors) + "\n"
            }
            StandardStreams.write(output)
            StandardStreams.flushOutput()
            if unreadable { throw ExitCode(2) }
            if errors > 0 { throw ExitCode(1) }
        }
    }
}
