/// Writing JSON text by hand, where the commands need a fixed key order (golden files,
/// CONTRACTS.md formats) that `JSONSerialization` does not give.
public enum JSONText {
    /// A JSON string literal with the escapes RFC 8259 requires: `"` and `\`, the usual
    /// short forms, and `\u00XX` for other control characters. Non-ASCII text stays as is.
    /// Complexity: O(length).
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
