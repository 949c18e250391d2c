/// Why a manifest could not be loaded.
///
/// Every case names the file, and where the problem sits at a place in the file, its 1-based
/// line and column, so `description` reads like a compiler diagnostic an editor can jump to:
/// `Demo.json:12:7: error: missing required field 'shortcuts[2].phrases'`.
/// Field paths use the manifest's own spelling (`shortcuts[2].phrases[0]`,
/// `localizations.zh-Hans.app.name`) so the message can be matched to the file by eye.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case fileNotFound(path: String)
    /// The path exists but could not be read (a folder, no permission, an I/O error).
    case unreadable(path: String, reason: String)
    /// The bytes are not UTF-8; the location is the first byte of the bad sequence.
    case invalidUTF8(SourceLocation)
    /// The text is not well-formed JSON or YAML (truncated, bad escape, trailing garbage,
    /// duplicate key, nesting too deep, ...).
    case syntax(SourceLocation, message: String)
    /// The file parses but is not a shortcut manifest at all: its top level is not an object,
    /// or it has none of the manifest's keys (a queries file, a `package.json`, ...).
    case notAManifest(path: String, reason: String)
    /// A required field is absent; the location is the object that should hold it.
    case missingField(SourceLocation, field: String)
    /// A field holds the wrong kind of value, e.g. a string where an array is expected.
    case wrongType(SourceLocation, field: String, expected: String, found: String)
    /// A phrase uses `${name}` where `name` is neither `applicationName` nor a declared parameter.
    case unknownPlaceholder(SourceLocation, field: String, placeholder: String)
    /// A field has the right type but a value the manifest format does not allow
    /// (unknown parameter kind, unsupported `formatVersion`, duplicate shortcut id,
    /// threshold outside [0, 1], empty phrase, unterminated `${`, ...).
    case invalidValue(SourceLocation, field: String, message: String)

    /// The process exit status a command-line tool should use for this error. All load
    /// errors mean "the input could not be used", which the tools report as 2, keeping 1 for
    /// "ran fine but the result is a failure" (e.g. a benchmark below its bar).
    public var exitCode: Int32 { 2 }

    /// The file the error is about.
    public var path: String {
        switch self {
        case .fileNotFound(let path), .unreadable(let path, _), .notAManifest(let path, _):
            return path
        case .invalidUTF8(let location), .syntax(let location, _), .missingField(let location, _),
            .wrongType(let location, _, _, _), .unknownPlaceholder(let location, _, _),
            .invalidValue(let location, _, _):
            return location.file
        }
    }

    /// Where in the file the error is, when it is about a place rather than the whole file.
    public var location: SourceLocation? {
        switch self {
        case .fileNotFound, .unreadable, .notAManifest:
            return nil
        case .invalidUTF8(let location), .syntax(let location, _), .missingField(let location, _),
            .wrongType(let location, _, _, _), .unknownPlaceholder(let location, _, _),
            .invalidValue(let location, _, _):
            return location
        }
    }

    /// The field path the error is about (`shortcuts[2].phrases[0]`), if any.
    public var field: String? {
        switch self {
        case .missingField(_, let field), .wrongType(_, let field, _, _),
            .unknownPlaceholder(_, let field, _), .invalidValue(_, let field, _):
            return field
        default:
            return nil
        }
    }

    /// The message without the `path:line:col: error:` prefix.
    public var message: String {
        switch self {
        case .fileNotFound:
            return "no such file"
        case .unreadable(_, let reason):
            return "cannot read file: \(reason)"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence (manifests must be UTF-8 encoded)"
        case .syntax(_, let message):
            return message
        case .notAManifest(_, let reason):
            return "not a shortcut manifest: \(reason)"
        case .missingField(_, let field):
            return "missing required field '\(field)'"
        case .wrongType(_, let field, let expected, let found):
            return "'\(field)' must be \(expected), found \(found)"
        case .unknownPlaceholder(_, let field, let placeholder):
            return "unknown placeholder '${\(placeholder)}' in '\(field)'; "
                + "use ${applicationName} or the name of a declared parameter"
        case .invalidValue(_, let field, let message):
            return "invalid value for '\(field)': \(message)"
        }
    }

    /// `path:line:col: error: message`, or `path: error: message` for whole-file errors.
    public var description: String {
        if let location {
            return "\(location.file):\(location.line):\(location.column): error: \(message)"
        }
        return "\(path): error: \(message)"
    }
}
