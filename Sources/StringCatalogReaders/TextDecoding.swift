import ShortcutCatalog

/// A piece of text read from a file, with where it was written.
public struct LocatedText: Hashable, Sendable {
    public var text: String
    public var location: SourceLocation

    public init(_ text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

/// Turns the bytes of a text file into UTF-8, whatever Unicode encoding it was saved in.
///
/// Xcode writes string catalogs as UTF-8, but legacy `.strings` files are often UTF-16 with a
/// byte-order mark (Xcode's default for years), so every reader goes through here. Newlines
/// survive transcoding one for one, so line and column numbers computed on the UTF-8 result
/// are the ones an editor shows for the original file.
public enum TextDecoding {
    /// The encodings recognised.
    public enum Encoding: String, Hashable, Sendable {
        case utf8, utf16LittleEndian, utf16BigEndian
    }

    /// The encoding implied by a byte-order mark, or guessed from NUL bytes (UTF-16 text that
    /// is mostly ASCII has a zero in every other byte), and how many bytes the mark takes.
    public static func detect(_ bytes: [UInt8]) -> (encoding: Encoding, bomLength: Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        if bytes.count >= 4, bytes.count % 2 == 0 {
            if bytes[0] != 0, bytes[1] == 0, bytes[3] == 0 { return (.utf16LittleEndian, 0) }
            if bytes[0] == 0, bytes[1] != 0, bytes[2] == 0 { return (.utf16BigEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// The file's text as validated UTF-8 bytes, without a byte-order mark.
    ///
    /// - Throws: `CatalogError.syntax` at the first byte (UTF-8) or code unit (UTF-16) that
    ///   does not decode: a stray continuation byte, an unpaired surrogate, a truncated unit.
    public static func utf8Bytes(_ bytes: [UInt8], file: String) throws(CatalogError) -> [UInt8] {
        let (encoding, bom) = detect(bytes)
        switch encoding {
        case .utf8:
            let body = Array(bytes[bom...])
            if let bad = firstInvalidUTF8(body) {
                let (line, column) = lineColumn(body, offset: bad)
                throw .syntax(
                    SourceLocation(file: file, line: line, column: column),
                    message: "invalid UTF-8 byte sequence (byte 0x\(hex(body[bad]))); save the file as UTF-8 or UTF-16")
            }
            return body
        case .utf16LittleEndian, .utf16BigEndian:
            return try transcodeUTF16(bytes, from: bom, bigEndian: encoding == .utf16BigEndian, file: file)
        }
    }

    /// The text of `bytes` (see `utf8Bytes`) as a `String`.
    public static func string(_ bytes: [UInt8], file: String) throws(CatalogError) -> String {
        String(decoding: try utf8Bytes(bytes, file: file), as: UTF8.self)
    }

    static func transcodeUTF16(
        _ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String
    ) throws(CatalogError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2 + 16)
        var line = 1
        var column = 1
        func fail(_ message: String) -> CatalogError {
            .syntax(SourceLocation(file: file, line: line, column: column), message: message)
        }
        var i = start
        func unit(at index: Int) -> UInt16 {
            bigEndian
                ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        }
        while i < bytes.count {
            guard i + 1 < bytes.count else { throw fail("truncated UTF-16 text: odd number of bytes") }
            let u = unit(at: i)
            i += 2
            var scalarValue = UInt32(u)
            if (0xD800...0xDBFF).contains(u) {
                guard i + 1 < bytes.count else { throw fail("unpaired UTF-16 surrogate 0x\(hex16(u))") }
                let low = unit(at: i)
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired UTF-16 surrogate 0x\(hex16(u))") }
                i += 2
                scalarValue = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(u) {
                throw fail("unpaired UTF-16 surrogate 0x\(hex16(u))")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid UTF-16 code unit") }
            UTF8.encode(scalar) { out.append($0) }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return out
    }

    /// The offset of the first byte of the first ill-formed UTF-8 sequence, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        // Fast path: the standard library's validator; only on failure find the offset.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// 1-based line and Unicode-scalar column of a byte offset in UTF-8 text.
    public static func lineColumn(_ bytes: [UInt8], offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return (line, column)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    static func hex16(_ unit: UInt16) -> String {
        hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF))
    }
}
