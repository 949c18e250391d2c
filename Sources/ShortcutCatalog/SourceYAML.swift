import Yams

/// Reads YAML into the same `SourceNode` tree as `SourceJSON`, through Yams' composer (which
/// keeps each node's line and column), so one decoder serves both syntaxes.
///
/// Plain scalars are resolved with the YAML 1.2 core schema (`true`/`false`, numbers, `null`,
/// `~`), not YAML 1.1's: `no`, `on` or `NO` (a country code!) stay strings. Yams' own resolver
/// is bypassed (`Resolver.basic`) both for that reason and because it runs a regular
/// expression per scalar.
public enum SourceYAML {
    /// Parses the first and only YAML document in `bytes`. An empty document is `null`.
    public static func parse(
        _ bytes: [UInt8], file: String, maxDepth: Int = SourceJSON.defaultMaxDepth
    ) throws(CatalogError) -> SourceNode {
        // Validate UTF-8 ourselves so the error points at the bad byte; Yams needs a String.
        let checked: Result<String, CatalogError> = bytes.withUnsafeBufferPointer { buffer in
            let bom = UTF8Validation.bomLength(buffer)
            if let bad = UTF8Validation.firstInvalidOffset(buffer, from: bom) {
                var tracker = LineColumnTracker(bytes: buffer, start: bom)
                let (line, column) = tracker.lineColumn(at: bad)
                return .failure(.invalidUTF8(SourceLocation(file: file, line: line, column: column)))
            }
            return .success(String(decoding: UnsafeBufferPointer(rebasing: buffer[bom...]), as: UTF8.self))
        }
        let text = try checked.get()

        let composed: Node?
        do {
            composed = try Yams.compose(yaml: text, Resolver.basic, Constructor.default, .utf8)
        } catch let error as YamlError {
            throw convert(error, text: text, file: file)
        } catch {
            throw .syntax(SourceLocation(file: file, line: 1, column: 1), message: "\(error)")
        }
        guard let composed else {
            return SourceNode(.null, line: 1, column: 1)
        }
        // Aliases are shared in Yams' tree but copied into ours; the budget stops a
        // "billion laughs" document from expanding without end.
        var converter = Converter(file: file, maxDepth: max(1, maxDepth), budget: 8 * bytes.count + 10_000)
        return try converter.convert(composed, depth: 0)
    }

