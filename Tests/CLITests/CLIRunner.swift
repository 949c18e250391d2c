import Foundation
import Testing

/// What one run of `shortcut-lab` produced.
struct CLIResult {
    var status: Int32
    var stdout: Data
    var stderr: Data

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errorOutput: String { String(decoding: stderr, as: UTF8.self) }
    /// Standard output split into lines, without the final empty one.
    var outputLines: [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

enum CLIError: Error, CustomStringConvertible {
    case executableNotFound(searched: [String])
    case timedOut(arguments: [String])

    var description: String {
        switch self {
        case .executableNotFound(let searched):
            return "shortcut-lab not found; looked in: \(searched.joined(separator: ", "))"
        case .timedOut(let arguments):
            return "shortcut-lab \(arguments.joined(separator: " ")) did not finish in time"
        }
    }
}

/// Runs the built `shortcut-lab` binary as a subprocess, the way other tools drive it.
enum CLI {
    /// The products directory holds both the test bundle and the executable (the `CLITests`
    /// target depends on `shortcut-lab`, so it is built first).
    static func executableURL() throws -> URL {
        var directories: [URL] = []
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        #endif
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("shortcut-lab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CLIError.executableNotFound(searched: directories.map(\.path))
    }

    /// Runs `shortcut-lab arguments…` with `input` as standard input (or `/dev/null`).
    ///
    /// Standard streams go through temporary files rather than pipes, so a large input or
    /// output can never deadlock the test. Colour is off (`NO_COLOR`), and the run is killed
    /// after `timeout` seconds. `environment` adds to (or overrides) the test's environment.
    static func run(
        _ arguments: [String], input: Data? = nil, environment extra: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> CLIResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("shortcut-lab-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let inputURL = directory.appendingPathComponent("stdin")
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        try (input ?? Data()).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let inputHandle = try FileHandle(forReadingFrom: input == nil ? URL(fileURLWithPath: "/dev/null") : inputURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        defer {
            try? inputHandle.close()
            try? outputHandle.close()
            try? errorHandle.close()
        }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle

        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw CLIError.timedOut(arguments: arguments)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            stdout: try Data(contentsOf: outputURL),
            stderr: try Data(contentsOf: errorURL))
    }

    /// Starts `shortcut-lab` with pipes on standard input and output, for driving it one
    /// line at a time as other tools do. The process is killed after `timeout` seconds so a
    /// missing flush fails the test instead of hanging it.
    static func start(_ arguments: [String], timeout: TimeInterval = 60) throws -> InteractiveRun {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if process.isRunning { process.terminate() }
        }
        return InteractiveRun(process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading)
    }

    /// Runs with `lines` joined by `\n` (and a final newline) on standard input.
    static func run(_ arguments: [String], lines: [String]) throws -> CLIResult {
        try run(arguments, input: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// A running `shortcut-lab` fed line by line.
final class InteractiveRun {
    let process: Process
    let input: FileHandle
    let output: FileHandle
    private var buffer = Data()

    init(process: Process, input: FileHandle, output: FileHandle) {
        self.process = process
        self.input = input
        self.output = output
    }

    func send(_ line: String) {
        input.write(Data((line + "\n").utf8))
    }

    /// The next line of output, waiting for it; `nil` at end of output.
    func receiveLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Closes standard input and waits for the exit status.
    func finish() throws -> Int32 {
        try input.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Paths to the checked-in corpora and to scratch files.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var todoManifest: String {
        packageRoot.appendingPathComponent("Corpora/Todo/manifest.json").path
    }

    /// Writes `text` to a fresh temporary file with the given name and returns its path.
    static func temporaryFile(named name: String, contents text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("shortcut-lab-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
