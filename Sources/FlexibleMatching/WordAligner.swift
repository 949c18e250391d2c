import PhraseTokenizer
import SynonymExpansion
import WordEmbeddings

/// Word-by-word agreement between a query and one phrase, for re-ranking the few best
/// candidates: each word is paired with its closest word on the other side (the same lemma
/// 1, a lexicon synonym `synonymSimilarity`, else the cosine of their static word vectors),
/// and the weighted coverage of both sides is combined as an F1 score.
///
/// The phrase vector's embedding block averages all words, so one strong synonym pair is
/// diluted by every other word; pairing words keeps it whole ("clôture ma séance" and
/// "termine mon entraînement"). Too slow for every row, cheap for five.
struct WordAligner: Sendable {
    struct Word: Sendable {
        /// `FeatureHash.word` of the lemma: compared as integers, not strings.
        var lemma: UInt64
        var weight: Float
        /// Offset of the unit vector in `vectors`, or -1.
        var vector: Int
        /// Character trigrams of the padded text, sorted: compounds and typos
        /// ("Schlaftimer" / "Einschlaf-Timer", "recipie" / "recipe") share many.
        var grams: [UInt32]
        /// The lemma itself (row words only, for the cache).
        var lemmaText: String = ""
    }

    static func trigrams(_ text: String) -> [UInt32] {
        var s: [UInt32] = [0x20]
        for c in text.unicodeScalars {
            let v = c.value
            if (0xAC00...0xD7A3).contains(v) {
                // A Hangul syllable as its letters (jamo): a Korean typo changes one letter of a
                // syllable (추새 / 추세), which would otherwise change every trigram it is in.
                let i = v - 0xAC00
                s.append(0x1100 + i / 588)
                s.append(0x1161 + (i % 588) / 28)
                if i % 28 != 0 { s.append(0x11A7 + i % 28) }
            } else {
                s.append(v)
            }
        }
        s.append(0x20)
        guard s.count >= 3 else { return [] }
        var out: [UInt32] = []
        out.reserveCapacity(s.count - 2)
        for i in 0...(s.count - 3) {
            var h: UInt32 = 2_166_136_261
            for v in s[i..<(i + 3)] { h = (h ^ v) &* 16_777_619 }
            out.append(h)
        }
        out.sort()
        return out
    }

