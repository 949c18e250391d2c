import ShortcutCatalog

/// A parameter value bound by a match: `{"name": "list", "value": "grocery"}`.
public struct ParameterBinding: Hashable, Sendable {
    public var name: String
    /// The value's `id`.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One scored choice: the best expansion of one shortcut (with one parameter value).
public struct MatchCandidate: Hashable, Sendable {
    public var shortcut: String
    public var shortTitle: String?
    public var systemImageName: String?
    public var parameter: ParameterBinding?
    public var score: Double
    /// The phrase template that scored best, placeholders intact.
    public var phrase: String
    /// The expanded text that scored best (placeholders filled in).
    public var expandedPhrase: String

    public init(
        shortcut: String, shortTitle: String?, systemImageName: String?, parameter: ParameterBinding?,
        score: Double, phrase: String, expandedPhrase: String
    ) {
        self.shortcut = shortcut
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
        self.parameter = parameter
        self.score = score
        self.phrase = phrase
        self.expandedPhrase = expandedPhrase
    }
}

/// What a typed phrase hits (`CONTRACTS.md` §3).
public struct MatchResult: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable {
        case match, ambiguous, none
    }

    public enum MatchKind: String, Hashable, Sendable {
        case exact, flexible
    }

    public enum Reason: String, Hashable, Sendable {
        case belowThreshold = "below-threshold"
        case negativePhrase = "negative-phrase"
        case appNameMissing = "app-name-missing"
        case ambiguous
        case emptyInput = "empty-input"
    }

    public var input: String
    public var locale: String
    public var outcome: Outcome
    /// The winner; `nil` unless `outcome == .match`.
    public var winner: MatchCandidate?
    /// The best candidate's similarity in [0, 1] (0 for empty input).
    public var score: Double
    /// The best candidate's lead over the best candidate of a different shortcut.
    public var margin: Double
    public var matchKind: MatchKind?
    public var appNameMentioned: Bool
    public var reason: Reason?
    /// Best candidate per (shortcut, parameter value), best first; for `ambiguous`, the choices.
    public var candidates: [MatchCandidate]
    /// For `negative-phrase`: the negative phrase that won, and its score.
    public var negativePhrase: String?
    public var negativeScore: Double?
    /// For `negative-phrase`: the phrase is one of the locale's requests Siri handles
    /// itself (a built-in negative phrase), not one the catalog declares.
    public var negativeIsSystem: Bool
    /// For `app-name-missing` under the optional policy: the other app the input names
    /// ("… with Murmur"), which Siri would ask instead.
    public var otherAppName: String?
    /// `otherAppName` of a request spoken to Siri itself, by name, without naming the app.
    public static let siri = "Siri"
    /// Whether the request was spoken to Siri by name rather than to this app.
    public var spokenToSiri: Bool { otherAppName == MatchResult.siri }
    /// The word of the input asking for an action no phrase of the catalog offers ("share",
    /// "rename": `MatcherResources.actionWords`; in English also an undoing "Unsave" or
    /// "Take … off"), as typed; every candidate's score was lowered for it.
    public var unofferedAction: String?
    /// A word of the input read as the catalog word it is one slip away from (`TypoMender`).
    public struct MendedWord: Hashable, Sendable {
        /// The word as typed.
        public var typed: String
        /// The catalog's word it was read as.
        public var read: String

        public init(typed: String, read: String) {
            self.typed = typed
            self.read = read
        }
    }
    /// The input's words read as typos of catalog words ("Lokc" as lock), in input order.
    public var typos: [MendedWord] = []
    /// The threshold and margin this result was decided with (the threshold includes
    /// `unnamedPenalty`).
    public var threshold: Double
    /// The part of `threshold` added because the input does not name the app
    /// (`MatchOptions.unnamedPenalty`); 0 when it does.
    public var unnamedPenalty: Double
    public var requiredMargin: Double

    public init(
        input: String, locale: String, outcome: Outcome, winner: MatchCandidate?, score: Double, margin: Double,
        matchKind: MatchKind?, appNameMentioned: Bool, reason: Reason?, candidates: [MatchCandidate],
        negativePhrase: String? = nil, negativeScore: Double? = nil, negativeIsSystem: Bool = false,
        otherAppName: String? = nil, unofferedAction: String? = nil, threshold: Double, unnamedPenalty: Double = 0,
        requiredMargin: Double
    ) {
        self.unofferedAction = unofferedAction
        self.negativeIsSystem = negativeIsSystem
        self.otherAppName = otherAppName
        self.input = input
        self.locale = locale
        self.outcome = outcome
        self.winner = winner
        self.score = score
        self.margin = margin
        self.matchKind = matchKind
        self.appNameMentioned = appNameMentioned
        self.reason = reason
        self.candidates = candidates
        self.negativePhrase = negativePhrase
        self.negativeScore = negativeScore
        self.threshold = threshold
        self.unnamedPenalty = unnamedPenalty
        self.requiredMargin = requiredMargin
    }
}
