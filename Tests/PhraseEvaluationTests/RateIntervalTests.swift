import PhraseEvaluation
import Testing

/// Reference values from R. G. Newcombe, "Two-sided confidence intervals for the single
/// proportion" (Statistics in Medicine 17, 1998, table II, method 3) and "Interval estimation
/// for the difference between independent proportions" (same volume, table II, method 10).
@Suite("Confidence intervals of rates")
struct RateIntervalTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.000_05 }

    @Test(arguments: [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
    ])
    func wilsonMatchesNewcombe(count: Int, total: Int, lower: Double, upper: Double) throws {
        let interval = try #require(Rate(count: count, total: total).wilsonInterval())
        #expect(close(interval.lower, lower), "lower \(interval.lower)")
        #expect(close(interval.upper, upper), "upper \(interval.upper)")
    }

    @Test func intervalsNarrowWithMoreLinesAndStayInsideZeroOne() throws {
        let small = try #require(Rate(count: 26, total: 30).wilsonInterval())
        let large = try #require(Rate(count: 260, total: 300).wilsonInterval())
        #expect(small.contains(26.0 / 30) && large.contains(26.0 / 30))
        #expect(large.upper - large.lower < small.upper - small.lower)
        let all = try #require(Rate(count: 30, total: 30).wilsonInterval())
        #expect(all.upper == 1 && all.lower < 1 && all.lower > 0.85)
    }

    @Test func noLinesHaveNoInterval() {
        #expect(Rate(count: 0, total: 0).wilsonInterval() == nil)
        #expect(Rate(count: 0, total: 0).difference(from: Rate(count: 3, total: 4)) == nil)
        #expect(Rate(count: 3, total: 4).difference(from: Rate(count: 0, total: 0)) == nil)
    }

    @Test func differenceMatchesNewcombe() throws {
        let d = try #require(Rate(count: 56, total: 70).difference(from: Rate(count: 48, total: 80)))
        #expect(close(d.estimate, 0.2))
        #expect(close(d.interval.lower, 0.0524), "lower \(d.interval.lower)")
        #expect(close(d.interval.upper, 0.3339), "upper \(d.interval.upper)")
    }

    @Test func aGapOfSevenPointsOnAHundredAndTwentyLinesIsWithinChance() throws {
        // 102/120 against 111/120: the size of a locale's gap to English in Corpora.
        let d = try #require(Rate(count: 102, total: 120).difference(from: Rate(count: 111, total: 120)))
        #expect(d.estimate < -0.07)
        #expect(d.interval.contains(0))
        // The same gap on ten times the lines is not.
        let large = try #require(Rate(count: 1020, total: 1200).difference(from: Rate(count: 1110, total: 1200)))
        #expect(!large.interval.contains(0))
        // Swapping the rates mirrors the interval.
        let mirrored = try #require(Rate(count: 111, total: 120).difference(from: Rate(count: 102, total: 120)))
        #expect(close(mirrored.interval.lower, -d.interval.upper) && close(mirrored.interval.upper, -d.interval.lower))
    }
}
