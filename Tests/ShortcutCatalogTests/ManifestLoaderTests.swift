import Foundation
import Testing

@testable import ShortcutCatalog

/// The contract's example manifest (CONTRACTS.md §1) plus a second shortcut and a second
/// locale, so inheritance can be checked. Line numbers matter to some tests below.
let demoJSON = """
    {
      "formatVersion": 1,
      "sourceLanguage": "en",
      "app": { "name": "Demo", "synonyms": ["Demo Lists"] },
      "parameters": [
        { "name": "list", "kind": "enum",
          "values": [ { "id": "grocery", "title": "Grocery list", "synonyms": ["shopping list", "groceries"] },
                      { "id": "todo", "title": "To-do list" } ] }
      ],
      "shortcuts": [
        { "id": "SummarizeList", "intent": "SummarizeListIntent",
          "shortTitle": "Summarize List", "systemImageName": "list.bullet.clipboard",
          "phrases": ["Summarize ${list} with ${applicationName}", "Summarize my list in ${applicationName}"] },
        { "id": "ShowToday", "shortTitle": "Show Today",
          "phrases": ["What's due today in ${applicationName}"] }
      ],
      "negativePhrases": ["Send ${applicationName} summary to my grocer"],
      "stringCatalog": "AppShortcuts.xcstrings",
      "localizations": {
        "zh-Hans": {
          "app": { "name": "Demo", "synonyms": ["演示清单"] },
          "parameters": { "list": { "grocery": { "title": "购物清单", "synonyms": ["买菜清单"] } } },
          "shortcuts": { "SummarizeList": { "shortTitle": "总结清单", "phrases": ["用${applicationName}总结${list}"] } },
          "negativePhrases": ["把${applicationName}的总结发给杂货店"]
        },
        "de": {
          "app": { "synonyms": ["Demo Listen"] }
        }
      },
      "matching": { "threshold": 0.62, "margin": 0.05, "appName": "optional" },
      "futureField": { "ignored": [1, 2, 3] }
    }
    """

let demoYAML = """
    formatVersion: 1
    sourceLanguage: en
    app:
      name: Demo
      synonyms: [Demo Lists]
    parameters:
      - name: list
        kind: enum
        values:
          - id: grocery
            title: Grocery list
            synonyms: [shopping list, groceries]
          - id: todo
            title: To-do list
    shortcuts:
      - id: SummarizeList
        intent: SummarizeListIntent
        shortTitle: Summarize List
        systemImageName: list.bullet.clipboard
        phrases:
          - Summarize ${list} with ${applicationName}
          - "Summarize my list in ${applicationName}"
      - id: ShowToday
        shortTitle: Show Today
        phrases:
          - What's due today in ${applicationName}
    negativePhrases:
      - Send ${applicationName} summary to my grocer
    stringCatalog: AppShortcuts.xcstrings
    localizations:
      zh-Hans:
        app: { name: Demo, synonyms: [演示清单] }
        parameters:
          list:
            grocery: { title: 购物清单, synonyms: [买菜清单] }
        shortcuts:
          SummarizeList:
            shortTitle: 总结清单
            phrases: ["用${applicationName}总结${list}"]
        negativePhrases: ["把${applicationName}的总结发给杂货店"]
      de:
        app:
          synonyms: [Demo Listen]
    matching: { threshold: 0.62, margin: 0.05, appName: optional }
    futureField: { ignored: [1, 2, 3] }
    """

/// Loads JSON text, returning the error it throws (or nil when it loads).
func jsonError(_ text: String, path: String = "m.json") -> CatalogError? {
    loadError(Array(text.utf8), path: path, format: .json)
}

func loadError(_ bytes: [UInt8], path: String = "m.json", format: ManifestFormat) -> CatalogError? {
    do {
        _ = try ManifestLoader.load(bytes: bytes, path: path, format: format)
        return nil
    } catch {
        return error
    }
}

