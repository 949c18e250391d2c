import ShortcutCatalog

/// A parameter an app declares for its intents, whatever its type. `Catalog.Parameter` only
/// holds the enum and entity parameters phrases may use; validation also needs the others
/// (a `String` parameter interpolated in a phrase is Apple's "Invalid parameter type").
public struct DeclaredParameter: Hashable, Sendable {
    public enum TypeKind: Hashable, Sendable {
        case `enum`, entity
        /// Any other type (`String`, `Int`, `Measurement`, ...), by name.
        case other(String)
    }

    public var name: String
    public var type: TypeKind
    /// The values are only known at run time (`suggestedEntities()`): the count is unknown.
    public var isDynamic: Bool
    public var location: SourceLocation?

    public init(name: String, type: TypeKind, isDynamic: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.isDynamic = isDynamic
        self.location = location
    }
}

/// What the app's `AppShortcutsProvider` declares, in its source language: from a manifest,
/// a real-world `extracted.json`, or Xcode's `extract.actionsdata`.
public struct ProviderDeclaration: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        case manifest, extractedJSON = "extracted.json", actionsData = "extract.actionsdata"
    }

    public var path: String
    public var origin: Origin
    /// The source language, when the file says (a manifest does; the others do not).
    public var sourceLanguage: String?
    public var source: LocaleCatalog
    /// Every parameter, including those of types phrases may not use.
    public var declaredParameters: [DeclaredParameter]

    public init(
        path: String, origin: Origin, sourceLanguage: String?, source: LocaleCatalog,
        declaredParameters: [DeclaredParameter]
    ) {
        self.path = path
        self.origin = origin
        self.sourceLanguage = sourceLanguage
        self.source = source
        self.declaredParameters = declaredParameters
    }
}

/// A phrase of one locale, resolved from the provider or a catalog, with where it came from.
public struct ResolvedPhrase: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        /// Declared by the provider (source language) or an inline manifest localization.
        case provider
        /// From a catalog key's translation.
        case catalog(form: PhraseTranslation.Form)
    }

    public var text: String
    public var location: SourceLocation?
    /// The catalog key it was found under, if any.
    public var key: String?
    public var origin: Origin
    public var state: TranslationState?

    public init(text: String, location: SourceLocation?, key: String?, origin: Origin, state: TranslationState?) {
        self.text = text
        self.location = location
        self.key = key
        self.origin = origin
        self.state = state
    }
}

/// A source phrase a locale has no translation for.
public struct MissingTranslation: Hashable, Sendable {
    public var locale: String
    public var shortcut: Int
    public var phrase: PhraseTemplate

    public init(locale: String, shortcut: Int, phrase: PhraseTemplate) {
        self.locale = locale
        self.shortcut = shortcut
        self.phrase = phrase
    }
}

/// One locale's phrases per shortcut, before de-duplication (validation reports duplicates).
public struct LocaleResolution: Hashable, Sendable {
    public var locale: String
    /// Indexed like `ProviderDeclaration.source.shortcuts`.
    public var shortcutPhrases: [[ResolvedPhrase]]
    public var negativePhrases: [ResolvedPhrase]
    public var missing: [MissingTranslation]

    public init(locale: String, shortcutPhrases: [[ResolvedPhrase]], negativePhrases: [ResolvedPhrase], missing: [MissingTranslation]) {
        self.locale = locale
        self.shortcutPhrases = shortcutPhrases
        self.negativePhrases = negativePhrases
        self.missing = missing
    }
}

/// What a catalog key refers to.
public enum KeyUse: Hashable, Sendable {
    case shortcut(Int)
    case negativePhrase
    /// Matches no phrase of the provider: Apple's "not used" warning.
    case unused
}

/// Resolves each locale's phrases from the provider and a phrase table.
///
/// Per key, a locale's `stringSet` values and `stringUnit`/`.strings` value all become phrases
/// of the shortcut whose provider phrase equals the key (a per-phrase key maps back to its
/// shortcut; Xcode's per-shortcut key is the shortcut's first phrase). Keys must equal
/// provider phrases exactly, as Apple's build requires. The source language keeps the
/// provider's phrases and adds the catalog's; another locale gets only the catalog's (or its
/// inline manifest localization where the catalog has nothing for a shortcut).
public enum PhraseResolver {
    public static func keyUses(table: PhraseTable, provider: LocaleCatalog) -> [KeyUse] {
        var owner: [String: Int] = [:]
        for (index, shortcut) in provider.shortcuts.enumerated() {
            for phrase in shortcut.phrases where owner[phrase.text] == nil { owner[phrase.text] = index }
        }
        let negatives = Set(provider.negativePhrases.map(\.text))
        return table.keys.map { key in
            if let index = owner[key.key.text] { return .shortcut(index) }
            if negatives.contains(key.key.text) { return .negativePhrase }
            return .unused
        }
    }

