import FlexibleMatching
import ShortcutCatalog
import StringCatalogReaders
import VectorIndex

/// Settings for one validation run.
public struct ValidationOptions: Sendable {
    /// Rules not reported (`--disable`).
    public var disabled: Set<Rule>
    /// Report warnings as errors (`--strict`).
    public var strict: Bool
    /// Run the matcher-based rules (confusable and redundant phrases).
    public var matcherRules: Bool
    /// Similarity (the matcher's own phrase vectors, cosine in [0, 1]) at or above which phrases
    /// of two shortcuts are reported as confusable. At this level the matcher's scores for the
    /// two shortcuts differ by less than its default ambiguity margin for most inputs.
    public var confusableSimilarity: Float
    /// Similarity at or above which a phrase is covered by an earlier phrase of the same shortcut.
    public var redundantSimilarity: Float
    /// Language data per locale for the matcher; the default loads `Locales/` like `match`.
    public var resources: @Sendable (String) -> MatcherResources

    public init(
        disabled: Set<Rule> = [], strict: Bool = false, matcherRules: Bool = true, confusableSimilarity: Float = 0.9,
        redundantSimilarity: Float = 0.9,
        resources: @escaping @Sendable (String) -> MatcherResources = { (try? MatcherResources.load(locale: $0)) ?? MatcherResources() }
    ) {
        self.disabled = disabled
        self.strict = strict
        self.matcherRules = matcherRules
        self.confusableSimilarity = confusableSimilarity
        self.redundantSimilarity = redundantSimilarity
        self.resources = resources
    }
}

/// What a validation run found.
public struct ValidationReport: Sendable {
    public var diagnostics: [Diagnostic]
    /// The phrase budget of every locale, source language first.
    public var budgets: [PhraseBudget]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// 0 when there is no error, 1 otherwise (2, unreadable input, never reaches a report).
    public var exitCode: Int32 { errorCount > 0 ? 1 : 0 }
}

/// Validates an app's App Shortcuts the way Xcode's build does, and further: see `Rule`.
public enum Validator {
    public static let maxShortcuts = 10
    public static let maxAppNameSynonyms = 3
    /// Words (or, for scripts without spaces, characters) beyond which a phrase is "long".
    public static let maxPhraseWords = 12
    public static let maxPhraseCharacters = 30
    /// Pairwise phrase comparison is quadratic; a locale with more phrases than this (far past
    /// anything Siri accepts) skips the matcher-based rules rather than stall.
    public static let maxPhrasesForMatcherRules = 3000
    /// Weight of the word-vector block in the phrase vectors the confusable- and
    /// redundant-phrase rules compare (see `checkWithMatcher`).
    static let comparisonEmbeddingWeight: Float = 0.5
    /// "Did you mean" suggestions for unused keys are edit distances against every phrase;
    /// only this many are computed.
    public static let maxSuggestions = 200

    public static func validate(_ loaded: LoadedCatalog, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        var run = ValidationRun(loaded: loaded, options: options)
        run.checkProvider()
        run.checkLocales()
        run.checkResolutions()
        run.checkTable()
        run.checkNotes()
        if options.matcherRules, !options.disabled.isSuperset(of: [.confusablePhrases, .redundantPhrase]) {
            run.checkWithMatcher()
        }
        var diagnostics = run.diagnostics.filter { !options.disabled.contains($0.rule) }
        if options.strict {
            for index in diagnostics.indices { diagnostics[index].severity = .error }
        }
        return ValidationReport(diagnostics: Diagnostic.sorted(diagnostics), budgets: run.budgets)
    }

    /// Lower-case, straight apostrophes, single spaces, no final punctuation: how Siri hears it.
    static func normalized(_ text: String) -> String {
        // ASCII (most phrases) is done on bytes: grapheme iteration costs far more.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var lastSpace = true
            for b in text.utf8 {
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    if !lastSpace { bytes.append(0x20) }
                    lastSpace = true
                } else {
                    bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
                    lastSpace = false
                }
            }
            while let last = bytes.last, last == 0x20 || last == 0x2E || last == 0x21 || last == 0x3F || last == 0x2C {
                bytes.removeLast()
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        var lastSpace = true
        for ch in text.lowercased() {
            let c: Character = ch == "\u{2019}" || ch == "\u{2018}" ? "'" : ch
            if c == " " || (!c.isASCII && c.isWhitespace) || c == "\t" || c == "\n" {
                if !lastSpace { out.append(" ") }
                lastSpace = true
            } else {
                out.append(c)
                lastSpace = false
            }
        }
        while let last = out.last, last == " " || ".!?。！？,".contains(last) { out.removeLast() }
        return out
    }

