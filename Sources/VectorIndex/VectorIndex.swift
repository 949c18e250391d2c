import CBLAS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Row-normalised float32 vectors in one contiguous row-major matrix, scored against a
/// query by BLAS: `cblas_sgemv` for one query, `cblas_sgemm` for a batch.
///
/// Rows are L2-normalised on insertion, so a score is the cosine similarity when the query
/// is unit length too. Value semantics; `Sendable`.
public struct VectorIndex: Sendable {
    /// The number of columns.
    public let dimension: Int
    /// Row-major storage, `count × dimension`.
    public private(set) var storage: [Float]

    /// The number of rows.
    public var count: Int { storage.count / dimension }

    public init(dimension: Int) {
        precondition(dimension > 0, "dimension must be positive")
        self.dimension = dimension
        self.storage = []
    }

    /// Reserves room for `rows` rows.
    public mutating func reserve(rows: Int) {
        storage.reserveCapacity(rows * dimension)
    }

    /// Appends `vector`, L2-normalised (a zero vector is stored as zeros).
    /// Complexity: O(dimension), amortised.
    public mutating func append(_ vector: [Float]) {
        precondition(vector.count == dimension, "vector has \(vector.count) columns, index has \(dimension)")
        let norm = vector.withUnsafeBufferPointer { cblas_snrm2(Int32(dimension), $0.baseAddress, 1) }
        let start = storage.count
        storage.append(contentsOf: vector)
        if norm > 0 {
            storage.withUnsafeMutableBufferPointer { m in
                cblas_sscal(Int32(dimension), 1 / norm, m.baseAddress.map { $0 + start }, 1)
            }
        }
    }

    /// The row at `index`.
    public func row(_ index: Int) -> ArraySlice<Float> {
        storage[(index * dimension)..<((index + 1) * dimension)]
    }

    /// Dot products of every row with `query`, by `cblas_sgemv`. Complexity: O(count × dimension).
    public func scores(for query: [Float]) -> [Float] {
        precondition(query.count == dimension, "query has \(query.count) columns, index has \(dimension)")
        var out = [Float](repeating: 0, count: count)
        scores(for: query, into: &out)
        return out
    }

    /// As `scores(for:)`, writing into `out` (resized to `count`) to avoid an allocation per query.
    public func scores(for query: [Float], into out: inout [Float]) {
        let rows = count
        if out.count != rows { out = [Float](repeating: 0, count: rows) }
        guard rows > 0 else { return }
        storage.withUnsafeBufferPointer { m in
            query.withUnsafeBufferPointer { q in
                out.withUnsafeMutableBufferPointer { y in
                    cblas_sgemv(
                        CblasRowMajor, CblasNoTrans, Int32(rows), Int32(dimension), 1,
                        m.baseAddress, Int32(dimension), q.baseAddress, 1, 0, y.baseAddress, 1)
                }
            }
        }
    }

    /// Scores of a batch of queries (`queries.count × count`, row-major), by one `cblas_sgemm`.
    /// Complexity: O(queries × count × dimension).
    public func scores(batch queries: [[Float]]) -> [[Float]] {
        let n = queries.count, rows = count
        guard n > 0, rows > 0 else { return Array(repeating: [], count: n) }
        var packed = [Float]()
        packed.reserveCapacity(n * dimension)
        for q in queries {
            precondition(q.count == dimension, "query has \(q.count) columns, index has \(dimension)")
            packed.append(contentsOf: q)
        }
        var result = [Float](repeating: 0, count: n * rows)
        storage.withUnsafeBufferPointer { m in
            packed.withUnsafeBufferPointer { q in
                result.withUnsafeMutableBufferPointer { c in
                    // C (n × rows) = Q (n × d) · Mᵀ (d × rows)
                    cblas_sgemm(
                        CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(rows), Int32(dimension), 1,
                        q.baseAddress, Int32(dimension), m.baseAddress, Int32(dimension), 0,
                        c.baseAddress, Int32(rows))
                }
            }
        }
        return (0..<n).map { Array(result[($0 * rows)..<(($0 + 1) * rows)]) }
    }

    /// The same dot products by a plain scalar loop: the reference the benchmark compares
    /// BLAS against, and a cross-check in tests.
    public func scalarScores(for query: [Float]) -> [Float] {
        precondition(query.count == dimension, "query has \(query.count) columns, index has \(dimension)")
        var out = [Float](repeating: 0, count: count)
        for r in 0..<count {
            var sum: Float = 0
            let base = r * dimension
            for d in 0..<dimension { sum += storage[base + d] * query[d] }
            out[r] = sum
        }
        return out
    }

    /// The `k` best rows for `query`, best first; ties keep the lower row first.
    /// Complexity: O(count × dimension + count × log k).
    public func topK(_ query: [Float], k: Int) -> [(row: Int, score: Float)] {
        VectorIndex.topK(scores(for: query), k: k)
    }

    /// The `k` largest entries of `scores`, best first; ties keep the lower index first.
    public static func topK(_ scores: [Float], k: Int) -> [(row: Int, score: Float)] {
        guard k > 0 else { return [] }
        var best: [(row: Int, score: Float)] = []
        best.reserveCapacity(k + 1)
        for (i, s) in scores.enumerated() {
            if best.count == k, let last = best.last, s <= last.score { continue }
            var at = best.count
            while at > 0 && best[at - 1].score < s { at -= 1 }
            best.insert((i, s), at: at)
            if best.count > k { best.removeLast() }
        }
        return best
    }
}

/// Control over the BLAS library's own threads.
public enum BLASThreads {
    /// Sets the number of threads BLAS may use, when the loaded BLAS supports it
    /// (OpenBLAS exports `openblas_set_num_threads`; the reference BLAS is single-threaded).
    /// Matching works on small matrices, where one thread is fastest: on two shared cores a
    /// multi-threaded sgemv was measured many times slower (see the benchmark).
    /// - Returns: whether the setting was applied.
    @discardableResult
    public static func set(_ count: Int) -> Bool {
        typealias SetThreads = @convention(c) (Int32) -> Void
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "openblas_set_num_threads") else {
            return false
        }
        unsafeBitCast(symbol, to: SetThreads.self)(Int32(count))
        // OpenBLAS starts its worker threads when it is loaded, and they spin on
        // sched_yield for a while before sleeping: on two cores that steals a core from
        // start-up. With one thread they are never needed again, so stop them.
        if count == 1, let shutdown = dlsym(handle, "blas_thread_shutdown_") {
            typealias Shutdown = @convention(c) () -> Int32
            _ = unsafeBitCast(shutdown, to: Shutdown.self)()
        }
        return true
    }
}
