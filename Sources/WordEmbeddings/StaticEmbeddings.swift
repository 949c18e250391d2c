import Foundation

/// Errors reading an embedding table. Each names the file.
public enum EmbeddingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not an `SLEMB1` table or is truncated.
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): error: cannot read embedding table: \(reason)"
        case .malformed(let path, let reason): return "\(path): error: not a valid embedding table: \(reason)"
        }
    }
}

/// A static token-embedding table (vocabulary × `dimension`, int8 with a scale per row),
/// distilled offline from a sentence encoder (`Tools/locales/`).
///
/// A word's vector is the mean of its tokens' rows: whole words first, else WordPiece
/// (greedy longest-match-first with `##` continuations, as BERT tokenises) for tables that
/// have continuation pieces. No transformer runs at match time.
///
/// Loading keeps the int8 rows as they are and indexes the vocabulary with an
/// open-addressing table over the file's bytes: no per-token `String` and no dequantised
/// copy, so a 4 MB table is ready in about a millisecond (start-up time matters: the CLI
/// is often run once per phrase). Immutable and `Sendable`.
public struct StaticEmbeddings: Sendable {
    public let dimension: Int
    public let count: Int
    /// The whole file; rows, scales and vocabulary are read from it in place.
    private let bytes: [UInt8]
    private let scalesAt: Int
    private let valuesAt: Int
    /// Per token: where its text starts in `bytes` and how long it is.
    private let tokenStart: [Int32]
    private let tokenLength: [Int32]
    /// Open-addressing table of token indices + 1 (0 = empty), size a power of two.
    private let slots: [Int32]
    private let maxTokenBytes: Int
    /// True for tables of whole words (no `##` continuation pieces, as the non-English packs'
    /// tables): a word missing from the table then has no vector, instead of being split
    /// into unrelated whole-word prefixes.
    public let wholeWordsOnly: Bool

    /// Reads a table. Complexity: O(file size).
    public init(contentsOf path: String) throws(EmbeddingsError) {
        try self.init(bytes: try StaticEmbeddings.read(path), path: path)
    }

    public init(data: Data, path: String) throws(EmbeddingsError) {
        try self.init(bytes: [UInt8](data), path: path)
    }

