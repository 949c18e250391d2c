import Foundation

/// Scratch folders and the shared real-world catalogs, for the test targets that read files
/// (one module, since test targets cannot import each other).
public enum TestFiles {
    /// A fresh temporary folder.
    public static func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scl-readers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Writes `bytes` to `relative` under `directory` (creating folders) and returns the path.
    @discardableResult
    public static func write(_ bytes: [UInt8], to relative: String, in directory: String) throws -> String {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    public static func write(_ text: String, to relative: String, in directory: String) throws -> String {
        try write(Array(text.utf8), to: relative, in: directory)
    }

    public static func utf16(_ text: String, bigEndian: Bool = false, bom: Bool = true) -> [UInt8] {
        var out: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let hi = UInt8(unit >> 8), lo = UInt8(unit & 0xFF)
            out += bigEndian ? [hi, lo] : [lo, hi]
        }
        return out
    }

    /// `../shared/real-world-catalogs` beside the package, when it exists.
    public static var realWorldCatalogs: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.deletingLastPathComponent().appendingPathComponent("shared/real-world-catalogs").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }
}
