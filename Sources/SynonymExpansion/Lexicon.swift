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

    /// The groups of a lexicon file, unnormalised. O(text length).
    public static func groups(inText text: String) -> [[String]] {
        contentLines(inText: text).compactMap { line in
            let words = line.content.unicodeScalars.split(whereSeparator: { $0 == "\t" || $0 == "," })
                .map { trimmed(Substring($0)) }.filter { !$0.isEmpty }
            return words.count > 1 ? words : nil
        }
    }

    /// The non-empty lines of a hand-written list file (synonym groups, `system.txt`, …)
    /// without their `#` comments and surrounding blanks, with their 1-based line numbers (for
    /// errors that name the line); "\r\n" is one line break. Works on Unicode scalars, not
    /// Characters and Foundation trimming: the lists have thousands of entries, and grapheme
    /// breaking was a fifth of loading a pack. O(text length).
    public static func contentLines(inText text: String) -> [(number: Int, content: String)] {
        var lines: [(number: Int, content: String)] = []
        let scalars = text.unicodeScalars
        var number = 1
        var start = scalars.startIndex
        var i = start
        func close(at end: String.UnicodeScalarView.Index) {
            let line = scalars[start..<end]
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? line
            let kept = trimmed(Substring(content))
            if !kept.isEmpty { lines.append((number, kept)) }
        }
        while i < scalars.endIndex {
            let s = scalars[i]
            guard isNewline(s) else {
                i = scalars.index(after: i)
                continue
            }
            close(at: i)
            i = scalars.index(after: i)
            if s == "\r", i < scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
            start = i
            number += 1
        }
        close(at: scalars.endIndex)
        return lines
    }

    /// `text` without the blanks `CharacterSet.whitespaces` trims (space separators and the
    /// tab) at either end. O(length).
    public static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
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
