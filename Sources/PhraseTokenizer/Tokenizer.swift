/// One unit of a normalised phrase.
public struct Token: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A word of a space-delimited script (Latin, Cyrillic, Hangul, …).
        case word
        /// A run of digits.
        case number
        /// A Chinese or Japanese segment (a dictionary word from a locale pack, or a
        /// character bigram when no pack is loaded).
        case cjk
    }

    /// The normalised surface form.
    public var text: String
    /// The lemma or stem used for word features (equal to `text` when the locale has none).
    public var lemma: String
    public var kind: Kind
    /// How much this token counts in word features, in (0, 1]: a locale pack's stopword
    /// weight. Stopwords are down-weighted, never removed, because command words such as
    /// "on"/"off" or "an"/"aus" look like stopwords but carry the intent.
    public var weight: Float
    /// How a Japanese word written with kanji is read, in katakana (`記録` → `キロク`), when
    /// the locale pack knows: a request typed in kana meets a phrase written in kanji.
    public var reading: String?
    /// For a token the tokenizer added for a multi-word expression (`MultiWordTable`): the
    /// expression's words as the text says them ("get rid of" for `remove`).
    public var expression: String?

    public init(text: String, lemma: String, kind: Kind, weight: Float = 1, reading: String? = nil, expression: String? = nil) {
        self.text = text
        self.lemma = lemma
        self.kind = kind
        self.weight = weight
        self.reading = reading
        self.expression = expression
    }
}

/// What a locale pack plugs into the tokenizer. Every member has a sensible default, so a
/// pack implements only what its language needs.
public protocol LocalePack: Sendable {
    /// The locale this pack serves (`en`, `zh-Hans`, …).
    var locale: String { get }
    /// Splits a run of Chinese/Japanese characters into words; `nil` falls back to bigrams.
    func segment(cjkRun: String) -> [String]?
    /// Words of a run with their lemmas. The default pairs `segment(cjkRun:)` with
    /// `lemma(of:)`; a pack whose segmenter already knows each word's reading (Japanese: the
    /// lattice path picks the dictionary entry) overrides it to avoid re-guessing.
    func analyze(cjkRun: String) -> [(text: String, lemma: String)]?
    /// The lemma (or stem) of a normalised word.
    func lemma(of word: String) -> String
    /// The weight of a token in word features (1 for content words; less for stopwords).
    func weight(text: String, lemma: String) -> Float
    /// Splits one space-delimited word into several tokens, or nil to keep it whole (Korean:
    /// `tasklet에서` → `tasklet` + `에서`, so an app name followed by a particle is found).
    func split(word: String) -> [String]?
    /// A last look at a text's tokens (German: a separable verb's particle rejoins its verb).
    func finish(_ tokens: [Token]) -> [Token]
    /// The reading of a word written with kanji, in katakana (Japanese), or nil.
    func reading(of word: String) -> String?
}

extension LocalePack {
    public func segment(cjkRun: String) -> [String]? { nil }
    public func analyze(cjkRun: String) -> [(text: String, lemma: String)]? {
        segment(cjkRun: cjkRun).map { words in words.map { ($0, lemma(of: $0)) } }
    }
    public func lemma(of word: String) -> String { word }
    public func weight(text: String, lemma: String) -> Float { 1 }
    public func split(word: String) -> [String]? { nil }
    public func finish(_ tokens: [Token]) -> [Token] { tokens }
    public func reading(of word: String) -> String? { nil }
}

/// The built-in English pack: contractions and a light suffix stemmer.
public struct EnglishPack: LocalePack {
    public let locale = "en"
    public init() {}
    public func lemma(of word: String) -> String { EnglishStemmer.stem(word) }
}

