#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic time in nanoseconds (`clock_gettime(CLOCK_MONOTONIC)`: about 20 ns per call
/// through the vDSO, small beside the microseconds measured here).
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps results alive so the optimiser cannot drop the work that made them.
nonisolated(unsafe) var blackHoleSink: UInt64 = 0

@inline(never)
func blackHole(_ value: Float) { blackHoleSink &+= UInt64(value.bitPattern) }

@inline(never)
func blackHole(_ value: Int) { blackHoleSink &+= UInt64(bitPattern: Int64(value)) }

/// Order statistics of a sample, in nanoseconds.
struct Stats {
    let sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }
    init(_ samples: [UInt64]) { self.init(samples.map { Double($0) }) }

    var count: Int { sorted.count }
    var mean: Double { sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) }
    var min: Double { sorted.first ?? 0 }

    /// Nearest-rank percentile, `p` in [0, 100].
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }

    var median: Double { percentile(50) }
}

/// Times `body` `repetitions` times and returns each duration in nanoseconds.
func timeEach(_ repetitions: Int, _ body: () -> Void) -> [UInt64] {
    var out: [UInt64] = []
    out.reserveCapacity(repetitions)
    for _ in 0..<repetitions {
        let t0 = nowNanoseconds()
        body()
        out.append(nowNanoseconds() - t0)
    }
    return out
}

/// Human formatting of a duration given in nanoseconds.
func formatDuration(_ ns: Double) -> String {
    if ns < 1_000 { return String(format1(ns, digits: 0)) + " ns" }
    if ns < 1_000_000 { return format1(ns / 1_000, digits: ns < 10_000 ? 2 : 1) + " µs" }
    if ns < 1_000_000_000 { return format1(ns / 1_000_000, digits: ns < 10_000_000 ? 2 : 1) + " ms" }
    return format1(ns / 1_000_000_000, digits: 2) + " s"
}

/// Fixed-point text without Foundation's locale-dependent formatting.
func format1(_ x: Double, digits: Int) -> String {
    guard x.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (x * scale).rounded()
    let negative = scaled < 0
    let units = Int64(Swift.abs(scaled))
    let whole = units / Int64(scale)
    var text = (negative ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = String(units % Int64(scale))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
}

/// `12,345` style grouping for rates.
func formatCount(_ x: Double) -> String {
    guard x.isFinite else { return "n/a" }
    let n = Int64(x.rounded())
    var digits = String(Swift.abs(n))
    var groups: [String] = []
    while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits = String(digits.dropLast(3))
    }
    groups.insert(digits, at: 0)
    return (n < 0 ? "-" : "") + groups.joined(separator: ",")
}

func formatRatio(_ x: Double) -> String {
    guard x.isFinite, x > 0 else { return "n/a" }
    return format1(x, digits: x < 10 ? 2 : 1) + "×"
}
