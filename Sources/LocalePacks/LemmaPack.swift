import PhraseTokenizer

/// English, German, French, Spanish: a form → lemma table (`lemmas.tsv`) and stopword weights.
///
/// English combines the table with `EnglishStemmer`: the table holds only what the stemmer
/// cannot do (`went` → `go`), and the stemmer runs on its result, so table lemmas and stems
/// agree (`children` → `child`, `timers` → `timer`).
///
/// French elisions (`l'`, `d'`, `qu'`, …): the tokenizer splits `l'alarme` into `l` + `alarme`;
/// the elided article is kept as a token (removing tokens is never done) with its full form
/// as lemma (`l` → `le`), so the stopword weight of `le` down-weights it. Dropping it would
/// also be possible, but `qu'`/`n'` carry meaning in some phrases, and a weight is reversible.
///
/// Complexity: one hash probe per word.
public struct LemmaPack: LocalePack {
    public let locale: String
    let language: String
    let lemmas: StringTable
    /// Stopword weights, then the frequency prior (`WordWeights`).
    let weights: WordWeights

    static let frenchElisions: [String: String] = [
        "l": "le", "d": "de", "qu": "que", "j": "je", "m": "me", "t": "te", "s": "se", "n": "ne", "c": "ce",
        "jusqu": "jusque", "lorsqu": "lorsque", "puisqu": "puisque",
    ]

    /// Loads `lemmas.tsv`, `stopwords.tsv` and `frequency.tsv` from `folder` when present (all optional: an
    /// English pack without files is the built-in stemmer).
    public init(folder: String?, locale: String) throws(LocalePackError) {
        self.locale = locale
        self.language = TextNormalizer.languageSubtag(of: locale)
        if let folder {
            let path = folder + "/lemmas.tsv"
            // German needs the lemmas as words too, to split compounds into known parts.
            lemmas = FileManagerShim.exists(path)
                ? try StringTable(file: try PackFile.read(path), indexValues: language == "de") : StringTable()
            weights = try WordWeights(folder: folder)
        } else {
            lemmas = StringTable()
            weights = WordWeights()
        }
    }

    /// Spanish enclitic pronouns, longest first (`muéstrame`, `dímelo`, `cámbiale`).
    static let spanishClitics = ["selos", "selas", "nos", "les", "los", "las", "me", "te", "se", "lo", "la", "le", "os"]

    public func lemma(of word: String) -> String {
        if language == "fr", let full = LemmaPack.frenchElisions[word] { return full }
        // English: a row mapping a word to itself (lemma_fixes.tsv) keeps it from the stemmer
        // ("news", "morning", "setting"); other table lemmas are stemmed like any word.
        if let base = lemmas.value(word) { return language == "en" && base != word ? EnglishStemmer.stem(base) : base }
        // An English plural of such a protected word keeps it too ("settings" → setting).
        if language == "en", word.hasSuffix("s"), !word.hasSuffix("ss") {
            let singular = String(word.dropLast())
            if lemmas.value(singular) == singular { return singular }
        }
        if language == "es", let base = spanishWithoutClitics(word) { return base }
        // German informal imperatives drop the -e (`zeig`, `bestell`): the table knows `zeige`.
        if language == "de", word.count >= 3, let base = lemmas.value(word + "e"), base.hasSuffix("en") { return base }
        return language == "en" ? EnglishStemmer.stem(word) : word
    }

    /// Imperatives and infinitives with attached pronouns lose them (`apuntame` → `apunta` →
    /// `apuntar`, `enviarlo` → `enviar`) when what remains is a known form or an infinitive.
    /// Up to two clitics (`dimelo`). O(clitics²) probes.
    func spanishWithoutClitics(_ word: String) -> String? {
        var candidates: [Substring] = []
        // Stems shorter than 4 letters are too often another word (`calle` is not `cal` + `le`).
        for c in LemmaPack.spanishClitics where word.hasSuffix(c) && word.count - c.count >= 4 {
            let stem = word.dropLast(c.count)
            candidates.append(stem)
            for c2 in ["me", "te", "se", "nos", "le"] where stem.hasSuffix(c2) && stem.count - c2.count >= 4 {
                candidates.append(stem.dropLast(c2.count))
            }
        }
        for stem in candidates {
            let s = String(stem)
            if let base = lemmas.value(s) { return base }
            if s.hasSuffix("ar") || s.hasSuffix("er") || s.hasSuffix("ir") { return s }
        }
        return nil
    }