    /// Dot product of two `count`-float vectors, eight lanes at a time.
    @inline(__always)
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Float {
        var acc = SIMD8<Float>()
        var i = 0
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        while i + 8 <= count {
            acc += ra.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
                * rb.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        var sum = acc.sum()
        while i < count {
            sum += a[i] * b[i]
            i += 1
        }
        return sum
    }

    /// Dice coefficient of two sorted trigram lists.
    static func dice(_ a: [UInt32], _ b: [UInt32]) -> Float {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var i = 0, j = 0, common = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                common += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return 2 * Float(common) / Float(a.count + b.count)
    }

    private let rows: [[Word]]
    private var vectors: [Float]
    private let dimension: Int
    private let embeddings: StaticEmbeddings?
    private let lexicon: Lexicon?
    /// Lemma hash → the hashes of its opposites (`MatcherResources.antonyms`).
    private let antonyms: [UInt64: [UInt64]]
    /// A hand-written synonym pairs as well as the word itself: the lexicon lists words
    /// that stand for each other in a command. Corpora/Dev, leave one app out: 0.8 gave
    /// 87.3 %, 1 gives 87.6 % (up in six locales, none down); clinc-apps as shipped unchanged.
    static let synonymSimilarity: Float = 1

    init(rows tokens: [[Token]], embeddings: StaticEmbeddings?, lexicon: Lexicon?, antonyms: [String: Set<String>] = [:]) {
        self.embeddings = embeddings
        self.lexicon = lexicon
        var opposites: [UInt64: [UInt64]] = [:]
        for (lemma, others) in antonyms { opposites[FeatureHash.word(lemma)] = others.map(FeatureHash.word) }
        self.antonyms = opposites
        self.dimension = embeddings?.dimension ?? 0
        var vectors: [Float] = []
        // Rows repeat words (one template per parameter value): each distinct word is looked
        // up, hashed and n-grammed once.
        var known: [String: Word] = [:]
        var rows: [[Word]] = []
        rows.reserveCapacity(tokens.count)
        for row in tokens {
            rows.append(
                row.map { t in
                    // Keyed by text; a token whose lemma depends on its context (a German
                    // separable verb) simply gets a word of its own.
                    if var word = known[t.text], word.lemmaText == t.lemma {
                        word.weight = t.weight
                        return word
                    }
                    var offset = -1
                    if let v = WordAligner.unitVector(t, embeddings) {
                        offset = vectors.count
                        vectors.append(contentsOf: v)
                    }
                    let word = Word(
                        lemma: FeatureHash.word(t.lemma), weight: t.weight, vector: offset,
                        grams: WordAligner.trigrams(t.text), lemmaText: t.lemma)
                    if known[t.text] == nil { known[t.text] = word }
                    return word
                })
        }
        self.rows = rows
        self.vectors = vectors
    }

    static func unitVector(_ t: Token, _ embeddings: StaticEmbeddings?) -> [Float]? {
        guard let embeddings else { return nil }
        var v = [Float](repeating: 0, count: embeddings.dimension)
        guard embeddings.accumulate(word: t.text, weight: 1, into: &v)
            || (t.lemma != t.text && embeddings.accumulate(word: t.lemma, weight: 1, into: &v))
        else { return nil }
        var n: Float = 0
        for x in v { n += x * x }
        guard n > 1e-12 else { return nil }
        let inv = 1 / n.squareRoot()
        for i in v.indices { v[i] *= inv }
        return v
    }

    /// A query's words, prepared once for several rows.
    struct Query {
        var words: [Word]
        var vectors: [Float]
        /// Lemma hashes of each word's lexicon synonyms (a handful: a linear search is fastest).
        var synonyms: [[UInt64]]
        /// Lemma hashes of each word's opposites, paired with similarity 0.
        var antonyms: [[UInt64]] = []
    }

    func prepare(_ tokens: [Token]) -> Query {
        var words: [Word] = []
        var vectors: [Float] = []
        var synonyms: [[UInt64]] = []
        var opposites: [[UInt64]] = []
        for t in tokens {
            let lemma = FeatureHash.word(t.lemma)
            opposites.append(antonyms.isEmpty ? [] : antonyms[lemma] ?? [])
            var offset = -1
            if let v = WordAligner.unitVector(t, embeddings) {
                offset = vectors.count
                vectors.append(contentsOf: v)
            }
            // Spelling is compared only for a query word without a vector (misspelt, rare).
            words.append(
                Word(
                    lemma: lemma, weight: t.weight, vector: offset,
                    grams: offset < 0 ? WordAligner.trigrams(t.text) : []))
            synonyms.append(lexicon?.synonyms(of: t.lemma).map { FeatureHash.word($0.lemma) } ?? [])
        }
        return Query(words: words, vectors: vectors, synonyms: synonyms, antonyms: opposites)
    }

    /// F1 of the two sides' weighted coverage, in [0, 1]. Complexity: O(query words × row
    /// words × dimension).
    func score(_ query: Query, row: Int) -> Double { alignment(query, row: row).score }

    /// The F1 score, and whether the query says the opposite of one of the phrase's words
    /// (a query word with an antonym in the phrase and no match of its own there).
    func alignment(_ query: Query, row: Int) -> (score: Double, contradicts: Bool) {
        let phrase = rows[row]
        guard !query.words.isEmpty, !phrase.isEmpty else { return (0, false) }
        var contradicts = false
        var bestForPhrase = [Float](repeating: 0, count: phrase.count)
        var covered: Float = 0, queryWeight: Float = 0
        let dims = dimension
        // Through buffer pointers and field by field: copying a `Word` (it holds arrays)
        // retained and released them for every pair of words.
        phrase.withUnsafeBufferPointer { pw in
            query.vectors.withUnsafeBufferPointer { qv in
                vectors.withUnsafeBufferPointer { pv in
                    for i in query.words.indices {
                        let qLemma = query.words[i].lemma, qVector = query.words[i].vector, qWeight = query.words[i].weight
                        var best: Float = 0
                        var opposed = false
                        let synonyms = query.synonyms[i], opposites = query.antonyms[i]
                        for j in 0..<pw.count {
                            var s: Float = 0
                            let pLemma = pw[j].lemma
                            if qLemma == pLemma {
                                s = 1
                            } else if synonyms.contains(pLemma) {
                                s = WordAligner.synonymSimilarity
                            } else if !opposites.isEmpty && opposites.contains(pLemma) {
                                opposed = true
                            } else {
                                let pVector = pw[j].vector
                                if qVector >= 0 && pVector >= 0, let qb = qv.baseAddress, let pb = pv.baseAddress {
                                    s = max(0, WordAligner.dot(qb + qVector, pb + pVector, dims))
                                }
                                // Shared spelling counts only when substantial (a compound, a typo), and
                                // is looked at only for a query word without a vector (misspelt, rare).
                                if qVector < 0 {
                                    let d = WordAligner.dice(query.words[i].grams, pw[j].grams)
                                    if d >= 0.5 && d > s { s = d }
                                }
                            }
                            if s > best { best = s }
                            if s > bestForPhrase[j] { bestForPhrase[j] = s }
                        }
                        if opposed && best < 1 { contradicts = true }
                        covered += qWeight * best
                        queryWeight += qWeight
                    }
                }
            }
        }
        var phraseCovered: Float = 0, phraseWeight: Float = 0
        for (j, p) in phrase.enumerated() {
            phraseCovered += p.weight * bestForPhrase[j]
            phraseWeight += p.weight
        }
        let precision = covered / max(queryWeight, 1e-6)
        let recall = phraseCovered / max(phraseWeight, 1e-6)
        guard precision + recall > 0 else { return (0, contradicts) }
        return (Double(2 * precision * recall / (precision + recall)), contradicts)
    }
}
