import Foundation

/// The syntax a manifest is written in.
public enum ManifestFormat: String, Hashable, Sendable, CaseIterable {
    case json
    case yaml

    /// The format implied by a file name: `.yaml`/`.yml` is YAML, anything else is read as
    /// JSON (the contract's primary format, and the one whose errors are most precise).
    public init(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: ".") else {
            self = .json
            return
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "yaml", "yml": self = .yaml
        default: self = .json
        }
    }
}

/// Loads shortcut manifests (CONTRACTS.md §1) from JSON or YAML into a `Catalog`.
///
/// Every failure is a `CatalogError` naming the file and, where it applies, the line, column
/// and field path, so the command-line tools can print it as is and exit with `exitCode`.
public enum ManifestLoader {
    /// Reads and decodes the manifest at `path`, choosing the syntax by extension.
    public static func load(path: String) throws(CatalogError) -> Catalog {
        let bytes = try readFile(path: path)
        return try load(bytes: bytes, path: path, format: ManifestFormat(path: path))
    }

    /// Decodes manifest `bytes`; `path` is only used to name the file in the catalog and errors.
    public static func load(bytes: [UInt8], path: String, format: ManifestFormat) throws(CatalogError) -> Catalog {
        let root = try parse(bytes: bytes, path: path, format: format)
        return try ManifestDecoder(file: path).decode(root)
    }

    /// Parses `bytes` into a located tree without interpreting it as a manifest.
    public static func parse(bytes: [UInt8], path: String, format: ManifestFormat) throws(CatalogError) -> SourceNode {
        switch format {
        case .yaml:
            return try SourceYAML.parse(bytes, file: path)
        case .json:
            let (root, trailing) = try SourceJSON.parsePrefix(bytes, file: path, maxDepth: SourceJSON.defaultMaxDepth)
            if let trailing {
                // Several values in a row is JSON Lines; when the first is not manifest-like,
                // the user passed the wrong file (e.g. queries.jsonl), which is worth saying.
                if case .object(let members) = root.value,
                    !members.contains(where: { ManifestDecoder.manifestKeys.contains($0.key) })
                {
                    throw .notAManifest(
                        path: path,
                        reason: "it holds one JSON value per line (JSON Lines, like a queries file), "
                            + "not a manifest object")
                }
                throw .syntax(trailing, message: "unexpected content after the end of the JSON value")
            }
            return root
        }
    }

    /// The bytes of the file at `path`, telling a missing file from an unreadable one.
    public static func readFile(path: String) throws(CatalogError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue {
            throw .unreadable(path: path, reason: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return [UInt8](data)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
