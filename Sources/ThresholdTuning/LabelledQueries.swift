import Foundation
import ShortcutCatalog

/// One labelled phrase of a queries file (`CONTRACTS.md` §2).
///
/// Kept minimal on purpose: the evaluation module being written alongside `tune` will own the
/// full reader; until it lands, tuning needs only the text, the expected shortcut and where the
/// line came from (for diagnostics).
public struct LabelledQuery: Hashable, Sendable {
    public var text: String
    /// The shortcut id the phrase must hit, or `nil` when it must hit none of this app's shortcuts.
    public var expect: String?
    /// The expected parameter binding (`{"list": "grocery"}`), when the file gives one.
    public var parameter: [String: String]?
    public var kind: String?
    /// The 1-based line in the file, so a report can point back at it.
    public var line: Int

    public init(text: String, expect: String?, parameter: [String: String]? = nil, kind: String? = nil, line: Int = 0) {
        self.text = text
        self.expect = expect
        self.parameter = parameter
        self.kind = kind
        self.line = line
    }

    public var isInScope: Bool { expect != nil }
}

/// Why a queries file could not be used. Every case names the file, and the line when the
/// problem is on one, as `path:line: error: message` so editors and CI logs can jump to it.
public enum QueryFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Missing, a directory, or unreadable.
    case unreadable(path: String, reason: String)
    /// A line that is not a JSON object with a string `text` and a string-or-null `expect`.
    case malformed(path: String, line: Int, message: String)
    /// `expect` names a shortcut the catalog does not declare (a typo would silently count
    /// as a miss on every threshold, which is worse than stopping).
    case unknownShortcut(path: String, line: Int, id: String, known: [String])
    /// No labelled phrase at all: there is nothing to tune on.
    case empty(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read queries: \(reason)"
        case .malformed(let path, let line, let message):
            return "\(path):\(line): error: \(message)"
        case .unknownShortcut(let path, let line, let id, let known):
            let list = known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : "")
            return "\(path):\(line): error: 'expect' names unknown shortcut '\(id)'; the catalog has: \(list)"
        case .empty(let path):
            return "\(path): error: no labelled phrases (expected one JSON object per line)"
        }
    }

    /// Unusable input exits with status 2, like a bad catalog.
    public var exitCode: Int32 { 2 }
}

/// Reads labelled queries (`*.jsonl`, one object per line; blank lines are skipped).
public enum LabelledQueryReader {
    /// Reads and parses the file at `path`.
    public static func read(path: String) throws(QueryFileError) -> [LabelledQuery] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        return try parse(data, path: path)
    }

    /// Parses JSON Lines `data`; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String) throws(QueryFileError) -> [LabelledQuery] {
        var queries: [LabelledQuery] = []
        var lineNumber = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = Data(rawLine)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard String(data: bytes, encoding: .utf8) != nil else {
                throw .malformed(path: path, line: lineNumber, message: "not valid UTF-8")
            }
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
            } catch {
                throw .malformed(path: path, line: lineNumber, message: "not valid JSON")
            }
            guard let fields = object as? [String: Any] else {
                throw .malformed(path: path, line: lineNumber, message: "expected a JSON object")
            }
            guard let text = fields["text"] as? String else {
                throw .malformed(
                    path: path, line: lineNumber,
                    message: fields["text"] == nil ? "missing 'text'" : "'text' must be a string")
            }
            let expect: String?
            switch fields["expect"] {
            case nil:
                throw .malformed(path: path, line: lineNumber, message: "missing 'expect' (a shortcut id, or null)")
            case is NSNull:
                expect = nil
            case let id as String:
                expect = id
            default:
                throw .malformed(path: path, line: lineNumber, message: "'expect' must be a shortcut id or null")
            }
            var parameter: [String: String]?
            if let value = fields["parameter"], !(value is NSNull) {
                guard let map = value as? [String: Any] else {
                    throw .malformed(path: path, line: lineNumber, message: "'parameter' must be an object")
                }
                var strings: [String: String] = [:]
                for (key, item) in map {
                    guard let string = item as? String else {
                        throw .malformed(path: path, line: lineNumber, message: "'parameter.\(key)' must be a string")
                    }
                    strings[key] = string
                }
                parameter = strings
            }
            let kind = fields["kind"] as? String
            queries.append(LabelledQuery(text: text, expect: expect, parameter: parameter, kind: kind, line: lineNumber))
        }
        if queries.isEmpty { throw .empty(path: path) }
        return queries
    }

    /// Checks that every expected shortcut exists in `catalog`.
    public static func validate(_ queries: [LabelledQuery], against catalog: LocaleCatalog, path: String)
        throws(QueryFileError)
    {
        let known = Set(catalog.shortcuts.map(\.id))
        for query in queries {
            if let id = query.expect, !known.contains(id) {
                throw .unknownShortcut(path: path, line: query.line, id: id, known: catalog.shortcuts.map(\.id))
            }
        }
    }
}