/// Splits text into tokens: normalisation, then word segmentation for space-delimited
/// scripts and segmentation (or a character-bigram fallback) for Chinese and Japanese.
///
/// Complexity: O(n) in the length of the text, plus the pack's segmentation cost.
public struct Tokenizer: Sendable {
    public let locale: String
    public let normalizer: TextNormalizer
    public let pack: (any LocalePack)?
    /// Expressions of several words that stand for one, from the locale's synonym groups:
    /// finished tokens get a token for that word after them (`MultiWordTable`).
    public var multiWords = MultiWordTable()

    public init(locale: String, pack: (any LocalePack)? = nil) {
        self.locale = locale
        self.normalizer = TextNormalizer(locale: locale)
        if let pack {
            self.pack = pack
        } else {
            self.pack = normalizer.language == "en" ? EnglishPack() : nil
        }
    }

    /// Tokens of `text` (normalised first).
    public func tokens(_ text: String) -> [Token] {
        tokens(normalized: normalizer.normalize(text))
    }

    /// Tokens of already-normalised text.
    public func tokens(normalized text: String) -> [Token] {
        tokens(normalized: text, finishing: true)
    }

    /// The lemma `tokens(normalized:finishing: false)` gives normalised `text` when it is one
    /// plain word of ASCII letters (a-z) the pack does not split, without the scan that
    /// builds tokens; nil for anything else. Loading a pack's word lists meets thousands of
    /// such entries, and start-up time matters. O(length).
    public func plainWordLemma(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        guard let pack else { return text }
        guard pack.split(word: text) == nil else { return nil }
        return pack.lemma(of: text)
    }

    /// Tokens of already-normalised text; `finishing: false` skips the pack's last look
    /// (`LocalePack.finish`: German compound parts and separable verbs), for callers that
    /// only need each word's own lemma, such as the loader of a pack's word lists.
    public func tokens(normalized text: String, finishing: Bool) -> [Token] {
        var out: [Token] = []
        var run = String.UnicodeScalarView()
        var runClass = ScalarClass.separator
        // Where clauses start ("Ich will Freitag frei, reich das ein"): the pack's last look
        // reads each clause on its own.
        var clauses: [Int] = []

        func flush() {
            guard !run.isEmpty else { return }
            let piece = String(run)
            switch runClass {
            case .word: appendWords(piece, to: &out)
            case .digit: out.append(Token(text: piece, lemma: piece, kind: .number))
            case .cjk: appendCJK(piece, to: &out)
            case .separator, .apostrophe: break
            }
            run = String.UnicodeScalarView()
            runClass = .separator
        }

        for scalar in text.unicodeScalars {
            var cls = ScalarClass(scalar)
            if cls == .apostrophe {
                // Keep apostrophes inside words (contractions, elisions); drop them elsewhere.
                if runClass == .word { run.append(scalar) } else { flush() }
                continue
            }
            if cls == .digit && runClass == .word { cls = .word }  // "mp3", "v2"
            if cls != runClass { flush(); runClass = cls }
            if cls != .separator { run.append(scalar) }
            if finishing, cls == .separator, Tokenizer.clauseMarks.contains(scalar.value), !out.isEmpty,
                clauses.last != out.count
            {
                clauses.append(out.count)
            }
        }
        flush()
        return finishing ? finished(out, clauses: clauses) : out
    }

    /// , ; : . ! ? (ASCII and full-width): the marks that end a clause.
    static let clauseMarks: Set<UInt32> = [0x2C, 0x3B, 0x3A, 0x2E, 0x21, 0x3F, 0xFF0C, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0x3001, 0x3002]

    /// What `tokens(normalized:finishing: true)` gives for a text whose unfinished tokens are
    /// `raw` and that has no clause mark (a list entry): the pack's last look, then the
    /// multi-word expressions. Lets a caller that needs both forms segment the text once.
    /// O(tokens).
    public func finished(_ raw: [Token]) -> [Token] {
        finished(raw, clauses: [])
    }

