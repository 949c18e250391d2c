import CBLAS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Row-normalised float32 vectors in one contiguous column-major matrix, scored against a
/// query by BLAS.
///
/// Rows are L2-normalised on insertion, so a score is the cosine similarity when the query
/// is unit length too. A matcher's query is mostly zeros (its hashed word and character
/// blocks: about 200 of 896 columns are non-zero), so one query is scored column by column,
/// `cblas_saxpy` over its non-zero columns only; a dense query goes to `cblas_sgemv`, and a
/// batch to `cblas_sgemm`. Column-major storage is what makes the sparse path stream only
/// the columns it needs (catalog-1000: about 17 µs against 40 µs for sgemv over the whole matrix;
/// `Tools/Benchmarks`). Value semantics; `Sendable`.
public struct VectorIndex: Sendable {
    /// The number of columns.
    public let dimension: Int
    /// The number of rows.
    public private(set) var count: Int = 0
    /// Column-major storage: column `d` is `columns[d * capacity ..< d * capacity + count]`.
    private var columns: [Float] = []
    /// Rows each column has room for (the matrix's leading dimension).
    private var capacity: Int = 0

    public init(dimension: Int) {
        precondition(dimension > 0, "dimension must be positive")
        self.dimension = dimension
    }

    /// Reserves room for `rows` rows. Complexity: O(count × dimension) when it grows.
    public mutating func reserve(rows: Int) {
        if rows > capacity { relayout(capacity: rows) }
    }

    /// Moves every column to a new leading dimension.
    private mutating func relayout(capacity newCapacity: Int) {
        var grown = [Float](repeating: 0, count: newCapacity * dimension)
        if count > 0 {
            columns.withUnsafeBufferPointer { old in
                grown.withUnsafeMutableBufferPointer { new in
                    for d in 0..<dimension {
                        for r in 0..<count { new[d * newCapacity + r] = old[d * capacity + r] }
                    }
                }
            }
        }
        columns = grown
        capacity = newCapacity
    }

    /// Appends `vector`, L2-normalised (a zero vector is stored as zeros).
    /// Complexity: O(dimension), amortised.
    public mutating func append(_ vector: [Float]) {
        precondition(vector.count == dimension, "vector has \(vector.count) columns, index has \(dimension)")
        if count == capacity { relayout(capacity: max(8, capacity * 2)) }
        let norm = vector.withUnsafeBufferPointer { cblas_snrm2(Int32(dimension), $0.baseAddress, 1) }
        let scale: Float = norm > 0 ? 1 / norm : 1
        let r = count, stride = capacity
        columns.withUnsafeMutableBufferPointer { m in
            vector.withUnsafeBufferPointer { v in
                for d in 0..<dimension { m[d * stride + r] = v[d] * scale }
            }
        }
        count += 1
    }

    /// The row at `index`. Complexity: O(dimension).
    public func row(_ index: Int) -> [Float] {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
        return (0..<dimension).map { columns[$0 * capacity + index] }
    }

    /// The whole matrix row-major (`count × dimension`): for reference kernels outside the
    /// index. Complexity: O(count × dimension).
    public var rowMajor: [Float] {
        var out = [Float](repeating: 0, count: count * dimension)
        for r in 0..<count {
            for d in 0..<dimension { out[r * dimension + d] = columns[d * capacity + r] }
        }
        return out
    }

    /// Dot products of every row with `query`. Complexity: O(count × non-zero columns of
    /// `query`), at most O(count × dimension).
    public func scores(for query: [Float]) -> [Float] {
        precondition(query.count == dimension, "query has \(query.count) columns, index has \(dimension)")
        var out = [Float](repeating: 0, count: count)
        scores(for: query, into: &out)
        return out
    }

    /// As `scores(for:)`, writing into `out` (resized to `count`) to avoid an allocation per query.
    /// A query with at most half its columns non-zero is scored by `cblas_saxpy` per non-zero
    /// column, any other by `cblas_sgemv` (`denseScores(for:into:)`).
    public func scores(for query: [Float], into out: inout [Float]) {
        precondition(query.count == dimension, "query has \(query.count) columns, index has \(dimension)")
        let rows = count
        let dense = query.withUnsafeBufferPointer { q -> Bool in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: dimension) { nonzero in
                // The non-zero columns, eight at a time: the hashed blocks are mostly zeros.
                var n = 0
                var d = 0
                if let qBase = q.baseAddress {
                    let raw = UnsafeRawPointer(qBase)
                    while d + 8 <= dimension {
                        let chunk = raw.loadUnaligned(fromByteOffset: d * 4, as: SIMD8<Float>.self)
                        if any(chunk .!= 0) {
                            for i in d..<(d + 8) where q[i] != 0 {
                                nonzero[n] = i
                                n += 1
                            }
                        }
                        d += 8
                    }
                }
                while d < dimension {
                    if q[d] != 0 {
                        nonzero[n] = d
                        n += 1
                    }
                    d += 1
                }
                guard n * 2 <= dimension else { return true }
                if out.count != rows { out = [Float](repeating: 0, count: rows) }
                guard rows > 0 else { return false }
                let stride = capacity
                columns.withUnsafeBufferPointer { m in
                    out.withUnsafeMutableBufferPointer { y in
                        guard let base = m.baseAddress, let yBase = y.baseAddress else { return }
                        yBase.update(repeating: 0, count: rows)
                        for k in 0..<n {
                            let column = nonzero[k]
                            cblas_saxpy(Int32(rows), q[column], base + column * stride, 1, yBase, 1)
                        }
                    }
                }
                return false
            }
        }
        if dense { denseScores(for: query, into: &out) }
    }

    /// The same dot products by `cblas_sgemv` over every column, whatever the query.
    /// Complexity: O(count × dimension).
    public func denseScores(for query: [Float], into out: inout [Float]) {
        precondition(query.count == dimension, "query has \(query.count) columns, index has \(dimension)")
        let rows = count
        if out.count != rows { out = [Float](repeating: 0, count: rows) }
        guard rows > 0 else { return }
        columns.withUnsafeBufferPointer { m in
            query.withUnsafeBufferPointer { q in
                out.withUnsafeMutableBufferPointer { y in
                    cblas_sgemv(
                        CblasColMajor, CblasNoTrans, Int32(rows), Int32(dimension), 1,
                        m.baseAddress, Int32(capacity), q.baseAddress, 1, 0, y.baseAddress, 1)
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
        columns.withUnsafeBufferPointer { m in
            packed.withUnsafeBufferPointer { q in
                result.withUnsafeMutableBufferPointer { c in
                    // C (n × rows) = Q (n × d) · Mᵀ, and the column-major M is Mᵀ row-major (d × capacity).
                    cblas_sgemm(
                        CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(n), Int32(rows), Int32(dimension), 1,
                        q.baseAddress, Int32(dimension), m.baseAddress, Int32(capacity), 0,
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
            for d in 0..<dimension { sum += columns[d * capacity + r] * query[d] }
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
