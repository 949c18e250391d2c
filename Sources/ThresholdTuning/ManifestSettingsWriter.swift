import Foundation
import ShortcutCatalog

/// Why tuned settings could not be stored in a manifest.
public enum ManifestWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The manifest could not be read or loaded (its own diagnostic).
    case catalog(CatalogError)
    /// The text is laid out in a way the writer does not edit safely (YAML flow style, a
    /// JSON top level that is not an object, ...). The message says what to add by hand.
    case unsupportedLayout(path: String, reason: String, snippet: String)
    /// The edited text did not load back with the new settings: nothing was written.
    case verificationFailed(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .catalog(let error):
            return error.description
        case .unsupportedLayout(let path, let reason, let snippet):
            return "\(path): error: cannot store the settings automatically: \(reason); add this by hand:\n\(snippet)"
        case .verificationFailed(let path, let reason):
            return "\(path): error: the updated manifest did not load back (\(reason)); the file was not changed"
        case .writeFailed(let path, let reason):
            return "\(path): error: cannot write: \(reason)"
        }
    }

    public var exitCode: Int32 { 2 }
}

/// Stores tuned settings in a manifest's `matching` block (`CONTRACTS.md` §1), changing as
/// little of the file's text as it can: existing keys keep their place, order, comments (in
/// YAML), indentation and spacing; only the values written change, and missing keys are
/// added after the last existing one in the surrounding style. The edit is verified by
/// loading the new text back before the file is replaced.
public enum ManifestSettingsWriter {
    /// Writes `settings` (its non-`nil` fields) into the manifest at `path`.
    public static func write(_ settings: MatchingSettings, toManifestAt path: String) throws(ManifestWriteError) {
        let bytes: [UInt8]
        do {
            bytes = try ManifestLoader.readFile(path: path)
        } catch {
            throw .catalog(error)
        }
        let updated = try updatedText(String(decoding: bytes, as: UTF8.self), settings: settings, path: path)
        do {
            try Data(updated.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .writeFailed(path: path, reason: error.localizedDescription)
        }
    }

    /// The manifest text with `settings` stored; the syntax is chosen by `path`'s extension.
    public static func updatedText(_ text: String, settings: MatchingSettings, path: String) throws(ManifestWriteError) -> String {
        let format = ManifestFormat(path: path)
        let original: Catalog
        do {
            original = try ManifestLoader.load(bytes: Array(text.utf8), path: path, format: format)
        } catch {
            throw .catalog(error)
        }
        let updated: String
        switch format {
        case .json: updated = try updateJSON(text, settings: settings, path: path)
        case .yaml: updated = try updateYAML(text, settings: settings, path: path)
        }
        // Verify: the new text loads, carries the new settings, and nothing else changed.
        var expected = original.matching
        if let t = settings.threshold { expected.threshold = t }
        if let m = settings.margin { expected.margin = m }
        if let a = settings.appName { expected.appName = a }
        let reloaded: Catalog
        do {
            reloaded = try ManifestLoader.load(bytes: Array(updated.utf8), path: path, format: format)
        } catch {
            throw .verificationFailed(path: path, reason: error.message)
        }
        guard reloaded.matching == expected else {
            throw .verificationFailed(path: path, reason: "the matching settings read back differ")
        }
        var withoutSettings = reloaded
        withoutSettings.matching = original.matching
        guard withoutSettings.strippingSourceLocations() == original.strippingSourceLocations() else {
            throw .verificationFailed(path: path, reason: "other content changed")
        }
        return updated
    }

    /// The settings as `(key, JSON/YAML literal)` pairs, in the contract's order.
    static func literals(_ settings: MatchingSettings) -> [(key: String, literal: String)] {
        var out: [(String, String)] = []
        if let t = settings.threshold { out.append(("threshold", number(t))) }
        if let m = settings.margin { out.append(("margin", number(m))) }
        if let a = settings.appName { out.append(("appName", "\"\(a.rawValue)\"")) }
        return out
    }

    /// The shortest decimal that reads back as the same `Double` (Swift's own rendering).
    public static func number(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func snippet(_ settings: MatchingSettings, yaml: Bool) -> String {
        let pairs = literals(settings)
        if yaml { return "matching:\n" + pairs.map { "  \($0.key): \($0.literal)" }.joined(separator: "\n") }
        return "\"matching\": { " + pairs.map { "\"\($0.key)\": \($0.literal)" }.joined(separator: ", ") + " }"
    }

    // MARK: JSON

    static func updateJSON(_ text: String, settings: MatchingSettings, path: String) throws(ManifestWriteError) -> String {
        let bytes = Array(text.utf8)
        let scanner = JSONSpanScanner(bytes: bytes)
        guard let root = scanner.object(at: scanner.skipSpace(from: 0)) else {
            throw .unsupportedLayout(path: path, reason: "the top level is not a JSON object", snippet: snippet(settings, yaml: false))
        }
        var edits: [(range: Range<Int>, text: String)] = []
        if let member = root.members.last(where: { $0.key == "matching" }) {
            if let object = scanner.object(at: member.value.lowerBound) {
                var additions: [String] = []
                for (key, literal) in literals(settings) {
                    if let existing = object.members.last(where: { $0.key == key }) {
                        edits.append((existing.value, literal))
                    } else {
                        additions.append("\"\(key)\": \(literal)")
                    }
                }
                if !additions.isEmpty {
                    edits.append(insertion(into: object, bytes: bytes, members: additions))
                }
            } else {
                // `"matching": null` or some other non-object: replace the value.
                let inline = "{ " + literals(settings).map { "\"\($0.key)\": \($0.literal)" }.joined(separator: ", ") + " }"
                edits.append((member.value, inline))
            }
        } else {
            let inline = "\"matching\": { "
                + literals(settings).map { "\"\($0.key)\": \($0.literal)" }.joined(separator: ", ") + " }"
            edits.append(insertion(into: root, bytes: bytes, members: [inline]))
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Inserts members after an object's last member, in its style: one per line with the last
    /// member's indentation when the object spans lines, inline otherwise.
    static func insertion(into object: JSONSpanScanner.ObjectSpan, bytes: [UInt8], members: [String]) -> (range: Range<Int>, text: String) {
        guard let last = object.members.last else {
            // `{}`: fill it.
            return (object.open..<(object.close + 1), "{ " + members.joined(separator: ", ") + " }")
        }
        let spansLines = bytes[object.open..<object.close].contains(UInt8(ascii: "\n"))
        if spansLines {
            var lineStart = last.keyStart
            while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let indent = String(decoding: bytes[lineStart..<last.keyStart].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
            let text = members.map { ",\n" + indent + $0 }.joined()
            return (last.value.upperBound..<last.value.upperBound, text)
        }
        return (last.value.upperBound..<last.value.upperBound, members.map { ", " + $0 }.joined())
    }

    // MARK: YAML

    /// Block-style YAML only: edits or appends the lines of a top-level `matching:` mapping.
    static func updateYAML(_ text: String, settings: MatchingSettings, path: String) throws(ManifestWriteError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isTopLevelKey(_ line: String) -> Bool {
            guard let first = line.first else { return false }
            return first != " " && first != "\t" && first != "#" && first != "-" && line.contains(":")
        }
        let firstContent = lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") && $0 != "---" }
        if let firstContent, firstContent.trimmingCharacters(in: .whitespaces).hasPrefix("{") {
            throw .unsupportedLayout(
                path: path, reason: "the manifest is written in YAML flow style", snippet: snippet(settings, yaml: true))
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("matching:") }) else {
            // Append a new block, keeping a final newline if the file had one.
            var out = text
            if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
            return out + snippet(settings, yaml: true) + "\n"
        }
        let rest = lines[start].dropFirst("matching:".count).trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw .unsupportedLayout(
                path: path, reason: "'matching' is written on one line (flow style)", snippet: snippet(settings, yaml: true))
        }
        // The block: following lines that are indented, blank or comments, up to the next top-level key.
        var end = start + 1
        while end < lines.count && !isTopLevelKey(lines[end]) && lines[end] != "---" && lines[end] != "..." { end += 1 }
        var indent = "  "
        var lastContent = start
        var found: [String: Int] = [:]
        for index in (start + 1)..<end {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            indent = String(line.prefix { $0 == " " || $0 == "\t" })
            lastContent = index
            if let colon = trimmed.firstIndex(of: ":") {
                found[String(trimmed[..<colon])] = index
            }
        }
        var additions: [String] = []
        for (key, literal) in literals(settings) {
            if let index = found[key] {
                // Keep a trailing comment on the line.
                let line = lines[index]
                var comment = ""
                if let hash = line.range(of: " #") {
                    var start = hash.lowerBound
                    while start > line.startIndex, line[line.index(before: start)] == " " { start = line.index(before: start) }
                    comment = String(line[start...])
                }
                lines[index] = indent + key + ": " + literal + comment
            } else {
                additions.append(indent + key + ": " + literal)
            }
        }
        lines.insert(contentsOf: additions, at: lastContent + 1)
        return lines.joined(separator: "\n")
    }
}

/// Finds the byte ranges of an object's members in JSON text, without building values: just
/// enough to edit a file in place. The text is assumed well-formed (the manifest loader has
/// already accepted it); on anything unexpected the scanner returns `nil` rather than guess.
struct JSONSpanScanner {
    let bytes: [UInt8]

    struct Member {
        /// The key, unescaped only for plain keys (escaped keys are compared as written).
        var key: String
        var keyStart: Int
        var value: Range<Int>
    }

    struct ObjectSpan {
        var open: Int
        var close: Int
        var members: [Member]
    }

    func skipSpace(from index: Int) -> Int {
        var i = index
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        // A UTF-8 byte-order mark at the very start.
        if i == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return skipSpace(from: 3) }
        return i
    }

    /// The end (exclusive) of the string starting at `index` (a `"`).
    func stringEnd(at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var i = index + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// The end (exclusive) of the value starting at `index`.
    func valueEnd(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(at: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = index
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(at: i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return nil
        default:
            // Number, true, false, null: up to the next delimiter.
            var i = index
            while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
                i += 1
            }
            return i > index ? i : nil
        }
    }

    /// The members of the object starting at `index` (a `{`), `nil` if it is not one.
    func object(at index: Int) -> ObjectSpan? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var i = skipSpace(from: index + 1)
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return ObjectSpan(open: index, close: i, members: []) }
        while i < bytes.count {
            guard let keyEnd = stringEnd(at: i) else { return nil }
            let key = String(decoding: bytes[(i + 1)..<(keyEnd - 1)], as: UTF8.self)
            var j = skipSpace(from: keyEnd)
            guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { return nil }
            j = skipSpace(from: j + 1)
            guard let valueEnd = valueEnd(at: j) else { return nil }
            members.append(Member(key: key, keyStart: i, value: j..<valueEnd))
            j = skipSpace(from: valueEnd)
            guard j < bytes.count else { return nil }
            if bytes[j] == UInt8(ascii: "}") { return ObjectSpan(open: index, close: j, members: members) }
            guard bytes[j] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(from: j + 1)
        }
        return nil
    }
}
