import ShortcutCatalog

/// One `"key" = "value";` pair of a legacy `.strings` file.
public struct StringsEntry: Hashable, Sendable {
    public var key: LocatedText
    public var value: LocatedText
    /// The `/* ... */` or `// ...` comment written just before the entry, if any.
    public var comment: String?

    public init(key: LocatedText, value: LocatedText, comment: String? = nil) {
        self.key = key
        self.value = value
        self.comment = comment
    }
}

/// A legacy strings table such as `de.lproj/AppShortcuts.strings` or `InfoPlist.strings`.
public struct StringsFile: Hashable, Sendable {
    public var path: String
    /// The locale of the `.lproj` folder holding the file, if it sits in one.
    public var locale: String?
    public var encoding: TextDecoding.Encoding
    /// Entries in file order; keys are unique (the reader rejects duplicates).
    public var entries: [StringsEntry]

    public init(path: String, locale: String?, encoding: TextDecoding.Encoding, entries: [StringsEntry]) {
        self.path = path
        self.locale = locale
        self.encoding = encoding
        self.entries = entries
    }

    public subscript(key: String) -> StringsEntry? {
        entries.first { $0.key.text == key }
    }

    /// The locale named by a path's `<locale>.lproj` folder (`Base` included), if any.
    public static func locale(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        let folder = parts[parts.count - 2]
        guard folder.hasSuffix(".lproj") else { return nil }
        let name = folder.dropLast(".lproj".count)
        return name.isEmpty ? nil : String(name)
    }
}

/// Reads the old-style (NeXTSTEP) strings syntax that `AppShortcuts.strings` and
/// `InfoPlist.strings` use: quoted or bare strings, `=`, `;`, C comments, and the escapes
/// `\n \t \r \" \' \\ \a \b \f \v`, octal `\ooo` and `\Uhhhh` / `\uhhhh`.
///
/// It is stricter than Apple's parser on purpose: an unknown escape, a duplicate key or a
/// missing `;` is an error with the line and column, where Foundation silently keeps a
/// garbled string or the last duplicate — a phrase that then never resolves on device.
public enum StringsFileReader {
    /// Reads the file at `path`; the locale comes from its `.lproj` folder.
    public static func read(path: String) throws(CatalogError) -> StringsFile {
        let bytes = try ManifestLoader.readFile(path: path)
        return try parse(bytes, file: path, locale: StringsFile.locale(ofPath: path))
    }

    /// Parses the bytes of a strings file (UTF-8 or UTF-16, with or without a byte-order mark).
    public static func parse(_ bytes: [UInt8], file: String, locale: String? = nil) throws(CatalogError) -> StringsFile {
        let encoding = TextDecoding.detect(bytes).encoding
        let utf8 = try TextDecoding.utf8Bytes(bytes, file: file)
        var parser = StringsParser(bytes: utf8, file: file)
        let entries = try parser.parseEntries()
        return StringsFile(path: file, locale: locale, encoding: encoding, entries: entries)
    }
}

/// The byte-level scanner behind `StringsFileReader`.
struct StringsParser {
    let bytes: [UInt8]
    let file: String
    var i = 0
    var line = 1
    var lineStart = 0
    /// Column cache for the current line: a file that is one long line stays linear.
    var cachedOffset = 0
    var cachedColumn = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    mutating func location(at offset: Int) -> SourceLocation {
        if cachedOffset < lineStart || cachedOffset > offset {
            cachedOffset = lineStart
            cachedColumn = 1
        }
        var column = cachedColumn
        var j = cachedOffset
        while j < offset {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        cachedOffset = offset
        cachedColumn = column
        return SourceLocation(file: file, line: line, column: column)
    }

    mutating func error(_ message: String, at offset: Int? = nil) -> CatalogError {
        .syntax(location(at: offset ?? i), message: message)
    }

    mutating func advance() {
        if bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    /// Skips whitespace and comments; returns the last comment's text.
    mutating func skipTrivia() throws(CatalogError) -> String? {
        var comment: String?
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B {
                advance()
            } else if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {  // /*
                let start = i
                advance(); advance()
                let textStart = i
                var closed = false
                while i < bytes.count {
                    if bytes[i] == 0x2A, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                        comment = String(decoding: bytes[textStart..<i], as: UTF8.self)
                        advance(); advance()
                        closed = true
                        break
                    }
                    advance()
                }
                if !closed {
                    // Report where the comment opened: that is what needs closing.
                    let (l, c) = TextDecoding.lineColumn(bytes, offset: start)
                    throw .syntax(SourceLocation(file: file, line: l, column: c), message: "unterminated comment: '/*' without '*/'")
                }
            } else if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2F {  // //
                let textStart = i + 2
                while i < bytes.count, bytes[i] != 0x0A { advance() }
                comment = String(decoding: bytes[textStart..<i], as: UTF8.self)
            } else {
                break
            }
        }
        return comment
    }

