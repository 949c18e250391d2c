/// A light English suffix stemmer: plurals, `-ing`, `-ed`, with consonant undoubling.
///
/// Deliberately conservative (no Porter step 2–5 rewrites): it only has to make
/// "timers"/"timer" and "started"/"start" meet; over-stemming merges command words that
/// must stay apart. Irregular forms come from a locale pack's lemma table when loaded.
public enum EnglishStemmer {
    /// The stem of a lower-cased word. Complexity: O(length), one copy of the word's bytes
    /// (every token of every phrase is stemmed at start-up, so suffix tests allocate nothing).
    public static func stem(_ word: String) -> String {
        // Non-ASCII words are left alone: this stemmer's rules are English spelling rules.
        guard word.utf8.count > 3, word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        var w = Array(word.utf8)
        func ends(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard w.count >= n else { return false }
            let base = w.count - n
            return s.withUTF8Buffer { suffix in
                for i in 0..<n where suffix[i] != w[base + i] { return false }
                return true
            }
        }
        if ends("ies") && w.count > 4 {
            w.removeLast(3)
            w.append(0x79)  // y
            return String(decoding: w, as: UTF8.self)
        }
        var changed = false
        if ends("sses") {
            w.removeLast(2)
            changed = true
        } else if ends("s") && !ends("ss") && !ends("us") && !ends("is") {
            w.removeLast()
            changed = true
        }
        for suffix: StaticString in ["ing", "ed"] where ends(suffix) {
            let n = suffix.utf8CodeUnitCount
            guard w.count - n >= 3 else { break }
            // Not inflections: speed, need (-eed); something, nothing (-thing); and a stem
            // needs a vowel (spring, string, hundred stay whole).
            if n == 2 && ends("eed") { break }
            if n == 3 && ends("thing") { break }
            guard w[..<(w.count - n)].contains(where: isVowel) else { break }
            w.removeLast(n)
            if w.count >= 2, w[w.count - 1] == w[w.count - 2], ![0x6C, 0x73, 0x7A].contains(w[w.count - 1]) {
                w.removeLast()  // "stopped" → "stop", but "called" → "call"
            }
            changed = true
            break
        }
        return changed ? String(decoding: w, as: UTF8.self) : word
    }

    /// a, e, i, o, u, y as ASCII bytes.
    private static func isVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61, 0x65, 0x69, 0x6F, 0x75, 0x79: return true
        default: return false
        }
    }
}
