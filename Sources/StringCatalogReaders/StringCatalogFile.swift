import ShortcutCatalog

/// An Xcode string catalog (`AppShortcuts.xcstrings`), kept close to the file: every key,
/// localization and value with its location, and the states Xcode records.
///
/// Both layouts seen in real apps read into this one model: one key per shortcut (its first
/// phrase) with a `stringSet` of phrases per locale (what Xcode extracts), and one key per
/// phrase with a `stringUnit` translation (hand-written or migrated from `.strings`).
public struct StringCatalogFile: Hashable, Sendable {
    public var path: String
    public var sourceLanguage: String
    public var version: String?
    public var entries: [StringCatalogEntry]

    public init(path: String, sourceLanguage: String, version: String?, entries: [StringCatalogEntry]) {
        self.path = path
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
    }

    /// Every locale that has at least one localization, sorted.
    public var locales: [String] {
        Array(Set(entries.flatMap { $0.localizations.map(\.locale) })).sorted()
    }
}

/// Xcode's record of how a key got into the catalog.
public enum ExtractionState: Hashable, Sendable {
    /// Extracted from the code at the last build.
    case extractedWithValue
    /// Added by hand; Xcode never marks it stale.
    case manual
    /// Extracted earlier, no longer found in the code.
    case stale
    /// Any other value, kept as written.
    case other(String)

    public init(_ text: String) {
        switch text {
        case "extracted_with_value": self = .extractedWithValue
        case "manual": self = .manual
        case "stale": self = .stale
        default: self = .other(text)
        }
    }

    public var rawValue: String {
        switch self {
        case .extractedWithValue: return "extracted_with_value"
        case .manual: return "manual"
        case .stale: return "stale"
        case .other(let text): return text
        }
    }
}

/// A translation's review state.
public enum TranslationState: Hashable, Sendable {
    case new, translated, needsReview
    case other(String)

    public init(_ text: String) {
        switch text {
        case "new": self = .new
        case "translated": self = .translated
        case "needs_review": self = .needsReview
        default: self = .other(text)
        }
    }

    public var rawValue: String {
        switch self {
        case .new: return "new"
        case .translated: return "translated"
        case .needsReview: return "needs_review"
        case .other(let text): return text
        }
    }
}

/// One key of a string catalog.
public struct StringCatalogEntry: Hashable, Sendable {
    public var key: LocatedText
    public var extractionState: ExtractionState?
    public var comment: String?
    public var localizations: [StringCatalogLocalization]

    public init(
        key: LocatedText, extractionState: ExtractionState?, comment: String?,
        localizations: [StringCatalogLocalization]
    ) {
        self.key = key
        self.extractionState = extractionState
        self.comment = comment
        self.localizations = localizations
    }

    public func localization(_ locale: String) -> StringCatalogLocalization? {
        localizations.first { $0.locale == locale }
    }
}

/// One locale's text for a key.
public struct StringCatalogLocalization: Hashable, Sendable {
    public enum Form: String, Hashable, Sendable {
        /// Several phrases (Xcode's per-shortcut layout).
        case stringSet
        /// One translation of the key (per-phrase layout).
        case stringUnit
        /// Plural or device variations: not meaningful for App Shortcut phrases, read as none.
        case variations
    }

    public var locale: String
    public var location: SourceLocation
    public var form: Form
    public var state: TranslationState?
    public var values: [LocatedText]

    public init(locale: String, location: SourceLocation, form: Form, state: TranslationState?, values: [LocatedText]) {
        self.locale = locale
        self.location = location
        self.form = form
        self.state = state
        self.values = values
    }
}

