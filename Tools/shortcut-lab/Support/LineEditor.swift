#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small line editor for interactive sessions: the terminal in raw mode (termios), the line
/// redrawn on each key, history on the arrow keys.
///
/// Why not `readLine()`: in the terminal's cooked mode the arrow keys insert `^[[A` into the
/// phrase and there is no history, which makes trying variations of a phrase tedious. Why not
/// libedit/readline: a C dependency that CI and Linux distributions spell differently, for a
/// handful of keys.
///
/// Keys: ←/→ (^B/^F) move, ↑/↓ (^P/^N) history, Home/End (^A/^E), Backspace, Delete, ^U
/// (delete to start), ^K (delete to end), ^W (delete word), ^L (clear screen), ^C (discard the
/// line), ^D (end of input on an empty line). Lines longer than the terminal scroll
/// sideways instead of wrapping, so redrawing never has to move between rows (80 columns
/// work as well as 200). When standard input is not a terminal, lines are read plainly.
struct LineEditor {
    private(set) var history: [String] = []
    var maxHistory = 1000
    var input: Int32 = STDIN_FILENO

    /// Whether the editor can do its job: both ends are terminals.
    var isInteractive: Bool { isatty(input) != 0 && isatty(STDOUT_FILENO) != 0 }

    /// Adds a line to the history (not blanks, nor a repeat of the last line).
    mutating func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
        history.append(line)
        if history.count > maxHistory { history.removeFirst(history.count - maxHistory) }
    }

    /// Reads one line, showing `prompt` (`promptWidth` is its width without colour codes).
    /// Returns `nil` at end of input. Interactive lines are added to the history.
    mutating func readLine(prompt: String, promptWidth: Int) -> String? {
        guard isInteractive, let saved = RawMode.enable(input) else {
            return plainLine()
        }
        defer { saved.restore() }
        var state = EditState(history: history)
        let width = Self.terminalColumns()
        redraw(&state, prompt: prompt, promptWidth: promptWidth, width: width)
        while true {
            guard let key = readKey() else {
                StandardStreams.write("\n")
                StandardStreams.flushOutput()
                return nil
            }
            switch state.apply(key) {
            case .continue:
                redraw(&state, prompt: prompt, promptWidth: promptWidth, width: Self.terminalColumns())
            case .accept:
                state.cursor = state.buffer.count
                redraw(&state, prompt: prompt, promptWidth: promptWidth, width: Self.terminalColumns())
                StandardStreams.write("\r\n")
                StandardStreams.flushOutput()
                let line = String(String.UnicodeScalarView(state.buffer))
                remember(line)
                return line
            case .cancel:
                StandardStreams.write("^C\r\n")
                state = EditState(history: history)
                redraw(&state, prompt: prompt, promptWidth: promptWidth, width: Self.terminalColumns())
            case .endOfInput:
                StandardStreams.write("\r\n")
                StandardStreams.flushOutput()
                return nil
            case .clearScreen:
                StandardStreams.write("\u{1B}[H\u{1B}[2J")
                redraw(&state, prompt: prompt, promptWidth: promptWidth, width: Self.terminalColumns())
            }
        }
    }

    /// Reads a line without editing (input from a pipe or file). Invalid UTF-8 is repaired
    /// rather than fatal: this path serves people typing into a dumb terminal.
    private func plainLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Keys

    enum Key: Equatable {
        case character(Unicode.Scalar)
        case enter, backspace, delete, left, right, up, down, home, end
        case killToStart, killToEnd, killWord, clearScreen, interrupt, endOfFile
        case ignored
    }

    /// Reads and decodes one key press (UTF-8 characters and ANSI escape sequences).
    private func readKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .killToStart
        case 0x0B: return .killToEnd
        case 0x17: return .killWord
        case 0x0C: return .clearScreen
        case 0x03: return .interrupt
        case 0x04: return .endOfFile
        case 0x1B: return readEscape()
        case 0x00..<0x20: return .ignored
        case 0x80...:
            // A UTF-8 sequence: its lead byte says how many continuation bytes follow.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            var bytes = [byte]
            while bytes.count < length, let next = readByte() { bytes.append(next) }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.unicodeScalars.first.map(Key.character) ?? .ignored
        default:
            return .character(Unicode.Scalar(byte))
        }
    }

    /// After ESC: `[` or `O` and a final byte (`A`…`D`, `H`, `F`, or digits and `~`). A lone
    /// ESC (nothing follows within 50 ms) is ignored.
    private func readEscape() -> Key {
        guard waitForByte(milliseconds: 50), let introducer = readByte() else { return .ignored }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .ignored }
        var parameters = ""
        while let byte = readByte() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
                parameters.unicodeScalars.append(Unicode.Scalar(byte))
                continue
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            case UInt8(ascii: "~"):
                switch parameters.split(separator: ";").first {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                default: return .ignored
                }
            default:
                return .ignored
            }
        }
        return .ignored
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    private func waitForByte(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    // MARK: Drawing

    /// Redraws the prompt and the visible part of the line, and places the cursor.
    private func redraw(_ state: inout EditState, prompt: String, promptWidth: Int, width: Int) {
        let available = max(8, width - promptWidth - 1)
        let window = state.visibleWindow(width: available)
        var text = "\r" + prompt
        text += String(String.UnicodeScalarView(state.buffer[window]))
        text += "\u{1B}[K\r"
        let column = promptWidth + displayWidth(state.buffer[window.lowerBound..<state.cursor])
        if column > 0 { text += "\u{1B}[\(column)C" }
        StandardStreams.write(text)
        StandardStreams.flushOutput()
    }

    /// The terminal's width: the window size, else `$COLUMNS`, else 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        return 80
    }
}

