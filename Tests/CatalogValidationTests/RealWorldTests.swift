import CatalogValidation
import Foundation
import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

/// The 23 apps of `shared/real-world-catalogs`: every one loads, and `validate` reports the
/// defects each really ships and nothing else (matcher-based rules are checked separately,
/// since their scores move with the matching engine).
@Suite("Real-world catalogs", .enabled(if: TestFiles.realWorldCatalogs != nil, "../shared/real-world-catalogs is not available"))
struct RealWorldTests {
    /// Rule counts per app, each judged against the files by hand (see the report in the
    /// session notes): drifted keys, a typo'd key, untranslated shortcuts, stale keys,
    /// needs_review translations, duplicate and glued phrases, titles naming the app.
    static let expected: [String: [Rule: Int]] = [
        // Drifted keys ("Activate … temporary target") leave ApplyTempPreset untranslated in 22
        // locales; ca also misspells "Overide" and lacks four shortcuts; sv repeats phrases and
        // gives Meal Preset and Temp Basal the same phrase.
        "Artificial-Pancreas__iAPS": [.missingTranslation: 27, .unusedKey: 3, .repeatedPhrase: 3, .duplicatePhrase: 1],
        "CTlandu__ToothBuddy": [:],
        "Ju-Long__Edendale": [.shortTitle: 1],  // "Search Edendale"
        "Preclowski__ArrBarr": [:],
        "RogyMD__remember": [.shortTitle: 1],  // "Import in HippoCam"
        "ajsutton__bruce": [:],
        "alonaKostenkoiOS__Breathe": [.staleEntry: 3],
        "andrey-lysikov__Mac-Olama": [.shortTitle: 1],  // "Ask Mac-Olama"
        "b-raillard__Cinemax": [:],
        "eigenhand__spind": [.needsReview: 3],
        "espenbye__Entrain": [.needsReview: 3],
        "flipper-hero__ios-app": [:],
        // de lacks "Open ${target} in ${applicationName}"; ja says one phrase twice.
        "home-assistant__iOS": [.missingTranslation: 1, .repeatedPhrase: 1],
        "jlezcanof__BreadUp": [.placeholderSpacing: 1],  // "Get a recipe in${applicationName}"
        // "Play a song" left the code; es translations of "Set a sleep timer" dropped "sleep".
        "johnarleyburns__parso-tonearm": [.needsReview: 36, .unusedKey: 1, .systemCommand: 2],
        "jotape12-Dev__pitstop-app": [:],
        "kirpiistaken__OneScoop": [:],
        "krelltunez__lifeGLANCE": [:],
        // it "Apri${applicationName}", tr "Yenileme${applicationName}"; ja/pt/ru/sv repeat a
        // phrase; de gives two shortcuts "Hören Sie mit ${applicationName}".
        "kubrick06010__ListenScrobbler": [.placeholderSpacing: 2, .repeatedPhrase: 4, .duplicatePhrase: 1],
        "mduu__SolarLens": [.longPhrase: 1],
        "mozilla-mobile__mozilla-vpn-client": [.shortTitle: 3],
        "openhab__openhab-ios": [:],
        "rrroyal__Harbour": [:],
    ]

