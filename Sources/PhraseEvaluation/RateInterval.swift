import Foundation

/// A two-sided confidence interval, as fractions (or, for a difference of rates, as a
/// difference of fractions).
public struct RateInterval: Hashable, Sendable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `value` lies inside, bounds included.
    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}

/// The difference of two rates (`self − other`) with its confidence interval.
public struct RateDifference: Hashable, Sendable {
    public var estimate: Double
    public var interval: RateInterval
}

extension Rate {
    /// z for a two-sided 95 % interval.
    public static let z95 = 1.959_963_984_540_054

    /// The Wilson score interval of the rate: where the true rate lies, at the confidence
    /// `z` stands for, given `count` of `total` lines. `nil` when there are no lines.
    ///
    /// Why Wilson and not p ± z·√(p(1−p)/n): a queries file has tens of lines and rates
    /// near 100 %, where that approximation collapses to [1, 1] for 30 of 30 and runs past
    /// 0 and 1. Wilson stays inside [0, 1] and is close to nominal coverage from n ≈ 10.
    /// Complexity: O(1).
    public func wilsonInterval(z: Double = Rate.z95) -> RateInterval? {
        guard total > 0 else { return nil }
        let n = Double(total), p = Double(count) / n, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // At 0 or n of n the closed form lands on the bound only up to rounding.
        let lower = count == 0 ? 0 : max(0, centre - half)
        let upper = count == total ? 1 : min(1, centre + half)
        return RateInterval(lower: lower, upper: upper)
    }

    /// `self − other` for two independent samples (a locale's lines against the source
    /// language's), with Newcombe's hybrid score interval (his method 10), built from the
    /// two Wilson intervals. `nil` when either rate has no lines.
    ///
    /// An interval that contains 0 means that, on this many lines, the data are consistent
    /// with no difference at the confidence `z` stands for. Complexity: O(1).
    public func difference(from other: Rate, z: Double = Rate.z95) -> RateDifference? {
        guard let p1 = value, let p2 = other.value,
              let a = wilsonInterval(z: z), let b = other.wilsonInterval(z: z) else { return nil }
        let d = p1 - p2
        let lower = d - ((p1 - a.lower) * (p1 - a.lower) + (b.upper - p2) * (b.upper - p2)).squareRoot()
        let upper = d + ((a.upper - p1) * (a.upper - p1) + (p2 - b.lower) * (p2 - b.lower)).squareRoot()
        return RateDifference(estimate: d, interval: RateInterval(lower: lower, upper: upper))
    }
}
