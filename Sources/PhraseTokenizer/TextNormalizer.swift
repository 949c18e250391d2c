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
        if text.unicodeScalars.allSatisfy({ TextNormalizer.isStable($0.value) }) {
            // ASCII with kana, Han or Hangul syllables: NFKC, case folding and the marks' removal
            // leave all of them as they are but ASCII capitals (most CJK requests).
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let v = scalar.value
                scalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(v + 0x20)) : scalar)
            }
            return String(scalars)
        }
        let s = folded(text.precomposedStringWithCompatibilityMapping.lowercased())
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

    /// Scalars that NFKC, lower-casing and the removal of combining marks leave unchanged
    /// whatever surrounds them (ASCII capitals aside, which are lowered): ASCII, hiragana
    /// U+3041–U+3096, katakana U+30A1–U+30FA and the long-vowel mark U+30FC, CJK unified
    /// ideographs U+4E00–U+9FFF and precomposed Hangul syllables U+AC00–U+D7A3. Voicing
    /// marks, half-width kana, compatibility ideographs and jamo are not among them: they
    /// can compose or decompose, so text holding them takes the Foundation path.
    static func isStable(_ v: UInt32) -> Bool {
        v < 0x80 || (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v) || v == 0x30FC
            || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v)
    }

    /// Typographic apostrophes become ASCII so contractions split the same way; in German,
    /// umlauts are spelt out as German does without them (ä → ae, ß → ss), not dropped:
    /// dropping merges words ("ändere" change / "andere" other, "zähl" count / "zahl" pay,
    /// "drück" press / "druck" print), and "aendere" is how people type it. One pass over the
    /// scalars, and none of Foundation's string searching (it was a third of loading a pack's
    /// synonym lists). O(n).
    private func folded(_ s: String) -> String {
        let german = language == "de"
        func replacement(_ v: UInt32) -> String? {
            switch v {
            case 0x2018, 0x2019: return "'"
            case 0xDF where german: return "ss"
            case 0xE4 where german: return "ae"
            case 0xF6 where german: return "oe"
            case 0xFC where german: return "ue"
            default: return nil
            }
        }
        guard s.unicodeScalars.contains(where: { replacement($0.value) != nil }) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if let r = replacement(scalar.value) { out.append(contentsOf: r.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