    /// The phrase with every placeholder removed: what the words around them say.
    static func withoutPlaceholders(_ text: String) -> String {
        Placeholder.segments(of: text).compactMap {
            if case .text(let t) = $0 { return t }
            return " "
        }.joined()
    }
}

/// The state of one validation: the inputs and the findings so far.
struct ValidationRun {
    let loaded: LoadedCatalog
    let options: ValidationOptions
    var diagnostics: [Diagnostic] = []
    var budgets: [PhraseBudget] = []
    let declared: [String: DeclaredParameter]
    let dynamic: Set<String>
    /// Catalog key and state of each phrase read from a catalog, by location.
    let keyAt: [SourceLocation: (key: String, state: TranslationState?)]

    var providerPath: String { loaded.provider.path }

    init(loaded: LoadedCatalog, options: ValidationOptions) {
        self.loaded = loaded
        self.options = options
        var declared: [String: DeclaredParameter] = [:]
        for p in loaded.provider.declaredParameters where declared[p.name] == nil { declared[p.name] = p }
        self.declared = declared
        self.dynamic = Set(loaded.provider.declaredParameters.filter(\.isDynamic).map(\.name))
        var keyAt: [SourceLocation: (key: String, state: TranslationState?)] = [:]
        for resolution in loaded.resolutions.values {
            for phrase in resolution.shortcutPhrases.joined() + resolution.negativePhrases {
                if let location = phrase.location, let key = phrase.key { keyAt[location] = (key, phrase.state) }
            }
        }
        self.keyAt = keyAt
    }

    mutating func report(
        _ rule: Rule, _ message: String, at location: SourceLocation?, locale: String? = nil, key: String? = nil,
        path: String? = nil
    ) {
        diagnostics.append(
            Diagnostic(rule: rule, message: message, at: location, path: path ?? providerPath, languageCode: locale, key: key))
    }

    // MARK: Provider-level rules

    mutating func checkProvider() {
        let shortcuts = loaded.provider.source.shortcuts
        if shortcuts.count > Validator.maxShortcuts {
            let extra = shortcuts[Validator.maxShortcuts...].map(\.id).joined(separator: ", ")
            report(
                .tooManyShortcuts,
                "The app declares \(shortcuts.count) App Shortcuts; an app can have at most \(Validator.maxShortcuts) (beyond the limit: \(extra)).",
                at: shortcuts[Validator.maxShortcuts].location)
        }
        for shortcut in shortcuts where shortcut.phrases.isEmpty {
            report(.noPhrases, "App Shortcuts should have at least one phrase (\(shortcut.id)).", at: shortcut.location)
        }
        var checkedTitles = Set<String>()
        for locale in loaded.catalog.localeIdentifiers {
            guard let view = loaded.catalog.locales[locale] else { continue }
            for shortcut in view.shortcuts {
                guard let title = shortcut.shortTitle, checkedTitles.insert(title + "\u{1F}" + shortcut.id).inserted else { continue }
                checkShortTitle(title, shortcut: shortcut, app: view.app)
            }
        }
    }

    mutating func checkShortTitle(_ title: String, shortcut: Shortcut, app: AppName) {
        // `ContainerActionIntent.Title`-style values are keys into Localizable strings.
        let looksLikeKey = !title.contains(" ") && zip(title, title.dropFirst()).contains { $0 == "." && $1.isLetter }
        guard !looksLikeKey else { return }
        if let last = title.unicodeScalars.last, ".!?,;:…。！？、".unicodeScalars.contains(last) {
            report(
                .shortTitle,
                "The short title \"\(title)\" of \(shortcut.id) ends in punctuation; short titles are labels, not sentences.",
                at: shortcut.location)
        }
        let lowered = " " + Validator.normalized(title) + " "
        for form in app.spokenForms {
            let name = Validator.normalized(form)
            guard !name.isEmpty else { continue }
            if lowered.contains(" " + name + " ") || lowered.contains(" " + name + "'") {
                report(
                    .shortTitle,
                    "The short title \"\(title)\" of \(shortcut.id) names the app (\"\(form)\"); the system shows the app beside it already.",
                    at: shortcut.location)
                break
            }
        }
    }