    mutating func parseEntries() throws(CatalogError) -> [StringsEntry] {
        var entries: [StringsEntry] = []
        var firstLine: [String: Int] = [:]
        while true {
            let comment = try skipTrivia()
            guard i < bytes.count else { break }
            let key = try parseString(what: "a key")
            _ = try skipTrivia()
            guard i < bytes.count else {
                throw error("unexpected end of file after key; expected '=' or ';' (the file may be truncated)")
            }
            var value = key
            if bytes[i] == 0x3D {  // =
                advance()
                _ = try skipTrivia()
                guard i < bytes.count else { throw error("unexpected end of file; expected a value after '='") }
                value = try parseString(what: "a value")
                _ = try skipTrivia()
            }
            guard i < bytes.count, bytes[i] == 0x3B else {  // ;
                if i >= bytes.count {
                    throw error("missing ';' at the end of the file (the file may be truncated)")
                }
                throw error("expected ';' after the value, found \(describe(at: i))")
            }
            advance()
            if let first = firstLine[key.text] {
                throw .syntax(key.location, message: "duplicate key \"\(key.text)\" (first defined on line \(first))")
            }
            firstLine[key.text] = key.location.line
            entries.append(StringsEntry(key: key, value: value, comment: comment?.trimmingWhitespace()))
        }
        return entries
    }

    func describe(at offset: Int) -> String {
        let b = bytes[offset]
        if b >= 0x21, b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0 { return "a NUL byte (is this a binary file?)" }
        if b == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBB, bytes[offset + 2] == 0xBF {
            return "a byte-order mark (U+FEFF) in the middle of the file (were two files concatenated?)"
        }
        return "byte 0x\(TextDecoding.hex(b))"
    }

    static func isBareStringByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == 0x5F || b == 0x24 || b == 0x2B || b == 0x2F || b == 0x3A || b == 0x2E || b == 0x2D
    }

    mutating func parseString(what: String) throws(CatalogError) -> LocatedText {
        let start = i
        let startLocation = location(at: start)
        if bytes[i] != 0x22 {
            guard Self.isBareStringByte(bytes[i]) else {
                throw error("expected \(what) (a quoted string), found \(describe(at: i))")
            }
            while i < bytes.count, Self.isBareStringByte(bytes[i]) { advance() }
            return LocatedText(String(decoding: bytes[start..<i], as: UTF8.self), location: startLocation)
        }
        advance()
        var out: [UInt8] = []
        var runStart = i
        while true {
            guard i < bytes.count else {
                throw .syntax(startLocation, message: "unterminated string: '\"' without a closing quote (the file may be truncated)")
            }
            let b = bytes[i]
            if b == 0x22 {
                out.append(contentsOf: bytes[runStart..<i])
                advance()
                break
            }
            if b == 0 {
                throw error("NUL byte inside a string (is this a binary file?)")
            }
            if b != 0x5C {
                advance()
                continue
            }
            out.append(contentsOf: bytes[runStart..<i])
            let escapeStart = i
            advance()
            guard i < bytes.count else { throw error("unterminated escape at the end of the file", at: escapeStart) }
            let e = bytes[i]
            advance()
            switch e {
            case 0x22, 0x27, 0x5C: out.append(e)  // " ' \
            case 0x6E: out.append(0x0A)  // n
            case 0x74: out.append(0x09)  // t
            case 0x72: out.append(0x0D)  // r
            case 0x61: out.append(0x07)  // a
            case 0x62: out.append(0x08)  // b
            case 0x66: out.append(0x0C)  // f
            case 0x76: out.append(0x0B)  // v
            case 0x0A: out.append(0x0A)  // backslash-newline: a literal newline
            case 0x30...0x37:
                var value = UInt32(e - 0x30)
                var count = 1
                while count < 3, i < bytes.count, (0x30...0x37).contains(bytes[i]) {
                    value = value * 8 + UInt32(bytes[i] - 0x30)
                    advance()
                    count += 1
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("invalid octal escape", at: escapeStart) }
                UTF8.encode(scalar) { out.append($0) }
            case 0x55, 0x75:  // U u
                var value: UInt32 = 0
                var count = 0
                while count < 4, i < bytes.count, let digit = Self.hexValue(bytes[i]) {
                    value = value * 16 + UInt32(digit)
                    advance()
                    count += 1
                }
                guard count > 0 else {
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' without hex digits", at: escapeStart)
                }
                // A surrogate pair written as two \U escapes.
                if (0xD800...0xDBFF).contains(value), i + 1 < bytes.count, bytes[i] == 0x5C,
                    bytes[i + 1] == 0x55 || bytes[i + 1] == 0x75
                {
                    let save = (i, line, lineStart)
                    advance(); advance()
                    var low: UInt32 = 0
                    var lowCount = 0
                    while lowCount < 4, i < bytes.count, let digit = Self.hexValue(bytes[i]) {
                        low = low * 16 + UInt32(digit)
                        advance()
                        lowCount += 1
                    }
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        (i, line, lineStart) = save
                    }
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw error("invalid escape: U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar (unpaired surrogate)", at: escapeStart)
                }
                UTF8.encode(scalar) { out.append($0) }
            default:
                let shown = e >= 0x21 && e < 0x7F ? "\\\(Character(Unicode.Scalar(e)))" : "\\ followed by byte 0x\(TextDecoding.hex(e))"
                throw error("invalid escape '\(shown)'; write '\\\\' for a backslash", at: escapeStart)
            }
            runStart = i
        }
        return LocatedText(String(decoding: out, as: UTF8.self), location: startLocation)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
