/// A parsed JSON or YAML value that remembers where it was written.
///
/// Both readers produce this one tree so the manifest decoder, and the error messages it
/// gives, are the same whichever syntax the author chose. Lines and columns are 1-based;
/// columns count Unicode scalars (as libyaml does), not bytes, so they match what an editor
/// shows for non-ASCII text.
public struct SourceNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        /// Members in the order they were written; keys are unique (the readers reject duplicates).
        case object([SourceMember])
        case array([SourceNode])
        case string(String)
        /// The number and its literal text (kept for messages and for YAML scalars used as strings).
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    public var value: Value
    public var line: Int
    public var column: Int
    /// For a YAML plain (unquoted) scalar that resolved to a number, bool or null: the text as
    /// written. It lets a string field accept `id: 404` or `shortTitle: true` the way a YAML
    /// author expects, while JSON (where this is always nil) stays strict.
    public var scalarText: String?

    public init(_ value: Value, line: Int, column: Int, scalarText: String? = nil) {
        self.value = value
        self.line = line
        self.column = column
        self.scalarText = scalarText
    }

    /// The node's location in `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// The member called `key`, when this is an object that has one.
    public subscript(key: String) -> SourceNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's kind for messages: "an object", "a string", ...
    public var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One `key: value` pair of an object, with the key's own location (used to report
/// duplicate and misplaced keys at the key rather than at its value).
public struct SourceMember: Hashable, Sendable {
    public var key: String
    public var keyLine: Int
    public var keyColumn: Int
    public var value: SourceNode

    public init(key: String, keyLine: Int, keyColumn: Int, value: SourceNode) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.value = value
    }
}

extension SourceNode {
    /// The members of an object node; otherwise `wrongType` at the node, naming `field`.
    /// Shared by every reader of located trees (manifests, string catalogs, providers).
    public func members(field: String, file: String) throws(CatalogError) -> [SourceMember] {
        guard case .object(let members) = value else {
            throw .wrongType(location(in: file), field: field, expected: "an object", found: kindDescription)
        }
        return members
    }

    /// The elements of an array node; otherwise `wrongType` at the node, naming `field`.
    public func elements(field: String, file: String) throws(CatalogError) -> [SourceNode] {
        guard case .array(let elements) = value else {
            throw .wrongType(location(in: file), field: field, expected: "an array", found: kindDescription)
        }
        return elements
    }
}
