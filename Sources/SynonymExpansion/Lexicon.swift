import Foundation

/// A synonym of a lemma, with the weight its feature gets relative to the lemma itself.
public struct WeightedSynonym: Hashable, Sendable {
    public var lemma: String
    public var weight: Float

    public init(lemma: String, weight: Float) {
        self.lemma = lemma
        self.weight = weight
    }
}

/// Per-locale synonym groups over lemmas: a query saying "begin" also carries a weaker
/// "start" feature, so it meets a phrase that says "start". Groups are symmetric.
///
/// Catalog synonyms (app names, parameter values) are not here: they are expanded into
/// phrases by `PhraseExpander`, where each becomes a full-weight phrase of its own.
public struct Lexicon: Hashable, Sendable {
    private var groups: [String: [WeightedSynonym]]

    /// - Parameters:
    ///   - groups: lists of lemmas that can stand for each other.
    ///   - weight: the weight of a synonym feature (the word itself has 1).
    public init(groups: [[String]], weight: Float = 0.5) {
        var map: [String: [WeightedSynonym]] = [:]
        for group in groups {
            for word in group {
                for other in group where other != word {
                    if !(map[word]?.contains { $0.lemma == other } ?? false) {
                        map[word, default: []].append(WeightedSynonym(lemma: other, weight: weight))
                    }
                }
            }
        }
        self.groups = map
    }

    /// Synonyms of `lemma`, or none. Complexity: O(1) average.
    public func synonyms(of lemma: String) -> [WeightedSynonym] {
        groups[lemma] ?? []
    }

    /// The number of lemmas with at least one synonym.
    public var count: Int { groups.count }

    /// Parses a lexicon file: one group per line, lemmas separated by tabs or commas;
    /// `#` starts a comment. Lemmas must already be in the tokenizer's lemma form.
    public init(text: String, weight: Float = 0.5) {
        self.init(groups: Lexicon.groups(inText: text), weight: weight)
    }

    /// The groups of a lexicon file, unnormalised. Works on Unicode scalars, not Characters
    /// and Foundation trimming: the lists have thousands of entries, and grapheme breaking
    /// was a fifth of loading a pack. O(text length).
    public static func groups(inText text: String) -> [[String]] {
        var groups: [[String]] = []
        let scalars = text.unicodeScalars
        for line in scalars.split(whereSeparator: { isNewline($0) }) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? line[line.startIndex..<line.startIndex]
            var words: [String] = []
            for field in content.split(whereSeparator: { $0 == "\t" || $0 == "," }) {
                guard let first = field.firstIndex(where: { !isBlank($0) }),
                      let last = field.lastIndex(where: { !isBlank($0) }) else { continue }
                words.append(String(field[first...last]))
            }
            if words.count > 1 { groups.append(words) }
        }
        return groups
    }

    /// Line breaks as `Character.isNewline` knows them.
    private static func isNewline(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// What `CharacterSet.whitespaces` trims: space separators and the tab.
    private static func isBlank(_ s: Unicode.Scalar) -> Bool {
        s.value == 0x20 || s.value == 0x09 || (s.value > 0x7F && s.properties.generalCategory == .spaceSeparator)
    }

    /// The groups, rebuilt from the symmetric map (for merging lexicons).
    public var groupsForMerging: [[String]] {
        groups.map { [$0.key] + $0.value.map(\.lemma) }
    }
}
