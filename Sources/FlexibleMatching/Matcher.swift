import Foundation
import PhraseTokenizer
import ShortcutCatalog
import SynonymExpansion
import VectorIndex
import WordEmbeddings

/// Settings for one match call. Command-line options override the catalog's `matching` block,
/// which overrides `MatchOptions.defaults`.
public struct MatchOptions: Hashable, Sendable {
    /// Below this score the outcome is `none` / `below-threshold`.
    public var threshold: Double
    /// When the best two different shortcuts are closer than this, the outcome is `ambiguous`.
    public var margin: Double
    public var appName: AppNamePolicy
    /// How many candidates to report (at most five are offered for `ambiguous`).
    public var top: Int
    /// Added to the threshold for a query that does not name the app: without its name Siri
    /// has less reason to pick this app, and such queries are mostly other apps' and Siri's.
    /// Between `appName: .optional` (0) and `.required` (a refusal).
    public var unnamedPenalty: Double

    public init(
        threshold: Double, margin: Double, appName: AppNamePolicy = .optional, top: Int = 5, unnamedPenalty: Double = 0
    ) {
        self.threshold = threshold
        self.margin = margin
        self.appName = appName
        self.top = top
        self.unnamedPenalty = unnamedPenalty
    }

    /// The score a query must reach: the threshold, plus `unnamedPenalty` when the query does
    /// not name the app.
    public func threshold(appNameMentioned: Bool) -> Double {
        appNameMentioned ? threshold : threshold + unnamedPenalty
    }

    /// The unnamed penalty some query can meet, for reports of these settings: nil when there
    /// is none, or when the app name is required (a query without it is refused before any
    /// threshold).
    public var appliedUnnamedPenalty: Double? {
        unnamedPenalty > 0 && appName == .optional ? unnamedPenalty : nil
    }

    /// Defaults chosen on the development sets (clinc-apps and Corpora/Dev, English; see
    /// README), for a locale without a pack. Each locale pack brings its own (`LocaleTuning`):
    /// since session 10 margin 0, so that `ambiguous` means a tie (on the 56 development apps,
    /// leave one app out, 0.01 refused queries whose best shortcut was right as often as
    /// wrong), and an unnamed penalty.
    public static let defaults = MatchOptions(threshold: 0.35, margin: 0.01)

    /// `defaults` (a locale's own, `Matcher.defaultOptions`, or the engine's), overridden by
    /// a catalog's stored settings.
    public static func resolved(for catalog: Catalog, defaults: MatchOptions = .defaults) -> MatchOptions {
        var options = defaults
        if let t = catalog.matching.threshold { options.threshold = t }
        if let m = catalog.matching.margin { options.margin = m }
        if let a = catalog.matching.appName { options.appName = a }
        return options
    }
}

/// Language data the matcher uses for one locale. All optional: without any, matching is
/// purely lexical (words and character n-grams).
public struct MatcherResources: Sendable {
    public var pack: (any LocalePack)?
    public var embeddings: StaticEmbeddings?
    public var lexicon: Lexicon?
    /// The locale's threshold, margin and feature blend (`matching.json`).
    public var tuning: LocaleTuning?
    /// Requests Siri handles itself (timers, weather, calls, chit-chat: `system.txt`). They
    /// act as built-in negative phrases for queries that do not name the app.
    public var systemPhrases: [String]
    /// Lemmas of actions apps often offer (share, rename, export, …: `actions.txt`). A
    /// request for one that no phrase of the catalog offers asks for something the app's
    /// shortcuts do not do ("share my run" in a workout app that starts runs).
    public var actionWords: Set<String>
    /// Opposite lemmas (next/previous, brighter/dimmer: `antonyms.txt`). Word vectors put
    /// opposites close together; the word aligner pairs them as unrelated words.
    public var antonyms: [String: Set<String>] = [:]
    /// Multi-word entries of the synonym groups ("get rid of" in the group of remove): the
    /// matcher's tokenizer adds the group's word where one occurs (`MultiWordTable`).
    public var multiWords = MultiWordTable()

    public init(
        pack: (any LocalePack)? = nil, embeddings: StaticEmbeddings? = nil, lexicon: Lexicon? = nil,
        tuning: LocaleTuning? = nil, systemPhrases: [String] = [], actionWords: Set<String> = []
    ) {
        self.pack = pack
        self.embeddings = embeddings
        self.lexicon = lexicon
        self.tuning = tuning
        self.systemPhrases = systemPhrases
        self.actionWords = actionWords
    }
}

