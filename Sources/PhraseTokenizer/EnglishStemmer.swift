/// A light English suffix stemmer: plurals, `-ing`, `-ed`, with consonant undoubling.
///
/// Deliberately conservative (no Porter step 2–5 rewrites): it only has to make
/// "timers"/"timer" and "started"/"start" meet; over-stemming merges command words that
/// must stay apart. Irregular forms come from a locale pack's lemma table when loaded.
public enum EnglishStemmer {
    /// The stem of a lower-cased word. Complexity: O(length).
    public static func stem(_ word: String) -> String {
        var w = Array(word.utf8)
        // Non-ASCII words are left alone: this stemmer's rules are English spelling rules.
        guard w.count > 3, w.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        func ends(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard w.count >= n else { return false }
            return s.withUTF8Buffer { Array($0) == Array(w[(w.count - n)...]) }
        }
        if ends("ies") && w.count > 4 {
            w.removeLast(3)
            w.append(0x79)  // y
            return String(decoding: w, as: UTF8.self)
        }
        if ends("sses") {
            w.removeLast(2)
        } else if ends("s") && !ends("ss") && !ends("us") && !ends("is") {
            w.removeLast()
        }
        for suffix: StaticString in ["ing", "ed"] where ends(suffix) {
            let n = suffix.utf8CodeUnitCount
            guard w.count - n >= 3 else { break }
            w.removeLast(n)
            if w.count >= 2, w[w.count - 1] == w[w.count - 2], ![0x6C, 0x73, 0x7A].contains(w[w.count - 1]) {
                w.removeLast()  // "stopped" → "stop", but "called" → "call"
            }
            break
        }
        return String(decoding: w, as: UTF8.self)
    }
}
