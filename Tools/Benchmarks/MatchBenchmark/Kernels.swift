import VectorIndex

/// Reference kernels outside the engine, to put the BLAS-vs-scalar ratio in context: what a
/// hand-vectorised loop gets, row by row and column by column.
enum Kernels {
    /// `out[r] = Σ_d m[r, d] · q[d]` for a row-major matrix, eight lanes at a time.
    static func simdScores(_ m: [Float], rows: Int, dimension: Int, query: [Float], into out: inout [Float]) {
        m.withUnsafeBufferPointer { mp in
            query.withUnsafeBufferPointer { qp in
                out.withUnsafeMutableBufferPointer { op in
                    let m = UnsafeRawPointer(mp.baseAddress!), q = UnsafeRawPointer(qp.baseAddress!)
                    let wide = dimension / 8 * 8
                    for r in 0..<rows {
                        let row = m + r * dimension * 4
                        var acc = SIMD8<Float>()
                        var d = 0
                        while d < wide {
                            acc += row.loadUnaligned(fromByteOffset: d * 4, as: SIMD8<Float>.self)
                                * q.loadUnaligned(fromByteOffset: d * 4, as: SIMD8<Float>.self)
                            d += 8
                        }
                        var sum = acc.sum()
                        while d < dimension {
                            sum += mp[r * dimension + d] * qp[d]
                            d += 1
                        }
                        op[r] = sum
                    }
                }
            }
        }
    }

    /// The matrix column-major (`dimension × rows`).
    static func transpose(_ m: [Float], rows: Int, dimension: Int) -> [Float] {
        var t = [Float](repeating: 0, count: m.count)
        for r in 0..<rows {
            for d in 0..<dimension { t[d * rows + r] = m[r * dimension + d] }
        }
        return t
    }

    /// `out = Σ_{d: q[d] ≠ 0} q[d] · column_d`, eight rows at a time.
    static func columnScores(_ columns: [Float], rows: Int, query: [Float], into out: inout [Float]) {
        columns.withUnsafeBufferPointer { cp in
            out.withUnsafeMutableBufferPointer { op in
                let o = UnsafeMutableRawPointer(op.baseAddress!)
                let c = UnsafeRawPointer(cp.baseAddress!)
                let wide = rows / 8 * 8
                for i in 0..<rows { op[i] = 0 }
                for (d, qd) in query.enumerated() where qd != 0 {
                    let column = c + d * rows * 4
                    let w = SIMD8<Float>(repeating: qd)
                    var r = 0
                    while r < wide {
                        let acc = o.loadUnaligned(fromByteOffset: r * 4, as: SIMD8<Float>.self)
                            + w * column.loadUnaligned(fromByteOffset: r * 4, as: SIMD8<Float>.self)
                        o.storeBytes(of: acc, toByteOffset: r * 4, as: SIMD8<Float>.self)
                        r += 8
                    }
                    while r < rows {
                        op[r] += qd * cp[d * rows + r]
                        r += 1
                    }
                }
            }
        }
    }

    /// The largest difference between the engine's scores, sgemv and the reference kernels on `queries`.
    static func maxDifference(_ index: VectorIndex, _ queries: ArraySlice<[Float]>, rowMajor: [Float], columns: [Float]) -> Float {
        var worst: Float = 0
        var a = [Float](repeating: 0, count: index.count), b = a, c = a
        for q in queries {
            let reference = index.scores(for: q)
            index.denseScores(for: q, into: &c)
            simdScores(rowMajor, rows: index.count, dimension: index.dimension, query: q, into: &a)
            columnScores(columns, rows: index.count, query: q, into: &b)
            for i in 0..<index.count {
                worst = max(worst, abs(reference[i] - a[i]), abs(reference[i] - b[i]), abs(reference[i] - c[i]))
            }
        }
        return worst
    }
}