/// Matches typed phrases against one locale of a catalog: exact match after normalisation
/// first, then flexible matching by vector similarity, with negative phrases, a threshold,
/// a margin for ambiguity and an app-name policy. Immutable once built; `Sendable`.
///
/// Scoring: every expanded phrase is a row of a `VectorIndex`; one `sgemv` scores them all.
/// A candidate is a (shortcut, parameter value) pair; its score blends its best template
/// with the mean of its best `neighbours` templates (a k-nearest-neighbour vote, which
/// measured better than the maximum alone on the development set).
public struct Matcher: Sendable {
    public let catalog: LocaleCatalog
    public let tokenizer: Tokenizer
    public let featurizer: Featurizer
    public let expanded: ExpandedCatalog
    let appName: AppNameDetector
    let index: VectorIndex
    /// Exact-match table: canonical spoken text → positive expansion indices, at most one
    /// per shortcut (two shortcuts declaring the same phrase make it ambiguous).
    let exact: [String: [Int]]
    let exactNegative: [String: Int]
    /// Row `r < positives.count` is `expanded.positives[r]`; then the negatives.
    let positiveCount: Int
    /// The locale's system requests (`systemPhrases`), scored only for queries that do not
    /// name the app.
    let systemIndex: VectorIndex
    /// The locale's system requests kept as negatives: those no phrase of the catalog comes
    /// near (`CandidateScoring.systemClaim`), the rows of `systemIndex`.
    public let systemPhrases: [String]
    /// Parameter values named outright in a query.
    let values: ValueSpotter
    /// Another app named in a query.
    let otherApp: OtherAppDetector
    /// Word-by-word re-ranking of the best candidates (when `scoring.alignWeight > 0`).
    let aligner: WordAligner?
    /// How rows aggregate into candidates.
    let plan: CandidatePlan
    /// The locale's action words (`MatcherResources.actionWords`) that no positive phrase
    /// says, directly or through a lexicon synonym: a query saying one is penalised by
    /// `CandidateScoring.actionPenalty`.
    let foreignActions: Set<String>
    /// Words (texts and lemmas) of the positive phrases.
    let said: Set<String>
    /// Mistyped words read as the catalog word they are one slip away from.
    let typoMender: TypoMender?
    /// The options this locale's catalog gets unless told otherwise: the engine's defaults
    /// with the locale pack's threshold and margin (`matching.json`).
    public let defaultOptions: MatchOptions

    /// How similarities are computed: BLAS (`cblas_sgemv`) or the plain scalar loop the
    /// benchmark compares it with. Both give the same scores.
    public enum Backend: String, Sendable, CaseIterable {
        case blas, scalar
    }

    public var backend: Backend = .blas

    /// How template scores become candidate scores (`CandidateScoring`).
    let scoring: CandidateScoring

