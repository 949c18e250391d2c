import ArgumentParser
import PhraseEvaluation
import ShortcutCatalog

/// Errors the CLI reports itself: each names the file (or stream) and line it is about, in
/// compiler style, so that editors and CI logs can jump to the spot.
enum LabError: Error, CustomStringConvertible {
    case catalog(CatalogError)
    case unknownLocale(requested: String, available: [String], path: String)
    /// `column` is the 1-based byte offset of the first bad byte in the line.
    case invalidUTF8(source: String, line: Int, column: Int, byte: UInt8)
    case phraseTooLong(source: String, line: Int, length: Int, limit: Int)
    case readFailed(source: String, reason: String)
    case matcherFailed(path: String, reason: String)
    /// A labelled queries file that cannot be used (`eval`).
    case queries(QueryFileError)
    /// Another `eval` input problem, already worded as `path: error: ...`.
    case evaluation(String)

    var description: String {
        switch self {
        case .catalog(let error):
            return String(describing: error).trimmingTrailingNewlines()
        case .unknownLocale(let requested, let available, let path):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "\(path): error: no locale matches '\(requested)'; available: \(list)"
        case .invalidUTF8(let source, let line, let column, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "\(source):\(line): error: invalid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex) at column \(column))"
        case .phraseTooLong(let source, let line, let length, let limit):
            return "\(source):\(line): error: phrase is \(length) bytes long; at most \(limit) are allowed"
        case .readFailed(let source, let reason):
            return "\(source): error: cannot read: \(reason)"
        case .matcherFailed(let path, let reason):
            return "\(path): error: cannot build the matcher: \(reason)"
        case .queries(let error):
            return error.description
        case .evaluation(let message):
            return message
        }
    }

    /// Unreadable input and bad catalogs exit with status 2, as `CatalogError` does (usage
    /// errors keep ArgumentParser's 64).
    var exitCode: Int32 {
        switch self {
        case .catalog(let error): return error.exitCode
        default: return 2
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while let last = text.last, last.isNewline { text = text.dropLast() }
        return String(text)
    }
}

/// Runs a command body, turning the errors the tool reports itself into a message on
/// standard error and an `ExitCode`, so that ArgumentParser does not prefix them with
/// "Error:" and exit with 1. ArgumentParser's own errors (`ValidationError`, `ExitCode`,
/// `CleanExit`) pass through unchanged.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as LabError {
        StandardStreams.flushOutput()
        StandardStreams.writeError(error.description + "\n")
        throw ExitCode(error.exitCode)
    } catch let error as CatalogError {
        StandardStreams.flushOutput()
        StandardStreams.writeError(LabError.catalog(error).description + "\n")
        throw ExitCode(error.exitCode)
    }
}
