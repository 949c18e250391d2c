import Foundation
import ShortcutCatalog

/// A small XML property-list reader that keeps line numbers, so a problem in `Info.plist`
/// (say, a fourth `INAlternativeAppNames` entry) can be reported at its line. It produces the
/// same located tree as the JSON and YAML readers: `<dict>` is an object, `<array>` an array,
/// `<string>`/`<date>`/`<data>` strings, `<integer>`/`<real>` numbers, `<true/>`/`<false/>` booleans.
/// Binary property lists are read through Foundation, without line numbers.
public enum PropertyListReader {
    public static func read(path: String) throws(CatalogError) -> SourceNode {
        try parse(try ManifestLoader.readFile(path: path), file: path)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> SourceNode {
        if bytes.starts(with: Array("bplist".utf8)) {
            guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
                throw .syntax(SourceLocation(file: file, line: 1, column: 1), message: "malformed binary property list")
            }
            return node(from: object)
        }
        var parser = PlistXMLParser(bytes: try TextDecoding.utf8Bytes(bytes, file: file), file: file)
        return try parser.parseDocument()
    }

    static func node(from object: Any) -> SourceNode {
        switch object {
        case let s as String: return SourceNode(.string(s), line: 1, column: 1)
        case let d as [String: Any]:
            return SourceNode(
                .object(d.keys.sorted().map { SourceMember(key: $0, keyLine: 1, keyColumn: 1, value: node(from: d[$0] as Any)) }),
                line: 1, column: 1)
        case let a as [Any]: return SourceNode(.array(a.map { node(from: $0) }), line: 1, column: 1)
        case let n as NSNumber: return SourceNode(.number(n.doubleValue, text: n.stringValue), line: 1, column: 1)
        default: return SourceNode(.string(String(describing: object)), line: 1, column: 1)
        }
    }
}

struct PlistXMLParser {
    let bytes: [UInt8]
    let file: String
    var i = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var here: SourceLocation {
        SourceLocation(file: file, line: line, column: i - lineStart + 1)
    }

    func fail(_ message: String, _ at: SourceLocation? = nil) -> CatalogError {
        .syntax(at ?? here, message: message)
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    func startsWith(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<i + u.count]) == u
    }

    mutating func skipTo(_ s: String) throws(CatalogError) {
        let start = here
        while i < bytes.count, !startsWith(s) { advance() }
        guard i < bytes.count else { throw fail("unterminated markup: no '\(s)'", start) }
        advance(s.utf8.count)
    }

    /// Skips whitespace, the XML declaration, doctype and comments.
    mutating func skipMisc() throws(CatalogError) {
        while i < bytes.count {
            if bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
                advance()
            } else if startsWith("<?") {
                try skipTo("?>")
            } else if startsWith("<!--") {
                try skipTo("-->")
            } else if startsWith("<!") {
                try skipTo(">")
            } else {
                break
            }
        }
    }

    /// Reads `<name ...>` or `<name/>`; returns the name, whether it closed itself, its location.
    mutating func readTag() throws(CatalogError) -> (name: String, selfClosing: Bool, closing: Bool, location: SourceLocation) {
        try skipMisc()
        let location = here
        guard i < bytes.count, bytes[i] == 0x3C else {
            throw fail(i < bytes.count ? "expected a tag" : "unexpected end of file (the property list may be truncated)")
        }
        advance()
        var closing = false
        if i < bytes.count, bytes[i] == 0x2F {
            closing = true
            advance()
        }
        let nameStart = i
        while i < bytes.count, bytes[i] != 0x3E, bytes[i] != 0x2F, bytes[i] != 0x20, bytes[i] != 0x0A { advance() }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        var selfClosing = false
        while i < bytes.count, bytes[i] != 0x3E {
            if bytes[i] == 0x2F { selfClosing = true }
            advance()
        }
        guard i < bytes.count else { throw fail("unterminated tag <\(name)", location) }
        advance()
        return (name, selfClosing, closing, location)
    }

    mutating func readText(until name: String) throws(CatalogError) -> String {
        let start = i
        let startLocation = here
        while i < bytes.count, bytes[i] != 0x3C { advance() }
        guard i < bytes.count else { throw fail("unterminated <\(name)>", startLocation) }
        let raw = String(decoding: bytes[start..<i], as: UTF8.self)
        let end = try readTag()
        guard end.closing, end.name == name else {
            throw fail("expected </\(name)>, found <\(end.closing ? "/" : "")\(end.name)>", end.location)
        }
        return try decodeEntities(raw, at: startLocation)
    }

    func decodeEntities(_ text: String, at location: SourceLocation) throws(CatalogError) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw fail("unterminated entity '&'", location) }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                guard entity.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) else {
                    throw fail("unknown entity '&\(entity);'", location)
                }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    mutating func parseDocument() throws(CatalogError) -> SourceNode {
        let first = try readTag()
        if first.name == "plist", !first.closing {
            let value = try parseValue()
            let end = try readTag()
            guard end.closing, end.name == "plist" else { throw fail("expected </plist>", end.location) }
            return value
        }
        throw fail("not an XML property list: expected <plist>, found <\(first.name)>", first.location)
    }

    mutating func parseValue() throws(CatalogError) -> SourceNode {
        let tag = try readTag()
        return try parseValue(tag)
    }

    mutating func parseValue(_ tag: (name: String, selfClosing: Bool, closing: Bool, location: SourceLocation)) throws(CatalogError) -> SourceNode {
        let (l, c) = (tag.location.line, tag.location.column)
        if tag.closing { throw fail("unexpected </\(tag.name)>", tag.location) }
        switch tag.name {
        case "true": return SourceNode(.bool(true), line: l, column: c)
        case "false": return SourceNode(.bool(false), line: l, column: c)
        case "string", "date", "data":
            if tag.selfClosing { return SourceNode(.string(""), line: l, column: c) }
            return SourceNode(.string(try readText(until: tag.name)), line: l, column: c)
        case "integer", "real":
            let text = try readText(until: tag.name).trimmingWhitespace()
            guard let value = Double(text) else { throw fail("<\(tag.name)> holds '\(text)', not a number", tag.location) }
            return SourceNode(.number(value, text: text), line: l, column: c)
        case "array":
            if tag.selfClosing { return SourceNode(.array([]), line: l, column: c) }
            var items: [SourceNode] = []
            while true {
                let next = try readTag()
                if next.closing, next.name == "array" { break }
                items.append(try parseValue(next))
            }
            return SourceNode(.array(items), line: l, column: c)
        case "dict":
            if tag.selfClosing { return SourceNode(.object([]), line: l, column: c) }
            var members: [SourceMember] = []
            var seen: [String: Int] = [:]
            while true {
                let next = try readTag()
                if next.closing, next.name == "dict" { break }
                guard next.name == "key", !next.closing else { throw fail("expected <key> in <dict>, found <\(next.name)>", next.location) }
                let key = try readText(until: "key")
                if let first = seen[key] {
                    throw fail("duplicate key '\(key)' (first on line \(first))", next.location)
                }
                seen[key] = next.location.line
                members.append(SourceMember(key: key, keyLine: next.location.line, keyColumn: next.location.column, value: try parseValue()))
            }
            return SourceNode(.object(members), line: l, column: c)
        default:
            throw fail("unknown property-list element <\(tag.name)>", tag.location)
        }
    }
}
