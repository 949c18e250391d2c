import Foundation
import ShortcutCatalog

/// One alternative name Siri accepts for the app (`INAlternativeAppNames` entry).
public struct AppNameSynonym: Hashable, Sendable {
    public var name: LocatedText
    public var pronunciationHint: LocatedText?

    public init(name: LocatedText, pronunciationHint: LocatedText? = nil) {
        self.name = name
        self.pronunciationHint = pronunciationHint
    }
}

/// App-name synonyms for one locale.
public struct LocalizedAppNames: Hashable, Sendable {
    public var locale: String
    public var file: String
    public var displayName: LocatedText?
    public var synonyms: [AppNameSynonym]

    public init(locale: String, file: String, displayName: LocatedText?, synonyms: [AppNameSynonym]) {
        self.locale = locale
        self.file = file
        self.displayName = displayName
        self.synonyms = synonyms
    }
}

/// The app's spoken names from `Info.plist` (`CFBundleDisplayName`, `CFBundleName`,
/// `INAlternativeAppNames` with `INAlternativeAppName` and `INAlternativeAppNamePronunciationHint`)
/// and each `<locale>.lproj/InfoPlist.strings`.
///
/// Apple lets `INAlternativeAppName` values be keys of `InfoPlist.strings`; a localized table
/// that has a key equal to a synonym (or to `CFBundleDisplayName`) gives that locale's text.
public struct AppNameSources: Hashable, Sendable {
    public var infoPlist: String?
    public var developmentRegion: String?
    public var displayName: LocatedText?
    public var synonyms: [AppNameSynonym]
    public var localized: [String: LocalizedAppNames]

    public init(
        infoPlist: String?, developmentRegion: String?, displayName: LocatedText?, synonyms: [AppNameSynonym],
        localized: [String: LocalizedAppNames]
    ) {
        self.infoPlist = infoPlist
        self.developmentRegion = developmentRegion
        self.displayName = displayName
        self.synonyms = synonyms
        self.localized = localized
    }

    /// Reads `Info.plist` (if given) and the `InfoPlist.strings` tables.
    public static func read(infoPlist: String?, localizedTables: [String]) throws(CatalogError) -> AppNameSources {
        var developmentRegion: String?
        var displayName: LocatedText?
        var synonyms: [AppNameSynonym] = []
        if let infoPlist {
            let root = try PropertyListReader.read(path: infoPlist)
            let d = NodeDecoder(file: infoPlist)
            _ = try d.object(root, "the top level")
            developmentRegion = try d.optionalString(root, "CFBundleDevelopmentRegion", "CFBundleDevelopmentRegion")
            for key in ["CFBundleDisplayName", "CFBundleName"] where displayName == nil {
                if let node = root[key], case .string(let text) = node.value, !text.hasPrefix("$(") {
                    displayName = LocatedText(text, location: d.location(node))
                }
            }
            if let list = root["INAlternativeAppNames"] {
                for (index, item) in try d.array(list, "INAlternativeAppNames").enumerated() {
                    let field = "INAlternativeAppNames[\(index)]"
                    _ = try d.object(item, field)
                    guard let nameNode = item["INAlternativeAppName"] else {
                        throw .missingField(d.location(item), field: field + ".INAlternativeAppName")
                    }
                    let name = LocatedText(try d.string(nameNode, field + ".INAlternativeAppName"), location: d.location(nameNode))
                    let hint = try item["INAlternativeAppNamePronunciationHint"].map { n throws(CatalogError) in
                        LocatedText(try d.string(n, field + ".INAlternativeAppNamePronunciationHint"), location: d.location(n))
                    }
                    synonyms.append(AppNameSynonym(name: name, pronunciationHint: hint))
                }
            }
        }
        var localized: [String: LocalizedAppNames] = [:]
        for path in localizedTables {
            let table = try StringsFileReader.read(path: path)
            guard let locale = table.locale else { continue }
            var names = LocalizedAppNames(locale: locale, file: path, displayName: nil, synonyms: [])
            for key in ["CFBundleDisplayName", "CFBundleName"] where names.displayName == nil {
                if let entry = table[key] { names.displayName = entry.value }
            }
            if let display = displayName, names.displayName == nil, let entry = table[display.text] {
                names.displayName = entry.value
            }
            for synonym in synonyms {
                if let entry = table[synonym.name.text] {
                    let hint = synonym.pronunciationHint.flatMap { table[$0.text]?.value } ?? synonym.pronunciationHint
                    names.synonyms.append(AppNameSynonym(name: entry.value, pronunciationHint: hint))
                }
            }
            // Entries written as INAlternativeAppName / INAlternativeAppName.N keys.
            for entry in table.entries where entry.key.text.hasPrefix("INAlternativeAppName")
                && !entry.key.text.hasPrefix("INAlternativeAppNamePronunciationHint")
            {
                names.synonyms.append(AppNameSynonym(name: entry.value))
            }
            localized[locale] = names
        }
        return AppNameSources(
            infoPlist: infoPlist, developmentRegion: developmentRegion, displayName: displayName, synonyms: synonyms,
            localized: localized)
    }

    /// The synonyms that apply in `locale`: the localized table's when it has any, else
    /// Info.plist's (which every locale inherits).
    public func synonyms(for locale: String) -> [AppNameSynonym] {
        if let own = localized[locale], !own.synonyms.isEmpty { return own.synonyms }
        return synonyms
    }

    /// The app's name in `locale`, with its synonyms.
    public func appName(for locale: String, sourceLanguage: String, fallback: AppName) -> AppName {
        let name = localized[locale]?.displayName?.text ?? displayName?.text ?? fallback.name
        var forms = synonyms(for: locale).map(\.name.text)
        if forms.isEmpty { forms = fallback.synonyms }
        return AppName(name: name, synonyms: forms)
    }
}
