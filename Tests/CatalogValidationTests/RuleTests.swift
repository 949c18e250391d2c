import CatalogValidation
import FlexibleMatching
import Foundation
import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

/// One synthetic app per rule: the rule fires where it should, at the right place, and not
/// on the clean app.
@Suite("Validation rules")
struct RuleTests {
    /// Writes an app folder (`extracted.json` + optional catalog) and loads it.
    static func app(
        shortcuts: [(String, [String])], parameters: String = "[]", negative: [String] = [], titles: [String: String] = [:],
        xcstrings: String? = nil, files: [String: String] = [:]
    ) throws -> LoadedCatalog {
        let dir = try TestFiles.directory()
        let list = shortcuts.map { id, phrases in
            let title = titles[id].map { ", \"shortTitle\": \(json($0))" } ?? ""
            return "{\"intent\": \(json(id))\(title), \"phrases\": [\(phrases.map(json).joined(separator: ", "))]}"
        }
        let text = """
            {"appDisplayName": "Demo", "parameters": \(parameters),
             "shortcuts": [
             \(list.joined(separator: ",\n "))
             ],
             "negativePhrases": [\(negative.map(json).joined(separator: ", "))]}
            """
        try TestFiles.write(text, to: "extracted.json", in: dir)
        if let xcstrings { try TestFiles.write(xcstrings, to: "AppShortcuts.xcstrings", in: dir) }
        for (name, contents) in files { try TestFiles.write(contents, to: name, in: dir) }
        return try CatalogLoader.load(path: dir)
    }

    static func json(_ s: String) -> String { DiagnosticRenderer.quote(s) }

    static func rules(_ loaded: LoadedCatalog, matcher: Bool = false) -> [Rule] {
        Validator.validate(loaded, options: ValidationOptions(matcherRules: matcher)).diagnostics.map(\.rule)
    }

    static let enumParameter = """
        [{"name": "list", "kind": "AppEnum", "values": [{"case": "a", "title": "Groceries"}, {"case": "b", "title": "Work"}]},
         {"name": "day", "kind": "AppEnum", "values": [{"case": "t", "title": "Today"}]},
         {"name": "query", "kind": "String"}]
        """

    @Test func cleanAppHasNoFindings() throws {
        let loaded = try Self.app(shortcuts: [
            ("Summarize", ["Summarize ${list} in ${applicationName}", "Recap my day with ${applicationName}"]),
            ("Today", ["What's due today in ${applicationName}"]),
        ], parameters: Self.enumParameter)
        #expect(Self.rules(loaded, matcher: true) == [])
    }

