import ShortcutCatalog

/// How bad a finding is. Errors fail the build in Xcode (and `validate` exits 1); warnings
/// do not unless `--strict`.
public enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// Every check `validate` makes, by the id shown in brackets and accepted by `--disable`.
///
/// Where Apple's tools have a message for the same problem, the rule uses its exact text
/// (see `shared/notes/apple-diagnostics.json`), so a search for the Xcode message finds it.
public enum Rule: String, Hashable, Sendable, CaseIterable, Comparable {
    // Errors.
    case tooManyShortcuts = "too-many-shortcuts"
    case phraseBudget = "phrase-budget"
    case applicationName = "application-name"
    case multipleParameters = "multiple-parameters"
    case unknownPlaceholder = "unknown-placeholder"
    case parameterType = "parameter-type"
    case duplicatePhrase = "duplicate-phrase"
    case negativeConflict = "negative-conflict"
    case translationPlaceholders = "translation-placeholders"
    case malformedFile = "malformed-file"
    // Warnings.
    case noPhrases = "no-phrases"
    case unusedKey = "unused-key"
    case missingTranslation = "missing-translation"
    case staleEntry = "stale-entry"
    case needsReview = "needs-review"
    case tooManyAppNameSynonyms = "app-name-synonyms"
    case parameterBudget = "parameter-budget"
    case heySiri = "hey-siri"
    case systemCommand = "system-command"
    case longPhrase = "long-phrase"
    case shortTitle = "short-title"
    case placeholderSpacing = "placeholder-spacing"
    case repeatedPhrase = "repeated-phrase"
    case confusablePhrases = "confusable-phrases"
    case redundantPhrase = "redundant-phrase"
    case inputNote = "input"

    /// The severity the rule reports at (before `--strict`).
    public var severity: Severity {
        switch self {
        case .tooManyShortcuts, .phraseBudget, .applicationName, .multipleParameters, .unknownPlaceholder,
            .parameterType, .duplicatePhrase, .negativeConflict, .translationPlaceholders, .malformedFile:
            return .error
        default:
            return .warning
        }
    }

    /// One line for `--help` and the documentation.
    public var summary: String {
        switch self {
        case .tooManyShortcuts: return "more than 10 App Shortcuts"
        case .phraseBudget: return "more than 1000 expanded phrases in a locale"
        case .applicationName: return "a phrase without exactly one ${applicationName}"
        case .multipleParameters: return "more than one parameter in a phrase"
        case .unknownPlaceholder: return "a placeholder naming no declared parameter"
        case .parameterType: return "a phrase parameter that is not an AppEnum or AppEntity"
        case .duplicatePhrase: return "the same phrase on two shortcuts of a locale"
        case .negativeConflict: return "a negative phrase equal to a positive one"
        case .translationPlaceholders: return "a translation whose placeholders differ from its source"
        case .malformedFile: return "a file that cannot be read"
        case .noPhrases: return "a shortcut with no phrases"
        case .unusedKey: return "a catalog key no shortcut or negative phrase uses"
        case .missingTranslation: return "a locale missing phrases the source language has"
        case .staleEntry: return "a catalog key Xcode marked stale"
        case .needsReview: return "a translation marked needs_review"
        case .tooManyAppNameSynonyms: return "more than three app-name synonyms in a locale"
        case .parameterBudget: return "one parameter using most of the phrase budget"
        case .heySiri: return "'Hey Siri' inside a phrase"
        case .systemCommand: return "a phrase that sounds like a system command (emergency, alarm, timer)"
        case .longPhrase: return "a phrase much longer than the short phrases the guidelines ask for"
        case .shortTitle: return "a short title ending in punctuation or naming the app"
        case .placeholderSpacing: return "a placeholder glued to a word, as in 'in${applicationName}'"
        case .repeatedPhrase: return "the same phrase twice for one shortcut in a locale"
        case .confusablePhrases: return "phrases of two shortcuts that flexible matching will confuse"
        case .redundantPhrase: return "a phrase a sibling phrase already covers through flexible matching"
        case .inputNote: return "a referenced file is missing or sources disagree"
        }
    }

    public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One finding, located the way Xcode locates its own: a file and line, or for catalog
/// entries also the language code and key (Apple's validator reports `<languageCode>:<key>`).
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    public var rule: Rule
    public var message: String
    public var path: String
    public var line: Int?
    public var column: Int?
    public var languageCode: String?
    public var key: String?

    public init(
        rule: Rule, message: String, path: String, line: Int? = nil, column: Int? = nil, languageCode: String? = nil,
        key: String? = nil, severity: Severity? = nil
    ) {
        self.severity = severity ?? rule.severity
        self.rule = rule
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.languageCode = languageCode
        self.key = key
    }

    public init(
        rule: Rule, message: String, at location: SourceLocation?, path: String, languageCode: String? = nil,
        key: String? = nil
    ) {
        self.init(
            rule: rule, message: message, path: location?.file ?? path, line: location?.line, column: location?.column,
            languageCode: languageCode, key: key)
    }

    /// A load failure as a diagnostic (the input could not be used at all).
    public init(_ error: CatalogError) {
        self.init(
            rule: .malformedFile, message: error.message, path: error.path, line: error.location?.line,
            column: error.location?.column)
    }

    /// Orders by file, position, then rule, so output is stable across runs.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted {
            ($0.path, $0.line ?? 0, $0.column ?? 0, $0.rule.rawValue, $0.languageCode ?? "", $0.message)
                < ($1.path, $1.line ?? 0, $1.column ?? 0, $1.rule.rawValue, $1.languageCode ?? "", $1.message)
        }
    }
}
