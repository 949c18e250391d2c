import PhraseTokenizer
import ShortcutCatalog
import WordEmbeddings

/// Notices a query addressed to another app: "Start a recording with Murmur",
/// "用Murmur开始录音". Siri sends such a request to the app it names, so it must not hit
/// this catalog however close its words are.
///
/// A word counts as another app's name when it is a name-like word that is neither this
/// catalog's (its phrases, app names and parameter values) nor a word of the language (the
/// locale's word-vector table):
/// - in Chinese, Japanese and Korean text, any run of three or more Latin letters;
/// - in Latin-script languages, a capitalised word (not the first of a sentence) right after
///   a word that introduces the app name in this catalog's own phrases ("in", "with", "mit",
///   "avec", "con": whatever precedes `${applicationName}`), or a capitalised first word
///   followed by a comma ("Murmur, start a recording").
/// Only used when the query does not name this app.
struct OtherAppDetector: Sendable {
    private let ownWords: Set<String>
    private let slotWords: Set<String>
    private let latinScript: Bool
    private let embeddings: StaticEmbeddings?
    private let normalizer: TextNormalizer

    init(catalog: LocaleCatalog, expanded: ExpandedCatalog, tokenizer: Tokenizer, embeddings: StaticEmbeddings?) {
        // The catalog's own words: its templates' words, its values' and app's names. (The
        // templates, not every expansion: a thousand-phrase catalog has a hundred templates.)
        var own = Set<String>()
        func add(_ text: String) {
            for t in tokenizer.tokens(text) {
                own.insert(t.text)
                own.insert(t.lemma)
            }
        }
        for template in expanded.templates {
            let text = Placeholder.segments(of: template.text).map { segment -> String in
                if case .text(let s) = segment { return s }
                return " "
            }.joined()
            add(text)
        }
        for parameter in catalog.parameters {
            for value in parameter.values { for form in value.spokenForms { add(form) } }
        }
        for form in catalog.app.spokenForms { add(form) }
        self.ownWords = own
        var slots = Set<String>()
        // German capitalises every noun, and a German catalog's word before its app name is
        // as often an article as a preposition ("Zeig mir das ${applicationName}-Radar"): there
        // only the language's prepositions introduce an app, or "Zeig mir das Regenradar" would
        // name one. (Corpora/Dev de: no-app-name lines 89.1 -> 93.8 %.)
        let capitalisesNouns = TextNormalizer.languageSubtag(of: catalog.locale) == "de"
        for template in expanded.templates where template.mentionsAppName && !capitalisesNouns {
            let segments = Placeholder.segments(of: template.text)
            for (i, segment) in segments.enumerated() {
                guard case .placeholder(let name) = segment, name == Placeholder.applicationName, i > 0,
                    case .text(let before) = segments[i - 1]
                else { continue }
                if let last = tokenizer.normalizer.normalize(before).split(separator: " ").last {
                    slots.insert(String(last))
                }
            }
        }
        // The words that introduce an app in the language, whatever this catalog's phrases say.
        slots.formUnion(OtherAppDetector.appPrepositions[TextNormalizer.languageSubtag(of: catalog.locale)] ?? [])
        self.slotWords = slots
        let language = TextNormalizer.languageSubtag(of: catalog.locale)
        self.latinScript = !["zh", "ja", "ko"].contains(language)
        self.embeddings = embeddings
        self.normalizer = tokenizer.normalizer
    }