    /// Builds the index. Complexity: O(expanded phrases × (tokens + dimension)).
    public init(catalog: LocaleCatalog, resources: MatcherResources = MatcherResources()) {
        self.catalog = catalog
        let tokenizer = resources.tokenizer(locale: catalog.locale)
        self.tokenizer = tokenizer
        let expanded = PhraseExpander.expand(catalog)
        self.expanded = expanded
        self.appName = AppNameDetector(app: catalog.app, tokenizer: tokenizer)

        // Phrases are tokenised as said, app name included, and the name is then stripped as
        // it is from a query: tokenising the text without the name would let a word before
        // it look final ("Starte ein Training mit ${applicationName}": German's separable-verb
        // rule read "mit" as the particle of "mitstarten", which no query ever says).
        // Only the name's own tokens go (not a longer synonym that happens to follow:
        // "my Tickbit habits" keeps "habits"); a name inside a CJK run keeps the bare text.
        let nameTokens = tokenizer.tokens(catalog.app.name).map(\.text)
        func phraseTokens(_ e: Expansion) -> [Token] {
            guard let spoken = e.spokenTexts.first, spoken != e.text, !nameTokens.isEmpty else {
                return tokenizer.tokens(e.text)
            }
            var tokens = tokenizer.tokens(spoken)
            let n = nameTokens.count
            guard tokens.count >= n,
                let start = (0...(tokens.count - n)).first(where: { i in (0..<n).allSatisfy { tokens[i + $0].text == nameTokens[$0] } })
            else { return tokenizer.tokens(e.text) }
            tokens.removeSubrange(start..<(start + n))
            return tokens
        }
        let positiveTokens = expanded.positives.map(phraseTokens)
        let negativeTokens = expanded.negatives.map(phraseTokens)
        let systemTokens = resources.systemPhrases.map { tokenizer.tokens($0) }
        let (featurizer, positiveVectors) = Featurizer.build(
            documents: positiveTokens, space: resources.tuning?.space ?? FeatureSpace(), embeddings: resources.embeddings,
            lexicon: resources.lexicon)
        self.featurizer = featurizer
        var index = VectorIndex(dimension: featurizer.dimension)
        index.reserve(rows: positiveTokens.count + negativeTokens.count)
        for v in positiveVectors { index.append(v) }
        for tokens in negativeTokens { index.append(featurizer.vector(tokens)) }
        // A system request the catalog itself offers ("set a timer" in a timer app) is the
        // app's to answer: only the requests no phrase comes near stay as negatives.
        let scoring = resources.tuning?.scoring ?? CandidateScoring()
        var kept: [String] = []
        var keptVectors: [[Float]] = []
        // Each template's first expansion stands for it: a tenth of the rows of a large
        // catalog, and start-up time matters.
        var representatives = VectorIndex(dimension: featurizer.dimension)
        representatives.reserve(rows: expanded.templates.count)
        var seenTemplates = Set<Int>()
        for (r, e) in expanded.positives.enumerated() where seenTemplates.insert(e.template).inserted {
            representatives.append(positiveVectors[r])
        }
        for (phrase, tokens) in zip(resources.systemPhrases, systemTokens) {
            let v = featurizer.vector(tokens)
            let nearest = representatives.count > 0 ? representatives.scores(for: v).max() ?? 0 : 0
            if Double(nearest) < scoring.systemClaim {
                kept.append(phrase)
                keptVectors.append(v)
            }
        }
        var systemIndex = VectorIndex(dimension: featurizer.dimension)
        systemIndex.reserve(rows: keptVectors.count)
        for v in keptVectors { systemIndex.append(v) }
        self.index = index
        self.systemIndex = systemIndex
        self.positiveCount = positiveTokens.count
        self.systemPhrases = kept
        self.values = ValueSpotter(catalog: catalog, tokenizer: tokenizer)
        self.scoring = scoring
        self.aligner = scoring.alignWeight > 0
            ? WordAligner(
                rows: positiveTokens + negativeTokens, embeddings: resources.embeddings, lexicon: resources.lexicon,
                antonyms: resources.antonyms)
            : nil
        self.otherApp = OtherAppDetector(
            catalog: catalog, expanded: expanded, tokenizer: tokenizer, embeddings: resources.embeddings)

        self.exact = Matcher.exactTable(expanded.positives, tokenizer: tokenizer) {
            expanded.templates[$0.template].shortcut
        }
        // Any negative phrase will do: they all mean "not this app".
        self.exactNegative = Matcher.exactTable(expanded.negatives, tokenizer: tokenizer) { _ in nil }
            .compactMapValues(\.first)

        self.plan = CandidatePlan(expanded: expanded, shortcutIDs: catalog.shortcuts.map(\.id))
        var said = Set<String>()
        for tokens in positiveTokens { for t in tokens { said.insert(t.lemma); said.insert(t.text) } }
        let lexicon = resources.lexicon
        self.typoMender = scoring.mendTypos ? TypoMender(phrases: positiveTokens + negativeTokens, known: resources.embeddings) : nil
        self.said = said
        self.foreignActions = resources.actionWords.filter { action in
            !said.contains(action) && !(lexicon?.synonyms(of: action).contains { said.contains($0.lemma) } ?? false)
        }
        var options = MatchOptions.defaults
        if let t = resources.tuning?.threshold { options.threshold = t }
        if let m = resources.tuning?.margin { options.margin = m }
        if let u = resources.tuning?.unnamedPenalty { options.unnamedPenalty = u }
        self.defaultOptions = options
    }

