/// The `shortcut-lab match --json` line format (`CONTRACTS.md` §3).
///
/// Hand-written rather than `JSONEncoder` because the contract fixes the key order, the
/// number format (at most four decimals) and `null` for absent values, and because the CLI
/// writes one line per input at pipe speed.
extension MatchResult {
    /// One JSON object on one line (no trailing newline), with the contract's keys in the
    /// contract's order. Extra keys, which the contract allows, follow them: `negativePhrase`
    /// and `negativeScore` when the reason is `negative-phrase`; `typos` (`[{"typed", "read"}]`)
    /// when words were read as typos of catalog words; `unofferedAction` (the word as typed)
    /// when the input asks for an action no phrase offers.
    ///
    /// - Parameter top: How many candidates to list, best first.
    public func jsonLine(top: Int = 5) -> String {
        var json = JSONLineWriter()
        json.beginObject()
        json.key("input"); json.string(input)
        json.key("locale"); json.string(locale)
        json.key("outcome"); json.string(outcome.rawValue)
        json.key("shortcut"); json.string(winner?.shortcut)
        json.key("shortTitle"); json.string(winner?.shortTitle)
        json.key("parameter"); json.parameter(winner?.parameter)
        json.key("score"); json.number(score)
        json.key("margin"); json.number(margin)
        json.key("matchKind"); json.string(matchKind?.rawValue)
        json.key("matchedPhrase"); json.string(winner?.phrase)
        json.key("appNameMentioned"); json.bool(appNameMentioned)
        json.key("reason"); json.string(reason?.rawValue)
        json.key("candidates")
        json.beginArray()
        for candidate in candidates.prefix(max(0, top)) {
            json.element()
            json.beginObject()
            json.key("shortcut"); json.string(candidate.shortcut)
            json.key("parameter"); json.parameter(candidate.parameter)
            json.key("score"); json.number(candidate.score)
            json.key("phrase"); json.string(candidate.phrase)
            json.endObject()
        }
        json.endArray()
        if let negativePhrase {
            json.key("negativePhrase"); json.string(negativePhrase)
            if let negativeScore {
                json.key("negativeScore"); json.number(negativeScore)
            }
        }
        if !typos.isEmpty {
            json.key("typos")
            json.beginArray()
            for word in typos {
                json.element()
                json.beginObject()
                json.key("typed"); json.string(word.typed)
                json.key("read"); json.string(word.read)
                json.endObject()
            }
            json.endArray()
        }
        if let unofferedAction {
            json.key("unofferedAction"); json.string(unofferedAction)
        }
        json.endObject()
        return json.text
    }
}

/// A minimal streaming JSON writer over UTF-8 bytes: just what `jsonLine` needs.
struct JSONLineWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next key or element in the innermost container needs a leading comma.
    private var needsComma: [Bool] = []

    init() {
        bytes.reserveCapacity(512)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// Starts an array element (writes the separating comma).
    mutating func element() {
        separate()
    }

    mutating func key(_ name: String) {
        separate()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        appendEscaped(value)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A number rounded to four decimals, without trailing zeros (`0.83`, `1`, `-0.0125`).
    /// JSON has no NaN or infinity; those (which a score never should be) are written as 0
    /// so that the field keeps its number type.
    mutating func number(_ value: Double) {
        bytes.append(contentsOf: Self.formatNumber(value).utf8)
    }

    mutating func parameter(_ binding: ParameterBinding?) {
        guard let binding else { return null() }
        beginObject()
        key("name"); string(binding.name)
        key("value"); string(binding.value)
        endObject()
    }

    static func formatNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 10_000).rounded()
        // Beyond this the value is integral at four decimals anyway, and Int could overflow.
        guard abs(scaled) < 1e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let whole = magnitude / 10_000
        var fraction = magnitude % 10_000
        var text = units < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            var digits = 4
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Writes a quoted JSON string. Non-ASCII bytes are copied as they are (a Swift string is
    /// always valid UTF-8); `"` and `\` are escaped, control characters become `\u00XX`.
    private mutating func appendEscaped(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole, not byte by byte.
        let copied = string.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else { return false }
            bytes.append(contentsOf: buffer)
            return true
        } ?? false
        if copied {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x00..<0x20, 0x7F:
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
                ])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