    /// Reads a whole file straight into an array (one copy: `Data` and then `[UInt8]` would
    /// be two, a measurable part of start-up for a 4 MB table).
    static func read(_ path: String) throws(EmbeddingsError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        guard fseek(file, 0, SEEK_END) == 0 else { throw .unreadable(path: path, reason: "cannot seek") }
        let size = ftell(file)
        guard size >= 0, fseek(file, 0, SEEK_SET) == 0 else { throw .unreadable(path: path, reason: "cannot seek") }
        var readCount = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            readCount = buffer.baseAddress.map { fread($0, 1, size, file) } ?? 0
            initialized = readCount
        }
        guard readCount == size else { throw .unreadable(path: path, reason: "short read") }
        return bytes
    }

    init(bytes: [UInt8], path: String) throws(EmbeddingsError) {
        let magic: [UInt8] = Array("SLEMB1".utf8) + [0, 0]
        guard bytes.count >= 16, Array(bytes[0..<8]) == magic else {
            throw .malformed(path: path, reason: "missing SLEMB1 header")
        }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let rows = u32(8), dims = u32(12)
        guard rows > 0, rows < 10_000_000, dims > 0, dims <= 4096 else {
            throw .malformed(path: path, reason: "bad shape \(rows)×\(dims)")
        }
        let scalesAt = 16, valuesAt = scalesAt + 4 * rows, vocabAt = valuesAt + rows * dims
        guard bytes.count > vocabAt else { throw .malformed(path: path, reason: "truncated") }

        var starts = [Int32](), lengths = [Int32]()
        starts.reserveCapacity(rows)
        lengths.reserveCapacity(rows)
        var maxBytes = 0
        var continuation = false
        var lineStart = vocabAt
        var i = vocabAt
        while i < bytes.count && starts.count < rows {
            if bytes[i] == 0x0A {
                let n = i - lineStart
                starts.append(Int32(lineStart))
                lengths.append(Int32(n))
                maxBytes = max(maxBytes, n)
                if !continuation, n > 2, bytes[lineStart] == 0x23, bytes[lineStart + 1] == 0x23 { continuation = true }
                lineStart = i + 1
            }
            i += 1
        }
        guard starts.count == rows else {
            throw .malformed(path: path, reason: "vocabulary has \(starts.count) tokens, header says \(rows)")
        }
        var size = 1
        while size < rows * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        bytes.withUnsafeBufferPointer { raw in
            for t in 0..<rows {
                let s = Int(starts[t]), n = Int(lengths[t])
                var h = StaticEmbeddings.hash(UnsafeBufferPointer(rebasing: raw[s..<(s + n)]))
                while true {
                    let slot = Int(h & UInt64(size - 1))
                    if slots[slot] == 0 {
                        slots[slot] = Int32(t + 1)
                        break
                    }
                    // A duplicate token keeps its first row, as a dictionary insert would not.
                    let other = Int(slots[slot] - 1)
                    if lengths[other] == lengths[t],
                        memcmp(raw.baseAddress! + Int(starts[other]), raw.baseAddress! + s, n) == 0
                    {
                        break
                    }
                    h &+= 1
                }
            }
        }
        self.dimension = dims
        self.count = rows
        self.bytes = bytes
        self.scalesAt = scalesAt
        self.valuesAt = valuesAt
        self.tokenStart = starts
        self.tokenLength = lengths
        self.slots = slots
        self.maxTokenBytes = maxBytes
        self.wholeWordsOnly = !continuation
    }

    /// FNV-1a over bytes.
    @inline(__always)
    static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for x in b { h = (h ^ UInt64(x)) &* 0x100_0000_01b3 }
        return h ^ (h >> 29)
    }

    /// The token index of exactly these bytes, if the vocabulary has them. O(length) average.
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard key.count <= maxTokenBytes, key.count > 0 else { return nil }
        let mask = UInt64(slots.count - 1)
        var h = StaticEmbeddings.hash(key)
        return bytes.withUnsafeBufferPointer { raw in
            while true {
                let entry = slots[Int(h & mask)]
                if entry == 0 { return nil }
                let t = Int(entry - 1)
                if Int(tokenLength[t]) == key.count,
                    memcmp(raw.baseAddress! + Int(tokenStart[t]), key.baseAddress!, key.count) == 0
                {
                    return Int32(t)
                }
                h &+= 1
            }
        }
    }

    /// The token id of a whole token such as `"timer"` or `"##s"`.
    public func id(of token: String) -> Int32? {
        var t = token
        return t.withUTF8 { lookup($0) }
    }

    /// Token ids of a normalised word, or `nil` when some part has no token.
    /// Complexity: O(length × longest token) probes in the worst case.
    public func pieces(of word: String) -> [Int32]? {
        var w = word
        return w.withUTF8 { utf8 -> [Int32]? in
            if let id = lookup(utf8) { return [id] }
            if wholeWordsOnly { return nil }
            // Greedy longest match over scalar boundaries, continuations prefixed by "##".
            var buffer = [UInt8](repeating: 0x23, count: 2 + utf8.count)
            var out: [Int32] = []
            var start = 0
            while start < utf8.count {
                var end = min(utf8.count, start + maxTokenBytes)
                var found: Int32?
                while end > start {
                    // Only cut at scalar boundaries (not in the middle of a UTF-8 sequence).
                    if end == utf8.count || (utf8[end] & 0xC0) != 0x80 {
                        let n = end - start
                        let id: Int32? = buffer.withUnsafeMutableBufferPointer { buf in
                            if start == 0 { return lookup(UnsafeBufferPointer(rebasing: utf8[0..<n])) }
                            for k in 0..<n { buf[2 + k] = utf8[start + k] }
                            return lookup(UnsafeBufferPointer(rebasing: buf[0..<(2 + n)]))
                        }
                        if let id {
                            found = id
                            break
                        }
                    }
                    end -= 1
                }
                guard let id = found else { return nil }
                out.append(id)
                start = end
            }
            return out
        }
    }

    /// Adds `weight ×` the word's vector (mean of its pieces) to `accumulator`.
    /// Returns `false`, adding nothing, when the word has no tokenisation.
    @discardableResult
    public func accumulate(word: String, weight: Float, into accumulator: inout [Float]) -> Bool {
        guard let ids = pieces(of: word), !ids.isEmpty else { return false }
        let w = weight / Float(ids.count)
        let dims = dimension
        bytes.withUnsafeBufferPointer { raw in
            accumulator.withUnsafeMutableBufferPointer { acc in
                for id in ids {
                    let o = scalesAt + 4 * Int(id)
                    let bits = UInt32(raw[o]) | UInt32(raw[o + 1]) << 8 | UInt32(raw[o + 2]) << 16 | UInt32(raw[o + 3]) << 24
                    let s = w * Float(bitPattern: bits)
                    let base = valuesAt + Int(id) * dims
                    for d in 0..<dims { acc[d] += s * Float(Int8(bitPattern: raw[base + d])) }
                }
            }
        }
        return true
    }
}