    @Test func phraseErrors() throws {
        let loaded = try Self.app(shortcuts: [
            ("A", [
                "Summarize my list",  // no app name
                "${applicationName} and ${applicationName}",  // two
                "Move ${list} to ${day} in ${applicationName}",  // two parameters
                "Show ${nothing} in ${applicationName}",  // undeclared
                "Search ${query} in ${applicationName}",  // String parameter
            ]),
        ], parameters: Self.enumParameter)
        let report = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        let byRule = Dictionary(grouping: report.diagnostics, by: \.rule)
        #expect(byRule[.applicationName]?.count == 2)
        #expect(byRule[.applicationName]?.first?.message.hasPrefix(
            "Invalid Utterance. Every App Shortcut utterance should have one '${applicationName}' in it.") == true)
        #expect(byRule[.multipleParameters]?.count == 1)
        #expect(byRule[.unknownPlaceholder]?.first?.message.contains("${nothing}") == true)
        #expect(byRule[.parameterType]?.first?.message == "Invalid parameter type. AppEntity and AppEnum are the only allowed types for query")
        // Located at the phrase inside extracted.json.
        #expect(byRule[.parameterType]?.first?.line == 5)
        #expect(report.exitCode == 1)
    }

    @Test func tooManyShortcutsAndEmptyShortcut() throws {
        var shortcuts = (1...11).map { ("S\($0)", ["Do thing number \($0) in ${applicationName}"]) }
        shortcuts[3].1 = []
        let report = Validator.validate(try Self.app(shortcuts: shortcuts), options: ValidationOptions(matcherRules: false))
        #expect(report.diagnostics.map(\.rule).sorted() == [.noPhrases, .tooManyShortcuts])
        #expect(report.diagnostics.first { $0.rule == .noPhrases }?.message.hasPrefix("App Shortcuts should have at least one phrase") == true)
        #expect(report.diagnostics.first { $0.rule == .tooManyShortcuts }?.message.contains("S11") == true)
    }

    @Test func duplicatesAndNegativeConflicts() throws {
        let loaded = try Self.app(shortcuts: [
            ("A", ["Open the door in ${applicationName}", "open  the door in ${applicationName}"]),
            ("B", ["Open the door in ${applicationName}."]),
        ], negative: ["Open the door in ${applicationName}"])
        #expect(Self.rules(loaded).sorted() == [.duplicatePhrase, .negativeConflict, .repeatedPhrase])
    }

    @Test func budgetAndParameterShare() throws {
        let values = (0..<300).map { "{\"case\": \"v\($0)\", \"title\": \"Value \($0)\"}" }.joined(separator: ",")
        let parameters = "[{\"name\": \"item\", \"kind\": \"AppEnum\", \"values\": [\(values)]}]"
        let plist = """
            <plist><dict><key>INAlternativeAppNames</key><array>
            <dict><key>INAlternativeAppName</key><string>Demo One</string></dict>
            <dict><key>INAlternativeAppName</key><string>Demo Two</string></dict>
            <dict><key>INAlternativeAppName</key><string>Demo Three</string></dict>
            <dict><key>INAlternativeAppName</key><string>Demo Four</string></dict>
            </array></dict></plist>
            """
        let loaded = try Self.app(
            shortcuts: [("A", ["Open ${item} in ${applicationName}", "Show the ${item} in ${applicationName}"])],
            parameters: parameters, files: ["App/Info.plist": plist])
        let report = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        // 2 phrases × 300 values × (1 + 4 synonyms) = 3000.
        #expect(report.budgets.first?.total == 3000)
        #expect(report.diagnostics.map(\.rule).sorted() == [.tooManyAppNameSynonyms, .parameterBudget, .phraseBudget].sorted())
        let synonyms = report.diagnostics.first { $0.rule == .tooManyAppNameSynonyms }
        #expect(synonyms?.path.hasSuffix("Info.plist") == true && synonyms?.line == 5)
        #expect(report.diagnostics.first { $0.rule == .phraseBudget }?.message.contains("conservative") == true)
    }

    @Test func catalogRules() throws {
        let catalog = """
            {
              "sourceLanguage": "en",
              "strings": {
                "Open ${list} in ${applicationName}": {
                  "extractionState": "extracted_with_value",
                  "localizations": {
                    "de": {"stringUnit": {"state": "needs_review", "value": "Öffne die Liste in ${applicationName}"}},
                    "fr": {"stringUnit": {"state": "translated", "value": "Ouvre ${list} dans ${applicationName}"}}
                  }
                },
                "Opne ${list} in ${applicationName}": {"extractionState": "manual", "localizations": {}},
                "Old phrase in ${applicationName}": {"extractionState": "stale"}
              },
              "version": "1.0"
            }
            """
        let loaded = try Self.app(
            shortcuts: [("A", ["Open ${list} in ${applicationName}"]), ("B", ["Close it in ${applicationName}"])],
            parameters: Self.enumParameter, xcstrings: catalog)
        let report = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        let found = Dictionary(grouping: report.diagnostics, by: \.rule)
        #expect(found[.translationPlaceholders]?.map(\.languageCode) == ["de"])
        #expect(found[.translationPlaceholders]?.first?.line == 7)
        #expect(found[.needsReview]?.map(\.languageCode) == ["de"])
        #expect(found[.staleEntry]?.count == 1)
        let unused = try #require(found[.unusedKey]?.first)
        #expect(unused.message == "This phrase is not used in any App Shortcut or as a Negative Phrase. Did you mean \"Open ${list} in ${applicationName}\"?")
        #expect(unused.key == "Opne ${list} in ${applicationName}" && unused.line == 11)
        // B is translated nowhere: missing in both de and fr.
        #expect(found[.missingTranslation]?.compactMap(\.languageCode).sorted() == ["de", "fr"])
        #expect(found.keys.count == 5)
    }

    @Test func styleWarnings() throws {
        let loaded = try Self.app(
            shortcuts: [
                ("A", ["Hey Siri open my notes in ${applicationName}"]),
                ("B", ["Set a timer in ${applicationName}", "Set a sleep timer in ${applicationName}"]),
                ("C", ["Please would you be so kind as to open the very long list of my things in ${applicationName}"]),
                ("D", ["Open notes in${applicationName}"]),
            ],
            titles: ["A": "Open Notes.", "B": "Demo Timer", "C": "Long One", "D": "intent.d.title"])
        let rules = Self.rules(loaded)
        #expect(rules.filter { $0 == .heySiri }.count == 1)
        #expect(rules.filter { $0 == .systemCommand }.count == 1)  // "sleep timer" is not the system's
        #expect(rules.filter { $0 == .longPhrase }.count == 1)
        #expect(rules.filter { $0 == .placeholderSpacing }.count == 1)
        #expect(rules.filter { $0 == .shortTitle }.count == 2)  // "Open Notes." and "Demo Timer"
        #expect(rules.count == 6)
    }

    @Test func matcherRules() throws {
        // Two entity parameters whose values are only known at run time: "Open X" is the same
        // sentence for both shortcuts. The enum parameters' values tell theirs apart.
        let parameters = """
            [{"name": "door", "kind": "AppEntity", "values": "dynamic"}, {"name": "file", "kind": "AppEntity", "values": "dynamic"},
             {"name": "sound", "kind": "AppEnum", "values": [{"case": "r", "title": "Rain"}]},
             {"name": "session", "kind": "AppEnum", "values": [{"case": "b", "title": "Body scan"}]}]
            """
        let loaded = try Self.app(
            shortcuts: [
                ("OpenDoor", ["Open ${door} in ${applicationName}", "Play ${sound} in ${applicationName}"]),
                ("OpenFile", ["Open ${file} in ${applicationName}", "Play a ${session} in ${applicationName}"]),
                ("Import", ["Import the image to ${applicationName}", "Import the images to ${applicationName}"]),
                ("Weather", ["What's the weather like in ${applicationName}", "Show the forecast in ${applicationName}"]),
                ("Budget", ["How much did I spend this month in ${applicationName}", "Log an expense in ${applicationName}"]),
            ], parameters: parameters)
        // Lexical features only, so the result does not depend on which language data is installed.
        let report = Validator.validate(loaded, options: ValidationOptions(resources: { _ in MatcherResources() }))
        let redundant = report.diagnostics.filter { $0.rule == .redundantPhrase }
        let confusable = report.diagnostics.filter { $0.rule == .confusablePhrases }
        #expect(redundant.count == 1)
        #expect(redundant.first?.message.hasPrefix("Flexible matching already matches this: \"Import the images to ${applicationName}\"") == true)
        #expect(confusable.count == 1)
        #expect(confusable.first?.message.contains("Open ${file} in ${applicationName}") == true)
        #expect(confusable.first?.message.contains("Open ${door} in ${applicationName}") == true)
        // Turning the rules off turns them off.
        let off = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        #expect(!off.diagnostics.contains { $0.rule == .redundantPhrase || $0.rule == .confusablePhrases })
    }

    @Test func disableAndStrict() throws {
        let loaded = try Self.app(shortcuts: [("A", ["Hey Siri open ${applicationName}", "Open it"])])
        let plain = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        #expect(plain.errorCount == 1 && plain.warningCount == 1)
        let disabled = Validator.validate(loaded, options: ValidationOptions(disabled: [.applicationName], matcherRules: false))
        #expect(disabled.diagnostics.map(\.rule) == [.heySiri] && disabled.exitCode == 0)
        let strict = Validator.validate(loaded, options: ValidationOptions(disabled: [.applicationName], strict: true, matcherRules: false))
        #expect(strict.errorCount == 1 && strict.exitCode == 1)
    }
}

