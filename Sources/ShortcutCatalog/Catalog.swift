/// The model of one app's App Shortcuts, as an `AppShortcutsProvider` plus its parameter
/// types would declare them (see `CONTRACTS.md` §1). Value types throughout; a `Catalog`
/// is immutable once loaded and safe to share across tasks.

/// Where a value came from, for diagnostics. Lines and columns are 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One value of a parameter (an `AppEnum` case or a suggested `AppEntity`).
public struct ParameterValue: Hashable, Sendable {
    public var id: String
    public var title: String
    public var synonyms: [String]

    public init(id: String, title: String, synonyms: [String] = []) {
        self.id = id
        self.title = title
        self.synonyms = synonyms
    }

    /// The title first, then each synonym: every way the value can be said.
    public var spokenForms: [String] { [title] + synonyms }
}

/// A parameter type usable in phrases.
public struct Parameter: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case `enum`
        case entity
    }

    public var name: String
    public var kind: Kind
    public var values: [ParameterValue]
    public var location: SourceLocation?

    public init(name: String, kind: Kind, values: [ParameterValue], location: SourceLocation? = nil) {
        self.name = name
        self.kind = kind
        self.values = values
        self.location = location
    }
}

/// A trigger phrase template such as `Summarize ${list} with ${applicationName}`.
public struct PhraseTemplate: Hashable, Sendable {
    public var text: String
    public var location: SourceLocation?

    public init(_ text: String, location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }
}

/// One App Shortcut.
public struct Shortcut: Hashable, Sendable {
    public var id: String
    public var intent: String?
    public var shortTitle: String?
    public var systemImageName: String?
    public var phrases: [PhraseTemplate]
    public var location: SourceLocation?

    public init(
        id: String, intent: String? = nil, shortTitle: String? = nil, systemImageName: String? = nil,
        phrases: [PhraseTemplate], location: SourceLocation? = nil
    ) {
        self.id = id
        self.intent = intent
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
        self.phrases = phrases
        self.location = location
    }
}

/// The app's name and the alternative names Siri accepts for it.
public struct AppName: Hashable, Sendable {
    public var name: String
    public var synonyms: [String]

    public init(name: String, synonyms: [String] = []) {
        self.name = name
        self.synonyms = synonyms
    }

    /// The name first, then each synonym.
    public var spokenForms: [String] { [name] + synonyms }
}

/// Whether a phrase must mention the app name to match.
public enum AppNamePolicy: String, Hashable, Sendable, CaseIterable {
    case required
    case optional
}

/// Tuned matching settings stored with a catalog (`matching` in the manifest).
public struct MatchingSettings: Hashable, Sendable {
    public var threshold: Double?
    public var margin: Double?
    public var appName: AppNamePolicy?

    public init(threshold: Double? = nil, margin: Double? = nil, appName: AppNamePolicy? = nil) {
        self.threshold = threshold
        self.margin = margin
        self.appName = appName
    }
}

/// Everything that is said in one locale: the app name, parameter values, shortcut phrases
/// and negative phrases, resolved from the source language plus that locale's translations.
public struct LocaleCatalog: Hashable, Sendable {
    public var locale: String
    public var app: AppName
    public var parameters: [Parameter]
    public var shortcuts: [Shortcut]
    public var negativePhrases: [PhraseTemplate]

    public init(
        locale: String, app: AppName, parameters: [Parameter], shortcuts: [Shortcut],
        negativePhrases: [PhraseTemplate]
    ) {
        self.locale = locale
        self.app = app
        self.parameters = parameters
        self.shortcuts = shortcuts
        self.negativePhrases = negativePhrases
    }

    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }

    public func shortcut(id: String) -> Shortcut? {
        shortcuts.first { $0.id == id }
    }
}

/// A whole app catalog: the source locale plus every other locale it carries.
public struct Catalog: Hashable, Sendable {
    public var sourceLanguage: String
    /// Per-locale views, the source language included, keyed by locale identifier.
    public var locales: [String: LocaleCatalog]
    public var matching: MatchingSettings
    /// The file the catalog was read from.
    public var path: String
    /// The manifest's `stringCatalog`, as written: a path relative to the manifest to an
    /// `AppShortcuts.xcstrings` or a folder of `<locale>.lproj/AppShortcuts.strings`. Kept, not
    /// read, by the manifest loader (and not required to exist), so a later reader can add
    /// its locales.
    public var stringCatalog: String?

    public init(
        sourceLanguage: String, locales: [String: LocaleCatalog], matching: MatchingSettings, path: String,
        stringCatalog: String? = nil
    ) {
        self.sourceLanguage = sourceLanguage
        self.locales = locales
        self.matching = matching
        self.path = path
        self.stringCatalog = stringCatalog
    }

    /// `stringCatalog` resolved against the manifest's folder (unchanged if absolute).
    public var stringCatalogPath: String? {
        guard let stringCatalog else { return nil }
        if stringCatalog.hasPrefix("/") { return stringCatalog }
        guard let slash = path.lastIndex(of: "/") else { return stringCatalog }
        return String(path[...slash]) + stringCatalog
    }

    /// The same catalog with every `SourceLocation` removed, for comparing catalogs by content
    /// (e.g. a JSON manifest and its YAML twin) regardless of where things were written.
    public func strippingSourceLocations() -> Catalog {
        var copy = self
        for (key, var locale) in copy.locales {
            for index in locale.parameters.indices {
                locale.parameters[index].location = nil
            }
            for index in locale.shortcuts.indices {
                locale.shortcuts[index].location = nil
                for phrase in locale.shortcuts[index].phrases.indices {
                    locale.shortcuts[index].phrases[phrase].location = nil
                }
            }
            for index in locale.negativePhrases.indices {
                locale.negativePhrases[index].location = nil
            }
            copy.locales[key] = locale
        }
        return copy
    }

    /// The source locale's view. Always present in a loaded catalog.
    public var source: LocaleCatalog {
        // A loaded catalog always carries its source language; a hand-built one may not:
        // then any locale, or an empty one rather than a trap.
        locales[sourceLanguage] ?? locales.values.min { $0.locale < $1.locale }
            ?? LocaleCatalog(
                locale: sourceLanguage, app: AppName(name: ""), parameters: [], shortcuts: [], negativePhrases: [])
    }

    /// Locale identifiers, the source language first, the rest sorted.
    public var localeIdentifiers: [String] {
        [sourceLanguage] + locales.keys.filter { $0 != sourceLanguage }.sorted()
    }

    /// Finds the best locale for a request such as `zh`, `zh-Hans`, `de_DE` or `EN`.
    public func resolveLocale(_ requested: String) -> String? {
        let want = requested.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = locales.keys.first(where: { $0.lowercased() == want }) { return exact }
        let language = want.split(separator: "-").first.map(String.init) ?? want
        let candidates = locales.keys.filter {
            $0.lowercased().split(separator: "-").first.map(String.init) == language
        }
        return candidates.sorted().first
    }
}
