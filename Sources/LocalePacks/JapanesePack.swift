import PhraseTokenizer

/// Japanese: MeCab-style lattice segmentation over ipadic's word costs and a connection-cost
/// matrix between word classes, base forms for verbs and adjectives, kana folding of lemmas.
///
/// Why a lattice and not a plain unigram split: with word costs alone `教えて` splits as
/// `教 えて` and `再生して` as `再 生し て`; the connection costs (noun→particle cheap,
/// prefix→verb dear) fix these. ipadic's 1316 context ids are clustered offline into a few
/// dozen classes (`connection.bin`), which keeps the pack small at a tiny loss of accuracy.
///
/// Lemmas: the base form of inflected verbs/adjectives (`消し` → `消す`, `撮っ` → `撮る`),
/// then hiragana folded to katakana, so `めも` and `メモ` meet. Token text keeps the surface
/// (embeddings and character n-grams see what the user typed).
///
/// Complexity: O(n × maxWordLength × entries per surface × lattice width) per run; runs in
/// commands are a dozen characters.
public struct JapanesePack: LocalePack {
    public let locale: String
    struct Entry: Sendable {
        var left: UInt16
        var right: UInt16
        var cost: Int32
        /// Base form (offset << 20 | length into the lexicon's bytes), 0 when the surface is.
        var base: UInt64
    }
    let surfaces: HashTable  // surface hash → firstEntry << 16 | count
    let entries: [Entry]
    let storage: [UInt8]
    let connection: [Int16]
    let classes: Int
    let maxWordLength: Int
    /// Unknown-word entries by character class: katakana runs, single kanji/hiragana.
    let unknownKatakana: Entry
    let unknownOther: Entry
    let weights: WordWeights
    /// Katakana readings of words written with kanji (`readings.tsv`, optional).
    let readings: StringTable
    /// The same table reversed: a reading in hiragana (three kana or more) → an index into
    /// `aliases`, the first word listed with it. A word typed in kana and left unconverted
    /// (`きろく` for `記録`) is then also a path through the lattice, as that word.
    let kanaReadings: HashTable
    /// The lexicon entry of each reading's word, and its base form (kana folded).
    let aliases: [(entry: Int, lemma: String)]
    /// Added to an unconverted word's cost: the kana words ipadic lists itself (`ください`,
    /// `みせる`) stay the cheaper path where they fit.
    static let unconvertedPenalty: Int32 = 3000
    static let maxReadingLength = 10

