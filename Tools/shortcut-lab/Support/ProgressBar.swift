#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, for runs long enough to wonder about.
///
/// Silent unless standard error is a terminal (logs and pipes get no carriage-return
/// litter), and silent for the first half second (short runs do not flicker). Redraws at
/// most once per percent.
struct ProgressBar {
    var label: String
    let isEnabled: Bool
    private var start = ProgressBar.now()
    private var lastPercent = -1
    private var drawn = false

    init(label: String, enabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.label = label
        self.isEnabled = enabled
    }

    mutating func update(done: Int, total: Int) {
        guard isEnabled, total > 0, ProgressBar.now() - start >= 0.5 else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let cells = 30
        let filled = done * cells / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
        StandardStreams.writeError("\r\(label) \(bar) \(done)/\(total)\u{1B}[K")
        drawn = true
    }

    /// Clears the bar's line, so later messages start clean.
    mutating func finish() {
        if drawn { StandardStreams.writeError("\r\u{1B}[K") }
        drawn = false
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