    public static func resolve(
        provider: LocaleCatalog, sourceLanguage: String, table: PhraseTable?
    ) -> [String: LocaleResolution] {
        let count = provider.shortcuts.count
        var result: [String: LocaleResolution] = [:]
        var locales = Set([sourceLanguage])
        if let table { locales.formUnion(table.locales) }
        for locale in locales {
            result[locale] = LocaleResolution(
                locale: locale, shortcutPhrases: Array(repeating: [], count: count), negativePhrases: [], missing: [])
        }
        // Which (locale, shortcut) pairs a stringSet covers, and which keys have a translation.
        var setCovered: Set<String> = []
        var translatedKeys: Set<String> = []
        if let table {
            let uses = keyUses(table: table, provider: provider)
            for (key, use) in zip(table.keys, uses) {
                for translation in key.translations where translation.form != .variations {
                    let phrases = translation.values.map {
                        ResolvedPhrase(
                            text: $0.text, location: $0.location, key: key.key.text,
                            origin: .catalog(form: translation.form), state: translation.state)
                    }
                    switch use {
                    case .shortcut(let index):
                        result[translation.locale]?.shortcutPhrases[index].append(contentsOf: phrases)
                        if translation.form == .stringSet { setCovered.insert("\(translation.locale)\u{1F}\(index)") }
                        if !translation.values.isEmpty { translatedKeys.insert("\(translation.locale)\u{1F}\(key.key.text)") }
                    case .negativePhrase:
                        result[translation.locale]?.negativePhrases.append(contentsOf: phrases)
                    case .unused:
                        break
                    }
                }
            }
        }
        for locale in locales {
            guard var resolution = result[locale] else { continue }
            if locale == sourceLanguage {
                for (index, shortcut) in provider.shortcuts.enumerated() {
                    let present = Set(resolution.shortcutPhrases[index].map(\.text))
                    let declared = shortcut.phrases.filter { !present.contains($0.text) }.map {
                        ResolvedPhrase(text: $0.text, location: $0.location, key: nil, origin: .provider, state: nil)
                    }
                    resolution.shortcutPhrases[index] = declared + resolution.shortcutPhrases[index]
                }
                let presentNegative = Set(resolution.negativePhrases.map(\.text))
                resolution.negativePhrases =
                    provider.negativePhrases.filter { !presentNegative.contains($0.text) }.map {
                        ResolvedPhrase(text: $0.text, location: $0.location, key: nil, origin: .provider, state: nil)
                    } + resolution.negativePhrases
            } else {
                for (index, shortcut) in provider.shortcuts.enumerated()
                where !setCovered.contains("\(locale)\u{1F}\(index)") {
                    for phrase in shortcut.phrases where !translatedKeys.contains("\(locale)\u{1F}\(phrase.text)") {
                        resolution.missing.append(MissingTranslation(locale: locale, shortcut: index, phrase: phrase))
                    }
                }
            }
            result[locale] = resolution
        }
        return result
    }

    /// The merged `Catalog`: the provider's source locale plus one locale per catalog locale,
    /// each shortcut with its resolved phrases (duplicates removed). Inline manifest
    /// localizations fill shortcuts the catalog leaves empty; a shortcut with no phrase in a
    /// locale is left out of that locale, and a locale with no shortcut at all is dropped.
    public static func mergedCatalog(
        base: Catalog, provider: LocaleCatalog, sourceLanguage: String, resolutions: [String: LocaleResolution],
        appNames: [String: AppName] = [:]
    ) -> Catalog {
        var catalog = base
        catalog.sourceLanguage = sourceLanguage
        for (locale, resolution) in resolutions {
            let inline = base.locales[locale]
            var view = inline ?? provider
            view.locale = locale
            if inline == nil, locale != sourceLanguage, let app = appNames[locale] { view.app = app }
            if locale == sourceLanguage, let app = appNames[locale] { view.app = app }
            var shortcuts: [Shortcut] = []
            for (index, shortcut) in provider.shortcuts.enumerated() {
                var resolved = shortcut
                if let own = inline?.shortcut(id: shortcut.id) {
                    resolved = own
                }
                let phrases = resolution.shortcutPhrases[index]
                if !phrases.isEmpty {
                    var seen = Set<String>()
                    resolved.phrases = phrases.filter { seen.insert($0.text).inserted }.map {
                        PhraseTemplate($0.text, location: $0.location)
                    }
                } else if inline == nil && locale != sourceLanguage {
                    continue
                }
                if !resolved.phrases.isEmpty { shortcuts.append(resolved) }
            }
            guard !shortcuts.isEmpty else { continue }
            view.shortcuts = shortcuts
            if !resolution.negativePhrases.isEmpty {
                var seen = Set<String>()
                view.negativePhrases = resolution.negativePhrases.filter { seen.insert($0.text).inserted }.map {
                    PhraseTemplate($0.text, location: $0.location)
                }
            } else if inline == nil && locale != sourceLanguage {
                view.negativePhrases = []
            }
            catalog.locales[locale] = view
        }
        return catalog
    }
}
