import Foundation
import PhraseTokenizer
import SynonymExpansion
import WordEmbeddings

/// How a phrase becomes one dense vector: three blocks, each unit length, scaled so the dot
/// product of two vectors is `word·cos_w + char·cos_c + embedding·cos_e`.
///
/// - word: TF-IDF of lemmas (plus lexicon synonyms at reduced weight), signed-hashed;
/// - char: TF-IDF of character 3–5-grams inside word boundaries, signed-hashed (typos,
///   inflections, compounds);
/// - embedding: mean of static token embeddings, centred on the catalog's mean phrase
///   (raw sentence-encoder vectors are anisotropic: unrelated phrases look alike).
///
/// The block sizes and weights were chosen on the clinc-apps development set (README).
public struct FeatureSpace: Hashable, Sendable {
    public var wordBuckets: Int
    public var charBuckets: Int
    public var wordWeight: Float
    public var charWeight: Float
    /// 0.25 since session 7 (was 0.5): with word alignment weighted 0.35 the static vectors
    /// do their best work pairing words (`WordAligner`), not averaged over the phrase
    /// (`CandidateScoring.alignWeight` gives the figures).
    public var embeddingWeight: Float
    /// Weight of a lexicon synonym relative to the word it stands for.
    public var synonymWeight: Float
    /// Character n-gram lengths inside each (space-padded) word.
    public var charGrams: ClosedRange<Int>
    /// When set, Chinese/Japanese segments are not n-grammed one by one: each run of
    /// adjacent CJK tokens is, as one string (kana folded to katakana), with these lengths.
    /// Segmentation differs between a phrase and a query ("购物清单" vs "购物 清单");
    /// character unigrams and bigrams over the run do not.
    public var cjkGrams: ClosedRange<Int>?
    /// Scale the embedding block by the square root of the share of the text's token weight
    /// whose words have vectors: a mean of a few particles is weak evidence. Corpora/Dev:
    /// top-1 up in all six locales whose vectors are whole words (ja 84.9 → 86.2 %, de 87.2
    /// → 88.2 %), leave one app out 84.6 → 84.7 % (84.7 → 85.0 % thresholds unshrunk).
    /// English's WordPiece vectors cover every word: no change there.
    public var embeddingCoverage: Bool = true

    public init(
        wordBuckets: Int = 256, charBuckets: Int = 512, wordWeight: Float = 0.2, charWeight: Float = 0.3,
        embeddingWeight: Float = 0.25, synonymWeight: Float = 0.5, charGrams: ClosedRange<Int> = 3...5,
        cjkGrams: ClosedRange<Int>? = nil
    ) {
        self.wordBuckets = wordBuckets
        self.charBuckets = charBuckets
        self.wordWeight = wordWeight
        self.charWeight = charWeight
        self.embeddingWeight = embeddingWeight
        self.synonymWeight = synonymWeight
        self.charGrams = charGrams
        self.cjkGrams = cjkGrams
    }

    /// Without embeddings the lexical blocks share the whole weight in the same ratio.
    public var withoutEmbeddings: FeatureSpace {
        var s = self
        let total = wordWeight + charWeight
        s.wordWeight = wordWeight / total
        s.charWeight = charWeight / total
        s.embeddingWeight = 0
        return s
    }
}

/// Turns token lists into vectors for one catalog: IDF comes from the catalog's phrases.
/// Immutable once built; `Sendable`.
public struct Featurizer: Sendable {
    public let space: FeatureSpace
    public let embeddings: StaticEmbeddings?
    public let lexicon: Lexicon?
    public let dimension: Int
    let embeddingDims: Int
    let wordIDF: [UInt64: Float]
    let charIDF: [UInt64: Float]
    let unseenIDF: Float
    let embeddingMean: [Float]

    /// One phrase's raw features, extracted once: hashed word features (with and without
    /// lexicon synonyms), character n-grams and the unnormalised embedding.
    struct RawFeatures {
        var words: [(UInt64, Float)]
        var chars: [(UInt64, Float)]
        var embedding: [Float]
        /// The share of the token weight whose words have a vector (numbers aside).
        var coverage: Float = 1
    }

    static func extract(
        _ tokens: [Token], space: FeatureSpace, embeddings: StaticEmbeddings?, lexicon: Lexicon?
    ) -> RawFeatures {
        var words: [(UInt64, Float)] = []
        words.reserveCapacity(tokens.count * 2)
        forEachWordFeature(tokens, lexicon: lexicon) { h, w in words.append((h, w)) }
        var chars: [(UInt64, Float)] = []
        chars.reserveCapacity(tokens.count * 16)
        forEachCharFeature(tokens, space: space) { chars.append(($0, 1)) }
        var coverage: Float = 1
        let embedding = embeddings.map { rawEmbedding(tokens, $0, coverage: &coverage) } ?? []
        return RawFeatures(words: words, chars: chars, embedding: embedding, coverage: coverage)
    }

