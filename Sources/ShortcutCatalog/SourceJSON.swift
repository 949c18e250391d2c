/// A strict JSON (RFC 8259) reader that keeps the line and column of every value.
///
/// We read JSON ourselves rather than through Foundation because manifests are written by
/// hand and the errors must say *where* (Foundation gives byte offsets at best, and silently
/// takes the last of two duplicate keys). It works on raw bytes with an explicit stack, so
/// deep nesting cannot overflow the thread's stack and a 50 MB file parses in one pass
/// without building a `String` per character; only string values become `String`s.
///
/// Beyond the grammar it rejects, with a location: invalid UTF-8, duplicate keys (naming both
/// lines), and nesting deeper than `maxDepth`. A leading UTF-8 byte-order mark is skipped.
public enum SourceJSON {
    /// Deep enough for any real manifest, shallow enough that converting or walking the tree
    /// recursively afterwards is safe on any thread.
    public static let defaultMaxDepth = 512

    /// Parses a complete JSON document; anything but whitespace after the value is an error.
    public static func parse(
        _ bytes: [UInt8], file: String, maxDepth: Int = defaultMaxDepth
    ) throws(CatalogError) -> SourceNode {
        let prefix = try parsePrefix(bytes, file: file, maxDepth: maxDepth)
        if let trailing = prefix.trailing {
            throw .syntax(trailing, message: "unexpected content after the end of the JSON value")
        }
        return prefix.root
    }

    /// The first JSON value of `bytes`, and where non-whitespace content after it starts, if any.
    /// The loader uses this to tell a JSON Lines file (a queries file) from a broken manifest.
    static func parsePrefix(
        _ bytes: [UInt8], file: String, maxDepth: Int
    ) throws(CatalogError) -> (root: SourceNode, trailing: SourceLocation?) {
        let result: Result<(SourceNode, SourceLocation?), CatalogError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, file: file, maxDepth: max(1, maxDepth))
            do throws(CatalogError) {
                return .success(try reader.readDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Byte constants, so the scanner reads as JSON rather than as hex.
private enum Byte {
    static let quote: UInt8 = 0x22  // "
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let apostrophe: UInt8 = 0x27
    static let lowerE: UInt8 = 0x65
    static let upperE: UInt8 = 0x45

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
}

/// UTF-8 validation shared by the JSON and YAML readers.
enum UTF8Validation {
    /// The length of the well-formed UTF-8 sequence starting at `index`, or nil if the bytes
    /// there are not one (stray continuation byte, overlong form, surrogate, > U+10FFFF,
    /// truncated sequence).
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let count = bytes.count
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            let i = index + offset
            return i < count && bytes[i] >= low && bytes[i] <= high
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    /// The offset of the first byte of the first ill-formed sequence, or nil if all is UTF-8.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var i = start
        let end = bytes.count
        while i < end {
            if bytes[i] < 0x80 {
                i += 1
            } else if let length = sequenceLength(bytes, at: i) {
                i += length
            } else {
                return i
            }
        }
        return nil
    }

    /// Length of a leading UTF-8 byte-order mark (0 or 3).
    static func bomLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}

/// Turns byte offsets into 1-based line and Unicode-scalar column, remembering the last
/// answer so that increasing offsets (the parser's order) cost O(n) in total even when the
/// whole file is one line.
struct LineColumnTracker {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    private var cachedOffset: Int
    private var cachedLine = 1
    private var cachedColumn = 1

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.start = start
        self.cachedOffset = start
    }

    mutating func lineColumn(at offset: Int) -> (line: Int, column: Int) {
        if offset < cachedOffset {
            cachedOffset = start
            cachedLine = 1
            cachedColumn = 1
        }
        var i = cachedOffset
        var line = cachedLine
        var column = cachedColumn
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            if byte == Byte.newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        cachedOffset = i
        cachedLine = line
        cachedColumn = column
        return (line, column)
    }
}

/// The parser proper. Containers under construction live on an explicit stack.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let maxDepth: Int
    let end: Int
    var pos: Int
    var tracker: LineColumnTracker

