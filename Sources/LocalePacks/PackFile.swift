import Foundation

/// Errors loading a locale pack. Each names the file, and the line where there is one, in the
/// `file:line: error: …` form the rest of the tool uses.
public enum LocalePackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// A line of the file does not have the expected shape.
    case malformed(path: String, line: Int, reason: String)
    /// A binary file (connection costs) has a bad header or size.
    case badBinary(path: String, reason: String)

    public var description: String { "\(location): error: \(message)" }

    /// `path` or `path:line`.
    public var location: String {
        if case .malformed(let path, let line, _) = self { return "\(path):\(line)" }
        return path
    }

    /// What is wrong, without the location.
    public var message: String {
        switch self {
        case .unreadable(_, let reason): return "cannot read locale file: \(reason)"
        case .malformed(_, _, let reason): return reason
        case .badBinary(_, let reason): return "not a valid locale file: \(reason)"
        }
    }

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .malformed(let path, _, _), .badBinary(let path, _): return path
        }
    }
}

/// FNV-1a 64-bit over UTF-8 bytes, computable incrementally so that a segmenter can extend a
/// candidate word one character at a time without building strings. 0 is reserved for "empty".
public enum WordHash {
    public static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01b3

    @inline(__always)
    public static func add(_ h: UInt64, _ byte: UInt8) -> UInt64 { (h ^ UInt64(byte)) &* prime }

    @inline(__always)
    public static func add(_ h: UInt64, scalar: Unicode.Scalar) -> UInt64 {
        // UTF-8 encoding by hand: no optional to unwrap, no allocation.
        let v = scalar.value
        if v < 0x80 { return add(h, UInt8(v)) }
        if v < 0x800 { return add(add(h, UInt8(0xC0 | v >> 6)), UInt8(0x80 | v & 0x3F)) }
        if v < 0x10000 {
            return add(add(add(h, UInt8(0xE0 | v >> 12)), UInt8(0x80 | (v >> 6) & 0x3F)), UInt8(0x80 | v & 0x3F))
        }
        let a = add(add(h, UInt8(0xF0 | v >> 18)), UInt8(0x80 | (v >> 12) & 0x3F))
        return add(add(a, UInt8(0x80 | (v >> 6) & 0x3F)), UInt8(0x80 | v & 0x3F))
    }

    public static func of<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h = seed
        for b in bytes { h = add(h, b) }
        return h
    }

    public static func of(_ s: String) -> UInt64 { of(s.utf8) }
}

/// An open-addressing hash map from 64-bit word hashes to 64-bit values, built without
/// allocating a `String` per entry (this is what keeps pack loading in the low milliseconds).
/// Two different words colliding on 64 bits is ~1e-10 for 100k entries and is ignored.
/// Lookup O(1) expected; memory 16 bytes × capacity (≤ 2 × entries after growth).
struct HashTable: Sendable {
    private var keys: [UInt64]
    private var values: [UInt64]
    private var mask: Int
    private(set) var count = 0

    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        keys = [UInt64](repeating: 0, count: capacity)
        values = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    @inline(__always)
    private static func slotKey(_ h: UInt64) -> UInt64 { h == 0 ? 1 : h }

    /// FNV's low bits depend only on the input's low bits: mix before masking, or similar
    /// words pile into one cluster and linear probing degrades to a scan.
    @inline(__always)
    private static func slot(_ k: UInt64, _ mask: Int) -> Int {
        var z = k
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int(truncatingIfNeeded: z ^ (z >> 31)) & mask
    }

    /// Inserts `value` unless the key is present; returns false when it was.
    @discardableResult
    mutating func insertIfAbsent(_ hash: UInt64, _ value: UInt64) -> Bool {
        if count * 2 >= keys.count { grow() }
        let k = HashTable.slotKey(hash)
        var i = HashTable.slot(k, mask)
        while keys[i] != 0 {
            if keys[i] == k { return false }
            i = (i + 1) & mask
        }
        keys[i] = k
        values[i] = value
        count += 1
        return true
    }

