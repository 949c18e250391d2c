import Foundation
import LocalePacks
import PhraseTokenizer
import SynonymExpansion
import WordEmbeddings

/// Errors loading a locale's language data. Each names the file.
public enum LocaleResourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file of the locale pack exists but cannot be used.
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unusable(let path, let reason): return "\(path): error: \(reason)"
        }
    }
}

extension MatcherResources {
    /// The environment variable that points at the `Locales/` folder.
    public static let localesEnvironmentVariable = "SHORTCUT_LAB_LOCALES"

    /// Finds the `Locales/` folder: `$SHORTCUT_LAB_LOCALES`, else the nearest `Locales/`
    /// above the running executable (a build inside the package), else above the current
    /// directory. `nil` when there is none: matching then runs on lexical features only.
    public static func localesDirectory() -> String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment[localesEnvironmentVariable], !env.isEmpty {
            return env
        }
        var starts: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: fm.currentDirectoryPath))
        for start in starts {
            var dir = start.standardizedFileURL
            for _ in 0..<8 {
                let candidate = dir.appendingPathComponent("Locales")
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: candidate.path, isDirectory: &isDir), isDir.boolValue {
                    return candidate.path
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return nil
    }

    /// Loads what exists for `locale` under `directory` (default: `localesDirectory()`), from
    /// the pack folder `LocalePackLoader.folder(for:root:)` picks (`zh` → `zh-Hans/`):
    /// - the locale pack (segmentation, lemmas, stopword weights: `LocalePackLoader.load`);
    /// - `embeddings.bin` (static word vectors);
    /// - `synonyms.txt` (synonym groups, brought to lemma form by the pack's tokenizer);
    ///   English also gets the built-in core lexicon;
    /// - `matching.json` (the locale's threshold, margin and feature blend: `LocaleTuning`);
    /// - `system.txt` (requests Siri handles itself, one per line: built-in negative phrases
    ///   for queries that do not name the app);
    /// - `actions.txt` (actions apps often offer, one word per line: `Matcher` notices a
    ///   request for one the catalog does not offer);
    /// - `antonyms.txt` (opposites, "next / previous": a phrase that says the opposite of a
    ///   request's word is no match for it, however close their vectors).
    /// A missing file is not an error (matching then runs with less); an unreadable or
    /// malformed one is, naming the file and line. Complexity: O(size of the pack's files).
    public static func load(locale: String, directory: String? = nil) throws(LocaleResourceError) -> MatcherResources {
        let language = TextNormalizer.languageSubtag(of: locale)
        var resources = MatcherResources()
        var groups: [[String]] = []
        if language == "en" {
            resources.pack = EnglishPack()
            groups = Lexicon.englishCore.groupsForMerging
        }
        guard let root = directory ?? localesDirectory(), let folder = LocalePackLoader.folder(for: locale, root: root)
        else {
            resources.lexicon = groups.isEmpty ? nil : Lexicon(groups: groups)
            return resources
        }
        do {
            resources.pack = try LocalePackLoader.load(locale: locale, folder: folder)
        } catch {
            throw .unusable(path: error.location, reason: error.message)
        }
        resources.tuning = try LocaleTuning.load(folder: folder)
        let embeddingsPath = (folder as NSString).appendingPathComponent("embeddings.bin")
        if FileManager.default.fileExists(atPath: embeddingsPath) {
            do {
                resources.embeddings = try StaticEmbeddings(contentsOf: embeddingsPath)
            } catch {
                throw .unusable(path: embeddingsPath, reason: error.description)
            }
        }
        let tokenizer = Tokenizer(locale: locale, pack: resources.pack)
        if let text = try optionalText("synonyms.txt", in: folder) {
            var expressions: [(lemmas: [String], word: String)] = []
            var memo: [Substring: [Token]] = [:]
            for line in Lexicon.groups(inText: text) {
                // Each entry is segmented once: its unfinished tokens give a one-word entry's
                // lemma (as `singleWordLemma`), their finished form an expression's lemmas.
                var lemmas: [String] = []
                var phrases: [[String]] = []
                for entry in line {
                    let normalized = tokenizer.normalizer.normalize(entry)
                    if let lemma = tokenizer.plainWordLemma(normalized) {
                        lemmas.append(lemma)
                        continue
                    }
                    let raw = listTokens(normalized, tokenizer, memo: &memo)
                    if raw.count == 1 { lemmas.append(raw[0].lemma) }
                    // Bytes, not `String.contains(_:)`: with Foundation imported that is a
                    // CFString search, a measurable part of start-up over thousands of entries.
                    guard entry.utf8.contains(0x20) || entry.utf8.contains(0x2D) else { continue }
                    let words = tokenizer.finished(raw)
                    if words.count > 1 { phrases.append(words.map(\.lemma)) }
                }
                if lemmas.count > 1 { groups.append(lemmas) }
                // An entry of several words stands for the group's first one-word entry.
                guard let word = lemmas.first else { continue }
                expressions += phrases.map { ($0, word) }
            }
            resources.multiWords = MultiWordTable(expressions)
        }
        if let text = try optionalText("system.txt", in: folder) {
            resources.systemPhrases = contentLines(text)
        }
        if let text = try optionalText("actions.txt", in: folder) {
            resources.actionWords = Set(contentLines(text).compactMap { singleWordLemma($0, tokenizer) })
        }
        if let text = try optionalText("antonyms.txt", in: folder) {
            resources.antonyms = try antonyms(text, path: (folder as NSString).appendingPathComponent("antonyms.txt"), tokenizer)
        }
        let weight = resources.tuning?.space.synonymWeight ?? FeatureSpace().synonymWeight
        resources.lexicon = groups.isEmpty ? nil : Lexicon(groups: groups, weight: weight)
        return resources
    }

    /// The tokenizer matching uses for `locale`: the pack's, with the synonym groups'
    /// multi-word expressions. O(1).
    public func tokenizer(locale: String) -> Tokenizer {
        var tokenizer = Tokenizer(locale: locale, pack: pack)
        tokenizer.multiWords = multiWords
        return tokenizer
    }

    /// `tokenizer.tokens(normalized:finishing: false)` of a list entry, chunk by
    /// space-separated chunk, each chunk segmented once per list (`memo`): the words of the
    /// expressions repeat ("予約 を 消す", "予約 を 取る"), and segmenting Japanese is most of a
    /// Japanese pack's load time. A space separates tokens for every pack, so the chunks'
    /// tokens are the entry's (a test compares them on every pack's lists). O(length).
    static func listTokens(_ normalized: String, _ tokenizer: Tokenizer, memo: inout [Substring: [Token]]) -> [Token] {
        var out: [Token] = []
        for chunk in normalized.split(separator: " ") {
            if let known = memo[chunk] {
                out += known
            } else {
                let tokens = tokenizer.tokens(normalized: String(chunk), finishing: false)
                memo[chunk] = tokens
                out += tokens
            }
        }
        return out
    }

    /// The lemma of a list entry that is one word for the pack's tokenizer. Entries that
    /// tokenise into several words (`开始做`, `turn on`) give nil: word features are single
    /// lemmas, so such an entry could never be matched. O(entry length).
    private static func singleWordLemma(_ entry: String, _ tokenizer: Tokenizer) -> String? {
        // The pack's last look (German compound parts) would add tokens after the word and
        // cost most of a German pack's load time; a word's own lemma does not depend on it.
        let normalized = tokenizer.normalizer.normalize(entry)
        if let lemma = tokenizer.plainWordLemma(normalized) { return lemma }
        let tokens = tokenizer.tokens(normalized: normalized, finishing: false)
        guard tokens.count == 1, let first = tokens.first else { return nil }
        return first.lemma
    }

    /// The non-empty lines of a hand-written list, without `#` comments or surrounding spaces.
    private static func contentLines(_ text: String) -> [String] {
        Lexicon.contentLines(inText: text).map(\.content)
    }

    /// Opposites from `antonyms.txt`: "a, b / c, d" makes each word on one side the opposite
    /// of each on the other, both ways. An entry that is not one word for the tokenizer is
    /// skipped (as in `synonyms.txt`); a line without exactly one "/" is an error naming it.
    /// O(file size).
    static func antonyms(_ text: String, path: String, _ tokenizer: Tokenizer) throws(LocaleResourceError) -> [String: Set<String>] {
        var map: [String: Set<String>] = [:]
        for (number, content) in Lexicon.contentLines(inText: text) {
            let sides = content.split(separator: "/", omittingEmptySubsequences: false)
            guard sides.count == 2 else {
                throw .unusable(path: "\(path):\(number)", reason: "expected 'word, … / opposite, …', got '\(content)'")
            }
            func lemmas(_ side: Substring) -> [String] {
                side.split(separator: ",").compactMap { singleWordLemma(Lexicon.trimmed($0), tokenizer) }
            }
            let left = lemmas(sides[0]), right = lemmas(sides[1])
            for a in left {
                for b in right where a != b {
                    map[a, default: []].insert(b)
                    map[b, default: []].insert(a)
                }
            }
        }
        return map
    }

    /// The UTF-8 text of a pack's optional file; nil when the file does not exist.
    private static func optionalText(_ name: String, in folder: String) throws(LocaleResourceError) -> String? {
        let path = (folder as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unusable(path: path, reason: "not readable as UTF-8")
        }
        return text
    }
}
