import Testing
@testable import VectorIndex

@Suite struct VectorIndexTests {
    @Test func rowsAreNormalisedAndBLASMatchesScalarLoop() {
        var index = VectorIndex(dimension: 5)
        var seed: UInt64 = 42
        func next() -> Float {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: seed >> 11) % 2000) / 1000 - 1
        }
        for _ in 0..<37 { index.append((0..<5).map { _ in next() }) }
        for r in 0..<index.count {
            let n = index.row(r).reduce(0) { $0 + $1 * $1 }
            #expect(abs(n - 1) < 1e-5)
        }
        let q = (0..<5).map { _ in next() }
        let blas = index.scores(for: q)
        let scalar = index.scalarScores(for: q)
        #expect(blas.count == 37)
        for (a, b) in zip(blas, scalar) { #expect(abs(a - b) < 1e-5) }
        let batch = index.scores(batch: [q, q.map { -$0 }])
        for (a, b) in zip(batch[0], scalar) { #expect(abs(a - b) < 1e-5) }
        for (a, b) in zip(batch[1], scalar) { #expect(abs(a + b) < 1e-5) }
    }

    /// A query that is mostly zeros takes the saxpy path (its non-zero columns only), a dense
    /// one sgemv: both must give the scalar loop's dot products, before and after the index
    /// outgrows its reservation (the columns move to a new leading dimension).
    @Test func sparseAndDenseQueriesAgreeWithScalarLoopAcrossGrowth() {
        var index = VectorIndex(dimension: 40)
        index.reserve(rows: 3)
        var seed: UInt64 = 7
        func next() -> Float {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: seed >> 11) % 2000) / 1000 - 1
        }
        var rows: [[Float]] = []
        for n in 1...21 {
            let v = (0..<40).map { _ in next() }
            rows.append(v)
            index.append(v)
            var sparse = [Float](repeating: 0, count: 40)
            for d in [0, 3, 17, 39] { sparse[d] = next() }
            let dense = (0..<40).map { _ in next() }
            for q in [sparse, dense] {
                var viaScores: [Float] = []
                index.scores(for: q, into: &viaScores)
                var viaGemv: [Float] = []
                index.denseScores(for: q, into: &viaGemv)
                let scalar = index.scalarScores(for: q)
                #expect(viaScores.count == n && viaGemv.count == n)
                for r in 0..<n {
                    // Against the rows as appended, normalised here: the layout must not mix rows up.
                    let norm = rows[r].reduce(0) { $0 + $1 * $1 }.squareRoot()
                    let expected = zip(rows[r], q).reduce(0) { $0 + $1.0 * $1.1 } / norm
                    #expect(abs(viaScores[r] - expected) < 1e-4)
                    #expect(abs(viaGemv[r] - expected) < 1e-4)
                    #expect(abs(scalar[r] - expected) < 1e-4)
                }
            }
        }
        #expect(index.row(20).count == 40)
        #expect(index.rowMajor.count == 21 * 40)
        #expect(Array(index.rowMajor[(5 * 40)..<(6 * 40)]) == index.row(5))
    }

    @Test func topKIsOrderedAndStable() {
        let top = VectorIndex.topK([0.1, 0.9, 0.5, 0.9, -1], k: 3)
        #expect(top.map(\.row) == [1, 3, 2])
        #expect(VectorIndex.topK([0.3], k: 0).isEmpty)
        #expect(VectorIndex.topK([], k: 4).isEmpty)
    }

    @Test func zeroVectorStaysZeroAndEmptyIndexScoresNothing() {
        var index = VectorIndex(dimension: 3)
        #expect(index.scores(for: [1, 0, 0]).isEmpty)
        index.append([0, 0, 0])
        #expect(index.scores(for: [1, 2, 3]) == [0])
    }
}
