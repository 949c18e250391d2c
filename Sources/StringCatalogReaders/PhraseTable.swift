import ShortcutCatalog

/// The phrase text of an app's string catalog or `.strings` tables, in one shape: each key
/// with its translations per locale. It is what phrase resolution and validation read, so
/// neither needs to care which file format the app ships.
public struct PhraseTable: Hashable, Sendable {
    /// What the text came from.
    public enum Kind: String, Hashable, Sendable {
        case stringCatalog = "xcstrings"
        case stringsTables = "strings"
    }

    public var kind: Kind
    /// The files read, in a stable order.
    public var files: [String]
    /// The source language a string catalog declares; `nil` for `.strings` tables, which
    /// do not say (see `inferredSourceLanguage`).
    public var sourceLanguage: String?
    public var keys: [PhraseKey]

    public init(kind: Kind, files: [String], sourceLanguage: String?, keys: [PhraseKey]) {
        self.kind = kind
        self.files = files
        self.sourceLanguage = sourceLanguage
        self.keys = keys
    }

    /// Every locale with at least one translation, sorted.
    public var locales: [String] {
        Array(Set(keys.flatMap { $0.translations.map(\.locale) })).sorted()
    }

    /// A string catalog's keys as a table.
    public init(_ catalog: StringCatalogFile) {
        self.kind = .stringCatalog
        self.files = [catalog.path]
        self.sourceLanguage = catalog.sourceLanguage
        self.keys = catalog.entries.map { entry in
            PhraseKey(
                key: entry.key, extractionState: entry.extractionState, comment: entry.comment,
                translations: entry.localizations.map { loc in
                    let form: PhraseTranslation.Form
                    switch loc.form {
                    case .stringSet: form = .stringSet
                    case .stringUnit: form = .stringUnit
                    case .variations: form = .variations
                    }
                    return PhraseTranslation(
                        locale: loc.locale, form: form, state: loc.state, values: loc.values,
                        keyLocation: entry.key.location, localizationLocation: loc.location)
                })
        }
    }

    /// `.strings` tables (one per locale) as a table; a key's translations are gathered from
    /// every file, in the order given.
    public init(_ tables: [StringsFile]) {
        self.kind = .stringsTables
        self.files = tables.map(\.path)
        self.sourceLanguage = nil
        var order: [String] = []
        var byKey: [String: PhraseKey] = [:]
        for table in tables {
            let locale = table.locale ?? "Base"
            for entry in table.entries {
                let translation = PhraseTranslation(
                    locale: locale, form: .strings, state: nil, values: [entry.value],
                    keyLocation: entry.key.location, localizationLocation: entry.key.location)
                if byKey[entry.key.text] == nil {
                    order.append(entry.key.text)
                    byKey[entry.key.text] = PhraseKey(
                        key: entry.key, extractionState: nil, comment: entry.comment, translations: [])
                }
                byKey[entry.key.text]?.translations.append(translation)
            }
        }
        self.keys = order.compactMap { byKey[$0] }
    }

    /// The table with `Base.lproj` text filed under `locale`: Xcode's Base localization is the
    /// development language, not a locale of its own.
    public func resolvingBase(as locale: String) -> PhraseTable {
        var copy = self
        for k in copy.keys.indices {
            let hasOwn = copy.keys[k].translations.contains { $0.locale == locale }
            copy.keys[k].translations = copy.keys[k].translations.compactMap { t in
                guard t.locale == "Base" else { return t }
                if hasOwn { return nil }
                var renamed = t
                renamed.locale = locale
                return renamed
            }
        }
        return copy
    }

    /// For `.strings` tables, which do not name their source language: the locale whose
    /// values equal their keys (an untranslated base table), preferring `preferred`, then
    /// English; `nil` when no table is the identity.
    public func inferredSourceLanguage(preferring preferred: String? = nil) -> String? {
        if let sourceLanguage { return sourceLanguage }
        var identity: [String] = []
        for locale in locales {
            var total = 0
            var same = 0
            for key in keys {
                for t in key.translations where t.locale == locale {
                    total += 1
                    if t.values.first?.text == key.key.text { same += 1 }
                }
            }
            if total > 0, same == total { identity.append(locale) }
        }
        if let preferred, identity.contains(preferred) { return preferred }
        if identity.contains("en") { return "en" }
        return identity.first
    }
}

/// One key of a phrase table.
public struct PhraseKey: Hashable, Sendable {
    /// The key as written, at its first appearance.
    public var key: LocatedText
    public var extractionState: ExtractionState?
    public var comment: String?
    public var translations: [PhraseTranslation]

    public init(key: LocatedText, extractionState: ExtractionState?, comment: String?, translations: [PhraseTranslation]) {
        self.key = key
        self.extractionState = extractionState
        self.comment = comment
        self.translations = translations
    }
}

/// One locale's text for a key.
public struct PhraseTranslation: Hashable, Sendable {
    public enum Form: String, Hashable, Sendable {
        /// Several phrases for a shortcut (Xcode's layout).
        case stringSet
        /// One translation of the key phrase.
        case stringUnit
        /// A `.strings` entry: one translation of the key phrase.
        case strings
        /// Plural or device variations: carries no phrases.
        case variations

        /// Whether the values translate the key phrase one for one (and so must keep its
        /// placeholders), rather than list a shortcut's phrases.
        public var isTranslationOfKey: Bool { self == .stringUnit || self == .strings }
    }

    public var locale: String
    public var form: Form
    public var state: TranslationState?
    public var values: [LocatedText]
    /// Where the key is written for this locale: the `.strings` file's own line, or the
    /// catalog key's line.
    public var keyLocation: SourceLocation
    /// Where this locale's block starts.
    public var localizationLocation: SourceLocation

    public init(
        locale: String, form: Form, state: TranslationState?, values: [LocatedText], keyLocation: SourceLocation,
        localizationLocation: SourceLocation
    ) {
        self.locale = locale
        self.form = form
        self.state = state
        self.values = values
        self.keyLocation = keyLocation
        self.localizationLocation = localizationLocation
    }
}