    // MARK: Per-locale phrase rules

    mutating func checkLocales() {
        var checked = Set<String>()
        for locale in loaded.catalog.localeIdentifiers {
            guard let view = loaded.catalog.locales[locale] else { continue }
            let language = locale.split(separator: "-").first.map { String($0).lowercased() } ?? locale
            var owner: [String: String] = [:]
            for shortcut in view.shortcuts {
                for phrase in shortcut.phrases {
                    let id = "\(phrase.location?.description ?? "-")|\(phrase.text)"
                    if checked.insert(id).inserted {
                        checkPhrase(phrase, shortcut: shortcut, locale: locale, language: language)
                    }
                    let normal = Validator.normalized(phrase.text)
                    if let other = owner[normal], other != shortcut.id {
                        report(
                            .duplicatePhrase,
                            "The phrase \"\(phrase.text)\" is used by both \(other) and \(shortcut.id) in \(locale); Siri cannot tell them apart.",
                            at: phrase.location, locale: locale, key: keyAt[loc: phrase.location])
                    } else if owner[normal] == nil {
                        owner[normal] = shortcut.id
                    }
                }
            }
            for negative in view.negativePhrases {
                if let other = owner[Validator.normalized(negative.text)] {
                    report(
                        .negativeConflict,
                        "The negative phrase \"\(negative.text)\" is also a phrase of \(other) in \(locale); it would block its own shortcut.",
                        at: negative.location, locale: locale, key: keyAt[loc: negative.location])
                }
                let id = "\(negative.location?.description ?? "-")|\(negative.text)"
                if checked.insert(id).inserted {
                    checkPlaceholders(negative, locale: locale, negative: true)
                }
            }

            let budget = PhraseBudget(locale: view, dynamic: dynamic)
            budgets.append(budget)
            if budget.isOverLimit {
                report(
                    .phraseBudget,
                    "\(locale) expands to \(budget.total) trigger phrases; Siri allows at most \(PhraseBudget.limit) per app. \(PhraseBudget.synonymNote)",
                    at: nil, locale: locale)
            }
            for (name, count) in budget.byParameter.sorted(by: { $0.key < $1.key }) where count * 2 > PhraseBudget.limit {
                report(
                    .parameterBudget,
                    "Parameter '\(name)' alone expands to \(count) of the \(PhraseBudget.limit) trigger phrases allowed in \(locale); fewer values or fewer phrases naming it leave room for the rest.",
                    at: loaded.provider.declaredParameters.first { $0.name == name }?.location, locale: locale)
            }
            if view.app.synonyms.count > Validator.maxAppNameSynonyms {
                let synonyms = loaded.appNames?.synonyms(for: locale) ?? []
                let location = synonyms.count > Validator.maxAppNameSynonyms ? synonyms[Validator.maxAppNameSynonyms].name.location : nil
                report(
                    .tooManyAppNameSynonyms,
                    "\(locale) has \(view.app.synonyms.count) app-name synonyms; INAlternativeAppNames allows at most \(Validator.maxAppNameSynonyms) per localization.",
                    at: location, locale: locale)
            }
        }
    }

    /// Placeholder rules shared by positive and negative phrases.
    mutating func checkPlaceholders(_ phrase: PhraseTemplate, locale: String, negative: Bool) {
        let key = keyAt[loc: phrase.location]
        var parameters: [String] = []
        for name in phrase.placeholders where name != Placeholder.applicationName && !parameters.contains(name) {
            parameters.append(name)
        }
        if parameters.count > 1 {
            report(
                .multipleParameters,
                "The phrase \"\(phrase.text)\" names \(parameters.count) parameters (\(parameters.joined(separator: ", "))); an App Shortcut phrase can hold at most one.",
                at: phrase.location, locale: locale, key: key)
        }
        for name in parameters {
            guard let parameter = declared[name] else {
                report(
                    .unknownPlaceholder,
                    "The placeholder '${\(name)}' in \"\(phrase.text)\" names no declared parameter.",
                    at: phrase.location, locale: locale, key: key)
                continue
            }
            if case .other = parameter.type {
                report(
                    .parameterType, "Invalid parameter type. AppEntity and AppEnum are the only allowed types for \(name)",
                    at: phrase.location, locale: locale, key: key)
            }
        }
        _ = negative
    }