    /// Maps Yams' errors onto `CatalogError.syntax` with the problem's line and column.
    static func convert(_ error: YamlError, text: String, file: String) -> CatalogError {
        func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: max(1, mark.line), column: max(1, mark.column))
        }
        func message(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context else { return problem }
            return "\(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return .syntax(location(mark), message: message(context, problem))
        case .reader(let problem, let offset, _, _):
            // The offset counts Characters from the start of `text`.
            var line = 1
            var column = 1
            if let offset {
                for character in text.prefix(max(0, offset)) {
                    if character.isNewline {
                        line += 1
                        column = 1
                    } else {
                        column += character.unicodeScalars.count
                    }
                }
            }
            return .syntax(SourceLocation(file: file, line: line, column: column), message: problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .syntax(
                location(context.mark),
                message: "duplicate key \(keys) in the mapping; the first one is on line \(context.mark.line)")
        default:
            return .syntax(SourceLocation(file: file, line: 1, column: 1), message: "\(error)")
        }
    }

    /// Converts Yams nodes to `SourceNode`s, bounded in depth and in total node count.
    private struct Converter {
        let file: String
        let maxDepth: Int
        var budget: Int

        func location(_ mark: Mark?) -> (line: Int, column: Int) {
            guard let mark else { return (1, 1) }
            return (max(1, mark.line), max(1, mark.column))
        }

        mutating func convert(_ node: Node, depth: Int) throws(CatalogError) -> SourceNode {
            budget -= 1
            let (line, column) = location(node.mark)
            guard budget >= 0 else {
                throw .syntax(
                    SourceLocation(file: file, line: line, column: column),
                    message: "the document expands to too many values (aliases referring to aliases?)")
            }
            switch node {
            case .scalar(let scalar):
                return SourceYAML.resolve(scalar, line: line, column: column)
            case .sequence(let sequence):
                try checkDepth(depth, line: line, column: column)
                var elements: [SourceNode] = []
                elements.reserveCapacity(sequence.count)
                for element in sequence {
                    elements.append(try convert(element, depth: depth + 1))
                }
                return SourceNode(.array(elements), line: line, column: column)
            case .mapping(let mapping):
                try checkDepth(depth, line: line, column: column)
                var members: [SourceMember] = []
                members.reserveCapacity(mapping.count)
                for (key, value) in mapping {
                    let (keyLine, keyColumn) = location(key.mark)
                    guard case .scalar(let keyScalar) = key else {
                        throw .syntax(
                            SourceLocation(file: file, line: keyLine, column: keyColumn),
                            message: "mapping keys must be plain strings, not \(key.sequence != nil ? "sequences" : "mappings")")
                    }
                    budget -= 1
                    members.append(
                        SourceMember(
                            key: keyScalar.string, keyLine: keyLine, keyColumn: keyColumn,
                            value: try convert(value, depth: depth + 1)))
                }
                return SourceNode(.object(members), line: line, column: column)
            case .alias:
                throw .syntax(SourceLocation(file: file, line: line, column: column), message: "unresolved alias")
            }
        }

        func checkDepth(_ depth: Int, line: Int, column: Int) throws(CatalogError) {
            guard depth < maxDepth else {
                throw .syntax(
                    SourceLocation(file: file, line: line, column: column),
                    message: "nesting is deeper than \(maxDepth) levels")
            }
        }
    }

    private static let strTag = "tag:yaml.org,2002:str"
    private static let typedTags: Set<String> = [
        "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    ]

    /// Resolves a scalar with the YAML 1.2 core schema. Quoted and block scalars, and any
    /// scalar tagged `!!str` or with a custom tag, stay strings.
    static func resolve(_ scalar: Node.Scalar, line: Int, column: Int) -> SourceNode {
        let text = scalar.string
        let tag = scalar.tag.rawValue
        let plainUntagged = scalar.style == .plain && tag.isEmpty
        guard plainUntagged || typedTags.contains(tag) else {
            return SourceNode(.string(text), line: line, column: column)
        }
        if let value = coreSchemaValue(text) {
            return SourceNode(value, line: line, column: column, scalarText: text)
        }
        return SourceNode(.string(text), line: line, column: column)
    }

    /// The null, bool or number a plain scalar denotes under the core schema, if any.
    static func coreSchemaValue(_ text: String) -> SourceNode.Value? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity, text: text)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity, text: text)
        case ".nan", ".NaN", ".NAN": return .number(.nan, text: text)
        default: break
        }
        let utf8 = Array(text.utf8)
        if utf8.count > 2, utf8[0] == 0x30, utf8[1] == 0x78 || utf8[1] == 0x6F {  // 0x..., 0o...
            let digits = String(decoding: utf8[2...], as: UTF8.self)
            if let value = Int(digits, radix: utf8[1] == 0x78 ? 16 : 8) {
                return .number(Double(value), text: text)
            }
            return nil
        }
        guard isCoreDecimal(utf8), let value = Double(text) else { return nil }
        return .number(value, text: text)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?` — checked by hand
    /// because `Double(_:)` also accepts `inf`, `nan` and hexadecimal floats.
    static func isCoreDecimal(_ utf8: [UInt8]) -> Bool {
        var i = 0
        let n = utf8.count
        func digits() -> Int {
            let start = i
            while i < n, utf8[i] >= 0x30, utf8[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < n, utf8[i] == 0x2B || utf8[i] == 0x2D { i += 1 }
        var mantissa = digits()
        if i < n, utf8[i] == 0x2E {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < n, utf8[i] == 0x65 || utf8[i] == 0x45 {
            i += 1
            if i < n, utf8[i] == 0x2B || utf8[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }
}
