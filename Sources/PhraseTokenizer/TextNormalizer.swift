import Foundation

/// Unicode normalisation applied before segmentation: NFKC (full-width forms, ligatures,
/// compatibility characters), case folding, and removal of Latin diacritics (German spells
/// its umlauts out instead: ä → ae, ö → oe, ü → ue, ß → ss).
///
/// Only the *Combining Diacritical Marks* block (U+0300–U+036F) is removed after
/// canonical decomposition: Japanese voicing marks (U+3099/U+309A) and Hangul jamo are
/// recomposed untouched, so "が" stays "が" while "é" becomes "e".
public struct TextNormalizer: Sendable {
    /// BCP-47 language subtag (`en`, `de`, `zh`, …); drives the locale specifics.
    public let language: String

    public init(locale: String) {
        self.language = TextNormalizer.languageSubtag(of: locale)
    }

    /// `zh-Hans` → `zh`, `de_DE` → `de`.
    public static func languageSubtag(of locale: String) -> String {
        let lowered = locale.lowercased()
        let end = lowered.firstIndex(where: { $0 == "-" || $0 == "_" }) ?? lowered.endIndex
        return String(lowered[..<end])
    }

    /// Normalises `text`. Complexity: O(n) in the length of `text`; pure-ASCII input takes
    /// a fast path that never touches Foundation.
    public func normalize(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: lower-casing is all NFKC and folding can change.
            var bytes = [UInt8]()
            bytes.reserveCapacity(utf8.count)
            for b in utf8 { bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b) }
            return String(decoding: bytes, as: UTF8.self)
        }
        var s = text.precomposedStringWithCompatibilityMapping.lowercased()
        // Typographic apostrophes become ASCII so contractions split the same way.
        s = s.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
        if language == "de" {
            // Umlauts are spelt out as German does without them (ä → ae), not dropped:
            // dropping merges words ("ändere" change / "andere" other, "zähl" count / "zahl"
            // pay, "drück" press / "druck" print), and "aendere" is how people type it.
            s = s.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ä", with: "ae")
                .replacingOccurrences(of: "ö", with: "oe").replacingOccurrences(of: "ü", with: "ue")
        }
        // Only scalars from U+00C0 up to the CJK blocks (Latin, Greek, Cyrillic, … letters
        // and combining marks) can decompose into marks from U+0300–U+036F; after NFKC, kana,
        // Han and Hangul round-trip unchanged, so CJK phrases skip the NFD/NFC round trip
        // (it was most of the cost of matching a Chinese or Japanese phrase).
        guard s.unicodeScalars.contains(where: { (0xC0..<0x2E80).contains($0.value) }) else { return s }
        let decomposed = s.decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }
}