    /// An object or array whose closing bracket has not been read yet.
    struct Frame {
        var isObject: Bool
        var line: Int
        var column: Int
        var elements: [SourceNode] = []
        var members: [SourceMember] = []
        /// The key whose value is being read (objects only).
        var key = ""
        var keyLine = 0
        var keyColumn = 0
        /// Key → line of its first occurrence, built once an object grows past a few keys so
        /// duplicate detection stays linear for huge objects.
        var keyLines: [String: Int]?
    }

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
        self.end = bytes.count
        let bom = UTF8Validation.bomLength(bytes)
        self.pos = bom
        self.tracker = LineColumnTracker(bytes: bytes, start: bom)
    }

    mutating func location(at offset: Int) -> SourceLocation {
        let (line, column) = tracker.lineColumn(at: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    mutating func syntax(at offset: Int, _ message: String) -> CatalogError {
        .syntax(location(at: offset), message: message)
    }

    mutating func skipWhitespace() {
        while pos < end {
            let byte = bytes[pos]
            guard byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn || byte == Byte.tab
            else { return }
            pos += 1
        }
    }

    /// The error for an unexpected byte at `offset`: invalid UTF-8 if it is not UTF-8 at all,
    /// otherwise a syntax error that shows the character and what was expected instead.
    mutating func unexpected(at offset: Int, expecting: String) -> CatalogError {
        guard offset < end else {
            return syntax(at: offset, "unexpected end of input, expected \(expecting)")
        }
        let byte = bytes[offset]
        if byte >= 0x80, UTF8Validation.sequenceLength(bytes, at: offset) == nil {
            return .invalidUTF8(location(at: offset))
        }
        var hint = ""
        if byte == Byte.slash || byte == 0x23 {
            hint = " (comments are not allowed in JSON)"
        } else if byte == Byte.apostrophe {
            hint = " (strings must use double quotes)"
        }
        return syntax(at: offset, "unexpected \(describeCharacter(at: offset)), expected \(expecting)\(hint)")
    }

    /// `character 'x'` for printable characters, `control character U+0001` otherwise.
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F {
            return "control character \(characterText(at: offset))"
        }
        return "character '\(characterText(at: offset))'"
    }

    /// The (valid UTF-8) character at `offset` as text, or `U+0001` for a control character.
    func characterText(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x80 {
            if byte < 0x20 || byte == 0x7F {
                return "U+\(hex(UInt32(byte), width: 4))"
            }
            return String(Character(Unicode.Scalar(byte)))
        }
        let length = UTF8Validation.sequenceLength(bytes, at: offset) ?? 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }

    // MARK: Document

    mutating func readDocument() throws(CatalogError) -> (SourceNode, SourceLocation?) {
        var stack: [Frame] = []
        var root: SourceNode?
        skipWhitespace()
        if pos >= end {
            throw syntax(at: pos, "empty input, expected a JSON value")
        }
        parsing: while true {
            // A value starts here.
            skipWhitespace()
            guard pos < end else {
                throw unexpected(at: pos, expecting: "a value")
            }
            let (line, column) = tracker.lineColumn(at: pos)
            let byte = bytes[pos]
            var value: SourceNode
            switch byte {
            case Byte.openBrace, Byte.openBracket:
                guard stack.count < maxDepth else {
                    throw syntax(at: pos, "nesting is deeper than \(maxDepth) levels")
                }
                let isObject = byte == Byte.openBrace
                pos += 1
                var frame = Frame(isObject: isObject, line: line, column: column)
                skipWhitespace()
                if pos < end, bytes[pos] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    pos += 1
                    value = SourceNode(isObject ? .object([]) : .array([]), line: line, column: column)
                } else {
                    if isObject { try readKey(into: &frame) }
                    stack.append(frame)
                    continue parsing
                }
            case Byte.quote:
                value = SourceNode(.string(try readString()), line: line, column: column)
            case 0x74:  // t
                try readLiteral([0x74, 0x72, 0x75, 0x65])
                value = SourceNode(.bool(true), line: line, column: column)
            case 0x66:  // f
                try readLiteral([0x66, 0x61, 0x6C, 0x73, 0x65])
                value = SourceNode(.bool(false), line: line, column: column)
            case 0x6E:  // n
                try readLiteral([0x6E, 0x75, 0x6C, 0x6C])
                value = SourceNode(.null, line: line, column: column)
            case Byte.minus, Byte.zero...Byte.nine:
                let (number, text) = try readNumber()
                value = SourceNode(.number(number, text: text), line: line, column: column)
            default:
                throw unexpected(at: pos, expecting: "a value")
            }

            // Hand the finished value to its container; close containers as their ends arrive.
            while true {
                guard !stack.isEmpty else {
                    root = value
                    break parsing
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    let member = SourceMember(
                        key: stack[top].key, keyLine: stack[top].keyLine, keyColumn: stack[top].keyColumn, value: value)
                    stack[top].members.append(member)
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                let closer = stack[top].isObject ? Byte.closeBrace : Byte.closeBracket
                guard pos < end else {
                    let kind = stack[top].isObject ? "object" : "array"
                    throw syntax(
                        at: pos,
                        "unexpected end of input, expected ',' or '\(Character(Unicode.Scalar(closer)))' "
                            + "to close the \(kind) opened at line \(stack[top].line)")
                }
                let next = bytes[pos]
                if next == Byte.comma {
                    pos += 1
                    if stack[top].isObject {
                        skipWhitespace()
                        try readKey(into: &stack[top])
                    } else {
                        skipWhitespace()
                        if pos < end, bytes[pos] == Byte.closeBracket {
                            throw syntax(at: pos, "trailing comma before ']'")
                        }
                    }
                    continue parsing
                }
                guard next == closer else {
                    throw unexpected(at: pos, expecting: "',' or '\(Character(Unicode.Scalar(closer)))'")
                }
                pos += 1
                let frame = stack.removeLast()
                value = SourceNode(
                    frame.isObject ? .object(frame.members) : .array(frame.elements),
                    line: frame.line, column: frame.column)
            }
        }
        skipWhitespace()
        let trailing = pos < end ? location(at: pos) : nil
        // `root` is always set when the loop ends; the fallback only keeps this total.
        return (root ?? SourceNode(.null, line: 1, column: 1), trailing)
    }

    /// Reads `"key" :` for the object `frame`, rejecting a key the object already has.
    mutating func readKey(into frame: inout Frame) throws(CatalogError) {
        guard pos < end, bytes[pos] == Byte.quote else {
            if pos < end, bytes[pos] == Byte.closeBrace, !frame.members.isEmpty {
                throw syntax(at: pos, "trailing comma before '}'")
            }
            throw unexpected(at: pos, expecting: "a string key in double quotes")
        }
        let (line, column) = tracker.lineColumn(at: pos)
        let key = try readString()
        if frame.keyLines == nil, frame.members.count >= 8 {
            var lines: [String: Int] = [:]
            for member in frame.members where lines[member.key] == nil {
                lines[member.key] = member.keyLine
            }
            frame.keyLines = lines
        }
        let firstLine: Int?
        if let keyLines = frame.keyLines {
            firstLine = keyLines[key]
        } else {
            firstLine = frame.members.first { $0.key == key }?.keyLine
        }
        if let firstLine {
            throw .syntax(
                SourceLocation(file: file, line: line, column: column),
                message: "duplicate key \"\(key)\" on line \(line); it was first defined on line \(firstLine)")
        }
        frame.keyLines?[key] = line
        frame.key = key
        frame.keyLine = line
        frame.keyColumn = column
        skipWhitespace()
        guard pos < end, bytes[pos] == Byte.colon else {
            throw unexpected(at: pos, expecting: "':' after the key \"\(key)\"")
        }
        pos += 1
    }

    // MARK: Scalars

    mutating func readLiteral(_ word: [UInt8]) throws(CatalogError) {
        let begin = pos
        for expected in word {
            guard pos < end, bytes[pos] == expected else {
                throw syntax(at: begin, "invalid literal, expected true, false or null")
            }
            pos += 1
        }
    }

    mutating func readNumber() throws(CatalogError) -> (Double, String) {
        let begin = pos
        if bytes[pos] == Byte.minus { pos += 1 }
        guard pos < end, Byte.isDigit(bytes[pos]) else {
            throw syntax(at: begin, "invalid number, expected a digit after '-'")
        }
        if bytes[pos] == Byte.zero {
            pos += 1
            if pos < end, Byte.isDigit(bytes[pos]) {
                throw syntax(at: begin, "invalid number, leading zeros are not allowed")
            }
        } else {
            while pos < end, Byte.isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < end, bytes[pos] == Byte.dot {
            pos += 1
            guard pos < end, Byte.isDigit(bytes[pos]) else {
                throw syntax(at: begin, "invalid number, expected a digit after '.'")
            }
            while pos < end, Byte.isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < end, bytes[pos] == Byte.lowerE || bytes[pos] == Byte.upperE {
            pos += 1
            if pos < end, bytes[pos] == Byte.plus || bytes[pos] == Byte.minus { pos += 1 }
            guard pos < end, Byte.isDigit(bytes[pos]) else {
                throw syntax(at: begin, "invalid number, expected a digit in the exponent")
            }
            while pos < end, Byte.isDigit(bytes[pos]) { pos += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<pos]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw syntax(at: begin, "number \(text) is out of range")
        }
        return (number, text)
    }

    /// Reads a string starting at its opening quote. Runs without escapes are copied in one
    /// piece; UTF-8 is validated as it goes so the error points at the bad byte.
    mutating func readString() throws(CatalogError) -> String {
        let open = pos
        pos += 1
        var runStart = pos
        var decoded: [UInt8] = []
        var hasEscapes = false
        while pos < end {
            let byte = bytes[pos]
            if byte == Byte.quote {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<pos])
                pos += 1
                if hasEscapes {
                    decoded.append(contentsOf: run)
                    return String(decoding: decoded, as: UTF8.self)
                }
                return String(decoding: run, as: UTF8.self)
            }
            if byte == Byte.backslash {
                if !hasEscapes {
                    hasEscapes = true
                    decoded.reserveCapacity(pos - runStart + 16)
                }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
                try readEscape(into: &decoded)
                runStart = pos
                continue
            }
            if byte < 0x20 {
                if byte == Byte.newline || byte == Byte.carriageReturn {
                    throw syntax(at: open, "unterminated string (a line break inside a string must be written \\n)")
                }
                throw syntax(
                    at: pos, "\(describeCharacter(at: pos)) must be escaped inside a string")
            }
            if byte < 0x80 {
                pos += 1
            } else if let length = UTF8Validation.sequenceLength(bytes, at: pos) {
                pos += length
            } else {
                throw .invalidUTF8(location(at: pos))
            }
        }
        throw syntax(at: open, "unterminated string")
    }

    /// Reads one escape sequence starting at the backslash and appends its UTF-8 bytes.
    mutating func readEscape(into decoded: inout [UInt8]) throws(CatalogError) {
        let backslash = pos
        guard pos + 1 < end else {
            throw syntax(at: backslash, "unterminated escape sequence at end of input")
        }
        let code = bytes[pos + 1]
        switch code {
        case Byte.quote, Byte.backslash, Byte.slash: decoded.append(code)
        case 0x62: decoded.append(0x08)  // b
        case 0x66: decoded.append(0x0C)  // f
        case 0x6E: decoded.append(0x0A)  // n
        case 0x72: decoded.append(0x0D)  // r
        case 0x74: decoded.append(0x09)  // t
        case 0x75:  // u
            guard let unit = hex4(at: pos + 2) else {
                throw syntax(at: backslash, "invalid \\u escape, expected four hexadecimal digits")
            }
            pos += 6
            var scalarValue = unit
            if (0xD800...0xDBFF).contains(unit) {
                guard pos + 1 < end, bytes[pos] == Byte.backslash, bytes[pos + 1] == 0x75,
                    let low = hex4(at: pos + 2), (0xDC00...0xDFFF).contains(low)
                else {
                    throw syntax(at: backslash, "unpaired UTF-16 surrogate \\u\(hex(unit, width: 4))")
                }
                pos += 6
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw syntax(at: backslash, "unpaired UTF-16 surrogate \\u\(hex(unit, width: 4))")
            }
            UTF8.encode(scalar) { decoded.append($0) }
            return
        default:
            if code >= 0x80, UTF8Validation.sequenceLength(bytes, at: pos + 1) == nil {
                throw .invalidUTF8(location(at: pos + 1))
            }
            throw syntax(
                at: backslash,
                "invalid escape sequence '\\\(characterText(at: pos + 1))'")
        }
        pos += 2
    }

    func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= end else { return nil }
        var value: UInt32 = 0
        for i in offset..<offset + 4 {
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// Upper-case hexadecimal, zero-padded to `width`.
func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