    mutating func checkPhrase(_ phrase: PhraseTemplate, shortcut: Shortcut, locale: String, language: String) {
        let key = keyAt[loc: phrase.location]
        let appCount = phrase.placeholders.filter { $0 == Placeholder.applicationName }.count
        if appCount != 1 {
            report(
                .applicationName,
                "Invalid Utterance. Every App Shortcut utterance should have one '${applicationName}' in it. Phrase: \"\(phrase.text)\"",
                at: phrase.location, locale: locale, key: key)
        }
        checkPlaceholders(phrase, locale: locale, negative: false)
        let bare = Validator.withoutPlaceholders(phrase.text)
        let words = SystemCommands.normalizedWords(bare)
        if (" " + words + " ").contains(" hey siri ") || words.hasPrefix("siri ") || words == "siri" {
            report(
                .heySiri,
                "The phrase \"\(phrase.text)\" includes \"Siri\"; people say \"Hey Siri\" before the phrase, never inside it.",
                at: phrase.location, locale: locale, key: key)
        }
        if let command = SystemCommands.match(bare, language: language) {
            report(
                .systemCommand,
                "The phrase \"\(phrase.text)\" sounds like the system command \"\(command)\"; Siri keeps emergency calls, alarms and timers for itself.",
                at: phrase.location, locale: locale, key: key)
        }
        let spaced = bare.contains(" ")
        let wordCount = words.split(separator: " ").count + appCount
        let characters = bare.filter { !$0.isWhitespace }.count
        if spaced ? wordCount > Validator.maxPhraseWords : characters > Validator.maxPhraseCharacters {
            let size = spaced ? "\(wordCount) words" : "\(characters) characters"
            report(
                .longPhrase,
                "The phrase \"\(phrase.text)\" is \(size) long; App Shortcut phrases should be short and memorable (at most \(spaced ? Validator.maxPhraseWords : Validator.maxPhraseCharacters) \(spaced ? "words" : "characters")).",
                at: phrase.location, locale: locale, key: key)
        }
        if spaced { checkSpacing(phrase, locale: locale, key: key) }
    }

    /// `in${applicationName}`: a placeholder glued to a letter in a language written with spaces.
    mutating func checkSpacing(_ phrase: PhraseTemplate, locale: String, key: String?) {
        let segments = phrase.segments
        for (index, segment) in segments.enumerated() {
            guard case .placeholder(let name) = segment else { continue }
            var glued: String?
            if index > 0, case .text(let before) = segments[index - 1], let last = before.last, last.isLetter, !isCJK(last) {
                glued = String(before.split(separator: " ").last ?? Substring(before)) + "${\(name)}"
            }
            if index + 1 < segments.count, case .text(let after) = segments[index + 1], let first = after.first, first.isLetter,
                !isCJK(first)
            {
                glued = "${\(name)}" + String(after.split(separator: " ").first ?? Substring(after))
            }
            if let glued {
                report(
                    .placeholderSpacing,
                    "'\(glued)' in \"\(phrase.text)\" glues the placeholder to a word; Siri hears one unknown word.",
                    at: phrase.location, locale: locale, key: key)
                return
            }
        }
    }

    func isCJK(_ c: Character) -> Bool {
        c.unicodeScalars.contains {
            $0.properties.isIdeographic || ("\u{3040}"..."\u{30FF}").contains($0) || ("\u{AC00}"..."\u{D7AF}").contains($0)
        }
    }

    // MARK: Resolution rules (before duplicates are merged)

