import Foundation
import ShortcutCatalog

/// Something found while loading that does not stop loading but that validation reports.
public struct LoadNote: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A file the inputs refer to does not exist (a manifest's `stringCatalog`).
        case missingFile = "missing-file"
        /// Two sources disagree (e.g. a manifest's and a catalog's source language).
        case conflict
    }

    public var kind: Kind
    public var path: String
    public var location: SourceLocation?
    public var message: String

    public init(kind: Kind, path: String, location: SourceLocation?, message: String) {
        self.kind = kind
        self.path = path
        self.location = location
        self.message = message
    }
}

/// An app's App Shortcuts as read from everything it ships: the provider declaration, its
/// phrase catalog, app-name synonyms, and the merged per-locale `Catalog`.
public struct LoadedCatalog: Hashable, Sendable {
    /// Every locale resolved, ready for matching.
    public var catalog: Catalog
    public var provider: ProviderDeclaration
    public var phraseTable: PhraseTable?
    /// The string catalog as read (for its states), when the phrases come from one.
    public var stringCatalog: StringCatalogFile?
    public var resolutions: [String: LocaleResolution]
    public var appNames: AppNameSources?
    public var notes: [LoadNote]

    public init(
        catalog: Catalog, provider: ProviderDeclaration, phraseTable: PhraseTable?, stringCatalog: StringCatalogFile?,
        resolutions: [String: LocaleResolution], appNames: AppNameSources?, notes: [LoadNote]
    ) {
        self.catalog = catalog
        self.provider = provider
        self.phraseTable = phraseTable
        self.stringCatalog = stringCatalog
        self.resolutions = resolutions
        self.appNames = appNames
        self.notes = notes
    }

    /// The source language every locale is resolved against.
    public var sourceLanguage: String { catalog.sourceLanguage }

    /// Locales, the source language first, then sorted.
    public var localeIdentifiers: [String] {
        [sourceLanguage] + resolutions.keys.filter { $0 != sourceLanguage }.sorted()
    }
}

/// Loads a catalog from whatever the user points at: a manifest (JSON or YAML, with its
/// `stringCatalog` merged in), a real-world `extracted.json`, Xcode's `extract.actionsdata`,
/// or an app's folder (which is searched for all of these and for `AppShortcuts.xcstrings`,
/// `<locale>.lproj/AppShortcuts.strings`, `Info.plist` and `InfoPlist.strings`).
public enum CatalogLoader {
    /// The merged catalog, for tools that only match.
    public static func loadCatalog(path: String) throws(CatalogError) -> Catalog {
        try load(path: path).catalog
    }

    public static func load(path: String) throws(CatalogError) -> LoadedCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue {
            return try AppFolder.load(directory: path)
        }
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix(".actionsdata") {
            let provider = try ActionsDataReader.read(path: path)
            return try assemble(provider: provider, base: nil, table: nil, stringCatalog: nil, appNames: nil, notes: [])
        }
        if name == "extracted.json" {
            return try AppFolder.load(directory: (path as NSString).deletingLastPathComponent, provider: path)
        }
        if name.hasSuffix(".xcstrings") || name.hasSuffix(".strings") {
            return try AppFolder.load(directory: (path as NSString).deletingLastPathComponent, onlyCatalog: path)
        }
        return try loadManifest(path: path)
    }

    /// A manifest with its `stringCatalog` (if any) merged in.
    public static func loadManifest(path: String) throws(CatalogError) -> LoadedCatalog {
        let manifest = try ManifestLoader.load(path: path)
        let source = manifest.source
        let provider = ProviderDeclaration(
            path: path, origin: .manifest, sourceLanguage: manifest.sourceLanguage, source: source,
            declaredParameters: source.parameters.map {
                DeclaredParameter(name: $0.name, type: $0.kind == .enum ? .enum : .entity, location: $0.location)
            })
        var notes: [LoadNote] = []
        var table: PhraseTable?
        var stringCatalog: StringCatalogFile?
        if let catalogPath = manifest.stringCatalogPath {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: catalogPath, isDirectory: &isDirectory) {
                notes.append(
                    LoadNote(
                        kind: .missingFile, path: path, location: nil,
                        message: "stringCatalog '\(manifest.stringCatalog ?? catalogPath)' does not exist; its locales are not loaded"))
            } else if isDirectory.boolValue {
                let tables = try AppFolder.stringsTables(in: catalogPath, named: "AppShortcuts.strings")
                if !tables.isEmpty { table = PhraseTable(tables) }
            } else if catalogPath.hasSuffix(".strings") {
                table = PhraseTable([try StringsFileReader.read(path: catalogPath)])
            } else {
                let file = try StringCatalogReader.read(path: catalogPath)
                stringCatalog = file
                table = PhraseTable(file)
                if file.sourceLanguage != manifest.sourceLanguage, !file.entries.isEmpty {
                    notes.append(
                        LoadNote(
                            kind: .conflict, path: catalogPath, location: SourceLocation(file: catalogPath, line: 1, column: 1),
                            message: "the catalog's sourceLanguage '\(file.sourceLanguage)' differs from the manifest's '\(manifest.sourceLanguage)'; the manifest's is used"))
                }
            }
        }
        return try assemble(
            provider: provider, base: manifest, table: table, stringCatalog: stringCatalog, appNames: nil, notes: notes)
    }

    /// Resolves every locale and builds the merged catalog.
    static func assemble(
        provider: ProviderDeclaration, base: Catalog?, table: PhraseTable?, stringCatalog: StringCatalogFile?,
        appNames: AppNameSources?, notes: [LoadNote]
    ) throws(CatalogError) -> LoadedCatalog {
        let sourceLanguage =
            provider.sourceLanguage ?? table?.inferredSourceLanguage() ?? appNames?.developmentRegion ?? "en"
        let table = table?.resolvingBase(as: sourceLanguage)
        var providerView = provider.source
        providerView.locale = sourceLanguage
        if let sourceApp = appNames?.appName(for: sourceLanguage, sourceLanguage: sourceLanguage, fallback: providerView.app) {
            providerView.app = sourceApp
        }
        var declaration = provider
        declaration.source = providerView
        let resolutions = PhraseResolver.resolve(provider: providerView, sourceLanguage: sourceLanguage, table: table)
        let start =
            base
            ?? Catalog(
                sourceLanguage: sourceLanguage, locales: [sourceLanguage: providerView], matching: MatchingSettings(),
                path: provider.path)
        var names: [String: AppName] = [:]
        if let appNames {
            for locale in resolutions.keys {
                names[locale] = appNames.appName(for: locale, sourceLanguage: sourceLanguage, fallback: providerView.app)
            }
        }
        var catalog = PhraseResolver.mergedCatalog(
            base: start, provider: providerView, sourceLanguage: sourceLanguage, resolutions: resolutions, appNames: names)
        if catalog.locales[sourceLanguage] == nil { catalog.locales[sourceLanguage] = providerView }
        return LoadedCatalog(
            catalog: catalog, provider: declaration, phraseTable: table, stringCatalog: stringCatalog,
            resolutions: resolutions, appNames: appNames, notes: notes)
    }
}