/// `demoJSON` with one substring replaced (asserting it was there).
func demo(replacing old: String, with new: String) -> String {
    precondition(demoJSON.contains(old), "fixture does not contain \(old)")
    return demoJSON.replacing(old, with: new)
}

/// The 1-based line of the first line containing `needle`.
func line(of needle: String, in text: String) -> Int? {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains(needle) {
        return index + 1
    }
    return nil
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ShortcutCatalogTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct ManifestLoadingTests {
    @Test func jsonManifestLoadsEveryField() throws {
        let catalog = try ManifestLoader.load(bytes: Array(demoJSON.utf8), path: "Demo.json", format: .json)
        #expect(catalog.path == "Demo.json")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.localeIdentifiers == ["en", "de", "zh-Hans"])
        #expect(catalog.matching == MatchingSettings(threshold: 0.62, margin: 0.05, appName: .optional))
        #expect(catalog.stringCatalog == "AppShortcuts.xcstrings")

        let source = catalog.source
        #expect(source.app == AppName(name: "Demo", synonyms: ["Demo Lists"]))
        #expect(source.parameters.count == 1)
        let list = try #require(source.parameter(named: "list"))
        #expect(list.kind == .enum)
        #expect(
            list.values == [
                ParameterValue(id: "grocery", title: "Grocery list", synonyms: ["shopping list", "groceries"]),
                ParameterValue(id: "todo", title: "To-do list"),
            ])
        #expect(list.location == SourceLocation(file: "Demo.json", line: 6, column: 5))

        #expect(source.shortcuts.map(\.id) == ["SummarizeList", "ShowToday"])
        let summarize = try #require(source.shortcut(id: "SummarizeList"))
        #expect(summarize.intent == "SummarizeListIntent")
        #expect(summarize.shortTitle == "Summarize List")
        #expect(summarize.systemImageName == "list.bullet.clipboard")
        #expect(
            summarize.phrases.map(\.text) == [
                "Summarize ${list} with ${applicationName}", "Summarize my list in ${applicationName}",
            ])
        #expect(summarize.location?.line == 11)
        let phraseLine = try #require(line(of: "Summarize ${list} with", in: demoJSON))
        #expect(summarize.phrases[0].location?.line == phraseLine)
        #expect(source.shortcut(id: "ShowToday")?.intent == nil)
        #expect(source.negativePhrases.map(\.text) == ["Send ${applicationName} summary to my grocer"])
    }

    @Test func yamlTwinLoadsToTheSameCatalog() throws {
        let json = try ManifestLoader.load(bytes: Array(demoJSON.utf8), path: "Demo", format: .json)
        let yaml = try ManifestLoader.load(bytes: Array(demoYAML.utf8), path: "Demo", format: .yaml)
        #expect(yaml.strippingSourceLocations() == json.strippingSourceLocations())
        // And the YAML locations are YAML's own.
        let phraseLine = try #require(line(of: "- Summarize ${list} with", in: demoYAML))
        #expect(yaml.source.shortcuts[0].phrases[0].location == SourceLocation(file: "Demo", line: phraseLine, column: 9))
        #expect(yaml.source.shortcuts[1].location?.line == line(of: "- id: ShowToday", in: demoYAML))
    }

    @Test func localizationsInheritAndOverride() throws {
        let catalog = try ManifestLoader.load(bytes: Array(demoJSON.utf8), path: "Demo.json", format: .json)
        let zh = try #require(catalog.locales["zh-Hans"])
        #expect(zh.locale == "zh-Hans")
        #expect(zh.app == AppName(name: "Demo", synonyms: ["演示清单"]))
        let grocery = try #require(zh.parameter(named: "list")?.values.first)
        #expect(grocery == ParameterValue(id: "grocery", title: "购物清单", synonyms: ["买菜清单"]))
        // A value the locale does not mention keeps the source's title.
        #expect(zh.parameter(named: "list")?.values.last == ParameterValue(id: "todo", title: "To-do list"))
        let summarize = try #require(zh.shortcut(id: "SummarizeList"))
        #expect(summarize.shortTitle == "总结清单")
        #expect(summarize.phrases.map(\.text) == ["用${applicationName}总结${list}"])  // replaced, not merged
        #expect(summarize.intent == "SummarizeListIntent")  // inherited
        // A shortcut the locale does not mention keeps the source phrases.
        #expect(zh.shortcut(id: "ShowToday") == catalog.source.shortcut(id: "ShowToday"))
        #expect(zh.negativePhrases.map(\.text) == ["把${applicationName}的总结发给杂货店"])

        let de = try #require(catalog.locales["de"])
        #expect(de.app == AppName(name: "Demo", synonyms: ["Demo Listen"]))
        #expect(de.parameters == catalog.source.parameters)
        #expect(de.shortcuts == catalog.source.shortcuts)
        #expect(de.negativePhrases == catalog.source.negativePhrases)

        #expect(catalog.resolveLocale("zh") == "zh-Hans")
    }

    @Test func minimalManifestWithoutAppNamePlaceholderLoads() throws {
        let text = """
            {"formatVersion": 1.0, "sourceLanguage": "en", "app": {"name": "Bench"},
             "shortcuts": [{"id": "balance", "phrases": ["what is my balance", "how much money do i have"]}]}
            """
        let catalog = try ManifestLoader.load(bytes: Array(text.utf8), path: "b.json", format: .json)
        #expect(catalog.source.shortcuts[0].phrases.count == 2)
        #expect(catalog.source.shortcuts[0].phrases.allSatisfy { !$0.mentionsApplicationName })
        #expect(catalog.source.parameters.isEmpty)
        #expect(catalog.source.negativePhrases.isEmpty)
        #expect(catalog.matching == MatchingSettings())
        #expect(catalog.locales.count == 1)
        #expect(catalog.stringCatalog == nil)
    }

    @Test func explicitNullOptionalFieldsAreAbsent() throws {
        let text = """
            {"formatVersion": 1, "sourceLanguage": "en", "app": {"name": "A", "synonyms": null},
             "parameters": null, "negativePhrases": null, "matching": null, "localizations": null,
             "shortcuts": [{"id": "x", "intent": null, "phrases": ["go"]}]}
            """
        let catalog = try ManifestLoader.load(bytes: Array(text.utf8), path: "n.json", format: .json)
        #expect(catalog.source.shortcuts[0].intent == nil)
        #expect(catalog.source.app.synonyms.isEmpty)
    }

    @Test func stringCatalogPathIsKeptAndResolvedButNotRead() throws {
        let catalog = try ManifestLoader.load(
            bytes: Array(demoJSON.utf8), path: "/apps/demo/Demo.json", format: .json)
        #expect(catalog.stringCatalogPath == "/apps/demo/AppShortcuts.xcstrings")
    }

    @Test func entityParametersAndDefaultTitles() throws {
        let text = """
            {"formatVersion": 1, "sourceLanguage": "fr", "app": {"name": "Notes"},
             "parameters": [{"name": "folder", "kind": "entity", "values": [{"id": "work"}]}, {"name": "tag"}],
             "shortcuts": [{"id": "open", "phrases": ["Ouvre ${folder} dans ${applicationName}", "Tag ${tag}"]}]}
            """
        let catalog = try ManifestLoader.load(bytes: Array(text.utf8), path: "e.json", format: .json)
        #expect(catalog.source.locale == "fr")
        #expect(catalog.source.parameters[0].kind == .entity)
        #expect(catalog.source.parameters[0].values == [ParameterValue(id: "work", title: "work")])
        #expect(catalog.source.parameters[1].kind == .enum)
    }

    @Test func yamlPlainScalarsThatLookLikeNumbersAreStringsWhereStringsAreExpected() throws {
        let text = """
            formatVersion: 1
            sourceLanguage: no
            app: {name: 1984}
            shortcuts:
              - id: 404
                shortTitle: true
                phrases: [yes, no, "on", 3.5]
            """
        let catalog = try ManifestLoader.load(bytes: Array(text.utf8), path: "y.yaml", format: .yaml)
        #expect(catalog.sourceLanguage == "no")
        #expect(catalog.source.app.name == "1984")
        #expect(catalog.source.shortcuts[0].id == "404")
        #expect(catalog.source.shortcuts[0].shortTitle == "true")
        #expect(catalog.source.shortcuts[0].phrases.map(\.text) == ["yes", "no", "on", "3.5"])
    }

    @Test func loadsFromDiskByExtension() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("Demo.json").path
        let yaml = directory.appendingPathComponent("Demo.YAML").path
        let yml = directory.appendingPathComponent("Demo.yml").path
        let other = directory.appendingPathComponent("Demo.manifest").path
        try Data(demoJSON.utf8).write(to: URL(fileURLWithPath: json))
        try Data(demoYAML.utf8).write(to: URL(fileURLWithPath: yaml))
        try Data(demoYAML.utf8).write(to: URL(fileURLWithPath: yml))
        try Data(demoJSON.utf8).write(to: URL(fileURLWithPath: other))

        let fromJSON = try ManifestLoader.load(path: json)
        #expect(fromJSON.path == json)
        #expect(fromJSON.stringCatalogPath == directory.appendingPathComponent("AppShortcuts.xcstrings").path)
        for path in [yaml, yml, other] {
            var loaded = try ManifestLoader.load(path: path).strippingSourceLocations()
            loaded.path = json
            #expect(loaded == fromJSON.strippingSourceLocations())
        }
        #expect(ManifestFormat(path: yaml) == .yaml)
        #expect(ManifestFormat(path: "a.yaml.json") == .json)
        #expect(ManifestFormat(path: "dir.yaml/manifest") == .json)
    }

    @Test func bigManifestLoads() throws {
        // ~3 MB of shortcuts on one line: exercises the linear line/column bookkeeping.
        var text = #"{"formatVersion":1,"sourceLanguage":"en","app":{"name":"Big"},"shortcuts":["#
        let count = 20_000
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"id":"s\#(index)","phrases":["phrase number \#(index) with some words ✓","another \#(index)"]}"#
        }
        text += "]}"
        let catalog = try ManifestLoader.load(bytes: Array(text.utf8), path: "big.json", format: .json)
        #expect(catalog.source.shortcuts.count == count)
        let last = try #require(catalog.source.shortcuts.last)
        #expect(last.id == "s\(count - 1)")
        // Columns count characters: every earlier shortcut's "✓" is one column, not three bytes.
        let lastOffset = try #require(text.range(of: #"{"id":"s\#(count - 1)""#))
        let expectedColumn = text.unicodeScalars.distance(from: text.startIndex, to: lastOffset.lowerBound) + 1
        #expect(last.location == SourceLocation(file: "big.json", line: 1, column: expectedColumn))
    }
}

@Suite struct BenchmarkManifestTests {
    /// `<package root>/../shared/benchmarks/clinc-apps/dev`, found from this file's path.
    static var benchmarkDirectory: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.deletingLastPathComponent().appendingPathComponent("shared/benchmarks/clinc-apps/dev")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return directory
    }

    @Test(.enabled(if: benchmarkDirectory != nil, "needs ../shared/benchmarks"))
    func allClincDevManifestsLoadWithTenShortcuts() throws {
        let directory = try #require(Self.benchmarkDirectory)
        let apps = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let manifests = apps.map { directory.appendingPathComponent($0).appendingPathComponent("manifest.json").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        #expect(manifests.count == 15)
        for path in manifests {
            let catalog = try ManifestLoader.load(path: path)
            #expect(catalog.source.shortcuts.count == 10, "\(path)")
            #expect(catalog.source.shortcuts.allSatisfy { !$0.phrases.isEmpty }, "\(path)")
        }
    }
}
