import Foundation
import ShortcutCatalog

/// One line of a labelled queries file (`CONTRACTS.md` §2): a phrase a user might type, and
/// which shortcut it must hit (`expect`), or `nil` when it must hit none of the app's shortcuts.
public struct LabelledQuery: Hashable, Sendable {
    public var text: String
    /// The shortcut id the phrase must hit; `nil` when it must hit no shortcut of this app.
    public var expect: String?
    /// The parameter binding the match must carry, such as `["list": "grocery"]` (value ids).
    public var parameter: [String: String]?
    /// What the line tests (`paraphrase`, `typo`, `core-siri`, ...); free text, optional.
    public var kind: String?
    /// The 1-based line in its file, so reports and errors can point back at it.
    public var line: Int

    public init(
        text: String, expect: String?, parameter: [String: String]? = nil, kind: String? = nil, line: Int = 0
    ) {
        self.text = text
        self.expect = expect
        self.parameter = parameter
        self.kind = kind
        self.line = line
    }

    /// Whether the phrase is meant to hit a shortcut at all.
    public var isInScope: Bool { expect != nil }
}

/// Why a queries file could not be used.
///
/// Every case names the file and, when the problem sits on one line, that line (and column
/// where known), as `path:line[:column]: error: message`, so editors and CI logs can jump to
/// it. A bad label is an error rather than a skipped line: a typo in `expect` would otherwise
/// count as a miss on every run and quietly lower the score.
public enum QueryFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Missing, a folder, or not readable.
    case unreadable(path: String, reason: String)
    /// The line is not UTF-8; `column` is the 1-based byte offset of the first bad byte.
    case invalidUTF8(path: String, line: Int, column: Int)
    /// The line is not a JSON object of the contract's shape (bad JSON, missing `text` or
    /// `expect`, a field of the wrong type). `column` is set when the JSON reader knows it.
    case malformed(path: String, line: Int, column: Int?, message: String)
    /// `expect` names no shortcut of the catalog.
    case unknownShortcut(path: String, line: Int, id: String, known: [String])
    /// `parameter` names a parameter the catalog does not declare.
    case unknownParameter(path: String, line: Int, name: String, known: [String])
    /// `parameter` gives a value id the parameter does not have.
    case unknownParameterValue(path: String, line: Int, name: String, value: String, known: [String])
    /// The file holds no labelled line at all.
    case empty(path: String)

    public var path: String {
        switch self {
        case .unreadable(let path, _), .invalidUTF8(let path, _, _), .malformed(let path, _, _, _),
            .unknownShortcut(let path, _, _, _), .unknownParameter(let path, _, _, _),
            .unknownParameterValue(let path, _, _, _, _), .empty(let path):
            return path
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read queries: \(reason)"
        case .invalidUTF8(let path, let line, let column):
            return "\(path):\(line):\(column): error: invalid UTF-8 (queries files must be UTF-8 encoded)"
        case .malformed(let path, let line, let column, let message):
            return "\(path):\(line)\(column.map { ":\($0)" } ?? ""): error: \(message)"
        case .unknownShortcut(let path, let line, let id, let known):
            return "\(path):\(line): error: 'expect' names unknown shortcut '\(id)'; the catalog has: \(Self.list(known))"
        case .unknownParameter(let path, let line, let name, let known):
            return "\(path):\(line): error: 'parameter' names unknown parameter '\(name)'; the catalog has: \(Self.list(known))"
        case .unknownParameterValue(let path, let line, let name, let value, let known):
            return "\(path):\(line): error: parameter '\(name)' has no value '\(value)'; its values are: \(Self.list(known))"
        case .empty(let path):
            return "\(path): error: no labelled queries (expected one JSON object per line)"
        }
    }

    /// Unusable input exits with status 2, like a bad catalog; 1 is kept for "ran, but the
    /// result is below the bar".
    public var exitCode: Int32 { 2 }

    private static func list(_ items: [String]) -> String {
        if items.isEmpty { return "none" }
        return items.prefix(12).joined(separator: ", ") + (items.count > 12 ? ", …" : "")
    }
}

