import Foundation
import ShortcutCatalog

/// Finds an app's App Shortcuts files in its source tree (or build products) and loads them.
///
/// Looked for: the provider (`extracted.json`, else `Metadata.appintents/extract.actionsdata`,
/// else `manifest.json`/`manifest.yaml`), `AppShortcuts.xcstrings`,
/// `<locale>.lproj/AppShortcuts.strings`, `Info.plist` and `<locale>.lproj/InfoPlist.strings`.
/// Version-control, build and dependency folders are skipped.
public enum AppFolder {
    /// Folders never searched: they hold other projects' files or build noise.
    static let skipped: Set<String> = [".git", ".build", ".swiftpm", "Pods", "Carthage", "node_modules", "DerivedData"]
    static let maxFiles = 20_000

    /// The files found under a folder.
    public struct Files: Hashable, Sendable {
        public var extractedJSON: [String] = []
        public var actionsData: [String] = []
        public var manifests: [String] = []
        public var stringCatalogs: [String] = []
        public var stringsTables: [String] = []
        public var infoPlists: [String] = []
        public var infoPlistStrings: [String] = []
    }

    public static func scan(_ directory: String) -> Files {
        var files = Files()
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return files }
        var count = 0
        while let next = enumerator.nextObject() as? String {
            count += 1
            if count > maxFiles { break }
            let name = (next as NSString).lastPathComponent
            if skipped.contains(name) || (name.hasPrefix(".build") && name != ".build") {
                enumerator.skipDescendants()
                continue
            }
            let full = (directory as NSString).appendingPathComponent(next)
            switch name {
            case "extracted.json": files.extractedJSON.append(full)
            case "extract.actionsdata": files.actionsData.append(full)
            case "manifest.json", "manifest.yaml", "manifest.yml": files.manifests.append(full)
            case "AppShortcuts.xcstrings": files.stringCatalogs.append(full)
            case "AppShortcuts.strings": files.stringsTables.append(full)
            case "Info.plist": files.infoPlists.append(full)
            case "InfoPlist.strings": files.infoPlistStrings.append(full)
            default: break
            }
        }
        files.extractedJSON.sort()
        files.actionsData.sort()
        files.manifests.sort()
        files.stringCatalogs.sort()
        files.stringsTables.sort()
        files.infoPlists.sort { $0.split(separator: "/").count < $1.split(separator: "/").count || ($0.split(separator: "/").count == $1.split(separator: "/").count && $0 < $1) }
        files.infoPlistStrings.sort()
        return files
    }

    /// The `<locale>.lproj/<name>` tables under `directory`, parsed, sorted by path.
    public static func stringsTables(in directory: String, named name: String) throws(CatalogError) -> [StringsFile] {
        let files = scan(directory)
        let paths = name == "InfoPlist.strings" ? files.infoPlistStrings : files.stringsTables
        var tables: [StringsFile] = []
        for path in paths where StringsFile.locale(ofPath: path) != nil {
            tables.append(try StringsFileReader.read(path: path))
        }
        return tables
    }

    /// Loads the app in `directory`. `provider` forces the provider file; `onlyCatalog` is a
    /// catalog file the user named, used instead of the ones found.
    public static func load(
        directory: String, provider providerPath: String? = nil, onlyCatalog: String? = nil
    ) throws(CatalogError) -> LoadedCatalog {
        let files = scan(directory)
        var notes: [LoadNote] = []
        let chosen = providerPath ?? files.extractedJSON.first ?? files.actionsData.first
        if chosen == nil, let manifest = files.manifests.first {
            return try CatalogLoader.loadManifest(path: manifest)
        }

        // Phrase catalog: the named one, else the string catalog, else the .strings tables.
        var table: PhraseTable?
        var stringCatalog: StringCatalogFile?
        if let onlyCatalog {
            if onlyCatalog.hasSuffix(".xcstrings") {
                let file = try StringCatalogReader.read(path: onlyCatalog)
                stringCatalog = file
                table = PhraseTable(file)
            } else {
                table = PhraseTable([try StringsFileReader.read(path: onlyCatalog)])
            }
        } else if let first = files.stringCatalogs.first {
            let file = try StringCatalogReader.read(path: first)
            stringCatalog = file
            table = PhraseTable(file)
            if !files.stringsTables.isEmpty {
                notes.append(
                    LoadNote(
                        kind: .conflict, path: first, location: nil,
                        message: "both AppShortcuts.xcstrings and AppShortcuts.strings found; Xcode accepts only one per target, the string catalog is used"))
            }
        } else if !files.stringsTables.isEmpty {
            var tables: [StringsFile] = []
            for path in files.stringsTables { tables.append(try StringsFileReader.read(path: path)) }
            table = PhraseTable(tables)
        }

        let plist = files.infoPlists.first { path in
            (try? PropertyListReader.read(path: path))?["INAlternativeAppNames"] != nil
        } ?? files.infoPlists.first
        var appNames: AppNameSources?
        if plist != nil || !files.infoPlistStrings.isEmpty {
            appNames = try AppNameSources.read(
                infoPlist: plist, localizedTables: files.infoPlistStrings.filter { StringsFile.locale(ofPath: $0) != nil })
        }

        let declaration: ProviderDeclaration
        if let chosen {
            declaration = chosen.hasSuffix(".actionsdata")
                ? try ActionsDataReader.read(path: chosen) : try ExtractedProviderReader.read(path: chosen)
        } else if let table {
            declaration = providerFromCatalog(table, path: onlyCatalog ?? table.files.first ?? directory)
            notes.append(
                LoadNote(
                    kind: .missingFile, path: declaration.path, location: nil,
                    message: "no provider (extracted.json, extract.actionsdata or manifest) found; shortcuts are inferred from the catalog's keys"))
        } else {
            throw .notAManifest(
                path: directory,
                reason: "no App Shortcuts found: expected extracted.json, extract.actionsdata, a manifest, "
                    + "AppShortcuts.xcstrings or <locale>.lproj/AppShortcuts.strings")
        }
        var withName = declaration
        if let display = appNames?.displayName, declaration.origin == .actionsData {
            withName.source.app.name = display.text
        }
        return try CatalogLoader.assemble(
            provider: withName, base: nil, table: table, stringCatalog: stringCatalog, appNames: appNames, notes: notes)
    }

    /// Without a provider, each key stands for one shortcut whose phrase is the key.
    static func providerFromCatalog(_ table: PhraseTable, path: String) -> ProviderDeclaration {
        var shortcuts: [Shortcut] = []
        var parameters: [String] = []
        for key in table.keys {
            shortcuts.append(Shortcut(id: key.key.text, phrases: [PhraseTemplate(key.key.text, location: key.key.location)], location: key.key.location))
            // Parameters are whatever the key and its translations name; their types are unknown.
            let texts = [key.key.text] + key.translations.flatMap { $0.values.map(\.text) }
            for text in texts {
                for name in PlaceholderParser.placeholders(in: text) where name != Placeholder.applicationName && !parameters.contains(name) {
                    parameters.append(name)
                }
            }
        }
        let source = LocaleCatalog(
            locale: table.sourceLanguage ?? "en", app: AppName(name: "App"),
            parameters: parameters.map { Parameter(name: $0, kind: .entity, values: []) }, shortcuts: shortcuts,
            negativePhrases: [])
        return ProviderDeclaration(
            path: path, origin: .manifest, sourceLanguage: table.sourceLanguage, source: source,
            declaredParameters: parameters.map { DeclaredParameter(name: $0, type: .entity, isDynamic: true) })
    }
}
