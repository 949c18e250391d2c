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
