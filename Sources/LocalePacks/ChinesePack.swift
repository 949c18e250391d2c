import PhraseTokenizer

/// Chinese (Simplified; Traditional input is folded to Simplified first).
///
/// Segmentation is the most probable path under a unigram word model: every dictionary word
/// costs `100 × −ln p` (jieba's frequencies), an unknown character costs `unknownCost`, and
/// dynamic programming picks the cheapest split. For command phrases this matches jieba's own
/// output (`打开 手电筒`, `给 妈妈 发送 一条 消息`) without its HMM.
///
/// Complexity: O(n × maxWordLength) hash probes per run of n characters; each probe extends
/// the candidate's hash by one character, so no substring is ever built.
public struct ChinesePack: LocalePack {
    public let locale: String
    let words: HashTable
    let maxWordLength: Int
    let unknownCost: Int
    let folding: TraditionalFolding
    let weights: WordWeights

    /// Loads `lexicon.tsv` (required), `t2s.tsv`, `stopwords.tsv` and `frequency.tsv` (optional) from `folder`.
    public init(folder: String, locale: String = "zh-Hans") throws(LocalePackError) {
        self.locale = locale
        let lexicon = try PackFile.read(folder + "/lexicon.tsv")
        var unknown: Int?
        for (line, comment) in lexicon.commentLines() where comment.hasPrefix("unknown ") {
            guard let v = Int(comment.dropFirst(8).trimmingCharacters(in: .whitespaces)) else {
                throw .malformed(path: lexicon.path, line: line, reason: "expected '# unknown <cost>'")
            }
            unknown = v
        }
        var table = HashTable(expected: lexicon.bytes.count / 12)
        var maxLength = 1
        try lexicon.forEachLine { line, f throws(LocalePackError) in
            guard f.count >= 2, !f[0].isEmpty, let cost = lexicon.int(f[1]), cost >= 0 else {
                throw .malformed(path: lexicon.path, line: line, reason: "expected 'word<TAB>cost'")
            }
            table.insertIfAbsent(lexicon.hash(f[0]), UInt64(cost))
            // UTF-8 Han characters are 3 bytes: the byte length bounds the character length.
            maxLength = max(maxLength, min(f[0].count / 3, 16))
        }
        guard let unknownCost = unknown else {
            throw .malformed(path: lexicon.path, line: 1, reason: "missing '# unknown <cost>' header")
        }
        self.words = table
        self.maxWordLength = maxLength
        self.unknownCost = unknownCost
        self.folding = try TraditionalFolding(optionalPath: folder + "/t2s.tsv")
        self.weights = try WordWeights(folder: folder)
    }

    public func segment(cjkRun: String) -> [String]? {
        let scalars = Array(folding.fold(cjkRun).unicodeScalars)
        return UnigramSegmenter.segment(scalars, maxWordLength: maxWordLength, unknownCost: unknownCost) {
            words.value($0).map { Int($0) }
        }
    }

    public func weight(text: String, lemma: String) -> Float { weights.weight(text: text, lemma: lemma) }

    /// The unigram cost of a word (`100 × −ln p`), or nil when it is not in the dictionary:
    /// shown by `shortcut-lab tokenize` as a frequency prior.
    public func cost(of word: String) -> Int? { words.value(word).map { Int($0) } }
}

/// The shared dynamic program for unigram segmentation.
enum UnigramSegmenter {
    /// Cheapest split of `scalars` into dictionary words (`cost` gives a word's cost from its
    /// hash, nil when unknown) and unknown single characters. O(n × maxWordLength).
    static func segment(
        _ scalars: [Unicode.Scalar], maxWordLength: Int, unknownCost: Int, cost: (UInt64) -> Int?
    ) -> [String] {
        let n = scalars.count
        guard n > 0 else { return [] }
        var best = [Int](repeating: Int.max, count: n + 1)
        var back = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for i in 0..<n where best[i] != Int.max {
            var h = WordHash.seed
            for j in (i + 1)...min(n, i + maxWordLength) {
                h = WordHash.add(h, scalar: scalars[j - 1])
                let c: Int
                if let known = cost(h) {
                    c = known
                } else if j == i + 1 {
                    c = unknownCost
                } else {
                    continue
                }
                if best[i] + c < best[j] {
                    best[j] = best[i] + c
                    back[j] = i
                }
            }
        }
        var out: [String] = []
        var j = n
        while j > 0 {
            let i = back[j]
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[i..<j])
            out.append(String(s))
            j = i
        }
        return out.reversed()
    }
}

/// Traditional → Simplified folding by greedy longest match over OpenCC's phrase and character
/// tables (phrases first, so `著作` is not folded character by character). O(n × maxLength).
struct TraditionalFolding: Sendable {
    let table: StringTable
    let maxLength: Int

    init(table: StringTable = StringTable(), maxLength: Int = 0) {
        self.table = table
        self.maxLength = maxLength
    }

    init(optionalPath path: String) throws(LocalePackError) {
        guard FileManagerShim.exists(path) else {
            self.init()
            return
        }
        let file = try PackFile.read(path)
        var longest = 1
        try file.forEachLine { _, f throws(LocalePackError) in longest = max(longest, f[0].count / 3) }
        self.init(table: try StringTable(file: file), maxLength: min(longest, 8))
    }

    /// Folds `text`; returns it unchanged (no allocation) when nothing needs folding.
    func fold(_ text: String) -> String {
        guard maxLength > 0 else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var i = 0
        while i < scalars.count {
            // Extend the hash one character at a time and remember the longest hit.
            var h = WordHash.seed
            var hit: (end: Int, target: String)?
            for end in (i + 1)...min(scalars.count, i + maxLength) {
                h = WordHash.add(h, scalar: scalars[end - 1])
                if let target = table.value(hash: h) { hit = (end, target) }
            }
            if let hit {
                out.append(contentsOf: hit.target.unicodeScalars)
                i = hit.end
                changed = true
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return changed ? String(out) : text
    }
}

extension WeightTable {
    /// The table at `path`, or an empty one when the file does not exist.
    init(optionalPath path: String) throws(LocalePackError) {
        if FileManagerShim.exists(path) {
            try self.init(file: try PackFile.read(path))
        } else {
            self.init()
        }
    }
}
