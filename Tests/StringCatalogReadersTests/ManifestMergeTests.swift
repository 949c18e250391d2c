import Foundation
import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

/// CONTRACTS §1: a manifest's `stringCatalog` adds locales to the catalog.
@Suite("Manifest + stringCatalog merge")
struct ManifestMergeTests {
    static let manifest = """
        {
          "formatVersion": 1, "sourceLanguage": "en",
          "app": { "name": "Demo" },
          "parameters": [ { "name": "list", "kind": "enum", "values": [ { "id": "grocery", "title": "Grocery list" } ] } ],
          "shortcuts": [
            { "id": "Summarize", "phrases": ["Summarize ${list} with ${applicationName}", "Sum up my list in ${applicationName}"] },
            { "id": "Today", "phrases": ["What's due today in ${applicationName}"] }
          ],
          "negativePhrases": ["Send ${applicationName} summary to my grocer"],
          "stringCatalog": "AppShortcuts.xcstrings"
        }
        """

    static let xcstrings = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Summarize ${list} with ${applicationName}" : {
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : { "stringSet" : { "state" : "translated", "values" : [
                  "Fasse ${list} mit ${applicationName} zusammen", "Zusammenfassung von ${list} in ${applicationName}" ] } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Résume ${list} avec ${applicationName}" } }
              }
            },
            "What's due today in ${applicationName}" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Was ist heute in ${applicationName} fällig" } }
              }
            },
            "Send ${applicationName} summary to my grocer" : {
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Schicke die ${applicationName}-Zusammenfassung an meinen Händler" } } }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func catalogLocalesAreMergedIntoTheManifest() throws {
        let dir = try TestFiles.directory()
        let path = try TestFiles.write(Self.manifest, to: "manifest.json", in: dir)
        try TestFiles.write(Self.xcstrings, to: "AppShortcuts.xcstrings", in: dir)
        let catalog = try CatalogLoader.loadCatalog(path: path)
        #expect(catalog.localeIdentifiers == ["en", "de", "fr"])
        let de = try #require(catalog.locales["de"])
        #expect(de.shortcuts.map(\.id) == ["Summarize", "Today"])
        #expect(de.shortcuts[0].phrases.map(\.text) == [
            "Fasse ${list} mit ${applicationName} zusammen", "Zusammenfassung von ${list} in ${applicationName}",
        ])
        #expect(de.shortcuts[1].phrases.map(\.text) == ["Was ist heute in ${applicationName} fällig"])
        #expect(de.negativePhrases.map(\.text) == ["Schicke die ${applicationName}-Zusammenfassung an meinen Händler"])
        // The phrase remembers its line in the catalog file.
        let location = try #require(de.shortcuts[1].phrases[0].location)
        #expect(location.file.hasSuffix("AppShortcuts.xcstrings"))
        #expect(location.line == 14)
        // fr translates only one phrase of one shortcut: the untranslated shortcut is absent.
        let fr = try #require(catalog.locales["fr"])
        #expect(fr.shortcuts.map(\.id) == ["Summarize"])
        #expect(fr.shortcuts[0].phrases.map(\.text) == ["Résume ${list} avec ${applicationName}"])
        #expect(fr.negativePhrases.isEmpty)
        // Parameters and the app name are inherited from the source language.
        #expect(fr.parameters.map(\.name) == ["list"])
        #expect(fr.app.name == "Demo")
        // The source language keeps its phrases.
        #expect(catalog.source.shortcuts[0].phrases.count == 2)
    }

    @Test func inlineLocalizationsStayWhereTheCatalogIsSilent() throws {
        let dir = try TestFiles.directory()
        let manifest = Self.manifest.replacingOccurrences(
            of: "\"stringCatalog\"",
            with: """
                "localizations": { "de": { "shortcuts": { "Today": { "phrases": ["Heute in ${applicationName}"] } } } },
                  "stringCatalog"
                """)
        let path = try TestFiles.write(manifest, to: "m.json", in: dir)
        try TestFiles.write(
            Self.xcstrings.replacingOccurrences(of: "\"What's due today in ${applicationName}\"", with: "\"unused key\""),
            to: "AppShortcuts.xcstrings", in: dir)
        let de = try #require(try CatalogLoader.loadCatalog(path: path).locales["de"])
        #expect(de.shortcuts.first { $0.id == "Today" }?.phrases.map(\.text) == ["Heute in ${applicationName}"])
        #expect(de.shortcuts.first { $0.id == "Summarize" }?.phrases.count == 2)
    }

    @Test func stringsFolderAsStringCatalog() throws {
        let dir = try TestFiles.directory()
        let path = try TestFiles.write(
            Self.manifest.replacingOccurrences(of: "\"AppShortcuts.xcstrings\"", with: "\"Resources\""), to: "m.json", in: dir)
        try TestFiles.write(
            TestFiles.utf16("/* German */\n\"What's due today in ${applicationName}\" = \"Heute in ${applicationName}\";\n"),
            to: "Resources/de.lproj/AppShortcuts.strings", in: dir)
        let catalog = try CatalogLoader.loadCatalog(path: path)
        #expect(catalog.locales["de"]?.shortcuts.map(\.id) == ["Today"])
        #expect(catalog.locales["de"]?.shortcuts.first?.phrases.first?.location?.line == 2)
    }

    @Test func missingStringCatalogIsANoteNotAFailure() throws {
        let dir = try TestFiles.directory()
        let path = try TestFiles.write(Self.manifest, to: "m.json", in: dir)
        let loaded = try CatalogLoader.load(path: path)
        #expect(loaded.catalog.localeIdentifiers == ["en"])
        #expect(loaded.notes.map(\.kind) == [.missingFile])
    }

    @Test func malformedStringCatalogFailsWithItsLine() throws {
        let dir = try TestFiles.directory()
        let path = try TestFiles.write(Self.manifest, to: "m.json", in: dir)
        try TestFiles.write("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": [1]\n}", to: "AppShortcuts.xcstrings", in: dir)
        #expect(throws: CatalogError.self) { try CatalogLoader.loadCatalog(path: path) }
        do {
            _ = try CatalogLoader.loadCatalog(path: path)
        } catch {
            #expect(error.path.hasSuffix("AppShortcuts.xcstrings"))
            #expect(error.location?.line == 3)
        }
    }
}