    mutating func checkResolutions() {
        let provider = loaded.provider.source
        for locale in loaded.localeIdentifiers {
            guard let resolution = loaded.resolutions[locale] else { continue }
            for (index, phrases) in resolution.shortcutPhrases.enumerated() {
                var seen: [String: Int] = [:]
                for phrase in phrases {
                    let normal = Validator.normalized(phrase.text)
                    if let line = seen[normal] {
                        report(
                            .repeatedPhrase,
                            "The phrase \"\(phrase.text)\" appears twice for \(provider.shortcuts[index].id) in \(locale) (first on line \(line)).",
                            at: phrase.location, locale: locale, key: phrase.key)
                    } else {
                        seen[normal] = phrase.location?.line ?? 0
                    }
                }
            }
            guard locale != loaded.sourceLanguage, let table = loaded.phraseTable else { continue }
            var byShortcut: [Int: [MissingTranslation]] = [:]
            for missing in resolution.missing { byShortcut[missing.shortcut, default: []].append(missing) }
            let file = fileFor(locale: locale, table: table)
            var keyLocations: [String: SourceLocation] = [:]
            if table.kind == .stringCatalog {
                for key in table.keys where keyLocations[key.key.text] == nil { keyLocations[key.key.text] = key.key.location }
            }
            for (index, missing) in byShortcut.sorted(by: { $0.key < $1.key }) {
                let shortcut = provider.shortcuts[index]
                if resolution.shortcutPhrases[index].isEmpty && loaded.catalog.locales[locale]?.shortcut(id: shortcut.id) == nil {
                    let keyLocation = shortcut.phrases.first.flatMap { keyLocations[$0.text] }
                    report(
                        .missingTranslation,
                        "\(shortcut.id) has no phrases in \(locale) (the source language has \(shortcut.phrases.count)); it is unavailable in that language.",
                        at: table.kind == .stringCatalog ? keyLocation : nil, locale: locale, key: shortcut.phrases.first?.text,
                        path: file)
                } else {
                    for m in missing {
                        let keyLocation = keyLocations[m.phrase.text]
                        report(
                            .missingTranslation,
                            "\(locale) has no translation of \"\(m.phrase.text)\" (\(shortcut.id)), which the source language has.",
                            at: table.kind == .stringCatalog ? keyLocation : nil, locale: locale, key: m.phrase.text, path: file)
                    }
                }
            }
        }
    }

    func fileFor(locale: String, table: PhraseTable) -> String {
        if table.kind == .stringsTables, let file = table.files.first(where: { StringsFile.locale(ofPath: $0) == locale }) {
            return file
        }
        return table.files.first ?? providerPath
    }

    // MARK: Catalog keys

    mutating func checkTable() {
        guard let table = loaded.phraseTable else { return }
        let provider = loaded.provider.source
        let uses = PhraseResolver.keyUses(table: table, provider: provider)
        let allPhrases = provider.shortcuts.flatMap(\.phrases).map(\.text) + provider.negativePhrases.map(\.text)
        var suggestionsLeft = Validator.maxSuggestions
        for (key, use) in zip(table.keys, uses) {
            let text = key.key.text
            if key.extractionState == .stale {
                let still = use == .unused ? "" : " The provider still declares it: rebuild so Xcode refreshes the catalog."
                report(
                    .staleEntry,
                    "The catalog marks \"\(text)\" stale: Xcode no longer found it in the code.\(still)",
                    at: key.key.location, key: text)
            } else if use == .unused {
                var message = "This phrase is not used in any App Shortcut or as a Negative Phrase."
                if suggestionsLeft > 0, let near = closest(text, in: allPhrases) { message += " Did you mean \"\(near)\"?" }
                suggestionsLeft -= 1
                let tables = Set(key.translations.map(\.keyLocation.file)).count
                if tables > 1 { message += " (The key is in \(tables) tables.)" }
                report(.unusedKey, message, at: key.key.location, key: text)
            }
            let keyPlaceholders = PlaceholderParser.placeholders(in: text).sorted()
            for translation in key.translations {
                if translation.state == .needsReview {
                    report(
                        .needsReview,
                        "The \(translation.locale) translation of \"\(text)\" is marked needs_review.",
                        at: translation.localizationLocation, locale: translation.locale, key: text)
                }
                guard use != .unused, translation.form.isTranslationOfKey else { continue }
                for value in translation.values {
                    let found = PlaceholderParser.placeholders(in: value.text).sorted()
                    if found != keyPlaceholders {
                        let want = keyPlaceholders.map { "${\($0)}" }.joined(separator: ", ")
                        let got = found.map { "${\($0)}" }.joined(separator: ", ")
                        report(
                            .translationPlaceholders,
                            "The \(translation.locale) translation \"\(value.text)\" has placeholders [\(got)] but its source \"\(text)\" has [\(want)].",
                            at: value.location, locale: translation.locale, key: text)
                    }
                }
            }
        }
    }