/// Reads labelled queries files (`*.jsonl`: one JSON object per line; blank lines skipped).
public enum LabelledQueryReader {
    /// Reads and parses the file at `path`. Does not check the labels against a catalog;
    /// see `validate(_:against:path:)`.
    public static func read(path: String) throws(QueryFileError) -> [LabelledQuery] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses JSON Lines `bytes`; `path` only names the file in errors.
    ///
    /// Each line goes through the project's located JSON reader (`SourceJSON`), so a bad line
    /// is reported with its column and duplicate keys are refused, as in manifests.
    public static func parse(_ bytes: [UInt8], path: String) throws(QueryFileError) -> [LabelledQuery] {
        var queries: [LabelledQuery] = []
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            var line = Array(bytes[start..<end])
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if let offset = firstInvalidUTF8Byte(line) {
                throw .invalidUTF8(path: path, line: lineNumber, column: offset + 1)
            }
            queries.append(try decode(line, path: path, line: lineNumber))
        }
        if queries.isEmpty { throw .empty(path: path) }
        return queries
    }

    /// Checks every label against one locale of the catalog: `expect` must name a shortcut,
    /// and `parameter` a declared parameter and one of its value ids.
    public static func validate(
        _ queries: [LabelledQuery], against catalog: LocaleCatalog, path: String
    ) throws(QueryFileError) {
        let shortcutIDs = catalog.shortcuts.map(\.id)
        let known = Set(shortcutIDs)
        for query in queries {
            if let id = query.expect, !known.contains(id) {
                throw .unknownShortcut(path: path, line: query.line, id: id, known: shortcutIDs)
            }
            for (name, value) in (query.parameter ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let parameter = catalog.parameter(named: name) else {
                    throw .unknownParameter(
                        path: path, line: query.line, name: name, known: catalog.parameters.map(\.name))
                }
                if !parameter.values.contains(where: { $0.id == value }) {
                    throw .unknownParameterValue(
                        path: path, line: query.line, name: name, value: value, known: parameter.values.map(\.id))
                }
            }
        }
    }

    // MARK: One line

    private static func decode(_ bytes: [UInt8], path: String, line: Int) throws(QueryFileError) -> LabelledQuery {
        let node: SourceNode
        do {
            node = try SourceJSON.parse(bytes, file: path, maxDepth: 16)
        } catch {
            // The line was parsed on its own, so the reader's line is always 1: keep its column.
            throw .malformed(path: path, line: line, column: error.location?.column, message: error.message)
        }
        guard case .object = node.value else {
            throw .malformed(path: path, line: line, column: nil, message: "expected a JSON object, found \(node.kindDescription)")
        }
        func fail(_ field: SourceNode, _ message: String) -> QueryFileError {
            .malformed(path: path, line: line, column: field.column, message: message)
        }

        guard let textNode = node["text"] else {
            throw .malformed(path: path, line: line, column: nil, message: "missing 'text'")
        }
        guard case .string(let text) = textNode.value else {
            throw fail(textNode, "'text' must be a string, found \(textNode.kindDescription)")
        }

        guard let expectNode = node["expect"] else {
            throw .malformed(path: path, line: line, column: nil, message: "missing 'expect' (a shortcut id, or null)")
        }
        let expect: String?
        switch expectNode.value {
        case .null: expect = nil
        case .string(let id) where !id.isEmpty: expect = id
        default: throw fail(expectNode, "'expect' must be a shortcut id or null, found \(expectNode.kindDescription)")
        }

        var parameter: [String: String]?
        if let parameterNode = node["parameter"] {
            switch parameterNode.value {
            case .null:
                break
            case .object(let members):
                var binding: [String: String] = [:]
                for member in members {
                    guard case .string(let value) = member.value.value else {
                        throw fail(member.value, "'parameter.\(member.key)' must be a value id (a string)")
                    }
                    binding[member.key] = value
                }
                if expect == nil, !binding.isEmpty {
                    throw fail(parameterNode, "'parameter' needs 'expect': a line that hits no shortcut binds no value")
                }
                parameter = binding.isEmpty ? nil : binding
            default:
                throw fail(parameterNode, "'parameter' must be an object such as {\"list\": \"grocery\"}")
            }
        }

        var kind: String?
        if let kindNode = node["kind"] {
            switch kindNode.value {
            case .null: break
            case .string(let value): kind = value.isEmpty ? nil : value
            default: throw fail(kindNode, "'kind' must be a string, found \(kindNode.kindDescription)")
            }
        }
        return LabelledQuery(text: text, expect: expect, parameter: parameter, kind: kind, line: line)
    }

    /// The 0-based offset of the first byte that does not decode as UTF-8, or `nil`.
    private static func firstInvalidUTF8Byte(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