    /// German compounds the table does not know are split into the known words they are made
    /// of ("kuchenlicht" → "kuchen" + "licht", "tagesparkschein" → "tages" + "parkschein"):
    /// users coin compounds freely ("Trinkmenge", "Einschlaftimer"), and a phrase's or a
    /// parameter value's word inside one was otherwise invisible to word features, vectors
    /// and value spotting. The head keeps its linking letters (the table maps "tages" to
    /// "tag"); at most three parts. O(length²) probes, only for
    /// unknown words of eight letters or more.
    func compoundSplit(_ word: String) -> [String]? {
        guard language == "de", word.utf8.count >= 8, !knows(word),
            word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic })
        else { return nil }
        return compoundParts(Array(word), depth: 2)
    }

    /// Weight of a compound's parts relative to the compound, which stays a token: parts
    /// alone made "Wohnzimmer" and "Schlafzimmer" half the same word.
    static let compoundPartWeight: Float = 0.7

    /// Each unknown compound is followed by its parts (`compoundSplit`), at reduced weight.
    func withCompoundParts(_ tokens: [Token]) -> [Token] {
        guard language == "de" else { return tokens }
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        for t in tokens {
            out.append(t)
            guard t.kind == .word, t.lemma == t.text, let parts = compoundSplit(t.text) else { continue }
            for p in parts {
                let l = lemma(of: p)
                out.append(Token(text: p, lemma: l, kind: .word, weight: weight(text: p, lemma: l) * LemmaPack.compoundPartWeight))
            }
        }
        return out
    }

    func knows(_ word: String) -> Bool { lemmas.value(word) != nil || lemmas.containsValue(word) }

    /// The split of `letters` into known words with the longest last part (German compounds
    /// are head-final: the last part says what the thing is).
    private func compoundParts(_ letters: [Character], depth: Int) -> [String]? {
        // A head of at least four letters (no verb particle: "aufzeichnung" stays whole), a
        // last part of at least three ("zug", "tag").
        guard letters.count >= 7 else { return nil }
        for cut in 4...(letters.count - 3) {
            let tail = String(letters[cut...])
            let head = String(letters[..<cut])
            // A verb stem heads compounds too ("trinkmenge", "schlaftimer").
            guard knows(head) || LemmaPack.linked(head).contains(where: knows) || knows(head + "en") else { continue }
            if knows(tail) { return [head, tail] }
            if depth > 1, let rest = compoundParts(Array(letters[cut...]), depth: depth - 1) { return [head] + rest }
        }
        return nil
    }

    /// A compound's first part without its linking letters ("tages" → "tag", "kuchen" → "kuche").
    static func linked(_ head: String) -> [String] {
        ["s", "es", "n", "en", "er", "e"].compactMap { suffix in
            head.hasSuffix(suffix) && head.count - suffix.count >= 3 ? String(head.dropLast(suffix.count)) : nil
        }
    }

    /// Particles of German separable verbs ("Schalte das Licht aus" = ausschalten).
    static let germanParticles: Set<String> = [
        "an", "aus", "ab", "auf", "ein", "los", "zu", "weiter", "zurueck", "vor", "nach", "mit", "fest", "hoch",
        "runter", "rein", "raus", "durch", "um", "weg", "her", "hin", "zusammen", "fort", "vorbei", "heraus",
        "hinzu", "dazu", "herunter", "frei",
    ]
    /// Words that may follow the particle at the end of a request ("mach das Licht aus, bitte").
    static let germanTrailers: Set<String> = ["bitte", "mal", "jetzt", "doch", "gleich", "schnell", "sofort"]

    /// German: a request that starts with a verb and ends with a separable particle ("Fang
    /// das Training an", "Mach das Licht bitte aus") gets the whole verb as the verb's lemma
    /// (anfangen, ausmachen), so it meets a phrase that says the verb in one piece. The
    /// particle stays a token of its own. Spanish: "Para la …" is the verb parar.
    public func finish(_ tokens: [Token]) -> [Token] {
        if language == "es" { return spanishStop(tokens) }
        return withCompoundParts(joiningSeparableVerb(tokens))
    }

    static let spanishDeterminers: Set<String> = [
        "el", "la", "los", "las", "mi", "mis", "tu", "tus", "este", "esta", "ese", "esa", "eso", "esto", "ya",
    ]

    /// Spanish: a request opening with "para" and a determiner is the verb parar ("Para la
    /// grabación" = stop the recording), not the preposition ("para mañana").
    func spanishStop(_ tokens: [Token]) -> [Token] {
        guard tokens.count >= 2, tokens[0].text == "para", LemmaPack.spanishDeterminers.contains(tokens[1].text)
        else { return tokens }
        var out = tokens
        out[0].lemma = "parar"
        out[0].weight = 1
        return out
    }

    func joiningSeparableVerb(_ tokens: [Token]) -> [Token] {
        guard language == "de", tokens.count >= 2 else { return tokens }
        var end = tokens.count - 1
        while end > 1 && LemmaPack.germanTrailers.contains(tokens[end].text) { end -= 1 }
        let particle = tokens[end]
        guard tokens.count >= 3, particle.kind == .word, LemmaPack.germanParticles.contains(particle.text) else {
            return joiningAdjacentParticle(tokens)
        }
        // The verb leads the request (imperative), possibly after "bitte" or the app's name.
        // A function word never does, whatever the lemma table makes of it ("Mein Parkschein
        // läuft ab" is no "abmeinen").
        for j in 0..<min(2, end - 1) where tokens[j].kind == .word && !weights.isStopword(text: tokens[j].text, lemma: tokens[j].lemma) {
            var lemma = tokens[j].lemma
            // An imperative the table does not know, or reads as a noun: "fang" → fangen,
            // "schalte" → schalten, "halte" (not halt), "suche" (not Suche). Only when that
            // infinitive is a word ("Dozely, mach … an" is no verb "dozelyen"), and not for
            // common words ("wie" → "wien").
            let text = tokens[j].text
            if j == 0 && (lemma == text || !LemmaPack.takesParticle(lemma, particle.text)) && tokens[j].weight >= 0.9
                && !text.hasSuffix("n") && text.count >= 3
            {
                let infinitive = text + (text.hasSuffix("e") ? "n" : "en")
                guard knows(infinitive) else { continue }
                lemma = infinitive
            }
            guard LemmaPack.takesParticle(lemma, particle.text), lemma.count >= 4,
                !LemmaPack.germanParticles.contains(tokens[j].text)
            else { continue }
            return reading(tokens, at: j, as: particle.text + lemma)
        }
        return joiningAdjacentParticle(tokens)
    }

    /// Whether `lemma` reads as an infinitive `particle` can be put before (-en, -ern, -eln,
    /// and not already starting with it).
    static func takesParticle(_ lemma: String, _ particle: String) -> Bool {
        (lemma.hasSuffix("en") || lemma.hasSuffix("ern") || lemma.hasSuffix("eln")) && !lemma.hasPrefix(particle)
    }

    /// `tokens` with token `j` read as the verb `lemma` (its weight looked up again).
    func reading(_ tokens: [Token], at j: Int, as lemma: String) -> [Token] {
        var out = tokens
        out[j].lemma = lemma
        out[j].weight = weight(text: out[j].text, lemma: lemma)
        return out
    }

    /// Particles that, right after a leading verb, are its particle rather than a preposition
    /// ("Hör auf mit der Aufnahme", "Schalte aus, was läuft"); zu, mit, nach, vor, um … are
    /// left out: "Geh zu den Einstellungen" is no zugehen.
    static let germanAdjacentParticles: Set<String> = [
        "an", "aus", "ab", "auf", "ein", "los", "weiter", "zurueck", "fest", "hoch", "runter", "rein", "raus",
        "weg", "fort", "hinzu", "dazu",
    ]

    /// A leading verb followed at once by its particle, when the joined verb is a known word.
    func joiningAdjacentParticle(_ tokens: [Token]) -> [Token] {
        for j in 0..<min(2, tokens.count - 1) where tokens[j].kind == .word {
            let particle = tokens[j + 1].text
            guard LemmaPack.germanAdjacentParticles.contains(particle), !LemmaPack.germanParticles.contains(tokens[j].text)
            else { continue }
            // auf is a preposition as often ("Spiel auf Spotify"): only last, or before mit.
            if particle == "auf" && j + 2 < tokens.count && tokens[j + 2].text != "mit" { continue }
            // Only a word the table already reads as a verb: "Licht aus" is no auslichten.
            let lemma = tokens[j].lemma
            guard LemmaPack.takesParticle(lemma, particle), knows(particle + lemma) else { continue }
            return reading(tokens, at: j, as: particle + lemma)
        }
        return tokens
    }

    public func weight(text: String, lemma: String) -> Float {
        weights.weight(text: text, lemma: lemma)
    }

    /// The number of form → lemma rows (for `tokenize` and tests).
    public var lemmaCount: Int { lemmas.count }
}