    static var apps: [String] {
        guard let root = TestFiles.realWorldCatalogs,
            let names = try? FileManager.default.contentsOfDirectory(atPath: root)
        else { return [] }
        return names.filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".md") }.sorted()
    }

    static func load(_ app: String) throws -> LoadedCatalog {
        try CatalogLoader.load(path: (TestFiles.realWorldCatalogs ?? "") + "/" + app)
    }

    @Test func everyAppIsCovered() {
        #expect(Set(Self.apps) == Set(Self.expected.keys))
    }

    @Test(arguments: apps) func loadsAndReportsItsRealDefects(app: String) throws {
        let loaded = try Self.load(app)
        let index = try RealWorldIndex.entry(for: app)
        // The provider's shortcuts and phrases, as the index counts them.
        #expect(loaded.provider.source.shortcuts.count == index.shortcuts)
        #expect(loaded.provider.source.shortcuts.reduce(0) { $0 + $1.phrases.count } == index.phrases)
        // Every catalog locale was read.
        let locales = Set(loaded.catalog.localeIdentifiers).union(loaded.resolutions.keys)
        #expect(Set(index.catalogLocales).isSubset(of: locales), "\(index.catalogLocales) vs \(locales.sorted())")

        let report = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
        var counts: [Rule: Int] = [:]
        for d in report.diagnostics { counts[d.rule, default: 0] += 1 }
        #expect(counts == Self.expected[app], "\(report.diagnostics.map { "\($0.rule.rawValue): \($0.message)" })")
        // Every diagnostic names a file that exists.
        for d in report.diagnostics {
            #expect(FileManager.default.fileExists(atPath: d.path), "\(d.path)")
        }
    }

    @Test func sourceLanguagesAreFound() throws {
        #expect(try Self.load("jlezcanof__BreadUp").sourceLanguage == "es")
        #expect(try Self.load("eigenhand__spind").sourceLanguage == "de")
        #expect(try Self.load("jotape12-Dev__pitstop-app").sourceLanguage == "pt-BR")
        // Cinemax declares French phrases; its fr.lproj table is the identity.
        #expect(try Self.load("b-raillard__Cinemax").sourceLanguage == "fr")
        #expect(try Self.load("Artificial-Pancreas__iAPS").sourceLanguage == "en")
    }

    @Test func perShortcutAndPerPhraseLayoutsResolve() throws {
        // SolarLens: Xcode's layout, 3 en values but 4 de values for one key.
        let solar = try Self.load("mduu__SolarLens")
        let charging = try #require(solar.catalog.locales["de"]?.shortcut(id: "IsAnyCarChargingIntent"))
        #expect(charging.phrases.count == 4)
        // ToothBuddy: per-phrase keys, zh-Hans only.
        let tooth = try Self.load("CTlandu__ToothBuddy")
        #expect(tooth.catalog.locales["zh-Hans"]?.shortcuts.map { $0.phrases.count } == [2, 2, 2])
        // Entrain: mixed in one file.
        let entrain = try Self.load("espenbye__Entrain")
        #expect(entrain.catalog.locales["nb"]?.shortcut(id: "StartSessionIntent")?.phrases.count == 2)
    }

    /// The overlap home-assistant's own source comment describes: "Open ${entity}" (Open) and
    /// "Open ${target}" (Show Entity) leave Siri to pick between two shortcuts.
    @Test func matcherFindsHomeAssistantsOverlap() throws {
        let report = Validator.validate(try Self.load("home-assistant__iOS"))
        let confusable = report.diagnostics.filter { $0.rule == .confusablePhrases && $0.languageCode == "en" }
        #expect(confusable.count == 1)
        #expect(confusable.first?.message.contains("Open ${entity} in ${applicationName}") == true)
        #expect(confusable.first?.message.contains("Open ${target} in ${applicationName}") == true)
    }

    @Test func budgetsAreFarBelowTheLimit() throws {
        for app in Self.apps {
            let report = Validator.validate(try Self.load(app), options: ValidationOptions(matcherRules: false))
            for budget in report.budgets {
                #expect(budget.total < PhraseBudget.limit, "\(app) \(budget.locale)")
            }
        }
    }
}

/// `index.json` of the real-world catalogs.
struct RealWorldIndex: Decodable {
    var repo: String
    var shortcuts: Int
    var phrases: Int
    var catalogLocales: [String]

    static func entry(for app: String) throws -> RealWorldIndex {
        let path = (TestFiles.realWorldCatalogs ?? "") + "/index.json"
        let all = try JSONDecoder().decode([RealWorldIndex].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let repo = app.replacingOccurrences(of: "__", with: "/")
        guard let entry = all.first(where: { $0.repo == repo }) else { throw CocoaError(.fileNoSuchFile) }
        return entry
    }
}