/// Reads `.xcstrings` files on the located JSON reader, so every error and every phrase has
/// a line and column.
public enum StringCatalogReader {
    public static func read(path: String) throws(CatalogError) -> StringCatalogFile {
        try parse(try ManifestLoader.readFile(path: path), file: path)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> StringCatalogFile {
        try decode(try LocatedJSON.parse(bytes, file: file), file: file)
    }

    static func decode(_ root: SourceNode, file: String) throws(CatalogError) -> StringCatalogFile {
        let d = NodeDecoder(file: file)
        let members = try d.object(root, "the top level")
        guard members.contains(where: { $0.key == "strings" || $0.key == "sourceLanguage" }) else {
            throw .notAManifest(path: file, reason: "not a string catalog: it has neither 'sourceLanguage' nor 'strings'")
        }
        let sourceLanguage = try d.requiredString(root, "sourceLanguage", "sourceLanguage")
        let version = try root["version"].map { node throws(CatalogError) in try d.string(node, "version") }
        var entries: [StringCatalogEntry] = []
        if let strings = root["strings"] {
            for member in try d.object(strings, "strings") {
                let field = d.join("strings", member.key)
                let keyLocation = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
                _ = try d.object(member.value, field)
                let extraction = try member.value["extractionState"].map { node throws(CatalogError) in
                    ExtractionState(try d.string(node, field + ".extractionState"))
                }
                let comment = try member.value["comment"].map { node throws(CatalogError) in
                    try d.string(node, field + ".comment")
                }
                var localizations: [StringCatalogLocalization] = []
                if let locs = member.value["localizations"] {
                    for loc in try d.object(locs, field + ".localizations") {
                        localizations.append(try decodeLocalization(loc, field: d.join(field + ".localizations", loc.key), d: d))
                    }
                }
                entries.append(
                    StringCatalogEntry(
                        key: LocatedText(member.key, location: keyLocation), extractionState: extraction,
                        comment: comment, localizations: localizations))
            }
        }
        return StringCatalogFile(path: file, sourceLanguage: sourceLanguage, version: version, entries: entries)
    }

    static func decodeLocalization(
        _ member: SourceMember, field: String, d: NodeDecoder
    ) throws(CatalogError) -> StringCatalogLocalization {
        let node = member.value
        let location = SourceLocation(file: d.file, line: member.keyLine, column: member.keyColumn)
        _ = try d.object(node, field)
        if let set = node["stringSet"] {
            let setField = field + ".stringSet"
            _ = try d.object(set, setField)
            let state = try set["state"].map { n throws(CatalogError) in TranslationState(try d.string(n, setField + ".state")) }
            var values: [LocatedText] = []
            if let valuesNode = set["values"] {
                for (index, element) in try d.array(valuesNode, setField + ".values").enumerated() {
                    values.append(LocatedText(try d.string(element, "\(setField).values[\(index)]"), location: d.location(element)))
                }
            }
            return StringCatalogLocalization(locale: member.key, location: location, form: .stringSet, state: state, values: values)
        }
        if let unit = node["stringUnit"] {
            let unitField = field + ".stringUnit"
            _ = try d.object(unit, unitField)
            let state = try unit["state"].map { n throws(CatalogError) in TranslationState(try d.string(n, unitField + ".state")) }
            guard let valueNode = unit["value"] else { throw .missingField(d.location(unit), field: unitField + ".value") }
            let value = LocatedText(try d.string(valueNode, unitField + ".value"), location: d.location(valueNode))
            return StringCatalogLocalization(locale: member.key, location: location, form: .stringUnit, state: state, values: [value])
        }
        return StringCatalogLocalization(locale: member.key, location: location, form: .variations, state: nil, values: [])
    }
}

/// Located JSON for the readers: UTF-16 files are transcoded first (lines are unchanged), and
/// the JSON reader's "manifests must be UTF-8" wording is replaced by a neutral one.
enum LocatedJSON {
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> SourceNode {
        let utf8: [UInt8]
        if TextDecoding.detect(bytes).encoding == .utf8 {
            utf8 = bytes
        } else {
            utf8 = try TextDecoding.utf8Bytes(bytes, file: file)
        }
        do {
            return try SourceJSON.parse(utf8, file: file)
        } catch {
            if case .invalidUTF8(let location) = error {
                throw .syntax(location, message: "invalid UTF-8 byte sequence; save the file as UTF-8")
            }
            throw error
        }
    }
}

/// Typed access to a `SourceNode` with located errors, shared by the JSON-based readers.
struct NodeDecoder {
    let file: String

    func location(_ node: SourceNode) -> SourceLocation { node.location(in: file) }

    func object(_ node: SourceNode, _ field: String) throws(CatalogError) -> [SourceMember] {
        try node.members(field: field, file: file)
    }

    func array(_ node: SourceNode, _ field: String) throws(CatalogError) -> [SourceNode] {
        try node.elements(field: field, file: file)
    }

    func string(_ node: SourceNode, _ field: String) throws(CatalogError) -> String {
        guard case .string(let text) = node.value else {
            throw .wrongType(location(node), field: field, expected: "a string", found: node.kindDescription)
        }
        return text
    }

    func requiredString(_ owner: SourceNode, _ key: String, _ field: String) throws(CatalogError) -> String {
        guard let node = owner[key] else { throw .missingField(location(owner), field: field) }
        return try string(node, field)
    }

    func optionalString(_ owner: SourceNode, _ key: String, _ field: String) throws(CatalogError) -> String? {
        guard let node = owner[key] else { return nil }
        if case .null = node.value { return nil }
        return try string(node, field)
    }

    /// `base.key`, or `base["key"]` when the key is not a simple name (phrases never are).
    func join(_ base: String, _ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
        if simple { return base.isEmpty ? key : base + "." + key }
        let escaped = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return base + "[\"" + escaped + "\"]"
    }
}