    @inline(__always)
    func value(_ hash: UInt64) -> UInt64? {
        let k = HashTable.slotKey(hash)
        var i = HashTable.slot(k, mask)
        while true {
            let key = keys[i]
            if key == k { return values[i] }
            if key == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    func value(_ word: String) -> UInt64? { value(WordHash.of(word)) }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [UInt64](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (i, k) in oldKeys.enumerated() where k != 0 { insertIfAbsent(k, oldValues[i]) }
    }
}

/// A UTF-8 text file of a pack: `#` comment lines, tab-separated fields. Parsing works on byte
/// ranges; strings are only made for values the caller keeps.
struct PackFile: Sendable {
    let path: String
    let bytes: [UInt8]

    /// Reads `path`. Throws `.unreadable` naming the file.
    static func read(_ path: String) throws(LocalePackError) -> PackFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file or not readable")
        }
        let bytes = [UInt8](data)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return PackFile(path: path, bytes: Array(bytes[3...]))
        }
        return PackFile(path: path, bytes: bytes)
    }

    /// Calls `body(lineNumber, fields)` for every non-empty, non-comment line; fields are
    /// byte ranges into `bytes`, split at tabs. Complexity: O(file size).
    func forEachLine(_ body: (Int, [Range<Int>]) throws(LocalePackError) -> Void) throws(LocalePackError) {
        var lineNumber = 0
        var start = 0
        var fields: [Range<Int>] = []
        fields.reserveCapacity(6)
        let n = bytes.count
        while start < n {
            lineNumber += 1
            var end = start
            while end < n && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start && bytes[start] != 0x23 {  // "#"
                fields.removeAll(keepingCapacity: true)
                var f = start
                for i in start..<lineEnd where bytes[i] == 0x09 {
                    fields.append(f..<i)
                    f = i + 1
                }
                fields.append(f..<lineEnd)
                try body(lineNumber, fields)
            }
            start = end + 1
        }
    }

    /// The leading comment lines (without the leading `# `): headers that carry settings.
    /// Stops at the first non-comment line, so it costs O(header), not O(file).
    func commentLines() -> [(Int, String)] {
        var out: [(Int, String)] = []
        var lineNumber = 0
        var start = 0
        while start < bytes.count, bytes[start] == 0x23 {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            out.append((lineNumber, String(decoding: bytes[(start + 1)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)))
            start = end + 1
        }
        return out
    }

    func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

    func hash(_ r: Range<Int>) -> UInt64 { WordHash.of(bytes[r]) }

    /// A decimal integer field (optionally negative), or nil.
    func int(_ r: Range<Int>) -> Int? {
        guard !r.isEmpty else { return nil }
        var i = r.lowerBound
        var negative = false
        if bytes[i] == 0x2D { negative = true; i += 1 }
        guard i < r.upperBound else { return nil }
        var v = 0
        while i < r.upperBound {
            let d = Int(bytes[i]) - 48
            guard (0...9).contains(d), v < Int.max / 20 else { return nil }
            v = v * 10 + d
            i += 1
        }
        return negative ? -v : v
    }

    /// A decimal number such as `0.3`, or nil.
    func float(_ r: Range<Int>) -> Float? { Float(string(r)) }
}

/// Words → strings, stored as offsets into the file's bytes: `form<TAB>value` tables such as
/// lemma lists. Strings are made only on lookup. Load O(file size); lookup O(word length).
struct StringTable: Sendable {
    private var table: HashTable
    private let storage: [UInt8]

    var count: Int { table.count }

    init() {
        table = HashTable(expected: 0)
        valueSet = HashTable(expected: 0)
        storage = []
    }

    /// The values, as a set of hashes, when built with `indexValues` (else empty).
    private var valueSet: HashTable

