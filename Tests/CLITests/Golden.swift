import Foundation
import Testing

/// Golden-output checks: compare a command's output with a file under `Golden/`.
///
/// Run with `UPDATE_GOLDEN=1` to (re)write the files instead of comparing, then review the
/// diff in git. Golden files are read by path (`#filePath`), not as bundle resources, so
/// they need no resource declaration in `Package.swift` (SwiftPM may warn that they are
/// unhandled; add `exclude: ["Golden"]` to the `CLITests` target to silence it).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Checks `actual` against `Golden/<name>`, or writes it there when `UPDATE_GOLDEN=1`.
    static func check(
        _ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name)
        if isUpdating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden file \(url.path); run with UPDATE_GOLDEN=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record(
                """
                output differs from \(name) (run with UPDATE_GOLDEN=1 to accept):
                \(firstDifference(expected, actual))
                """,
                sourceLocation: sourceLocation)
        }
    }

    /// The first differing line, for a readable failure.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
            if want != got {
                return "line \(index + 1):\n  expected: \(want)\n  actual:   \(got)"
            }
        }
        return "(difference in line endings)"
    }
}

// The golden tests for `match` are in MatchGoldenTests.swift.