    /// Canonical spoken text → indices of the expansions saying it, at most one per `owner`
    /// (for positives the shortcut: two shortcuts declaring one phrase make it ambiguous).
    static func exactTable(
        _ expansions: [Expansion], tokenizer: Tokenizer, owner: (Expansion) -> Int?
    ) -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        for (i, e) in expansions.enumerated() {
            let o = owner(e)
            for spoken in e.spokenTexts {
                let key = tokenizer.canonicalForm(spoken)
                guard !key.isEmpty else { continue }
                let known = table[key] ?? []
                if !known.contains(where: { owner(expansions[$0]) == o }) { table[key] = known + [i] }
            }
        }
        return table
    }

    /// The number of rows scored per query (expanded positive and negative phrases, and the
    /// system requests kept, which only queries without the app name meet).
    public var rowCount: Int { index.count + systemIndex.count }

    /// English verbs that, with "off" or "out" after them, take something away ("take the
    /// avocados out of my cart", "knock Tesla off my watchlist"). "drop" and "kick" are not
    /// among them: "dropped it off", "kick off a run".
    static let removingVerbs: Set<String> = ["take", "get", "knock", "cross", "wipe", "strike"]
    /// Words a request's verb may follow in English: "please take …", "… to take …", "just
    /// take …", "can you share …", "then share …", "help me find …".
    static let requestLeads: Set<String> = ["please", "to", "and", "just", "you", "then", "now", "also", "me"]

    /// Whether the English word at `i` stands where a request puts its verb: first, after one
    /// of `requestLeads`, or as a multi-word expression ("get rid of"). A foreign action word
    /// elsewhere names a thing, not the request: "bird reports", "the notes I edited", "are
    /// big flocks moving". Corpora/Dev, 88 apps, leave one app out: en 87.6 → 87.9 (10 lines
    /// mended, 3 broken); the same rule in French and Spanish moved them by 0.2–0.3 with
    /// locale-specific leads, in German not at all, so it is kept to English.
    func inRequestPosition(_ tokens: [Token], _ i: Int) -> Bool {
        !catalog.locale.hasPrefix("en") || i == 0 || tokens[i].expression != nil
            || Matcher.requestLeads.contains(tokens[i - 1].text)
    }

    /// Words asking to undo what a phrase does, when no phrase says them, as typed in `input`:
    /// English "un" + a word the phrases say ("Unsave" against "Save this trail"), or a
    /// removing verb with "off"/"out" after it when no phrase says "off"/"out" ("Take … off"
    /// in "Take Tesla off my watchlist" against "Add … to my watchlist"). Such a request is
    /// not the app's, as a foreign action word is not.
    func undoing(_ tokens: [Token], in input: String) -> String? {
        guard catalog.locale.hasPrefix("en") else { return nil }
        for (i, t) in tokens.enumerated() where t.kind == .word && t.expression == nil {
            let unsaid = !said.contains(t.text) && !said.contains(t.lemma)
            if unsaid, t.text.hasPrefix("un"), t.text.count >= 5 {
                let rest = String(t.text.dropFirst(2))
                if said.contains(rest) || tokenizer.tokens(rest).first.map({ said.contains($0.lemma) }) == true {
                    return asTyped(t.text, in: input)
                }
            }
            // The verb as a request says it (`inRequestPosition`).
            if Matcher.removingVerbs.contains(t.lemma), inRequestPosition(tokens, i),
                let particle = tokens[(i + 1)...].prefix(5).first(where: { $0.text == "off" || $0.text == "out" }),
                !said.contains(particle.text)
            {
                return asTyped(t.text, in: input) + " … " + asTyped(particle.text, in: input)
            }
        }
        return nil
    }

    /// Answers which shortcut `input` hits. Complexity: O(rows × dimension) for the
    /// similarity, plus O(rows) to aggregate.
    public func match(_ input: String, options: MatchOptions = .defaults) -> MatchResult {
        var typos: [MatchResult.MendedWord] = []
        var result = decide(input, options: options, typos: &typos)
        result.typos = typos
        return result
    }

    /// `match`, with the words read as typos reported in `typos`.
    private func decide(_ input: String, options: MatchOptions, typos: inout [MatchResult.MendedWord]) -> MatchResult {
        let normalized = tokenizer.normalizer.normalize(input)
        let allTokens = tokenizer.tokens(normalized: normalized)
        if allTokens.isEmpty {
            return result(input, .none, winner: nil, score: 0, margin: 0, kind: nil, mentioned: false,
                          reason: .emptyInput, candidates: [], options: options)
        }
        let (typed, mentioned) = appName.strip(normalized: normalized, tokens: allTokens)
        var tokens = typed
        if let mender = typoMender {
            tokens = mender.mend(typed)
            for (before, after) in zip(typed, tokens) where before.text != after.text {
                typos.append(MatchResult.MendedWord(typed: asTyped(before.text, in: input), read: after.text))
            }
        }
        let canonical = tokenizer.canonicalForm(normalized: normalized)

        let query = featurizer.vector(tokens)
        let scores = backend == .blas ? index.scores(for: query) : index.scalarScores(for: query)
        let named = values.mentions(tokens: tokens, normalized: normalized)
        // An exact phrase needs no re-ranking: only its runner-ups are shown.
        let aligned = exact[canonical] == nil ? aligner?.prepare(tokens) : nil
        var candidates = rank(scores: scores, limit: max(options.top, 5), named: named, aligned: aligned)
        // A request for an action no phrase offers ("share my run") is not this app's.
        let unoffered = scoring.actionPenalty > 0
            ? (tokens.indices.first { i in
                (foreignActions.contains(tokens[i].lemma) || foreignActions.contains(tokens[i].text)) && inRequestPosition(tokens, i)
            }.map { asTyped(tokens[$0].text, in: input) } ?? undoing(tokens, in: input)) : nil
        if unoffered != nil {
            for i in candidates.indices { candidates[i].score = max(0, candidates[i].score - scoring.actionPenalty) }
        }
        let bestPositiveRow = (0..<positiveCount).max { scores[$0] < scores[$1] }
        // The closest negative phrase and the closest positive one are compared word by word
        // too (as candidates are): "Put a passcode on my journal" and the negative "Turn off
        // my passcode" share their nouns, not their verbs.
        func evidence(_ row: Int) -> Float {
            guard let aligner, let aligned, scoring.alignWeight > 0 else { return scores[row] }
            let lambda = scoring.alignWeight
            return Float((1 - lambda) * Double(scores[row]) + lambda * aligner.score(aligned, row: row))
        }
        var closestNegative: (score: Float, text: String, system: Bool)? = (positiveCount..<scores.count)
            .max { scores[$0] < scores[$1] }
            .map { (evidence($0), expanded.templates[expanded.negatives[$0 - positiveCount].template].text, false) }
        // System requests count only when the app is not named: "set a timer in Simmer" is
        // the app's, "set a timer for 10 minutes" is Siri's.
        if !mentioned && systemIndex.count > 0 {
            let system = backend == .blas ? systemIndex.scores(for: query) : systemIndex.scalarScores(for: query)
            // System requests have no words kept for alignment: their vector score stands.
            if let s = system.indices.max(by: { system[$0] < system[$1] }), system[s] > (closestNegative?.score ?? -1) {
                closestNegative = (system[s], systemPhrases[s], true)
            }
        }

        // Exact match after normalisation: the phrase as declared, app name included.
        if let hits = exact[canonical], !hits.isEmpty {
            let winners = hits.map { candidate(forExpansion: $0, score: 1) }
            candidates.removeAll { c in winners.contains { $0.shortcut == c.shortcut && $0.parameter == c.parameter } }
            candidates.insert(contentsOf: winners, at: 0)
            let winner = winners[0]
            let margin = 1 - (candidates.first { $0.shortcut != winner.shortcut }?.score ?? 0)
            if options.appName == .required && !mentioned {
                return result(input, .none, winner: nil, score: 1, margin: margin, kind: nil, mentioned: false,
                              reason: .appNameMissing, candidates: candidates, options: options)
            }
            if winners.count > 1 || margin < options.margin {
                // Two shortcuts declare this very phrase (or one comes within the margin).
                let choices = candidates.filter { 1 - $0.score < max(options.margin, 1e-9) }
                var seen = Set<String>()
                let distinct = choices.filter { seen.insert($0.shortcut).inserted }
                return result(input, .ambiguous, winner: nil, score: 1, margin: margin, kind: nil, mentioned: mentioned,
                              reason: .ambiguous, candidates: Array(distinct.prefix(5)), options: options)
            }
            return result(input, .match, winner: winner, score: 1, margin: margin, kind: .exact, mentioned: mentioned,
                          reason: nil, candidates: candidates, options: options)
        }
        if let n = exactNegative[canonical] {
            return result(input, .none, winner: nil, score: candidates.first?.score ?? 0, margin: 0, kind: nil,
                          mentioned: mentioned, reason: .negativePhrase, candidates: candidates, options: options,
                          negative: (expanded.templates[expanded.negatives[n].template].text, 1))
        }

        // Addressed to another app ("… with Murmur"), or spoken to Siri by name ("Do you ever
        // sleep, Siri?"): Siri would not ask this one.
        if !mentioned,
            let other = otherApp.otherAppName(in: input)
                ?? (OtherAppDetector.addressesSiri(allTokens) ? MatchResult.siri : nil)
        {
            return result(input, .none, winner: nil, score: candidates.first?.score ?? 0, margin: 0, kind: nil,
                          mentioned: false, reason: .appNameMissing, candidates: candidates, options: options,
                          otherApp: other)
        }
        guard let best = candidates.first, tokens.isEmpty == false else {
            return result(input, .none, winner: nil, score: 0, margin: 0, kind: nil, mentioned: mentioned,
                          reason: .belowThreshold, candidates: candidates, options: options)
        }
        let margin = best.score - (candidates.first { $0.shortcut != best.shortcut }?.score ?? 0)
        let threshold = options.threshold(appNameMentioned: mentioned)
        // A negative phrase wins when it is closer than every positive phrase — and close
        // enough to count: otherwise the honest reason is that nothing is near.
        // (Aligned like the negative it is compared with; a system request has no alignment.)
        if let negative = closestNegative, let pRow = bestPositiveRow,
            negative.score > (negative.system ? scores[pRow] : evidence(pRow)),
            Double(negative.score) >= threshold || best.score >= threshold
        {
            return result(input, .none, winner: nil, score: best.score, margin: margin, kind: nil, mentioned: mentioned,
                          reason: .negativePhrase, candidates: candidates, options: options,
                          negative: (negative.text, Double(clamp(negative.score))), negativeIsSystem: negative.system,
                          unoffered: unoffered)
        }
        if options.appName == .required && !mentioned {
            return result(input, .none, winner: nil, score: best.score, margin: margin, kind: nil, mentioned: false,
                          reason: .appNameMissing, candidates: candidates, options: options,
                          unoffered: unoffered)
        }
        if best.score < threshold {
            return result(input, .none, winner: nil, score: best.score, margin: margin, kind: nil, mentioned: mentioned,
                          reason: .belowThreshold, candidates: candidates, options: options,
                          unoffered: unoffered)
        }
        if margin < options.margin {
            // Siri offers the close choices: every shortcut within the margin of the best.
            let choices = candidates.filter { best.score - $0.score < options.margin }
            var seen = Set<String>()
            let distinct = choices.filter { seen.insert($0.shortcut).inserted }
            return result(input, .ambiguous, winner: nil, score: best.score, margin: margin, kind: nil,
                          mentioned: mentioned, reason: .ambiguous, candidates: Array(distinct.prefix(5)), options: options,
                          unoffered: unoffered)
        }
        var winner = best
        // A value the query never names, whose shortcut has another value just as close, is
        // a guess: "record something in Murmur" is Record, not Record into Ideas.
        if let value = best.parameter, !named.contains(value),
            candidates.contains(where: {
                $0.shortcut == best.shortcut && $0.parameter != nil && $0.parameter != value
                    && best.score - $0.score < Matcher.unnamedValueSpread
            })
        {
            winner.parameter = nil
        }
        return result(input, .match, winner: winner, score: best.score, margin: margin, kind: .flexible,
                      mentioned: mentioned, reason: nil, candidates: candidates, options: options, unoffered: unoffered)
    }

    /// How close another value of the winning shortcut must come for an unnamed value to
    /// count as a guess. Corpora/Dev: of 17 in-scope lines that name no value yet got one,
    /// 0.03 leaves 4 (0 leaves 17), and costs 2 of ~690 labelled values (0.05 costs 6).
    static let unnamedValueSpread: Double = 0.03

    private func clamp(_ x: Float) -> Float { min(max(x, 0), 1) }

    /// The word of `input` whose normalised form is `word`, as the user typed it ("Ändere",
    /// not "aendere"); `word` itself when no space-separated word normalises to it (CJK).
    /// Complexity: O(input length).
    func asTyped(_ word: String, in input: String) -> String {
        for chunk in input.split(whereSeparator: \.isWhitespace) {
            let trimmed = chunk.trimmingCharacters(in: .punctuationCharacters)
            if !trimmed.isEmpty, tokenizer.normalizer.normalize(trimmed) == word { return trimmed }
        }
        return word
    }

    /// Lowered from a candidate whose phrase says the opposite of a query word ("previous
    /// step" against "next step"): word vectors put opposites close together.
    /// Corpora/Dev, leave one app out: 0.1 and 0.2 to 0.3 tried; 0.2 is up 0.2 to 0.4 points in
    /// en, ja, ko and es, zh-Hans, fr and de level; clinc-apps as shipped unchanged.
    static let antonymPenalty = 0.2

    /// Candidates, best first: per shortcut and parameter value, the blend of the best
    /// template's score and the mean of the best few templates' scores. Only the first
    /// `limit` are built as `MatchCandidate`s, plus the best of another shortcut when it
    /// ranks lower (the margin needs it).
    /// Complexity: O(rows + candidates × log candidates), grouping precomputed at build time.
    func rank(
        scores: [Float], limit: Int = .max, named: Set<ParameterBinding> = [], aligned: WordAligner.Query? = nil
    ) -> [MatchCandidate] {
        var groupBest = [Float](repeating: -.infinity, count: plan.groupCount)
        var groupRow = [Int](repeating: -1, count: plan.groupCount)
        plan.rowGroup.withUnsafeBufferPointer { rowGroup in
            scores.withUnsafeBufferPointer { sc in
                for r in 0..<positiveCount {
                    let g = rowGroup[r]
                    if sc[r] > groupBest[g] {
                        groupBest[g] = sc[r]
                        groupRow[g] = r
                    }
                }
            }
        }
        var ranked: [(score: Double, row: Int, candidate: Int)] = []
        ranked.reserveCapacity(plan.candidates.count)
        var top: [(score: Float, row: Int)] = []
        for (ci, groups) in plan.candidates.enumerated() {
            top.removeAll(keepingCapacity: true)
            for g in groups where groupRow[g] >= 0 {
                let item = (groupBest[g], groupRow[g])
                var at = top.count
                while at > 0 && top[at - 1].score < item.0 { at -= 1 }
                if at < scoring.neighbours {
                    top.insert(item, at: at)
                    if top.count > scoring.neighbours { top.removeLast() }
                }
            }
            guard let first = top.first else { continue }
            let mean = top.reduce(0) { $0 + Double($1.score) } / Double(top.count)
            var blended = scoring.bestWeight * Double(first.score) + (1 - scoring.bestWeight) * mean
            if let value = plan.candidateValue[ci], named.contains(value) { blended += scoring.valueBonus }
            ranked.append((Double(clamp(Float(blended))), first.row, ci))
        }
        // Re-rank: the best few blend in their best row's word alignment; the rest keep their
        // vector score, scaled alike so the order across the cut is kept.
        if let aligner, let aligned, scoring.alignWeight > 0, !ranked.isEmpty {
            let lambda = scoring.alignWeight
            ranked.sort { $0.score > $1.score }
            let top = min(scoring.alignTop, ranked.count)
            ranked.withUnsafeMutableBufferPointer { items in
                // The best `alignTop`, and any near tie with them (up to ten), are aligned; the
                // rest take the lowest alignment seen, so the cut itself reorders nothing.
                let tie = items[0].score - 0.05
                var lowest = 1.0
                for i in 0..<items.count {
                    let f: Double
                    var penalty = 0.0
                    if i < top || (i < 10 && items[i].score >= tie) {
                        let a = aligner.alignment(aligned, row: items[i].row)
                        f = a.score
                        if a.contradicts { penalty = Matcher.antonymPenalty }
                        lowest = min(lowest, f)
                    } else {
                        f = lowest
                    }
                    items[i].score = Double(clamp(Float((1 - lambda) * items[i].score + lambda * f - penalty)))
                }
            }
        }
        // Ties (identical phrases) are broken by id so the order does not depend on BLAS rounding.
        ranked.sort {
            if $0.score != $1.score { return $0.score > $1.score }
            let a = plan.shortcutOrder[plan.candidateShortcut[$0.candidate]]
            let b = plan.shortcutOrder[plan.candidateShortcut[$1.candidate]]
            if a != b { return a < b }
            return plan.rowValueOrder[$0.row] < plan.rowValueOrder[$1.row]
        }
        // The same (shortcut, bound value) can arise from two values when an unparameterised
        // template wins both: keep the better.
        var seen = Set<Int>()
        var out: [MatchCandidate] = []
        var firstShortcut: Int?
        for item in ranked {
            let shortcut = plan.candidateShortcut[item.candidate]
            // A row without the parameter binds the candidate's value only when the query names it.
            let value = plan.candidateValue[item.candidate].flatMap { named.contains($0) ? $0 : nil }
            let valueOrder = expanded.positives[item.row].parameter == nil && value != nil
                ? plan.valueOrder[value?.value ?? ""] ?? -1 : Int(plan.rowValueOrder[item.row])
            guard seen.insert(shortcut &* 1_000_003 &+ valueOrder).inserted else { continue }
            if out.count < limit {
                out.append(candidate(forExpansion: item.row, score: item.score, binding: value))
                if firstShortcut == nil { firstShortcut = shortcut }
            } else if shortcut != firstShortcut {
                out.append(candidate(forExpansion: item.row, score: item.score, binding: value))
                break
            }
            if out.count >= limit, out.contains(where: { $0.shortcut != out[0].shortcut }) { break }
        }
        return out
    }

    /// The candidate of expansion `e`; `binding` is used when the expansion has no parameter
    /// of its own (a phrase without the parameter, for a value the query names).
    func candidate(forExpansion e: Int, score: Double, binding: ParameterBinding? = nil) -> MatchCandidate {
        let expansion = expanded.positives[e]
        let template = expanded.templates[expansion.template]
        let shortcut = catalog.shortcuts[template.shortcut ?? 0]
        return MatchCandidate(
            shortcut: shortcut.id, shortTitle: shortcut.shortTitle, systemImageName: shortcut.systemImageName,
            parameter: expansion.parameter ?? binding, score: score, phrase: template.text,
            expandedPhrase: expansion.spokenTexts.first ?? expansion.text)
    }

    private func result(
        _ input: String, _ outcome: MatchResult.Outcome, winner: MatchCandidate?, score: Double, margin: Double,
        kind: MatchResult.MatchKind?, mentioned: Bool, reason: MatchResult.Reason?, candidates: [MatchCandidate],
        options: MatchOptions, negative: (String, Double)? = nil, negativeIsSystem: Bool = false,
        otherApp: String? = nil, unoffered: String? = nil
    ) -> MatchResult {
        MatchResult(
            input: input, locale: catalog.locale, outcome: outcome, winner: winner, score: score,
            margin: max(margin, 0), matchKind: kind, appNameMentioned: mentioned, reason: reason,
            // Ambiguous choices are the answer itself: `top` never cuts them (they are at most five).
            candidates: outcome == .ambiguous ? candidates : Array(candidates.prefix(max(options.top, 1))),
            negativePhrase: negative?.0,
            negativeScore: negative?.1, negativeIsSystem: negativeIsSystem, otherAppName: otherApp,
            unofferedAction: unoffered,
            threshold: options.threshold(appNameMentioned: mentioned),
            unnamedPenalty: mentioned ? 0 : options.unnamedPenalty,
            requiredMargin: options.margin)
    }
}