    /// Builds IDF tables and the embedding mean from `documents` (the catalog's expanded
    /// phrases, tokenised). Complexity: O(total tokens × n-grams per token).
    public init(documents: [[Token]], space: FeatureSpace, embeddings: StaticEmbeddings?, lexicon: Lexicon?) {
        let raw = documents.map { Featurizer.extract($0, space: space, embeddings: embeddings, lexicon: nil) }
        self.init(raw: raw, space: space, embeddings: embeddings, lexicon: lexicon)
    }

    /// Builds the featurizer and the documents' vectors in one pass over their features:
    /// what an index build needs (each phrase is tokenised and hashed once, not twice).
    public static func build(
        documents: [[Token]], space: FeatureSpace, embeddings: StaticEmbeddings?, lexicon: Lexicon?
    ) -> (featurizer: Featurizer, vectors: [[Float]]) {
        // IDF counts each phrase's own words; synonyms only ever add weight to a phrase.
        let plain = documents.map { extract($0, space: space, embeddings: embeddings, lexicon: nil) }
        let featurizer = Featurizer(raw: plain, space: space, embeddings: embeddings, lexicon: lexicon)
        let vectors = documents.indices.map { i -> [Float] in
            var features = plain[i]
            if let lexicon, lexicon.count > 0 {
                features.words.removeAll(keepingCapacity: true)
                forEachWordFeature(documents[i], lexicon: lexicon) { h, w in features.words.append((h, w)) }
            }
            return featurizer.vector(features)
        }
        return (featurizer, vectors)
    }

    private init(raw: [RawFeatures], space: FeatureSpace, embeddings: StaticEmbeddings?, lexicon: Lexicon?) {
        self.space = embeddings == nil ? space.withoutEmbeddings : space
        self.embeddings = embeddings
        self.lexicon = lexicon
        self.embeddingDims = embeddings?.dimension ?? 0
        self.dimension = space.wordBuckets + space.charBuckets + embeddingDims
        var wordDF: [UInt64: Int] = [:]
        var charDF: [UInt64: Int] = [:]
        for doc in raw {
            for h in Set(doc.words.map(\.0)) { wordDF[h, default: 0] += 1 }
            for h in Set(doc.chars.map(\.0)) { charDF[h, default: 0] += 1 }
        }
        let n = Float(raw.count)
        func idf(_ df: Int) -> Float { logf((n + 1) / (Float(df) + 1)) + 1 }
        self.wordIDF = wordDF.mapValues(idf)
        self.charIDF = charDF.mapValues(idf)
        self.unseenIDF = idf(0)
        var mean = [Float](repeating: 0, count: embeddingDims)
        if embeddings != nil, !raw.isEmpty {
            for doc in raw {
                let e = doc.embedding
                let length = max(Featurizer.norm(e), 1e-9)
                if length > 1e-6 { for d in 0..<embeddingDims { mean[d] += e[d] / length } }
            }
            for d in 0..<embeddingDims { mean[d] /= n }
        }
        self.embeddingMean = mean
    }

    /// The vector of a token list. Complexity: O(tokens × n-grams + dimension).
    public func vector(_ tokens: [Token]) -> [Float] {
        vector(Featurizer.extract(tokens, space: space, embeddings: embeddings, lexicon: lexicon))
    }

    func vector(_ features: RawFeatures) -> [Float] {
        var v = [Float](repeating: 0, count: dimension)
        let wb = space.wordBuckets, cb = space.charBuckets
        // Features are merged after sorting (in addBlock): cheaper than a dictionary per
        // query, and the summation order (hence every float) is reproducible.
        addBlock(features.words, idf: wordIDF, offset: 0, buckets: wb, weight: space.wordWeight, into: &v)
        addBlock(features.chars, idf: charIDF, offset: wb, buckets: cb, weight: space.charWeight, into: &v)
        if embeddings != nil, space.embeddingWeight > 0 {
            var e = features.embedding
            let length = Featurizer.norm(e)
            if length > 1e-6 {
                // Centre the unit vector on the catalog's mean phrase, then renormalise.
                for d in 0..<embeddingDims { e[d] = e[d] / length - embeddingMean[d] }
                // A vector made of a few words (the particles of "메트로놈 돌려 줘", whose
                // content words have none) is weaker evidence than one of every word.
                let confidence = space.embeddingCoverage ? features.coverage.squareRoot() : 1
                let scale = sqrtf(space.embeddingWeight) * confidence / max(Featurizer.norm(e), 1e-9)
                for d in 0..<embeddingDims { v[wb + cb + d] = e[d] * scale }
            }
        }
        return v
    }

    private func addBlock(
        _ raw: [(UInt64, Float)], idf: [UInt64: Float], offset: Int, buckets: Int, weight: Float,
        into v: inout [Float]
    ) {
        guard !raw.isEmpty, weight > 0 else { return }
        var sorted = raw
        sorted.sort { $0.0 < $1.0 }
        var block = [Float](repeating: 0, count: buckets)
        var i = 0
        while i < sorted.count {
            let h = sorted[i].0
            var tf: Float = 0
            while i < sorted.count && sorted[i].0 == h {
                tf += sorted[i].1
                i += 1
            }
            let w = (tf >= 1 ? 1 + logf(tf) : tf) * (idf[h] ?? unseenIDF)
            let bucket = Int(h % UInt64(buckets))
            block[bucket] += (h >> 63) == 0 ? w : -w  // signed hashing: collisions cancel on average
        }
        let scale = sqrtf(weight) / max(Featurizer.norm(block), 1e-9)
        for i in 0..<buckets { v[offset + i] = block[i] * scale }
    }

