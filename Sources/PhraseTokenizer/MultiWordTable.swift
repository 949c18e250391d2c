/// Expressions of several words that stand for one ("get rid of" for remove, "pull up" for
/// show), from a locale's synonym groups.
///
/// Word features, synonyms and word vectors are single lemmas, so "get rid of this note"
/// shared nothing with "Delete this note" but "this note". Where an expression occurs, the
/// tokenizer adds a token for the word it stands for after the expression's own words, which
/// stay: a phrase saying "Turn on the lights" still meets "turn the lights on" through "turn"
/// and "on", and now also "switch on the lights" through the added word.
public struct MultiWordTable: Sendable, Hashable {
    /// First lemma of an expression → the rest of its lemmas and the word it stands for,
    /// longest first (so "turn off all" would win over "turn off").
    private var byFirst: [String: [Entry]] = [:]

    struct Entry: Sendable, Hashable {
        var rest: [String]
        var word: String
    }

    /// An empty table: the tokenizer adds nothing.
    public init() {}

    /// - Parameter expressions: each expression's lemmas (two or more, as the tokenizer gives
    ///   them) and the lemma of the word it stands for.
    public init(_ expressions: [(lemmas: [String], word: String)]) {
        for (lemmas, word) in expressions where lemmas.count >= 2 && !word.isEmpty {
            let entry = Entry(rest: Array(lemmas.dropFirst()), word: word)
            if byFirst[lemmas[0], default: []].contains(entry) { continue }
            byFirst[lemmas[0], default: []].append(entry)
        }
        for key in byFirst.keys { byFirst[key]?.sort { $0.rest.count > $1.rest.count } }
    }

    public var isEmpty: Bool { byFirst.isEmpty }

    /// Number of expressions.
    public var count: Int { byFirst.values.reduce(0) { $0 + $1.count } }

    /// `tokens` with a token for the word each expression stands for after its words
    /// (weight 1: it carries the request's meaning). Expressions do not overlap: the scan
    /// resumes after one found. Complexity: O(tokens × expressions sharing a first lemma ×
    /// expression length).
    public func annotate(_ tokens: [Token]) -> [Token] {
        guard !byFirst.isEmpty else { return tokens }
        func expression(at i: Int) -> Entry? {
            byFirst[tokens[i].lemma]?.first { entry in
                i + entry.rest.count < tokens.count
                    && entry.rest.indices.allSatisfy { tokens[i + 1 + $0].lemma == entry.rest[$0] }
            }
        }
        // Most texts say no expression: they are returned as they are, without a copy.
        guard let start = tokens.indices.first(where: { expression(at: $0) != nil }) else { return tokens }
        var out = Array(tokens[..<start])
        out.reserveCapacity(tokens.count + 2)
        var i = start
        while i < tokens.count {
            guard let found = expression(at: i) else {
                out.append(tokens[i])
                i += 1
                continue
            }
            let end = i + 1 + found.rest.count
            out.append(contentsOf: tokens[i..<end])
            let said = tokens[i..<end].map(\.text).joined(separator: " ")
            out.append(Token(text: found.word, lemma: found.word, kind: .word, expression: said))
            i = end
        }
        return out
    }
}