    /// `finished(_:)` with the pack's last look taken clause by clause: `clauses` are the
    /// indices of `raw` where a clause starts after the first. O(tokens).
    func finished(_ raw: [Token], clauses: [Int]) -> [Token] {
        guard let pack else { return multiWords.annotate(raw) }
        guard !clauses.isEmpty else { return multiWords.annotate(pack.finish(raw)) }
        var out: [Token] = []
        out.reserveCapacity(raw.count)
        var start = 0
        for end in clauses + [raw.count] where end > start {
            out += pack.finish(Array(raw[start..<end]))
            start = end
        }
        return multiWords.annotate(out)
    }

    /// The key used for exact matching: the normalised text with punctuation and
    /// apostrophes removed, words separated by single spaces, and no space next to a
    /// Chinese/Japanese character ("用 Demo 总结" and "用Demo总结" agree).
    ///
    /// One pass over the scalars, with no segmentation and no lemmas: the matcher computes
    /// it for every expanded phrase at start-up.
    public func canonicalForm(_ text: String) -> String {
        canonicalForm(normalized: normalizer.normalize(text))
    }

    /// `canonicalForm(_:)` of already-normalised text. Complexity: O(length).
    public func canonicalForm(normalized text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return Tokenizer.asciiCanonicalForm(text) }
        return scalarCanonicalForm(normalized: text)
    }

    /// The canonical form of ASCII text over its bytes, without building a scalar view: most
    /// phrases of a Latin-script catalog, whose exact-match table is built at start-up.
    static func asciiCanonicalForm(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for b in text.utf8 {
            switch ScalarClass(Unicode.Scalar(b)) {
            case .apostrophe:
                continue
            case .word, .digit, .cjk:
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(b)
            case .separator:
                pendingSpace = !bytes.isEmpty
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `canonicalForm(normalized:)` scalar by scalar, for any text (the reference the ASCII
    /// path is tested against). Complexity: O(length).
    func scalarCanonicalForm(normalized text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var lastWasCJK = false
        for scalar in text.unicodeScalars {
            let cls = ScalarClass(scalar)
            switch cls {
            case .apostrophe:
                continue
            case .separator:
                pendingSpace = !out.isEmpty
            case .word, .digit, .cjk:
                let isCJK = cls == .cjk
                if pendingSpace && !isCJK && !lastWasCJK { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
                lastWasCJK = isCJK
            }
        }
        return String(out)
    }

    private func appendWords(_ piece: String, to out: inout [Token]) {
        var word = piece
        while word.hasSuffix("'") { word.removeLast() }
        guard !word.isEmpty else { return }
        var parts: [String]
        if normalizer.language == "en" {
            parts = Tokenizer.englishWords(word)
        } else {
            parts = word.split(separator: "'").map(String.init)
        }
        parts.removeAll { $0.isEmpty }
        if let pack {
            parts = parts.flatMap { pack.split(word: $0) ?? [$0] }
        }
        for part in parts {
            let lemma = pack?.lemma(of: part) ?? part
            let kind: Token.Kind = part.unicodeScalars.allSatisfy({ ScalarClass($0) == .digit }) ? .number : .word
            let weight = pack?.weight(text: part, lemma: lemma) ?? 1
            out.append(Token(text: part, lemma: lemma, kind: kind, weight: weight))
        }
    }

    /// An English word with its contraction spelled out, as the full form would be tokenized:
    /// "what's" → what is, "I'm" → I am, "can't" → can not, "today's" → today (a possessive
    /// says nothing a request turns on), and the same typed without the apostrophe ("dont",
    /// "im"). Otherwise the word split at its apostrophes. O(length).
    static func englishWords(_ word: String) -> [String] {
        if let full = englishBareContractions[word] { return full }
        if word.hasSuffix("n't"), word.count > 3 {
            let host = String(word.dropLast(3))
            return [englishNegatedHosts[host] ?? host, "not"]
        }
        let parts = word.split(separator: "'").map(String.init)
        guard parts.count == 2 else { return parts }
        let (host, clitic) = (parts[0], parts[1])
        switch clitic {
        case "s":
            if host == "let" { return [host, "us"] }
            return englishIsHosts.contains(host) ? [host, "is"] : [host]
        case "m": return [host, "am"]
        case "re": return [host, "are"]
        case "ve": return [host, "have"]
        case "ll": return [host, "will"]
        case "d": return [host, "would"]
        case "clock" where host == "o": return ["oclock"]
        default: return parts
        }
    }

    /// Hosts of 's that read "is" ("what's on", "it's late"); after any other word 's is a
    /// possessive.
    static let englishIsHosts: Set<String> = [
        "what", "where", "how", "when", "who", "why", "that", "it", "there", "here", "he", "she", "this",
    ]
    /// Hosts of n't that are not the verb itself: can't, won't, shan't.
    static let englishNegatedHosts: [String: String] = ["ca": "can", "wo": "will", "sha": "shall"]
    /// Contractions typed without their apostrophe.
    static let englishBareContractions: [String: [String]] = [
        "dont": ["do", "not"], "doesnt": ["does", "not"], "didnt": ["did", "not"], "cant": ["can", "not"],
        "isnt": ["is", "not"], "arent": ["are", "not"], "wasnt": ["was", "not"], "havent": ["have", "not"],
        "wouldnt": ["would", "not"], "shouldnt": ["should", "not"], "couldnt": ["could", "not"],
        "im": ["i", "am"], "ive": ["i", "have"], "youre": ["you", "are"], "whats": ["what", "is"],
    ]

    private func appendCJK(_ piece: String, to out: inout [Token]) {
        if let pack, let words = pack.analyze(cjkRun: piece) {
            for (w, lemma) in words where !w.isEmpty {
                out.append(
                    Token(text: w, lemma: lemma, kind: .cjk, weight: pack.weight(text: w, lemma: lemma), reading: pack.reading(of: w)))
            }
            return
        }
        // Bigram fallback: overlapping character pairs capture most two-character words.
        let chars = Array(piece.unicodeScalars)
        if chars.count == 1 {
            out.append(Token(text: piece, lemma: piece, kind: .cjk))
            return
        }
        for i in 0..<(chars.count - 1) {
            var pair = String.UnicodeScalarView()
            pair.append(chars[i])
            pair.append(chars[i + 1])
            let s = String(pair)
            out.append(Token(text: s, lemma: s, kind: .cjk))
        }
    }
}

/// Coarse character classes for segmentation.
enum ScalarClass: Equatable {
    case word, digit, cjk, apostrophe, separator

    init(_ s: Unicode.Scalar) {
        let v = s.value
        if v < 0x80 {
            switch v {
            case 0x30...0x39: self = .digit
            case 0x61...0x7A, 0x41...0x5A: self = .word
            case 0x27: self = .apostrophe
            default: self = .separator
            }
            return
        }
        if ScalarClass.isCJK(v) { self = .cjk; return }
        let p = s.properties
        if p.isAlphabetic { self = .word; return }
        if p.numericType != nil { self = .digit; return }
        self = .separator
    }

    /// Han, Hiragana, Katakana (and their extensions): scripts written without spaces.
    /// Hangul is deliberately not here: Korean separates words with spaces.
    static func isCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xF900...0xFAFF,  // CJK Compatibility Ideographs
            0xFF66...0xFF9F,  // half-width Katakana (NFKC maps most away)
            0x20000...0x2FA1F:  // CJK Extensions B–F, compatibility supplement
            return true
        case 0x30FC:  // prolonged sound mark (inside the Katakana range already)
            return true
        default:
            return false
        }
    }
}

/// Script tests shared with other modules.
public enum Script {
    /// Whether `scalar` is Han, Hiragana or Katakana: text written without spaces.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool { ScalarClass.isCJK(scalar.value) }
}
