#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI styling for human output, on only when it can help: standard output is a terminal
/// and `NO_COLOR` (https://no-color.org) is not set to a non-empty value.
struct TextStyle {
    var isEnabled: Bool

    static let plain = TextStyle(isEnabled: false)

    /// The style for standard output in this process.
    static func forStandardOutput() -> TextStyle {
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return TextStyle(isEnabled: StandardStreams.outputIsTerminal && !noColor)
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