    /// The other app's name the input says, if any. Complexity: O(input length).
    func otherAppName(in input: String) -> String? {
        // Most queries have no candidate at all: no capital after the first letter (Latin
        // scripts), no Latin letter (Chinese, Japanese, Korean). Check that cheaply first.
        var sawLetter = false
        var candidate = false
        for c in input.unicodeScalars {
            let v = c.value
            let upper = (0x41...0x5A).contains(v) || (v >= 0xC0 && v < 0x250 && c.properties.isUppercase)
            let lower = (0x61...0x7A).contains(v) || (v >= 0xDF && v < 0x250 && c.properties.isLowercase)
            if latinScript {
                if upper && sawLetter { candidate = true; break }
                if upper || lower { sawLetter = true }
            } else if upper || lower {
                candidate = true
                break
            }
        }
        guard candidate || (latinScript && input.contains(",")) else { return nil }
        // Words of letters, with the character that precedes each. Scalars, not Characters:
        // grapheme breaking costs more than the whole check.
        var words: [(text: String, before: Unicode.Scalar?)] = []
        var current = String.UnicodeScalarView()
        var currentLatin = false
        var before: Unicode.Scalar?
        var last: Unicode.Scalar?
        for c in input.unicodeScalars {
            let v = c.value
            let isWordCharacter: Bool
            let isSpace: Bool
            if v < 0x80 {  // ASCII without the Unicode property tables
                isWordCharacter = (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) || v == 0x27
                isSpace = v == 0x20 || (0x09...0x0D).contains(v)
            } else {
                let p = c.properties
                isWordCharacter = p.isAlphabetic || p.numericType != nil || c == "’"
                isSpace = p.isWhitespace
            }
            // A change of script ends a word too: "用Murmur开始" has the word "Murmur".
            let latin = c.value < 0x250
            if isWordCharacter && !current.isEmpty && latin != currentLatin {
                words.append((String(current), before))
                current = String.UnicodeScalarView()
            }
            if isWordCharacter {
                if current.isEmpty {
                    before = last
                    currentLatin = latin
                }
                current.append(c)
            } else if !current.isEmpty {
                words.append((String(current), before))
                current = String.UnicodeScalarView()
            }
            if !isSpace { last = c }
        }
        if !current.isEmpty { words.append((String(current), before)) }

        for (i, word) in words.enumerated() {
            let latin = word.text.unicodeScalars.allSatisfy { ($0.value < 0x250 && $0.properties.isAlphabetic) || $0 == "'" }
            guard latin, word.text.unicodeScalars.count >= 3 else { continue }
            if latinScript {
                guard let first = word.text.unicodeScalars.first, first.properties.isUppercase else { continue }
                let afterSentenceEnd = word.before.map { ".!?".unicodeScalars.contains($0) } ?? false
                let inSlot = i > 0 && !afterSentenceEnd && slotWords.contains(normalizer.normalize(words[i - 1].text))
                let vocative = i == 0 && words.count > 1 && words[1].before == ","
                guard inSlot || vocative else { continue }
            }
            let n = normalizer.normalize(word.text)
            if ownWords.contains(n) || OtherAppDetector.notNames.contains(n) || isWord(n) { continue }
            return word.text
        }
        return nil
    }

    /// Whether the request speaks to Siri by name ("Do you ever sleep, Siri?", "Siriって楽器弾ける？",
    /// "시리야 너 …"): unless it names this app, it is Siri's to answer, as chit-chat is. The wake
    /// words ("Hey Siri", "OK Siri") do not count: they start any request. O(tokens).
    static func addressesSiri(_ tokens: [Token]) -> Bool {
        // (시 starts with the byte 0xEC: other words skip the set lookup.)
        for (i, t) in tokens.enumerated() where t.text == "siri" || (t.text.utf8.first == 0xEC && koreanSiri.contains(t.text)) {
            if i > 0, wakeWords.contains(tokens[i - 1].text) { continue }
            return true
        }
        return false
    }

    /// 시리 with the particles that make it the addressee or the topic (not 시리아, Syria).
    static let koreanSiri: Set<String> = ["시리", "시리야", "시리는", "시리도", "시리가", "시리한테", "시리랑", "시리에게"]
    static let wakeWords: Set<String> = ["hey", "hei", "ok", "okay", "oye", "ehi", "dis"]

    /// Prepositions that put an app's name after them ("… in Murmur", "mit Stillwater").
    static let appPrepositions: [String: Set<String>] = [
        "en": ["in", "on", "with", "from", "using", "via", "through"],
        "de": ["in", "mit", "bei", "ueber", "auf", "von", "laut"],
        "fr": ["dans", "avec", "sur", "via", "de"],
        "es": ["en", "con", "desde", "por", "de"],
    ]

    /// Latin words people mix into any language that name no app ("Hey Siri", "打开WiFi").
    static let notNames: Set<String> = [
        "siri", "hey", "app", "apps", "wifi", "wi-fi", "bluetooth", "ok", "okay", "email", "mail", "pdf", "gps",
        "vpn", "usb", "tv", "dj", "ktv", "iphone", "ipad", "ios", "mac", "airpods", "todo", "memo", "lol", "ai",
    ]

    private func isWord(_ normalized: String) -> Bool {
        guard latinScript, let embeddings else { return false }
        return embeddings.id(of: normalized) != nil
    }
}
