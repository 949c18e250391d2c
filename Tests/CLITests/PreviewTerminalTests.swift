import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives `shortcut-lab preview` through a real pseudo-terminal, as a person would: typed
/// keys go in, the bytes that come out are rendered by a small terminal model, and the
/// assertions read the resulting screen.
@Suite("shortcut-lab preview in a terminal", .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminals here"))
struct PreviewTerminalTests {
    static let catalog = Fixtures.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/tasklet-mini.json").path

    @Test(.timeLimit(.minutes(2)))
    func phrasesLocaleSwitchAndHistory() throws {
        let session = try TerminalSession(arguments: ["preview", Self.catalog], columns: 80, rows: 24)
        defer { session.close() }

        try session.waitFor("banner") { $0.contains("ShortcutLab preview · Tasklet · en · 3 shortcuts, 8 phrases") }
        try session.waitForPrompt("en›")

        // 1. An exact phrase.
        session.type("add a task in Tasklet\r")
        var block = try session.result(after: "en› add a task in Tasklet")
        #expect(block.contains { $0.contains("✓ match") && $0.contains("Add Task · plus.circle · AddTask") }, "\(block)")
        #expect(block.contains { $0.contains("phrase") && $0.contains("exact") }, "\(block)")
        #expect(block.contains { $0.contains("parameter") && $0.contains("—") }, "\(block)")

        // 2. A parameter, typed with a correction in the middle (← moves, text is inserted).
        try session.waitForPrompt("en›")
        session.type("show my shopping list Tasklet")
        session.type(String(repeating: "\u{1B}[D", count: 7) + "in " + "\u{1B}[F" + "\r")
        block = try session.result(after: "en› show my shopping list in Tasklet")
        #expect(block.contains { $0.contains("✓ match") && $0.contains("Show List · list.bullet · ShowList") }, "\(block)")
        #expect(block.contains { $0.contains("parameter") && $0.contains("list = grocery \"Grocery list\"") }, "\(block)")

        // 3. A negative phrase: `none`, and which negative phrase won.
        try session.waitForPrompt("en›")
        session.type("Send Tasklet summary to my grocer\r")
        block = try session.result(after: "en› Send Tasklet summary to my grocer")
        #expect(block.contains { $0.contains("✗ none") && $0.contains("a negative phrase won") }, "\(block)")
        #expect(block.contains { $0.hasPrefix("reason") && $0.contains("\"Send ${applicationName} summary to my grocer\"") }, "\(block)")
        #expect(block.contains { $0.contains("scored 1.00") }, "\(block)")

        // 4. Switch locale: the prompt follows, German phrases and titles are used.
        try session.waitForPrompt("en›")
        session.type(":locale de\r")
        try session.waitFor("locale switch") { $0.contains("locale de: Tasklet, 3 shortcuts, 3 phrases") }
        try session.waitForPrompt("de›")
        session.type("zeige meine Einkaufsliste in Tasklet\r")
        block = try session.result(after: "de› zeige meine Einkaufsliste in Tasklet")
        #expect(block.contains { $0.contains("✓ match") && $0.contains("Liste zeigen · list.bullet · ShowList") }, "\(block)")
        #expect(block.contains { $0.contains("list = grocery \"Einkaufsliste\"") }, "\(block)")

        // 5. History: back to English, then ↑ five times recalls phrase 2.
        try session.waitForPrompt("de›")
        session.type(":locale en\r")
        try session.waitForPrompt("en›")
        session.type(String(repeating: "\u{1B}[A", count: 5))
        try session.waitFor("recalled line") { $0.last { $0.hasPrefix("en›") } == "en› show my shopping list in Tasklet" }
        session.type("\r")
        try session.waitFor("second answer") { screen in
            screen.filter { $0.contains("✓ match  Show List · list.bullet · ShowList") }.count == 2
        }
        block = try session.result(after: "en› show my shopping list in Tasklet")
        #expect(block.contains { $0.contains("list = grocery \"Grocery list\"") }, "\(block)")

        // 6. ^U clears a line; a policy change gives the app-name reason.
        try session.waitForPrompt("en›")
        session.type(":app-name required\r")
        try session.waitForPrompt("en›")
        session.type("garbage\u{15}show my work list\r")
        block = try session.result(after: "en› show my work list")
        #expect(block.contains { $0.contains("✗ none") && $0.contains("the app name is missing") }, "\(block)")
        #expect(block.contains { $0.hasPrefix("reason") && $0.contains("app name not mentioned") }, "\(block)")
        #expect(block.contains { $0.contains("nearest") && $0.contains("ShowList") }, "\(block)")

        // 7. Too far from every phrase: how far below the threshold.
        try session.waitForPrompt("en›")
        session.type(":app-name optional\r")
        try session.waitForPrompt("en›")
        session.type("set an alarm for 7 am\r")
        block = try session.result(after: "en› set an alarm for 7 am")
        #expect(block.contains { $0.contains("✗ none") && $0.contains("below the threshold") }, "\(block)")
        #expect(block.contains { $0.hasPrefix("reason") && $0.contains("below threshold 0.35 by") }, "\(block)")

        // 8. A line wider than the terminal scrolls sideways: the end is in view while typing,
        //    the start after ^A; nothing wraps.
        try session.waitForPrompt("en›")
        let long = "please could you add a task in Tasklet for me, something about buying a very long list of garden supplies"
        session.type(long)
        try session.waitFor("scrolled line") { $0.last { $0.hasPrefix("en›") }?.hasSuffix("garden supplies") == true }
        let shown = try #require(session.screen.lines.last { $0.hasPrefix("en›") })
        #expect(shown.count < 80 && !shown.contains("please"), "\(shown)")
        session.type("\u{1}")  // ^A
        try session.waitFor("line start") { $0.last { $0.hasPrefix("en›") }?.hasPrefix("en› please could you") == true }
        session.type("\u{5}\r")  // ^E, Enter
        try session.waitForPrompt("en›")

        session.type(":quit\r")
        #expect(try session.waitForExit() == 0)
        // Nothing ran past 80 columns.
        #expect(session.screen.wrapped == 0, "\(session.screen.lines)")
    }
}

// MARK: - Pseudo-terminal

/// `close(2)` and `open(2)`, under names the members below do not shadow.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func openDevice(_ path: String) -> Int32 { open(path, O_RDWR | O_NOCTTY) }

/// A pseudo-terminal pair from `posix_openpt`, looked up at run time so that the test skips
/// (rather than fails to build) where the C library lacks it.
enum PseudoTerminal {
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let pointer = dlsym(handle, name) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    static var isAvailable: Bool {
        symbol("posix_openpt", as: OpenPT.self) != nil && symbol("ptsname_r", as: PTSName.self) != nil
            && FileManager.default.fileExists(atPath: "/dev/ptmx")
    }

    /// (controller, device) descriptors, or `nil` when no terminal can be opened.
    static func open(columns: Int, rows: Int) -> (controller: Int32, device: Int32)? {
        guard let openpt = symbol("posix_openpt", as: OpenPT.self),
            let grant = symbol("grantpt", as: IntFunction.self),
            let unlock = symbol("unlockpt", as: IntFunction.self),
            let name = symbol("ptsname_r", as: PTSName.self)
        else { return nil }
        let controller = openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        guard grant(controller) == 0, unlock(controller) == 0, name(controller, &buffer, buffer.count) == 0 else {
            closeDescriptor(controller)
            return nil
        }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let device = openDevice(path)
        guard device >= 0 else {
            closeDescriptor(controller)
            return nil
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
        return (controller, device)
    }
}

/// `shortcut-lab` running on a pseudo-terminal, with its screen.
final class TerminalSession {
    let process = Process()
    let controller: Int32
    private var bytes: [UInt8] = []
    private(set) var screen = ScreenModel(columns: 80)
    let columns: Int

    init(arguments: [String], columns: Int, rows: Int) throws {
        guard let (controller, device) = PseudoTerminal.open(columns: columns, rows: rows) else {
            throw CLIError.executableNotFound(searched: ["(no pseudo-terminal)"])
        }
        self.controller = controller
        self.columns = columns
        screen = ScreenModel(columns: columns)
        process.executableURL = try CLI.executableURL()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment.removeValue(forKey: "NO_COLOR")  // colour on: the screen model must cope
        environment.removeValue(forKey: "COLUMNS")
        environment["SHORTCUT_LAB_LOCALES"] = TuneFixtures.pinnedLocales
        process.environment = environment
        let handle = FileHandle(fileDescriptor: device, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        closeDescriptor(device)
    }

    func type(_ text: String) {
        var data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeMutableBytes { write(controller, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
        // Keys arrive one read at a time in a real terminal; a short pause keeps escape
        // sequences from being split differently than a person's typing would split them.
        Thread.sleep(forTimeInterval: 0.05)
        data.removeAll()
    }

    /// Reads whatever output is pending, waiting up to `timeout` for some.
    private func pump(timeout: Int32) {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: chunk[0..<count])
            screen = ScreenModel(columns: columns)
            screen.feed(String(decoding: bytes, as: UTF8.self))
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var screen: [String]
        var description: String { "timed out waiting for \(what); screen:\n" + screen.joined(separator: "\n") }
    }

    func waitFor(_ what: String, seconds: Double = 30, _ condition: ([String]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(screen.lines) {
            if Date() > deadline { throw Timeout(what: what, screen: screen.lines) }
            pump(timeout: 100)
        }
    }

    /// Waits until the last line is an empty prompt.
    func waitForPrompt(_ prompt: String) throws {
        try waitFor("prompt \(prompt)") { lines in lines.last { !$0.isEmpty } == prompt }
    }

    /// The lines printed after the last line equal to `echo`, up to the next prompt (waiting
    /// for that prompt, so the block is complete).
    func result(after echo: String) throws -> [String] {
        try waitFor("the answer to \(echo)") { lines in
            guard let start = lines.lastIndex(of: echo) else { return false }
            return lines[(start + 1)...].contains { $0.hasSuffix("›") }
        }
        let lines = screen.lines
        guard let start = lines.lastIndex(of: echo) else { return [] }
        let after = lines[(start + 1)...]
        return Array(after.prefix { !$0.hasSuffix("›") })
    }

    func waitForExit(seconds: Double = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Timeout(what: "exit", screen: screen.lines)
            }
            pump(timeout: 50)
        }
        return process.terminationStatus
    }

    func close() {
        if process.isRunning { process.terminate() }
        closeDescriptor(controller)
    }
}

/// Just enough of a VT100 to read a line-oriented program's screen: printable text,
/// CR/LF/BS, and the CSI sequences the line editor uses (cursor moves, erase in line,
/// clear screen); colours (SGR) are ignored. Rows grow without bound instead of scrolling,
/// so the whole session stays readable.
struct ScreenModel {
    let columns: Int
    private var rows: [[Unicode.Scalar]] = [[]]
    private var row = 0
    private var column = 0
    /// Times text ran past the last column (the editor should scroll sideways instead).
    private(set) var wrapped = 0

    init(columns: Int) { self.columns = columns }

    var lines: [String] {
        rows.map { String(String.UnicodeScalarView($0)).replacingOccurrences(of: "\u{0}", with: " ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    mutating func feed(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\r": column = 0
            case "\n": moveDown()
            case "\u{8}": column = max(0, column - 1)
            case "\u{1B}":
                guard scalars.first == "[" else {
                    _ = scalars.popFirst()
                    continue
                }
                scalars.removeFirst()
                var parameters = ""
                var final: Unicode.Scalar = "m"
                while let next = scalars.popFirst() {
                    if (0x40...0x7E).contains(next.value) {
                        final = next
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
                csi(final, parameters)
            default:
                if scalar.value < 0x20 { continue }
                if column >= columns {
                    wrapped += 1
                    moveDown()
                    column = 0
                }
                while rows[row].count < column { rows[row].append(" ") }
                if column < rows[row].count { rows[row][column] = scalar } else { rows[row].append(scalar) }
                column += 1
            }
        }
    }

    private mutating func moveDown() {
        row += 1
        while rows.count <= row { rows.append([]) }
    }

    private mutating func csi(_ final: Unicode.Scalar, _ parameters: String) {
        let n = Int(parameters.split(separator: ";").first ?? "") ?? 1
        switch final {
        case "C": column = min(columns - 1, column + n)
        case "D": column = max(0, column - n)
        case "G": column = max(0, n - 1)
        case "A": row = max(0, row - n)
        case "B":
            for _ in 0..<n { moveDown() }
        case "K":
            if column < rows[row].count { rows[row].removeSubrange(column...) }
        case "J":
            if parameters == "2" {
                rows = [[]]
                row = 0
                column = 0
            }
        case "H":
            break  // only used with 2J, which already homes the cursor
        default:
            break  // SGR (colours) and the rest
        }
    }
}
