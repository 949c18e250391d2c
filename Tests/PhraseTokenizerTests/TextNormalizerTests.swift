import Foundation
import Testing
@testable import PhraseTokenizer

/// The normaliser's shortcuts (pure ASCII, ASCII with kana/Han/Hangul, one-pass folding) must
/// give what the full Foundation path gives.
@Suite("Text normaliser")
struct TextNormalizerTests {
    /// The full path, written out with Foundation. Replacements are literal (by code unit):
    /// an apostrophe or umlaut is replaced even when a combining mark follows it, which
    /// Foundation's default search, used before session 8, skipped.
    static func reference(_ text: String, german: Bool) -> String {
        var s = text.precomposedStringWithCompatibilityMapping.lowercased()
        var pairs = [("\u{2019}", "'"), ("\u{2018}", "'")]
        if german { pairs += [("ß", "ss"), ("ä", "ae"), ("ö", "oe"), ("ü", "ue")] }
        for (from, to) in pairs { s = s.replacingOccurrences(of: from, with: to, options: .literal) }
        let kept = s.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: kept)
        return String(view).precomposedStringWithCanonicalMapping
    }

    static let samples = [
        "Demoで買い物リストをまとめて", "用Demo总结购物清单", "Demo에서 장보기 목록 요약해 줘", "ＡＢＣ１２３",
        "ｶﾀｶﾅ ﾃｽﾄ", "か\u{3099}", "ﾍﾟ", "ゟヿ", "丽", "①②", "한국어 ㄱㄴ", "\u{1100}\u{1161}\u{11A8}",
        "Ä Ö Ü ß ẞ Straße", "Ändere die Größe", "don’t ‘quote’", "Café naïve", "Ǆ", "RÉSUMÉ", "", "   ",
    ]

    @Test(arguments: ["en", "de", "fr", "ja", "ko", "zh-Hans"])
    func shortcutsAgreeWithTheFullPath(locale: String) {
        let normalizer = TextNormalizer(locale: locale)
        for text in Self.samples {
            #expect(normalizer.normalize(text) == Self.reference(text, german: locale == "de"), "\(text)")
        }
    }

    /// Random strings over the scalars the CJK shortcut accepts, mixed with ones it must not
    /// (voicing marks, half-width kana, jamo, accented Latin), seeded for reproducibility.
    @Test(arguments: ["ja", "de"])
    func randomMixturesAgreeWithTheFullPath(locale: String) {
        let pools: [ClosedRange<UInt32>] = [
            0x41...0x5A, 0x61...0x7A, 0x20...0x20, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FC,
            0x4E00...0x4E50, 0xAC00...0xAC40, 0x3099...0x309A, 0xFF66...0xFF9F, 0x1100...0x1112,
            0x11A8...0x11AF, 0xC0...0xFF, 0x2018...0x2019,
        ]
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return seed >> 33
        }
        let normalizer = TextNormalizer(locale: locale)
        for _ in 0..<2000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(next() % 8)) {
                let pool = pools[Int(next() % UInt64(pools.count))]
                let value = pool.lowerBound + UInt32(next() % UInt64(pool.count))
                if let scalar = Unicode.Scalar(value) { view.append(scalar) }
            }
            let text = String(view)
            #expect(normalizer.normalize(text) == Self.reference(text, german: locale == "de"), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
