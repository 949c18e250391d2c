import Foundation
import PhraseTokenizer
import ShortcutCatalog

/// Finds the app name (or one of its synonyms) in a typed phrase, tolerating small typos,
/// and removes it before scoring: phrases are scored without the app name on both sides,
/// so "Summarize groceries in Tasklet" and "Summarize groceries with Tasklet Lists" meet.
public struct AppNameDetector: Sendable {
    /// Normalised forms, longest first so "Tasklet Lists" wins over "Tasklet".
    let forms: [(normalized: String, tokens: [String])]
    let tokenizer: Tokenizer

    public init(app: AppName, tokenizer: Tokenizer) {
        self.tokenizer = tokenizer
        var seen = Set<String>()
        var forms: [(String, [String])] = []
        for form in app.spokenForms {
            // Without the pack's last look: German and Korean add a compound's parts after it
            // ("tripnest" → trip, nest), and a typo in the name would then have to recur in
            // every part. The parts that follow a typed name are removed with it (`strip`).
            let tokens = tokenizer.tokens(normalized: tokenizer.normalizer.normalize(form), finishing: false).map(\.text)
            let normalized = tokens.joined(separator: " ")
            guard !normalized.isEmpty, seen.insert(normalized).inserted else { continue }
            forms.append((normalized, tokens))
        }
        self.forms = forms.sorted { $0.0.count > $1.0.count }
    }

    /// The tokens of a normalised phrase with the app name removed, and whether it was there.
    /// `tokens` are `normalized`'s tokens. Complexity: O(tokens × forms × name length).
    public func strip(normalized: String, tokens: [Token]) -> (tokens: [Token], mentioned: Bool) {
        // Chinese/Japanese names sit inside a run of characters ("用演示清单总结"), where
        // segmentation may cut through them: find them in the text itself.
        for form in forms where form.normalized.unicodeScalars.contains(where: { Script.isCJK($0) }) {
            if ByteSearch.contains(normalized, form.normalized) {
                let stripped = ByteSearch.replacing(normalized, form.normalized, with: " ")
                return (tokenizer.tokens(normalized: stripped), true)
            }
        }
        // A compound's parts (German, Korean) follow it at reduced weight: a name match may not
        // start on one ("trip nest" inside "tripnest, trip, nest").
        // (Bytes, not Foundation's String.contains: this runs for every query.)
        func within(_ part: String, _ whole: String) -> Bool {
            whole.utf8.count > part.utf8.count && ByteSearch.contains(whole, part)
        }
        var isPart = [Bool](repeating: false, count: tokens.count)
        for i in tokens.indices where tokens[i].weight < 1 && tokens[i].kind == .word {
            isPart[i] = (max(0, i - 3)..<i).contains { within(tokens[i].text, tokens[$0].text) }
        }
        // Exact token spans first, then spans within a small edit distance.
        for fuzzy in [false, true] {
            for form in forms {
                let n = form.tokens.count
                guard n > 0, tokens.count >= n else { continue }
                for start in 0...(tokens.count - n) where !isPart[start] {
                    var ok = true
                    for j in 0..<n
                    where !AppNameDetector.close(tokens[start + j].text, form.tokens[j], fuzzy: fuzzy)
                        && !(j == n - 1 && AppNameDetector.withParticle(tokens[start + j].text, form.tokens[j]))
                    {
                        ok = false
                        break
                    }
                    if ok {
                        // The compound parts the pack put after the name go with it.
                        let last = tokens[start + n - 1].text
                        var end = start + n
                        while end < tokens.count, tokens[end].kind == .word, tokens[end].weight < 1,
                            within(tokens[end].text, last)
                        {
                            end += 1
                        }
                        var rest = tokens
                        rest.removeSubrange(start..<end)
                        return (rest, true)
                    }
                }
            }
        }
        return (tokens, false)
    }

    /// As `strip(normalized:tokens:)` for callers holding only tokens: the text is rebuilt
    /// from them (a Chinese/Japanese name is found only where segmentation kept it whole).
    public func strip(_ tokens: [Token]) -> (tokens: [Token], mentioned: Bool) {
        strip(normalized: tokens.map(\.text).joined(separator: " "), tokens: tokens)
    }

    /// Korean particles that attach to a name written in Hangul (`펀와이즈에`, `페니자로`).
    static let koreanParticles: Set<String> = [
        "에서", "에게", "한테", "으로", "로", "에", "의", "을", "를", "은", "는", "이", "가", "랑", "와", "과", "도", "야", "아",
    ]

    /// Whether `typed` is a Hangul name with a particle glued on. (A Latin name with one is
    /// split by the Korean pack already: `tasklet에서`.)
    static func withParticle(_ typed: String, _ name: String) -> Bool {
        guard let last = name.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value), typed.hasPrefix(name) else {
            return false
        }
        return koreanParticles.contains(String(typed.dropFirst(name.count)))
    }

    /// Whether a typed token is the name token: equal, or (for `fuzzy`) within one edit for
    /// names of 5+ characters and two for 9+, with the first letter right. Shorter names
    /// must be exact: "memo" is one edit from "Demo" and is a word of its own.
    static func close(_ typed: String, _ name: String, fuzzy: Bool) -> Bool {
        if typed == name { return true }
        guard fuzzy else { return false }
        let a = Array(typed.unicodeScalars), b = Array(name.unicodeScalars)
        let budget = b.count >= 9 ? 2 : (b.count >= 5 ? 1 : 0)
        guard budget > 0, abs(a.count - b.count) <= budget, a.first == b.first else { return false }
        return EditDistance.levenshtein(a, b, limit: budget) <= budget
    }
}

/// Bounded edit distance (Damerau transpositions counted as one edit).
enum EditDistance {
    /// Levenshtein distance with adjacent transpositions; stops early above `limit`.
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
                cur[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return rowMin }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
