import PhraseTokenizer
import WordEmbeddings

/// Reads a mistyped word of a query as the catalog word it is one slip away from ("Pasue" →
/// pause, "Lokc" → lock, "tickes" → tickets): a letter dropped, added, replaced or two
/// neighbours swapped (Damerau–Levenshtein distance 1).
///
/// Character n-grams see little of a short word with two letters swapped ("lokc" and "lock"
/// share one trigram of four), so the word would otherwise count for nothing, and the rest of
/// the request ("my car") can pick the wrong shortcut.
///
/// Only words of a space-delimited script at least `minimumLength` long are mended, only into
/// a word of the catalog's phrases, and only when exactly one catalog word is that close: a
/// word the catalog says, or one within reach of two catalog words, is left as typed.
struct TypoMender: Sendable {
    static let minimumLength = 4

    /// The catalog's words (their tokens as the phrases say them), by text.
    private let words: [String: Token]
    /// A word and each of its one-letter deletions → the catalog words giving that key.
    private let deletions: [String: [String]]
    /// Words the locale knows (a whole-word row of its embedding table) are not typos:
    /// "text" is not a slip for "next".
    private let known: StaticEmbeddings?

    /// Complexity: O(words × length²).
    init<S: Sequence>(phrases: S, known: StaticEmbeddings?) where S.Element == [Token] {
        self.known = known
        var words: [String: Token] = [:]
        for tokens in phrases {
            for t in tokens where t.kind == .word && t.expression == nil && t.text.count >= Self.minimumLength {
                if words[t.text] == nil { words[t.text] = t }
            }
        }
        var deletions: [String: [String]] = [:]
        for w in words.keys {
            for key in Self.keys(w) where deletions[key]?.contains(w) != true { deletions[key, default: []].append(w) }
        }
        self.words = words
        self.deletions = deletions
    }

    /// `tokens` with each mistyped word replaced by the catalog's token for it.
    /// Complexity: O(tokens × length²).
    func mend(_ tokens: [Token]) -> [Token] {
        guard !words.isEmpty else { return tokens }
        var out = tokens
        for (i, t) in tokens.enumerated()
        where t.kind == .word && t.expression == nil && t.text.count >= Self.minimumLength && words[t.text] == nil
            && words[t.lemma] == nil && known?.id(of: t.text) == nil {
            var found: String?
            var ambiguous = false
            for key in Self.keys(t.text) {
                for w in deletions[key] ?? [] where w != found && Self.oneSlipApart(t.text, w) {
                    if found == nil { found = w } else { ambiguous = true }
                }
            }
            if !ambiguous, let w = found, var mended = words[w] {
                mended.weight = t.weight
                out[i] = mended
            }
        }
        return out
    }

    /// `word` and each string it gives with one character deleted.
    private static func keys(_ word: String) -> [String] {
        let c = Array(word)
        var keys = [word]
        for i in c.indices {
            var d = c
            d.remove(at: i)
            keys.append(String(d))
        }
        return keys
    }

    /// Whether `a` and `b` differ by one deletion, insertion, substitution or swap of two
    /// neighbouring characters.
    static func oneSlipApart(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        if x == y { return false }
        if x.count == y.count {
            let diff = x.indices.filter { x[$0] != y[$0] }
            if diff.count == 1 { return true }
            return diff.count == 2 && diff[1] == diff[0] + 1 && x[diff[0]] == y[diff[1]] && x[diff[1]] == y[diff[0]]
        }
        let (short, long) = x.count < y.count ? (x, y) : (y, x)
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count && short[i] == long[i] { i += 1 }
        return short[i...] == long[(i + 1)...]
    }
}
