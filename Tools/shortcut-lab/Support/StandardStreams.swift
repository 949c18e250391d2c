#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Line-at-a-time access to the standard streams.
///
/// Other tools drive `shortcut-lab match` through a pipe one line at a time, so every answer
/// is written with `fwrite` and flushed at once; Swift's `print` would leave it in a buffer.
/// (Swift 6 forbids touching C's global `stdout`, so the tool opens its own `FILE` on fd 1.)
enum StandardStreams {
    nonisolated(unsafe) private static let output: UnsafeMutablePointer<FILE>? = fdopen(STDOUT_FILENO, "w")

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            if let output {
                _ = fwrite(base, 1, bytes.count, output)
            } else {
                writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(bytes))
            }
        }
    }

    static func flushOutput() {
        if let output { fflush(output) }
    }

    /// Writes a whole line and flushes it.
    static func writeLine(_ text: String) {
        write(text)
        write("\n")
        flushOutput()
    }

    /// Standard error is written straight to the descriptor: it is never buffered.
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            next += written
            remaining -= written
        }
    }
}

/// `write(2)`, under a name that the `write` members above do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Reads lines from a file descriptor fast: raw bytes in large chunks, split on `\n`, with a
/// trailing `\r` stripped. Each line is checked for length and UTF-8 before it is handed on,
/// and a line longer than the limit is measured without being kept in memory.
struct LineReader {
    var fileDescriptor: Int32 = STDIN_FILENO
    /// How the stream is named in diagnostics.
    var sourceName = "<stdin>"
    var maxLineBytes = 4096
    var chunkSize = 1 << 16

    /// Calls `body` with each line (1-based number, text) in order. Throws at the first line
    /// that is too long or not UTF-8, after every earlier line has been handed on.
    func forEachLine(_ body: (Int, String) throws -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        // The current line's bytes seen so far (when it spans chunks), capped past the limit.
        var pending: [UInt8] = []
        pending.reserveCapacity(maxLineBytes + 1)
        var pendingLength = 0
        var lineNumber = 1

        var pendingLastByte: UInt8 = 0
        let carriageReturn = UInt8(ascii: "\r")

        /// Hands on one line; `totalLength` and `endsWithCR` describe the whole line even when
        /// `bytes` holds only its capped start.
        func finish(_ bytes: UnsafeBufferPointer<UInt8>, totalLength: Int, endsWithCR: Bool) throws {
            let length = endsWithCR ? totalLength - 1 : totalLength
            guard length <= maxLineBytes else {
                throw LabError.phraseTooLong(source: sourceName, line: lineNumber, length: length, limit: maxLineBytes)
            }
            let line = UnsafeBufferPointer(rebasing: bytes[0..<length])
            guard let text = String(validating: line, as: UTF8.self) else {
                let offset = firstInvalidByte(line)
                throw LabError.invalidUTF8(
                    source: sourceName, line: lineNumber, column: offset + 1, byte: offset < line.count ? line[offset] : 0)
            }
            try body(lineNumber, text)
            lineNumber += 1
        }

        func appendCapped(_ bytes: UnsafeBufferPointer<UInt8>) {
            pendingLength += bytes.count
            if let last = bytes.last { pendingLastByte = last }
            // Keep one byte past the limit (a possible `\r`); beyond that only count.
            let room = maxLineBytes + 1 - pending.count
            if room > 0 { pending.append(contentsOf: bytes.prefix(room)) }
        }

        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LabError.readFailed(source: sourceName, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try chunk.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var start = 0
                while start < count {
                    guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) else {
                        // No newline left in this chunk: keep the tail for the next one.
                        appendCapped(UnsafeBufferPointer(start: base + start, count: count - start))
                        break
                    }
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    let segment = UnsafeBufferPointer(start: base + start, count: newline - start)
                    if pendingLength == 0 {
                        try finish(segment, totalLength: segment.count, endsWithCR: segment.last == carriageReturn)
                    } else {
                        appendCapped(segment)
                        let total = pendingLength
                        let endsWithCR = pendingLastByte == carriageReturn
                        try pending.withUnsafeBufferPointer { try finish($0, totalLength: total, endsWithCR: endsWithCR) }
                        pending.removeAll(keepingCapacity: true)
                        pendingLength = 0
                    }
                    start = newline + 1
                }
            }
        }
        if pendingLength > 0 {
            let total = pendingLength
            let endsWithCR = pendingLastByte == carriageReturn
            try pending.withUnsafeBufferPointer { try finish($0, totalLength: total, endsWithCR: endsWithCR) }
        }
    }

    /// The 0-based offset of the first byte that does not decode as UTF-8.
    private func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}