    public init(folder: String, locale: String = "ja") throws(LocalePackError) {
        self.locale = locale
        let lexicon = try PackFile.read(folder + "/lexicon.tsv")
        let (connection, classes) = try JapanesePack.readConnection(folder + "/connection.bin")
        var unknown: [String: Entry] = [:]
        for (line, comment) in lexicon.commentLines() where comment.hasPrefix("unknown ") {
            let f = comment.split(separator: " ")
            guard f.count == 5, let l = UInt16(f[2]), let r = UInt16(f[3]), let c = Int32(f[4]),
                Int(l) < classes, Int(r) < classes
            else {
                throw .malformed(path: lexicon.path, line: line, reason: "expected '# unknown CLASS left right cost'")
            }
            unknown[String(f[1])] = Entry(left: l, right: r, cost: c, base: 0)
        }
        guard let katakana = unknown["KATAKANA"], let kanji = unknown["KANJI"] else {
            throw .malformed(path: lexicon.path, line: 1, reason: "missing '# unknown KATAKANA/KANJI' headers")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(lexicon.bytes.count / 22)
        // Pass 1: entries, and (hash, first entry) where each surface's contiguous group starts.
        var groupHashes: [UInt64] = []
        var groupStarts: [Int] = []
        var maxLength = 1
        try lexicon.forEachLine { line, f throws(LocalePackError) in
            guard f.count >= 4, !f[0].isEmpty, let l = lexicon.int(f[1]), let r = lexicon.int(f[2]),
                let c = lexicon.int(f[3]), (0..<classes).contains(l), (0..<classes).contains(r),
                abs(c) < Int(Int32.max)
            else {
                throw .malformed(
                    path: lexicon.path, line: line,
                    reason: "expected 'surface<TAB>left<TAB>right<TAB>cost[<TAB>base]' with classes below \(classes)")
            }
            let h = lexicon.hash(f[0])
            if groupHashes.last != h {
                groupHashes.append(h)
                groupStarts.append(entries.count)
                maxLength = max(maxLength, min(f[0].count / 3, 12))
            }
            var base: UInt64 = 0
            if f.count >= 5, !f[4].isEmpty {
                base = UInt64(f[4].lowerBound) << 20 | UInt64(min(f[4].count, 0xFFFFF))
            }
            entries.append(Entry(left: UInt16(l), right: UInt16(r), cost: Int32(c), base: base))
        }
        // Pass 2: the surface index (first entry << 16 | count; groups over 65535 are cut).
        var table = HashTable(expected: groupHashes.count)
        for g in 0..<groupHashes.count {
            let first = groupStarts[g]
            let end = g + 1 < groupStarts.count ? groupStarts[g + 1] : entries.count
            table.insertIfAbsent(groupHashes[g], UInt64(first) << 16 | UInt64(min(end - first, 0xFFFF)))
        }
        self.surfaces = table
        self.entries = entries
        self.storage = lexicon.bytes
        self.connection = connection
        self.classes = classes
        self.maxWordLength = maxLength
        self.unknownKatakana = katakana
        self.unknownOther = kanji
        self.weights = try WordWeights(folder: folder)
        let readingsPath = folder + "/readings.tsv"
        var kanaReadings = HashTable(expected: 0)
        var aliases: [(entry: Int, lemma: String)] = []
        if FileManagerShim.exists(readingsPath) {
            let file = try PackFile.read(readingsPath)
            self.readings = try StringTable(file: file)
            kanaReadings = HashTable(expected: file.bytes.count / 24)
            try file.forEachLine { _, f throws(LocalePackError) in
                guard f.count >= 2 else { return }  // StringTable above has named a malformed line
                var h = WordHash.seed
                var length = 0
                for c in file.string(f[1]).unicodeScalars {
                    guard JapanesePack.isKatakana(c) else { return }
                    // Katakana → hiragana, as a user types before converting; ー stays.
                    let v = c.value
                    let typed = (0x30A1...0x30F6).contains(v) ? Unicode.Scalar(v - 0x60) ?? c : c
                    h = WordHash.add(h, scalar: typed)
                    length += 1
                }
                guard length >= 3, length <= JapanesePack.maxReadingLength, kanaReadings.value(h) == nil,
                    let v = table.value(file.hash(f[0]))
                else { return }
                let first = Int(v >> 16), count = Int(v & 0xFFFF)
                guard let k = (first..<(first + count)).min(by: { entries[$0].cost < entries[$1].cost }) else { return }
                let surface = file.string(f[0])
                let base = entries[k].base
                let lemma = base == 0 ? surface : JapanesePack.baseString(base, in: lexicon.bytes)
                kanaReadings.insertIfAbsent(h, UInt64(aliases.count))
                aliases.append((k, JapanesePack.foldKana(lemma)))
            }
        } else {
            self.readings = StringTable()
        }
        self.kanaReadings = kanaReadings
        self.aliases = aliases
    }

    /// `connection.bin`: "SLCONN1\0", u32 right classes, u32 left classes, int16 costs
    /// (row = previous word's right class, column = next word's left class).
    static func readConnection(_ path: String) throws(LocalePackError) -> ([Int16], Int) {
        let file = try PackFile.read(path)
        let b = file.bytes
        guard b.count >= 16, Array(b[0..<8]) == Array("SLCONN1".utf8) + [0] else {
            throw .badBinary(path: path, reason: "missing SLCONN1 header")
        }
        func u32(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
        let rows = u32(8), cols = u32(12)
        guard rows == cols, rows > 0, rows <= 4096, b.count == 16 + rows * cols * 2 else {
            throw .badBinary(path: path, reason: "bad shape \(rows)×\(cols) for \(b.count) bytes")
        }
        var costs = [Int16](repeating: 0, count: rows * cols)
        for i in 0..<(rows * cols) {
            costs[i] = Int16(bitPattern: UInt16(b[16 + 2 * i]) | UInt16(b[17 + 2 * i]) << 8)
        }
        return (costs, rows)
    }

    struct Node {
        var start: Int
        var end: Int
        var right: Int
        var total: Int
        var previous: Int  // index into nodes; -1 for BOS
        var entry: Int  // index into entries; -1 unknown
    }

    public func segment(cjkRun: String) -> [String]? {
        segmentWithEntries(Array(cjkRun.unicodeScalars)).map(\.surface)
    }

    static func isHiragana(_ s: Unicode.Scalar) -> Bool { (0x3041...0x3096).contains(s.value) || s.value == 0x30FC }

    /// Words with the base form of the dictionary entry the best path chose (`消し` → `消す`,
    /// while the particle `て` stays `て` even though some verb form is also spelled `て`).
    public func analyze(cjkRun: String) -> [(text: String, lemma: String)]? {
        segmentWithEntries(Array(cjkRun.unicodeScalars)).map { word in
            if let a = word.alias { return (word.surface, aliases[a].lemma) }
            guard let k = word.entry, entries[k].base != 0 else { return (word.surface, JapanesePack.foldKana(word.surface)) }
            return (word.surface, JapanesePack.foldKana(baseString(entries[k].base)))
        }
    }

    func baseString(_ packed: UInt64) -> String { JapanesePack.baseString(packed, in: storage) }

    /// The base form an entry points at (offset << 20 | length) in the lexicon's bytes.
    static func baseString(_ packed: UInt64, in bytes: [UInt8]) -> String {
        let start = Int(packed >> 20), length = Int(packed & 0xFFFFF)
        return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    }

    /// The best path: surfaces with the lexicon entry chosen for each (nil for unknown words),
    /// and for a word typed in kana read as a kanji word, its index in `aliases`.
    func segmentWithEntries(_ s: [Unicode.Scalar]) -> [(surface: String, entry: Int?, alias: Int?)] {
        let n = s.count
        guard n > 0 else { return [] }
        var nodes: [Node] = []
        var endingAt = [[Int]](repeating: [], count: n + 1)
        func connect(_ right: Int, _ left: Int) -> Int { Int(connection[right * classes + left]) }
        func addNode(start: Int, end: Int, entry: Entry, index: Int) {
            var bestTotal = Int.max, bestPrev = -1
            if start == 0 {
                bestTotal = connect(0, Int(entry.left))
            } else {
                for p in endingAt[start] {
                    let t = nodes[p].total + connect(nodes[p].right, Int(entry.left))
                    if t < bestTotal { bestTotal = t; bestPrev = p }
                }
            }
            guard bestTotal != Int.max else { return }
            nodes.append(Node(start: start, end: end, right: Int(entry.right), total: bestTotal + Int(entry.cost),
                              previous: bestPrev, entry: index))
            endingAt[end].append(nodes.count - 1)
        }
        for i in 0..<n where i == 0 || !endingAt[i].isEmpty {
            var h = WordHash.seed
            var found = false
            for j in (i + 1)...min(n, i + maxWordLength) {
                h = WordHash.add(h, scalar: s[j - 1])
                guard let v = surfaces.value(h) else { continue }
                let first = Int(v >> 16), count = Int(v & 0xFFFF)
                for k in first..<(first + count) {
                    addNode(start: i, end: j, entry: entries[k], index: k)
                    found = true
                }
            }
            // A kanji word typed in kana: its entry, dearer (node index -2 - alias).
            if aliases.count > 0 && JapanesePack.isHiragana(s[i]) {
                var h = WordHash.seed
                for j in (i + 1)...min(n, i + JapanesePack.maxReadingLength) {
                    guard JapanesePack.isHiragana(s[j - 1]) else { break }
                    h = WordHash.add(h, scalar: s[j - 1])
                    guard j - i >= 3, let a = kanaReadings.value(h) else { continue }
                    var e = entries[aliases[Int(a)].entry]
                    e.cost += JapanesePack.unconvertedPenalty
                    addNode(start: i, end: j, entry: e, index: -2 - Int(a))
                }
            }
            // Unknown words, as MeCab: a whole katakana run always; otherwise one character
            // when no dictionary word starts here.
            if JapanesePack.isKatakana(s[i]) {
                var j = i + 1
                while j < n && JapanesePack.isKatakana(s[j]) { j += 1 }
                addNode(start: i, end: j, entry: unknownKatakana, index: -1)
            } else if !found {
                addNode(start: i, end: i + 1, entry: unknownOther, index: -1)
            }
        }
        var best = -1, bestTotal = Int.max
        for p in endingAt[n] {
            let t = nodes[p].total + connect(nodes[p].right, 0)
            if t < bestTotal { bestTotal = t; best = p }
        }
        if best < 0 {  // unreachable in practice (every position has a fallback); never crash
            return s.map { (String($0), nil, nil) }
        }
        var out: [(String, Int?, Int?)] = []
        while best >= 0 {
            let node = nodes[best]
            var view = String.UnicodeScalarView()
            view.append(contentsOf: s[node.start..<node.end])
            out.append((String(view), node.entry >= 0 ? node.entry : nil, node.entry <= -2 ? -2 - node.entry : nil))
            best = node.previous
        }
        return out.reversed()
    }

    /// Base form of a word out of context (the cheapest entry with one), kana folded.
    /// Tokenization uses `analyze(cjkRun:)`, which knows the entry. O(entries of the surface).
    public func lemma(of word: String) -> String {
        var base = word
        if let v = surfaces.value(WordHash.of(word)) {
            let first = Int(v >> 16), count = Int(v & 0xFFFF)
            var bestCost = Int32.max
            for k in first..<(first + count) where entries[k].base != 0 && entries[k].cost < bestCost {
                bestCost = entries[k].cost
                base = baseString(entries[k].base)
            }
        }
        return JapanesePack.foldKana(base)
    }

    public func weight(text: String, lemma: String) -> Float { weights.weight(text: text, lemma: lemma) }

    /// The katakana reading of a word with kanji, when `readings.tsv` has it. O(1).
    public func reading(of word: String) -> String? { readings.count > 0 ? readings.value(word) : nil }

    static func isKatakana(_ s: Unicode.Scalar) -> Bool {
        (0x30A1...0x30FA).contains(s.value) || s.value == 0x30FC || (0x31F0...0x31FF).contains(s.value)
    }

    /// Hiragana → katakana (U+3041–U+3096 shift by 0x60) for words written in kana only, so
    /// `めも` meets `メモ`; words with kanji keep their okurigana (`消す`). O(n).
    public static func foldKana(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { (0x3041...0x3096).contains($0.value) }),
            scalars.allSatisfy({ (0x3041...0x3096).contains($0.value) || isKatakana($0) })
        else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if (0x3041...0x3096).contains(s.value), let k = Unicode.Scalar(s.value + 0x60) {
                out.append(k)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }
}