@Suite("Phrase budget and output formats")
struct BudgetAndFormatTests {
    @Test func budgetCountsValuesTimesAppNameForms() {
        let locale = LocaleCatalog(
            locale: "en", app: AppName(name: "Demo", synonyms: ["D", "Dee"]),
            parameters: [
                Parameter(name: "list", kind: .enum, values: (0..<4).map { ParameterValue(id: "\($0)", title: "L\($0)") }),
                Parameter(name: "thing", kind: .entity, values: []),
            ],
            shortcuts: [
                Shortcut(id: "A", phrases: [PhraseTemplate("Open ${list} in ${applicationName}"), PhraseTemplate("Open in ${applicationName}")]),
                Shortcut(id: "B", phrases: [PhraseTemplate("Find ${thing} in ${applicationName}")]),
            ],
            negativePhrases: [PhraseTemplate("Not this")])
        let budget = PhraseBudget(locale: locale, dynamic: ["thing"])
        #expect(budget.appNameForms == 3)
        #expect(budget.shortcuts.map(\.expanded) == [(4 + 1) * 3, 1 * 3])
        #expect(budget.total == 18)
        #expect(budget.byParameter == ["list": 12, "thing": 3])
        #expect(budget.shortcuts[1].dynamicParameters == ["thing"])
    }

    static let sample = [
        Diagnostic(rule: .applicationName, message: "Invalid \"x\"\nnext", path: "/a/b.xcstrings", line: 3, column: 5, languageCode: "de", key: "k"),
        Diagnostic(rule: .unusedKey, message: "100% done, a:b", path: "/a/c,d.strings"),
    ]

    @Test func textFormat() {
        #expect(DiagnosticRenderer.text(Self.sample) == """
            /a/b.xcstrings:3:5: error: Invalid "x"
            next (de) [application-name]
            /a/c,d.strings: warning: 100% done, a:b [unused-key]

            """)
        let colored = DiagnosticRenderer.text(Self.sample, colors: .init(enabled: true))
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    @Test func jsonFormatIsAppleShapedAndParses() throws {
        let text = DiagnosticRenderer.json(Self.sample)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["status"] as? String == "error")
        #expect(array[0]["message"] as? String == "Invalid \"x\"\nnext")
        #expect(array[0]["line"] as? Int == 3)
        #expect(array[0]["languageCode"] as? String == "de")
        #expect(array[0]["key"] as? String == "k")
        #expect(array[0]["rule"] as? String == "application-name")
        #expect(array[1]["line"] is NSNull)
        #expect(DiagnosticRenderer.json([]) == "[\n]\n")
    }

    @Test func githubFormatEscapes() {
        #expect(DiagnosticRenderer.github(Self.sample) == """
            ::error file=/a/b.xcstrings,line=3,col=5,title=application-name::Invalid "x"%0Anext (de)
            ::warning file=/a/c%2Cd.strings,title=unused-key::100%25 done, a:b

            """)
    }
}