    static func norm(_ x: [Float]) -> Float {
        var s: Float = 0
        for a in x { s += a * a }
        return s.squareRoot()
    }

    /// Unnormalised mean of the unit-length word vectors, each weighted by its token's
    /// stopword weight. A word missing from the table is looked up by its lemma (Korean
    /// eojeol `메시지를` → `메시지`; the whole-word tables of non-English packs).
    /// `coverage` gets the share of the token weight (numbers aside) whose words have a vector.
    static func rawEmbedding(_ tokens: [Token], _ embeddings: StaticEmbeddings, coverage: inout Float) -> [Float] {
        var acc = [Float](repeating: 0, count: embeddings.dimension)
        var words = 0
        var covered: Float = 0, total: Float = 0
        for t in tokens {
            if t.kind != .number { total += t.weight }
            if embeddings.accumulate(word: t.text, weight: t.weight, into: &acc)
                || (t.lemma != t.text && embeddings.accumulate(word: t.lemma, weight: t.weight, into: &acc))
            {
                words += 1
                if t.kind != .number { covered += t.weight }
            }
        }
        coverage = total > 0 ? covered / total : 1
        if words > 1 { for d in 0..<acc.count { acc[d] /= Float(words) } }
        return acc
    }

    /// Word features: one per lemma (the token's stopword weight, 1 for content words), plus
    /// lexicon synonyms (weight < 1, scaled the same way).
    static func forEachWordFeature(_ tokens: [Token], lexicon: Lexicon?, _ body: (UInt64, Float) -> Void) {
        for t in tokens {
            body(FeatureHash.word(t.lemma), t.weight)
            if let lexicon {
                for s in lexicon.synonyms(of: t.lemma) { body(FeatureHash.word(s.lemma), s.weight * t.weight) }
            }
        }
    }

    /// Character n-grams (`space.charGrams`) of each token padded with spaces; with
    /// `space.cjkGrams`, runs of adjacent CJK tokens are n-grammed as one padded string.
    static func forEachCharFeature(_ tokens: [Token], space: FeatureSpace, _ body: (UInt64) -> Void) {
        var scalars: [UInt32] = []
        func emit(_ grams: ClosedRange<Int>) {
            for n in grams where scalars.count >= n {
                for i in 0...(scalars.count - n) {
                    // A lone padding space carries nothing.
                    if n == 1 && scalars[i] == 0x20 { continue }
                    body(FeatureHash.chars(scalars[i..<(i + n)]))
                }
            }
        }
        var i = 0
        while i < tokens.count {
            scalars.removeAll(keepingCapacity: true)
            scalars.append(0x20)
            if let cjk = space.cjkGrams, tokens[i].kind == .cjk {
                let start = i
                var read = false
                while i < tokens.count && tokens[i].kind == .cjk {
                    for s in tokens[i].text.unicodeScalars {
                        // Hiragana → katakana: the same word in either kana is the same n-gram.
                        let v = s.value
                        scalars.append((0x3041...0x3096).contains(v) ? v + 0x60 : v)
                    }
                    if tokens[i].reading != nil { read = true }
                    i += 1
                }
                scalars.append(0x20)
                emit(cjk)
                // The run as read aloud, in katakana (記録して → キロクシテ), in grams of two
                // and three: what a request typed in kana shares with a phrase in kanji.
                if read {
                    scalars.removeAll(keepingCapacity: true)
                    scalars.append(0x20)
                    for t in tokens[start..<i] {
                        for s in (t.reading ?? t.text).unicodeScalars {
                            let v = s.value
                            scalars.append((0x3041...0x3096).contains(v) ? v + 0x60 : v)
                        }
                    }
                    scalars.append(0x20)
                    emit(2...3)
                }
            } else {
                for s in tokens[i].text.unicodeScalars { scalars.append(s.value) }
                scalars.append(0x20)
                emit(space.charGrams)
                i += 1
            }
        }
    }
}

/// FNV-1a 64-bit hashes of features, with a distinct seed per feature family, stable across
/// runs and platforms (Swift's `Hasher` is randomly seeded per process).
enum FeatureHash {
    static let prime: UInt64 = 0x100_0000_01b3
    static func word(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ 0x77  // "w"
        for b in s.utf8 { h = (h ^ UInt64(b)) &* prime }
        return mix(h)
    }
    static func chars(_ scalars: ArraySlice<UInt32>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ 0x63  // "c"
        for s in scalars {
            var v = s
            for _ in 0..<4 {
                h = (h ^ UInt64(v & 0xFF)) &* prime
                v >>= 8
            }
        }
        return mix(h)
    }
    /// Final avalanche so bucket (low bits) and sign (top bit) are independent.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