/// Precomputed grouping of rows: a group is one (template, parameter value) pair, whose
/// best row stands for the template; a candidate is one (shortcut, value) pair and lists
/// the groups of that shortcut's templates for that value.
struct CandidatePlan: Sendable {
    var rowGroup: [Int]
    var groupCount: Int
    var candidates: [[Int]]
    /// The shortcut index of each candidate, and its parameter value (nil for a shortcut
    /// without one).
    var candidateShortcut: [Int]
    var candidateValue: [ParameterBinding?]
    /// Each value id's rank (the order `rowValueOrder` uses).
    var valueOrder: [String: Int]
    /// Each shortcut's rank when sorted by id, and each row's bound value's rank when
    /// sorted by value id (-1 for none): tie-breakers that need no string comparison.
    var shortcutOrder: [Int]
    var rowValueOrder: [Int32]

    init(expanded: ExpandedCatalog, shortcutIDs: [String]) {
        let shortcutCount = shortcutIDs.count
        var groupOf: [String: Int] = [:]
        var rowGroup: [Int] = []
        rowGroup.reserveCapacity(expanded.positives.count)
        var templateGroups: [Int: [String: Int]] = [:]  // template → value ("" = none) → group
        var shortcutValues = [[String]](repeating: [], count: shortcutCount)
        var shortcutParameter = [String?](repeating: nil, count: shortcutCount)
        for e in expanded.positives {
            let value = e.parameter?.value ?? ""
            let key = "\(e.template)\u{1F}\(value)"
            let g: Int
            if let existing = groupOf[key] {
                g = existing
            } else {
                g = groupOf.count
                groupOf[key] = g
                templateGroups[e.template, default: [:]][value] = g
            }
            rowGroup.append(g)
            if !value.isEmpty, let s = expanded.templates[e.template].shortcut, !shortcutValues[s].contains(value) {
                shortcutValues[s].append(value)
                shortcutParameter[s] = e.parameter?.name
            }
        }
        var templatesOf = [[Int]](repeating: [], count: shortcutCount)
        for (t, info) in expanded.templates.enumerated() {
            if let s = info.shortcut { templatesOf[s].append(t) }
        }
        var candidates: [[Int]] = []
        var candidateShortcut: [Int] = []
        var candidateValue: [ParameterBinding?] = []
        for s in 0..<shortcutCount {
            let values: [String] = shortcutValues[s].isEmpty ? [""] : shortcutValues[s]
            for value in values {
                var groups: [Int] = []
                for t in templatesOf[s] {
                    guard let byValue = templateGroups[t] else { continue }
                    if let g = byValue[value] {
                        groups.append(g)
                    } else if let g = byValue[""] {
                        groups.append(g)  // a template without the parameter serves every value
                    }
                }
                if !groups.isEmpty {
                    candidates.append(groups)
                    candidateShortcut.append(s)
                    candidateValue.append(
                        value.isEmpty ? nil : shortcutParameter[s].map { ParameterBinding(name: $0, value: value) })
                }
            }
        }
        self.rowGroup = rowGroup
        self.groupCount = groupOf.count
        self.candidates = candidates
        self.candidateShortcut = candidateShortcut
        self.candidateValue = candidateValue
        self.shortcutOrder = [Int](repeating: 0, count: shortcutCount)
        for (rank, s) in shortcutIDs.indices.sorted(by: { shortcutIDs[$0] < shortcutIDs[$1] }).enumerated() {
            self.shortcutOrder[s] = rank
        }
        let valueIDs = Set(expanded.positives.compactMap { $0.parameter?.value }).sorted()
        let valueRank = Dictionary(uniqueKeysWithValues: valueIDs.enumerated().map { ($1, Int32($0)) })
        self.valueOrder = valueRank.mapValues { Int($0) }
        self.rowValueOrder = expanded.positives.map { e in e.parameter.flatMap { valueRank[$0.value] } ?? -1 }
    }
}