    /// The phrase nearest `text` by edit distance, when it is close (a drifted key).
    func closest(_ text: String, in phrases: [String]) -> String? {
        var best: (String, Int)?
        let a = Array(text.lowercased())
        for phrase in Set(phrases) {
            let b = Array(phrase.lowercased())
            guard abs(a.count - b.count) <= max(a.count, b.count) / 3 else { continue }
            let d = editDistance(a, b)
            guard d * 3 <= max(a.count, b.count) else { continue }
            if let current = best, d > current.1 || (d == current.1 && phrase >= current.0) { continue }
            best = (phrase, d)
        }
        return best?.0
    }

    func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    mutating func checkNotes() {
        for note in loaded.notes {
            report(.inputNote, note.message, at: note.location, path: note.path)
        }
    }

    // MARK: Matcher-based rules

    /// Compares every pair of phrases of a locale with the matcher's own phrase vectors (the
    /// words around the placeholders, as the matcher scores them): phrases of two shortcuts
    /// this close leave flexible matching nothing to choose by, and a phrase this close to an
    /// earlier sibling adds nothing flexible matching does not already match.
    mutating func checkWithMatcher() {
        var reported = Set<String>()
        var resourcesByLanguage: [String: MatcherResources] = [:]
        for locale in loaded.catalog.localeIdentifiers {
            guard let view = loaded.catalog.locales[locale], !view.shortcuts.isEmpty else { continue }
            let phraseCount = view.shortcuts.reduce(0) { $0 + $1.phrases.count }
            guard phraseCount <= Validator.maxPhrasesForMatcherRules else {
                report(
                    .inputNote,
                    "\(locale) has \(phraseCount) phrases; the matcher-based rules compare every pair and are skipped above \(Validator.maxPhrasesForMatcherRules).",
                    at: nil, locale: locale)
                continue
            }
            let language = locale.split(separator: "-").first.map(String.init) ?? locale
            let resources = resourcesByLanguage[language] ?? options.resources(locale)
            resourcesByLanguage[language] = resources
            // The matcher's vector space over the locale's phrases, each parameter said by one
            // value and the app by its name: enough to compare phrases, and it keeps the matcher
            // from expanding every value (a locale near the budget has 1000 expansions).
            var reduced = view
            reduced.app.synonyms = []
            for index in reduced.parameters.indices {
                reduced.parameters[index].values = Array(reduced.parameters[index].values.prefix(1))
            }
            // The similarity thresholds (0.9) were set on real apps' catalogs with word vectors
            // weighted 0.5 in the phrase vector; matching now weights them 0.25 and pairs words
            // instead (`WordAligner`), which a phrase-to-phrase cosine does not see.
            var compared = resources
            var tuning = compared.tuning ?? LocaleTuning()
            tuning.space.embeddingWeight = Validator.comparisonEmbeddingWeight
            compared.tuning = tuning
            let matcher = Matcher(catalog: reduced, resources: compared)
            // Struct-of-arrays: the pair loop below only reads flat arrays (no copies per pair).
            var shortcutOf: [Int] = []
            var phrases: [PhraseTemplate] = []
            var normals: [String] = []
            var placeholderSets: [Set<String>] = []
            var valuedParameter: [String?] = []
            var vectors: [[Float]] = []
            var filledVectors: [[Float]] = []
            for (s, shortcut) in view.shortcuts.enumerated() {
                for phrase in shortcut.phrases {
                    let bare = Validator.withoutPlaceholders(phrase.text)
                    let tokens = matcher.tokenizer.tokens(bare)
                    guard !tokens.isEmpty else { continue }
                    // For comparing shortcuts, a parameter with known values is said as its first value.
                    var valued: String?
                    let filledText = Placeholder.segments(of: phrase.text).map { segment -> String in
                        switch segment {
                        case .text(let t): return t
                        case .placeholder(let name):
                            if let value = view.parameter(named: name)?.values.first {
                                valued = valued ?? name
                                return value.title
                            }
                            return " "
                        }
                    }.joined()
                    let vector = matcher.featurizer.vector(tokens)
                    shortcutOf.append(s)
                    phrases.append(phrase)
                    normals.append(Validator.normalized(phrase.text))
                    placeholderSets.append(Set(phrase.placeholders))
                    valuedParameter.append(valued)
                    vectors.append(vector)
                    filledVectors.append(valued == nil ? vector : matcher.featurizer.vector(matcher.tokenizer.tokens(filledText)))
                }
            }
            func dot(_ x: [Float], _ y: [Float]) -> Float {
                x.withUnsafeBufferPointer { a in
                    y.withUnsafeBufferPointer { b in
                        var sum: Float = 0
                        for k in 0..<min(a.count, b.count) { sum += a[k] * b[k] }
                        return sum
                    }
                }
            }
            guard let dimension = vectors.first?.count, dimension > 0 else { continue }
            // All similarities at once: one BLAS product per phrase against the matrix of phrases.
            var index = VectorIndex(dimension: dimension)
            index.reserve(rows: vectors.count)
            for vector in vectors { index.append(vector) }
            // Equal texts and equal placeholder sets as small integers, so the pair loop compares ints.
            var textID: [String: Int] = [:]
            let normalIDs = normals.map { text in textID[text] ?? { textID[text] = textID.count; return textID.count - 1 }() }
            var setID: [Set<String>: Int] = [:]
            let placeholderIDs = placeholderSets.map { set in setID[set] ?? { setID[set] = setID.count; return setID.count - 1 }() }
            for j in phrases.indices {
                let row = index.scores(for: vectors[j])
                // The closest earlier sibling with the same placeholders, for one report per phrase.
                var sibling: (index: Int, score: Float)?
                for i in 0..<j {
                    // Exact duplicates are reported by their own rules.
                    guard normalIDs[i] != normalIDs[j] else { continue }
                    var similarity = row[i]
                    if shortcutOf[i] == shortcutOf[j] {
                        // A phrase with a parameter is not covered by one without (it binds a value).
                        guard similarity >= options.redundantSimilarity, placeholderIDs[i] == placeholderIDs[j] else { continue }
                        if similarity > (sibling?.score ?? -1) { sibling = (i, similarity) }
                        continue
                    }
                    guard similarity >= options.confusableSimilarity else { continue }
                    // Parameters with different known values tell the shortcuts apart by the value said.
                    if let x = valuedParameter[i], let y = valuedParameter[j], x != y { continue }
                    similarity = min(similarity, dot(filledVectors[i], filledVectors[j]))
                    guard similarity >= options.confusableSimilarity else { continue }
                    let a = phrases[i], b = phrases[j]
                    let pairID = "\(a.location?.description ?? a.text)|\(b.location?.description ?? b.text)"
                    guard reported.insert(pairID).inserted else { continue }
                    report(
                        .confusablePhrases,
                        "\"\(b.text)\" (\(view.shortcuts[shortcutOf[j]].id)) and \"\(a.text)\" (\(view.shortcuts[shortcutOf[i]].id)) are \(percent(similarity))% similar; flexible matching will confuse the two shortcuts in \(locale).",
                        at: b.location, locale: locale, key: keyAt[loc: b.location])
                }
                if let sibling {
                    let a = phrases[sibling.index], b = phrases[j]
                    let pairID = "\(a.location?.description ?? a.text)|\(b.location?.description ?? b.text)"
                    guard reported.insert(pairID).inserted else { continue }
                    report(
                        .redundantPhrase,
                        "Flexible matching already matches this: \"\(b.text)\" is \(percent(sibling.score))% similar to \"\(a.text)\" of the same shortcut (\(view.shortcuts[shortcutOf[sibling.index]].id)); a phrase worded differently would cover more.",
                        at: b.location, locale: locale, key: keyAt[loc: b.location])
                }
            }
        }
    }

    func percent(_ similarity: Float) -> Int { Int((min(similarity, 1) * 100).rounded()) }
}

extension Dictionary where Key == SourceLocation, Value == (key: String, state: TranslationState?) {
    subscript(loc location: SourceLocation?) -> String? {
        guard let location else { return nil }
        return self[location]?.key
    }
}
