import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

/// A folder argument finds everything an app ships, wherever the project keeps it.
@Suite("App folder discovery")
struct AppFolderTests {
    static let actionsData = """
        {"actions": {"OpenIntent": {"parameters": [{"name": "place", "valueType": {"linkEnumeration": {"identifier": "Place"}}}]}},
         "autoShortcuts": [{"actionIdentifier": "OpenIntent",
           "phraseTemplates": [{"key": "Open ${place} in ${applicationName}"}, {"key": "Open ${applicationName}"}],
           "shortTitle": {"key": "Open"}, "systemImageName": "door.left.hand.open"}],
         "enums": [{"identifier": "Place", "cases": [{"identifier": "home", "displayRepresentation": {"title": {"key": "Home"}}}]}],
         "entities": {}, "negativePhrases": []}
        """

    @Test func buildProductsAndSourcesTogether() throws {
        let dir = try TestFiles.directory()
        try TestFiles.write(Self.actionsData, to: "Build/Demo.app/Metadata.appintents/extract.actionsdata", in: dir)
        try TestFiles.write(
            "<plist><dict><key>CFBundleDisplayName</key><string>Demo</string><key>INAlternativeAppNames</key><array>"
                + "<dict><key>INAlternativeAppName</key><string>Demo App</string></dict></array></dict></plist>",
            to: "Demo/Info.plist", in: dir)
        try TestFiles.write("\"Open ${applicationName}\" = \"Öffne ${applicationName}\";\n", to: "Demo/de.lproj/AppShortcuts.strings", in: dir)
        try TestFiles.write("\"Demo App\" = \"Demo Anwendung\";\n", to: "Demo/de.lproj/InfoPlist.strings", in: dir)
        // Dependencies' files are not the app's.
        try TestFiles.write("{\"sourceLanguage\": \"en\", \"strings\": {}}", to: ".build/checkouts/x/AppShortcuts.xcstrings", in: dir)

        let loaded = try CatalogLoader.load(path: dir)
        #expect(loaded.provider.origin == .actionsData)
        #expect(loaded.phraseTable?.kind == .stringsTables)
        #expect(loaded.catalog.source.app == AppName(name: "Demo", synonyms: ["Demo App"]))
        let de = try #require(loaded.catalog.locales["de"])
        #expect(de.app.synonyms == ["Demo Anwendung"])
        #expect(de.shortcuts.map { $0.phrases.map(\.text) } == [["Öffne ${applicationName}"]])
        #expect(loaded.catalog.source.parameters.first?.values.map(\.title) == ["Home"])
        #expect(loaded.resolutions["de"]?.missing.map(\.phrase.text) == ["Open ${place} in ${applicationName}"])
    }

    @Test func catalogWithoutProviderInfersShortcutsFromKeys() throws {
        let dir = try TestFiles.directory()
        let path = try TestFiles.write(
            """
            {"sourceLanguage": "en", "strings": {
              "Start ${applicationName}": {"localizations": {"en": {"stringSet": {"state": "new", "values": ["Start ${applicationName}", "Begin a ${mode} in ${applicationName}"]}}}}
            }}
            """, to: "AppShortcuts.xcstrings", in: dir)
        let loaded = try CatalogLoader.load(path: path)
        #expect(loaded.catalog.source.shortcuts.map(\.id) == ["Start ${applicationName}"])
        #expect(loaded.catalog.source.shortcuts[0].phrases.count == 2)
        #expect(loaded.provider.declaredParameters.map(\.name) == ["mode"])
        #expect(loaded.notes.map(\.kind) == [.missingFile])
    }

    @Test func emptyFolderIsNotAnApp() throws {
        let dir = try TestFiles.directory()
        #expect(throws: CatalogError.self) { try CatalogLoader.load(path: dir) }
        #expect(throws: CatalogError.self) { try CatalogLoader.load(path: dir + "/missing.json") }
    }
}

@Suite("Base localization")
struct BaseLocalizationTests {
    @Test func baseTableIsTheSourceLanguage() throws {
        let dir = try TestFiles.directory()
        try TestFiles.write(
            "{\"appDisplayName\": \"Demo\", \"shortcuts\": [{\"intent\": \"Open\", \"phrases\": [\"Open ${applicationName}\"]}]}",
            to: "extracted.json", in: dir)
        try TestFiles.write("\"Open ${applicationName}\" = \"Open up ${applicationName}\";\n", to: "Base.lproj/AppShortcuts.strings", in: dir)
        try TestFiles.write("\"Open ${applicationName}\" = \"Öffne ${applicationName}\";\n", to: "de.lproj/AppShortcuts.strings", in: dir)
        let loaded = try CatalogLoader.load(path: dir)
        #expect(loaded.catalog.localeIdentifiers == ["en", "de"])
        #expect(loaded.catalog.source.shortcuts[0].phrases.map(\.text) == ["Open ${applicationName}", "Open up ${applicationName}"])
    }
}
