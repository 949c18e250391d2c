import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

@Suite("AppShortcuts.xcstrings reader and phrase resolution")
struct StringCatalogTests {
    /// Entrain's real mix: a per-shortcut key (en stringSet) whose nb side is a stringUnit,
    /// plus a manual per-phrase key for the second phrase.
    static let mixed = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Start ${mode} in ${applicationName}" : {
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "en" : { "stringSet" : { "state" : "new", "values" : [
                  "Start ${mode} in ${applicationName}", "Start a ${mode} session in ${applicationName}" ] } },
                "nb" : { "stringUnit" : { "state" : "needs_review", "value" : "Start ${mode} i ${applicationName}" } }
              }
            },
            "Start a ${mode} session in ${applicationName}" : {
              "extractionState" : "manual",
              "localizations" : {
                "nb" : { "stringUnit" : { "state" : "translated", "value" : "Start en ${mode}-økt i ${applicationName}" } }
              }
            },
            "Gone in ${applicationName}" : { "extractionState" : "stale", "comment" : "old" }
          },
          "version" : "1.0"
        }
        """

    static let provider = LocaleCatalog(
        locale: "en", app: AppName(name: "Entrain"),
        parameters: [Parameter(name: "mode", kind: .enum, values: [ParameterValue(id: "focus", title: "Focus")])],
        shortcuts: [
            Shortcut(id: "Start", phrases: [
                PhraseTemplate("Start ${mode} in ${applicationName}"), PhraseTemplate("Start a ${mode} session in ${applicationName}"),
            ]),
            Shortcut(id: "Stop", phrases: [PhraseTemplate("Stop ${applicationName}")]),
        ],
        negativePhrases: [])

    @Test func readsBothLayoutsAndStates() throws {
        let file = try StringCatalogReader.parse(Array(Self.mixed.utf8), file: "AppShortcuts.xcstrings")
        #expect(file.sourceLanguage == "en" && file.version == "1.0")
        #expect(file.entries.map(\.extractionState) == [.extractedWithValue, .manual, .stale])
        let first = file.entries[0]
        #expect(first.key.location.line == 4)
        #expect(first.localization("en")?.form == .stringSet)
        #expect(first.localization("en")?.values.count == 2)
        #expect(first.localization("en")?.state == .new)
        #expect(first.localization("nb")?.form == .stringUnit)
        #expect(first.localization("nb")?.state == .needsReview)
        #expect(first.localization("nb")?.values.first?.location.line == 9)
        #expect(file.entries[2].comment == "old" && file.entries[2].localizations.isEmpty)
        #expect(file.locales == ["en", "nb"])
    }

    @Test func perPhraseKeysMapBackToTheirShortcut() throws {
        let file = try StringCatalogReader.parse(Array(Self.mixed.utf8), file: "AppShortcuts.xcstrings")
        let table = PhraseTable(file)
        #expect(PhraseResolver.keyUses(table: table, provider: Self.provider) == [.shortcut(0), .shortcut(0), .unused])
        let resolved = PhraseResolver.resolve(provider: Self.provider, sourceLanguage: "en", table: table)
        let nb = try #require(resolved["nb"])
        #expect(nb.shortcutPhrases[0].map(\.text) == ["Start ${mode} i ${applicationName}", "Start en ${mode}-økt i ${applicationName}"])
        #expect(nb.shortcutPhrases[1].isEmpty)
        // Stop has no nb text at all; Start's phrases are each translated.
        #expect(nb.missing.map(\.phrase.text) == ["Stop ${applicationName}"])
        let en = try #require(resolved["en"])
        #expect(en.shortcutPhrases[0].count == 2)
        #expect(en.shortcutPhrases[1].map(\.text) == ["Stop ${applicationName}"])
    }

    @Test func wrongTypesAreLocated() {
        let text = "{\n \"sourceLanguage\": \"en\",\n \"strings\": {\n  \"k\": { \"localizations\": { \"de\": { \"stringSet\": { \"values\": \"x\" } } } }\n }\n}"
        do {
            _ = try StringCatalogReader.parse(Array(text.utf8), file: "c.xcstrings")
            Issue.record("parsed")
        } catch {
            guard case .wrongType(let location, let field, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(location.line == 4)
            #expect(field == "strings.k.localizations.de.stringSet.values")
        }
    }

    @Test func utf16CatalogIsTranscoded() throws {
        let file = try StringCatalogReader.parse(TestFiles.utf16(Self.mixed), file: "u.xcstrings")
        #expect(file.entries.count == 3)
        #expect(file.entries[1].key.location.line == 12)
    }

    @Test func notACatalog() {
        #expect(throws: CatalogError.self) { try StringCatalogReader.parse(Array("{\"a\": 1}".utf8), file: "x.xcstrings") }
        #expect(throws: CatalogError.self) { try StringCatalogReader.parse(Array("[1, 2".utf8), file: "x.xcstrings") }
    }
}

@Suite("Provider readers and Info.plist")
struct ProviderReaderTests {
    @Test func actionsData() throws {
        let json = """
            {
              "actions": {
                "OpenIntent": { "parameters": [ { "name": "target", "valueType": { "linkEnumeration": { "identifier": "Place" } } } ] },
                "AskIntent": { "parameters": [ { "name": "request", "valueType": { "primitive": { "wrapper": { "typeIdentifier": 0 } } } } ] }
              },
              "autoShortcuts": [
                { "actionIdentifier": "OpenIntent", "phraseTemplates": [ { "key": "Open ${target} in ${applicationName}", "alternatives": [] } ],
                  "shortTitle": { "key": "Open", "alternatives": [] }, "systemImageName": "door.left.hand.open" },
                { "actionIdentifier": "AskIntent", "phraseTemplates": [ { "key": "Ask ${applicationName} ${request}" } ],
                  "shortTitle": { "key": "Ask" }, "systemImageName": "brain" }
              ],
              "enums": [ { "identifier": "Place", "cases": [
                { "identifier": "home", "displayRepresentation": { "title": { "key": "Home" }, "synonyms": [ { "key": "house" } ] } },
                { "identifier": "work", "displayRepresentation": { "title": { "key": "Work" } } } ] } ],
              "entities": {},
              "negativePhrases": [ { "key": "Open the door" } ]
            }
            """
        let provider = try ActionsDataReader.parse(Array(json.utf8), file: "Demo.app/Metadata.appintents/extract.actionsdata")
        #expect(provider.source.app.name == "Demo")
        #expect(provider.source.shortcuts.map(\.id) == ["OpenIntent", "AskIntent"])
        #expect(provider.source.shortcuts[0].shortTitle == "Open")
        #expect(provider.source.shortcuts[0].phrases.first?.location?.line == 7)
        #expect(provider.source.parameters.first?.values.map(\.title) == ["Home", "Work"])
        #expect(provider.source.parameters.first?.values.first?.synonyms == ["house"])
        #expect(provider.declaredParameters.map(\.name) == ["target", "request"])
        #expect(provider.declaredParameters[1].type == .other("a primitive type"))
        #expect(provider.source.negativePhrases.map(\.text) == ["Open the door"])
    }

    @Test func infoPlistSynonymsWithLines() throws {
        let dir = try TestFiles.directory()
        let plist = try TestFiles.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>CFBundleDisplayName</key><string>Unicorn &amp; Co</string>
              <key>INAlternativeAppNames</key>
              <array>
                <dict>
                  <key>INAlternativeAppName</key><string>Unicorn Pay</string>
                  <key>INAlternativeAppNamePronunciationHint</key><string>you nee corn pay</string>
                </dict>
                <dict><key>INAlternativeAppName</key><string>UPay</string></dict>
              </array>
            </dict>
            </plist>
            """, to: "Info.plist", in: dir)
        let de = try TestFiles.write("\"Unicorn Pay\" = \"Einhorn Pay\";\n", to: "de.lproj/InfoPlist.strings", in: dir)
        let names = try AppNameSources.read(infoPlist: plist, localizedTables: [de])
        #expect(names.displayName?.text == "Unicorn & Co")
        #expect(names.synonyms.map(\.name.text) == ["Unicorn Pay", "UPay"])
        #expect(names.synonyms[0].name.location.line == 9)
        #expect(names.synonyms[0].pronunciationHint?.text == "you nee corn pay")
        #expect(names.synonyms(for: "de").map(\.name.text) == ["Einhorn Pay"])
        #expect(names.synonyms(for: "fr").map(\.name.text) == ["Unicorn Pay", "UPay"])
    }

    @Test func malformedPlistIsLocated() {
        let text = "<plist>\n<dict>\n<key>A</key>\n<string>x</strin>\n</dict></plist>"
        do {
            _ = try PropertyListReader.parse(Array(text.utf8), file: "Info.plist")
            Issue.record("parsed")
        } catch {
            #expect(error.location?.line == 4, "\(error)")
        }
    }
}
