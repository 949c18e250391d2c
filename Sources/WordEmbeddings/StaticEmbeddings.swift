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

/// A static token-embedding table (WordPiece vocabulary × `dimension`, int8 with a scale per
/// row), distilled offline from a sentence encoder by `Tools/locales/distill_static_embeddings.py`.
///
/// A word's vector is the mean of its WordPiece tokens' rows (greedy longest-match-first,
/// as BERT tokenises): no transformer runs at match time. Immutable and `Sendable`.
public struct StaticEmbeddings: Sendable {
    public let dimension: Int
    public let count: Int
    /// Dequantised rows, row-major (`count × dimension`), unit length.
    private let table: [Float]
    private let ids: [String: Int32]
    private let maxTokenLength: Int
    /// True for tables of whole words (no `##` continuation pieces, as the non-English packs'
    /// e5-distilled tables): a word missing from the table then has no vector, instead of
    /// being split into unrelated whole-word prefixes.
    public let wholeWordsOnly: Bool

    /// Reads a table. Complexity: O(file size); about 4 MB for the English table.
    public init(contentsOf path: String) throws(EmbeddingsError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file or not readable")
        }
        try self.init(data: data, path: path)
    }

    public init(data: Data, path: String) throws(EmbeddingsError) {
        let bytes = [UInt8](data)
        let magic: [UInt8] = Array("SLEMB1".utf8) + [0, 0]
        guard bytes.count >= 16, Array(bytes[0..<8]) == magic else {
            throw .malformed(path: path, reason: "missing SLEMB1 header")
        }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let rows = u32(8), dims = u32(12)
        guard rows > 0, dims > 0, dims <= 4096 else {
            throw .malformed(path: path, reason: "bad shape \(rows)×\(dims)")
        }
        let scalesAt = 16, valuesAt = scalesAt + 4 * rows, vocabAt = valuesAt + rows * dims
        guard bytes.count > vocabAt else { throw .malformed(path: path, reason: "truncated") }
        var table = [Float](repeating: 0, count: rows * dims)
        bytes.withUnsafeBufferPointer { raw in
            for r in 0..<rows {
                let o = scalesAt + 4 * r
                let bits = UInt32(raw[o]) | UInt32(raw[o + 1]) << 8 | UInt32(raw[o + 2]) << 16 | UInt32(raw[o + 3]) << 24
                let scale = Float(bitPattern: bits)
                let base = valuesAt + r * dims
                for d in 0..<dims { table[r * dims + d] = Float(Int8(bitPattern: raw[base + d])) * scale }
            }
        }
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(rows)
        var maxLen = 0
        var continuation = false
        var index: Int32 = 0
        for line in bytes[vocabAt...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard Int(index) < rows else { break }
            let token = String(decoding: line, as: UTF8.self)
            ids[token] = index
            maxLen = max(maxLen, token.unicodeScalars.count)
            if !continuation, line.count > 2, line[line.startIndex] == 0x23, line[line.startIndex + 1] == 0x23 {
                continuation = true
            }
            index += 1
        }
        guard Int(index) == rows else {
            throw .malformed(path: path, reason: "vocabulary has \(index) tokens, header says \(rows)")
        }
        self.dimension = dims
        self.count = rows
        self.table = table
        self.ids = ids
        self.maxTokenLength = maxLen
        self.wholeWordsOnly = !continuation
    }

    /// WordPiece token ids of a normalised word, or `nil` when some part has no token.
    /// Complexity: O(length × maxTokenLength) dictionary probes in the worst case.
    public func pieces(of word: String) -> [Int32]? {
        if let id = ids[word] { return [id] }
        if wholeWordsOnly { return nil }
        let scalars = Array(word.unicodeScalars)
        var out: [Int32] = []
        var start = 0
        while start < scalars.count {
            var end = min(scalars.count, start + maxTokenLength)
            var found: Int32?
            while end > start {
                var piece = start == 0 ? "" : "##"
                piece.unicodeScalars.append(contentsOf: scalars[start..<end])
                if let id = ids[piece] { found = id; break }
                end -= 1
            }
            guard let id = found else { return nil }
            out.append(id)
            start = end
        }
        return out
    }

    /// Adds `weight ×` the word's vector (mean of its pieces) to `accumulator`.
    /// Returns `false`, adding nothing, when the word has no tokenisation.
    @discardableResult
    public func accumulate(word: String, weight: Float, into accumulator: inout [Float]) -> Bool {
        guard let ids = pieces(of: word), !ids.isEmpty else { return false }
        let w = weight / Float(ids.count)
        table.withUnsafeBufferPointer { t in
            accumulator.withUnsafeMutableBufferPointer { acc in
                for id in ids {
                    let base = Int(id) * dimension
                    for d in 0..<dimension { acc[d] += w * t[base + d] }
                }
            }
        }
        return true
    }
}