    /// Parses `form<TAB>value` lines; the first occurrence of a form wins. With
    /// `indexValues`, the values are also kept as a set (`containsValue`): a lemma table's
    /// lemmas are words it knows without listing them as forms.
    init(file: PackFile, indexValues: Bool = false) throws(LocalePackError) {
        var table = HashTable(expected: file.bytes.count / 16)
        var values = HashTable(expected: indexValues ? file.bytes.count / 32 : 0)
        try file.forEachLine { line, f throws(LocalePackError) in
            guard f.count >= 2, !f[0].isEmpty, !f[1].isEmpty else {
                throw .malformed(path: file.path, line: line, reason: "expected 'form<TAB>value'")
            }
            let value = UInt64(f[1].lowerBound) << 20 | UInt64(min(f[1].count, 0xFFFFF))
            table.insertIfAbsent(file.hash(f[0]), value)
            if indexValues { values.insertIfAbsent(file.hash(f[1]), 1) }
        }
        self.table = table
        self.valueSet = values
        self.storage = file.bytes
    }

    /// Whether `word` is one of the values (only for a table built with `indexValues`).
    func containsValue(_ word: String) -> Bool { valueSet.value(WordHash.of(word)) != nil }

    func value(_ word: String) -> String? { value(hash: WordHash.of(word)) }

    func value(hash: UInt64) -> String? {
        guard let v = table.value(hash) else { return nil }
        let start = Int(v >> 20), length = Int(v & 0xFFFFF)
        return String(decoding: storage[start..<(start + length)], as: UTF8.self)
    }
}

/// File existence without importing Foundation into every pack file.
enum FileManagerShim {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

/// A pack's word weights: hand-written stopword weights (`stopwords.tsv`) first, then the
/// frequency prior (`frequency.tsv`, built from a frequency list by Tools/locales): common
/// words a catalog never relies on ("please", "bitte", "请") weigh less than its rare ones.
/// Command words are on neither list, so they keep full weight.
struct WordWeights: Sendable {
    let stopwords: WeightTable
    let frequency: WeightTable

    init() {
        stopwords = WeightTable()
        frequency = WeightTable()
    }

    /// Loads both files from `folder` when present (each optional).
    init(folder: String) throws(LocalePackError) {
        stopwords = try WeightTable(optionalPath: folder + "/stopwords.tsv")
        frequency = try WeightTable(optionalPath: folder + "/frequency.tsv")
    }

    /// The stopword weight of the text, else of the lemma, else the frequency weight of the
    /// text, else of the lemma, else 1.
    func weight(text: String, lemma: String) -> Float {
        stopwords.weight(text) ?? stopwords.weight(lemma) ?? frequency.weight(text) ?? frequency.weight(lemma) ?? 1
    }

    /// Whether the text or the lemma is on the hand-written stopword list (a function word,
    /// whatever the lemma table makes of it: "mein" → "meinen").
    func isStopword(text: String, lemma: String) -> Bool {
        stopwords.weight(text) != nil || stopwords.weight(lemma) != nil
    }
}

/// `word<TAB>weight` stopword weights. Words are normalised like the tokenizer's text.
struct WeightTable: Sendable {
    private var table = HashTable(expected: 64)

    init() {}

    init(file: PackFile) throws(LocalePackError) {
        try file.forEachLine { line, f throws(LocalePackError) in
            // Space-separated is accepted too: these lists are written by hand.
            var fields = f
            if fields.count == 1, let space = file.bytes[f[0]].lastIndex(of: 0x20) {
                fields = [f[0].lowerBound..<space, (space + 1)..<f[0].upperBound]
            }
            guard fields.count >= 2, let w = file.float(fields[1]), w > 0, w <= 1 else {
                throw .malformed(path: file.path, line: line, reason: "expected 'word<TAB>weight' with 0 < weight ≤ 1")
            }
            table.insertIfAbsent(file.hash(fields[0]), UInt64(w.bitPattern))
        }
    }

    func weight(_ word: String) -> Float? {
        table.value(word).map { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) }
    }

    /// The weight of a token: its text's, else its lemma's, else 1.
    func weight(text: String, lemma: String) -> Float {
        weight(text) ?? weight(lemma) ?? 1
    }
}