/// The line being edited: scalars, a cursor, and the history position. Pure state and
/// transitions, so the editing rules are independent of the terminal.
struct EditState {
    enum Effect { case `continue`, accept, cancel, endOfInput, clearScreen }

    var buffer: [Unicode.Scalar] = []
    var cursor = 0
    /// First scalar shown when the line is wider than the terminal.
    var scroll = 0
    let history: [String]
    /// `history.count` means the line being typed (kept in `draft` while browsing).
    var historyIndex: Int
    var draft: [Unicode.Scalar] = []

    init(history: [String]) {
        self.history = history
        historyIndex = history.count
    }

    mutating func apply(_ key: LineEditor.Key) -> Effect {
        switch key {
        case .character(let scalar):
            buffer.insert(scalar, at: cursor)
            cursor += 1
        case .enter:
            return .accept
        case .backspace:
            if cursor > 0 {
                buffer.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(buffer.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = buffer.count
        case .up:
            guard historyIndex > 0 else { break }
            if historyIndex == history.count { draft = buffer }
            historyIndex -= 1
            buffer = Array(history[historyIndex].unicodeScalars)
            cursor = buffer.count
        case .down:
            guard historyIndex < history.count else { break }
            historyIndex += 1
            buffer = historyIndex == history.count ? draft : Array(history[historyIndex].unicodeScalars)
            cursor = buffer.count
        case .killToStart:
            buffer.removeSubrange(0..<cursor)
            cursor = 0
        case .killToEnd:
            buffer.removeSubrange(cursor..<buffer.count)
        case .killWord:
            var start = cursor
            while start > 0 && buffer[start - 1].properties.isWhitespace { start -= 1 }
            while start > 0 && !buffer[start - 1].properties.isWhitespace { start -= 1 }
            buffer.removeSubrange(start..<cursor)
            cursor = start
        case .clearScreen:
            return .clearScreen
        case .interrupt:
            return .cancel
        case .endOfFile:
            if buffer.isEmpty { return .endOfInput }
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .ignored:
            break
        }
        return .continue
    }

    /// The scalars to show in `width` columns, keeping the cursor in view.
    mutating func visibleWindow(width: Int) -> Range<Int> {
        if cursor < scroll { scroll = cursor }
        // Leave room for the cursor itself at the end of the line.
        while scroll < cursor && displayWidth(buffer[scroll..<cursor]) >= width { scroll += 1 }
        if displayWidth(buffer[0..<buffer.count]) < width { scroll = 0 }
        var end = scroll
        var used = 0
        while end < buffer.count {
            let w = displayWidth(buffer[end...end])
            if used + w > width { break }
            used += w
            end += 1
        }
        return scroll..<end
    }
}

/// Columns a run of scalars takes: East Asian wide and fullwidth characters take two,
/// combining marks and zero-width characters none, everything else one.
func displayWidth<C: Collection>(_ scalars: C) -> Int where C.Element == Unicode.Scalar {
    var width = 0
    for scalar in scalars {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: continue
        default: break
        }
        let wide =
            (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
        width += wide ? 2 : 1
    }
    return width
}

/// The settings to put back if the process is told to stop while the terminal is raw (the
/// signal handler below cannot capture context, so it reads them from here).
nonisolated(unsafe) private var terminalToRestore: (descriptor: Int32, settings: termios)?
nonisolated(unsafe) private var signalHandlersInstalled = false

/// The terminal's settings before raw mode, restored when the line is done (by the caller's
/// `defer` on every path), and on SIGTERM, SIGHUP and SIGQUIT, so that killing `preview` in
/// the middle of a line never leaves the shell without echo.
struct RawMode {
    let descriptor: Int32
    let original: termios

    /// Switches `descriptor` to raw input: no echo, no line buffering, no signals from ^C/^Z
    /// (the editor handles them), no CR→NL translation. Output processing is left on.
    static func enable(_ descriptor: Int32) -> RawMode? {
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return nil }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else { return nil }
        terminalToRestore = (descriptor, original)
        installSignalHandlers()
        return RawMode(descriptor: descriptor, original: original)
    }

    func restore() {
        var original = original
        _ = tcsetattr(descriptor, TCSADRAIN, &original)
        terminalToRestore = nil
    }

    /// On a stop signal: restore the terminal, then die of the same signal as before.
    private static func installSignalHandlers() {
        guard !signalHandlersInstalled else { return }
        signalHandlersInstalled = true
        for stopSignal in [SIGTERM, SIGHUP, SIGQUIT] {
            _ = signal(stopSignal) { received in
                if var saved = terminalToRestore {
                    _ = tcsetattr(saved.descriptor, TCSANOW, &saved.settings)
                }
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
        }
    }
}
