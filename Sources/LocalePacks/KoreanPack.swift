import PhraseTokenizer

/// Korean: words are spacing units (eojeol); the lemma is the stem without its particle (josa)
/// or verb ending (eomi): `메시지를` → `메시지`, `엄마에게` → `엄마`, `꺼줘` → `끄`.
///
/// Strategy, in order (first hit wins):
/// 1. a hand-written override table (`lemmas.tsv`: conjugated stems such as `꺼` → `끄`);
/// 2. the word is a known noun or verb stem;
/// 3. the *shortest* josa suffix whose remainder is a known noun (shortest, so `고양이를` →
///    `고양이`, not `고양` + `이를`); then the shortest eomi whose remainder is a known verb
///    stem or a noun taking `하다` (`재생해줘` → `재생`); a noun followed by 하다 under any
///    ending the lists know (`시작하려고` → `시작`); a past fused into the stem (`왔어` → `오`);
/// 4. for unknown stems, only unambiguous particles are stripped (`알람을` → `알람`); `이`,
///    `가`, `도`, `의` end too many nouns to strip blindly.
///
/// Complexity: O(length²) hash probes per word (words are a few syllables).
public struct KoreanPack: LocalePack {
    public let locale: String
    let josa: HashTable
    let eomi: HashTable
    let stems: HashTable  // value 1 = noun, 2 = verb/adjective stem
    let overrides: StringTable
    let weights: WordWeights
    let maxSuffix: Int

    /// Particles stripped even when the stem is unknown: none of them ends common nouns.
    static let safeParticles: [String] = [
        "에게서", "한테서", "으로는", "에서는", "이랑", "에게", "한테", "에서", "으로", "까지", "부터", "에는",
        "을", "를", "은", "는", "랑", "와", "과", "째",
    ]
    /// Request endings after a noun + 하다 (`재생해줘`) or a conjugated stem (`꺼줘`).
    static let requestEndings: [String] = [
        "해주세요", "해줄래", "해줘요", "해줘", "해라", "하세요", "하기", "하자", "할래", "합니다", "해요", "해", "하다",
        "했습니다", "했어요", "했어", "했다",
        "어주세요", "아주세요", "어줄래", "아줄래", "어줘요", "아줘요", "어줘", "아줘",
        "주세요", "줄래", "줘요", "줘", "라", "요",
        // A noun made causative (진정시켜 줘, 완료시켜).
        "시켜주세요", "시켜줘", "시켜요", "시켜", "시킬래", "시키기", "시키자",
        // Auxiliary verbs fused onto the request: try (봐), keep (둬, 놔), for me (주라).
        "해봐줘", "해봐요", "해볼래", "해봐", "해놔줘", "해놔", "해둬줘", "해둬", "해두자", "해주라", "해줄래요",
        "해두기", "해놓기", "해둘래", "해놓고", "해놓을게", "해놨어", "해볼게요", "해볼게", "어볼게", "아볼게", "볼게",
        // 줄 before 수 있어 ("can you …"): 보여줄 수 있어, 켜 줄 수 있어.
        "해줄", "어줄", "아줄", "줄",
        "어봐줘", "아봐줘", "어봐", "아봐", "어볼래", "아볼래", "어놔", "아놔", "어둬", "아둬", "어주라", "아주라",
        "봐줘", "봐", "볼래", "둬", "놔",
        // Questions, promises and politer requests (시작할까, 추가할게, 해주시겠어요), "just do it"
        // (버려), and the passive 되다 (시작됐어).
        "해주시겠어요", "해주실래요", "해주실래", "해줄래요", "해둘게요", "해둘게", "해줄게", "할게요", "할게", "할까요", "할까",
        "할래요", "하나요", "하니", "했나요", "했나", "했니", "해버려요", "해버려", "해버리자", "됐어요", "됐어", "됐나", "되었어",
        "주시겠어요", "주실래요", "줄래요", "어버려", "아버려", "버려",
    ]

    /// `safeParticles` and `requestEndings` as scalars, in the same order.
    static let safeParticleScalars = safeParticles.map { Array($0.unicodeScalars) }
    static let requestEndingScalars = requestEndings.map { Array($0.unicodeScalars) }
    /// Endings after a past ㅆ (끝났어) and after an intent ㄹ (켤래) fused into the stem.
    static let pastEndings = ["어요", "어", "다", "습니다", "는지", "지", "죠", "네"].map { Array($0.unicodeScalars) }
    static let intentEndings = ["래요", "래", "까요", "까", "게요", "게"].map { Array($0.unicodeScalars) }

    /// 하다's syllables as it conjugates (하, 해, 할, 한, 했, 합, 함, 하려고 …).
    static let haSyllables: Set<UInt32> = Set("하해할한했합함".unicodeScalars.map(\.value))

    /// `requestEndings` for membership tests (the list's order matters only in step 4).
    static let requestEndingSet = Set(requestEndings)

    public init(folder: String, locale: String = "ko") throws(LocalePackError) {
        self.locale = locale
        func list(_ name: String) throws(LocalePackError) -> (HashTable, Int) {
            let file = try PackFile.read(folder + "/" + name)
            var table = HashTable(expected: 2048)
            var longest = 1
            try file.forEachLine { _, f throws(LocalePackError) in
                guard !f[0].isEmpty else { return }
                table.insertIfAbsent(file.hash(f[0]), 1)
                longest = max(longest, f[0].count / 3)
            }
            return (table, longest)
        }
        let (josa, josaLength) = try list("josa.txt")
        let (eomi, eomiLength) = try list("eomi.txt")
        self.josa = josa
        self.eomi = eomi
        self.maxSuffix = min(max(josaLength, eomiLength), 8)
        let stemsFile = try PackFile.read(folder + "/stems.tsv")
        var stems = HashTable(expected: stemsFile.bytes.count / 10)
        try stemsFile.forEachLine { line, f throws(LocalePackError) in
            guard f.count >= 2, !f[0].isEmpty, f[1].count == 1 else {
                throw .malformed(path: stemsFile.path, line: line, reason: "expected 'stem<TAB>n|v'")
            }
            stems.insertIfAbsent(stemsFile.hash(f[0]), stemsFile.bytes[f[1].lowerBound] == 0x76 ? 2 : 1)  // "v"
        }
        self.stems = stems
        let overridesPath = folder + "/lemmas.tsv"
        self.overrides = FileManagerShim.exists(overridesPath) ? try StringTable(file: try PackFile.read(overridesPath)) : StringTable()
        self.weights = try WordWeights(folder: folder)
    }

    public func lemma(of word: String) -> String {
        if let o = overrides.value(word) { return o }
        if stems.value(word) != nil { return word }
        let s = Array(word.unicodeScalars)
        guard s.count >= 2 else { return word }
        func string(_ r: Range<Int>) -> String { KoreanPack.text(s[r]) }
        func hash(_ r: Range<Int>) -> UInt64 { KoreanPack.hash(s[r]) }
        let n = s.count
        let longest = min(maxSuffix, n - 1)
        // 3a: shortest particle leaving a known noun.
        for k in stride(from: 1, through: longest, by: 1) where josa.value(hash((n - k)..<n)) != nil {
            let stemHash = hash(0..<(n - k))
            if stems.value(stemHash) == 1 { return string(0..<(n - k)) }
        }
        // 3b: shortest ending leaving a verb stem, an override, or a noun taking 하다.
        for k in stride(from: 1, through: longest, by: 1) {
            let suffix = string((n - k)..<n)
            guard eomi.value(WordHash.of(suffix)) != nil || KoreanPack.requestEndingSet.contains(suffix) else { continue }
            let stem = string(0..<(n - k))
            if let o = overrides.value(stem) { return o }
            if let kind = stems.value(WordHash.of(stem)) {
                // 어/아-endings follow verb stems only (찍어줘 → 찍, though 찍 is a noun too).
                if kind == 2 || suffix.hasPrefix("해") || suffix.hasPrefix("하") || suffix.hasPrefix("할") || suffix.hasPrefix("합")
                    || suffix.hasPrefix("했") || suffix.hasPrefix("어") || suffix.hasPrefix("아") || suffix.hasPrefix("시키")
                    || suffix.hasPrefix("시켜")
                {
                    return stem
                }
            }
            // A stem fused with the ending's vowel (남겨줘 = 남기 + 어줘, 봐줘 = 보 + 아줘).
            if let base = KoreanPack.uncontracted(stem), stems.value(WordHash.of(base)) == 2 { return base }
        }
        // A noun + 하다 with any ending the lists know (시작하려고, 추가해도, 시작할 수, 기록해두기).
        for k in stride(from: 1, through: min(longest, n - 1), by: 1) where KoreanPack.haSyllables.contains(s[n - k].value) {
            let rest = string((n - k + 1)..<n)
            guard rest.isEmpty || eomi.value(WordHash.of(rest)) != nil || KoreanPack.requestEndingSet.contains(rest)
                || KoreanPack.requestEndingSet.contains("해" + rest)
            else { continue }
            let stem = string(0..<(n - k))
            if stems.value(WordHash.of(stem)) == 1 { return stem }
        }
        // A stem fused with its 어/아 and nothing after (남겨 줘: 남겨 = 남기 + 어).
        if let base = KoreanPack.uncontracted(word), stems.value(WordHash.of(base)) == 2 { return base }
        // Past tense fused into the stem's last syllable (끝났어 = 끝나 + 았어): drop the ㅆ.
        for ending in KoreanPack.pastEndings {
            guard let base = KoreanPack.stem(of: s, before: ending, losingFinal: KoreanPack.finalSS) else { continue }
            if let o = overrides.value(base) { return o }
            if stems.value(WordHash.of(base)) != nil { return base }
            // 줬어 = 주 + 었어, 읽었는지 = 읽 + 었 + 는지: the vowel goes too. A fused vowel
            // (왔 = 오 + 았) only arises from a verb, so a stem also listed as a noun (오, 주) counts.
            if let bare = KoreanPack.uncontracted(base), stems.value(WordHash.of(bare)) != nil { return bare }
            if base.count >= 2, ["어", "아", "여"].contains(String(base.suffix(1))) {
                let stem = String(base.dropLast())
                if stems.value(WordHash.of(stem)) == 2 { return stem }
            }
        }
        // An ending after a stem fused with ㄹ (켤래 = 켜 + ㄹ래, 끌까 = 끄 + ㄹ까).
        for ending in KoreanPack.intentEndings {
            guard let base = KoreanPack.stem(of: s, before: ending, losingFinal: KoreanPack.finalL) else { continue }
            if let o = overrides.value(base) { return o }
            if stems.value(WordHash.of(base)) == 2 { return base }
            if base.hasSuffix("하"), base.count >= 2 { return String(base.dropLast()) }
        }
        // 4: unknown stems lose only unambiguous particles, or a request ending.
        // (Suffixes compared as scalars: String.hasSuffix compares graphemes and cost most of
        // a Korean pack's load, which runs this for every synonym entry.)
        func ends(with e: [Unicode.Scalar]) -> Bool { n > e.count && s[(n - e.count)...].elementsEqual(e) }
        for p in KoreanPack.safeParticleScalars where ends(with: p) {
            return string(0..<(n - p.count))
        }
        // Noun + 해 (`해지해`, `예약해`): the bare 하다 ending, only after a two-syllable stem.
        if n >= 3, s[n - 1] == "해" { return string(0..<(n - 1)) }
        for e in KoreanPack.requestEndingScalars where e.count >= 2 && ends(with: e) {
            let stem = string(0..<(n - e.count))
            return overrides.value(stem) ?? stem
        }
        return word
    }

    /// Korean compound nouns are as often written without their space as with it (독서 기록,
    /// 독서기록): an unknown word of four syllables or more that is two or three known nouns of
    /// two syllables or more (the last may carry a particle: 수면기록을) is followed by those
    /// nouns, at reduced weight, so it meets a phrase that spaces them. The word stays a token.
    /// O(length²) hash probes per unknown word.
    public func finish(_ tokens: [Token]) -> [Token] {
        var out: [Token]? = nil
        for (i, t) in tokens.enumerated() {
            if let parts = compoundNouns(t) {
                if out == nil { out = Array(tokens[..<i]) }
                out?.append(t)
                for p in parts {
                    out?.append(Token(text: p, lemma: p, kind: .word, weight: weight(text: p, lemma: p) * KoreanPack.compoundPartWeight))
                }
            } else {
                out?.append(t)
            }
        }
        return out ?? tokens
    }

    /// Weight of a compound's parts relative to the compound (as for German compounds).
    static let compoundPartWeight: Float = 0.7

    func compoundNouns(_ t: Token) -> [String]? {
        guard t.kind == .word, stems.value(WordHash.of(t.lemma)) == nil else { return nil }
        let s = Array(t.lemma.unicodeScalars)
        guard s.count >= 4, s.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) else { return nil }
        return nounParts(s[...], depth: 2)
    }

    /// Known nouns making up `s`, the longest last part first (compounds are head-final).
    private func nounParts(_ s: ArraySlice<Unicode.Scalar>, depth: Int) -> [String]? {
        let string = KoreanPack.text
        func isNoun(_ r: ArraySlice<Unicode.Scalar>) -> Bool { stems.value(KoreanPack.hash(r)) == 1 }
        guard s.count >= 4 else { return nil }
        let start = s.startIndex
        for cut in (start + 2)...(s.endIndex - 2) {
            let head = s[start..<cut], tail = s[cut...]
            guard isNoun(head) else { continue }
            if isNoun(tail) { return [string(head), string(tail)] }
            // The last part with a particle glued on (기록을, 목록에).
            for k in stride(from: 1, through: min(3, tail.count - 2), by: 1) where josa.value(KoreanPack.hash(tail.suffix(k))) != nil {
                let noun = tail.dropLast(k)
                if isNoun(noun) { return [string(head), string(noun)] }
            }
            if depth > 1, let rest = nounParts(tail, depth: depth - 1) { return [string(head)] + rest }
        }
        return nil
    }

    /// The text of some scalars. O(count).
    static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: scalars)
        return String(v)
    }

    /// `WordHash.of` the text of some scalars, without building it. O(count).
    static func hash(_ scalars: ArraySlice<Unicode.Scalar>) -> UInt64 {
        var h = WordHash.seed
        for c in scalars { h = WordHash.add(h, scalar: c) }
        return h
    }

    /// Final-consonant indices of a Hangul syllable (its code point minus U+AC00, modulo 28).
    static let finalL: UInt32 = 8, finalSS: UInt32 = 20

    /// `word` without `ending`, when what precedes it ends in a syllable with the final
    /// consonant `final` fused in (past ㅆ: 끝났어; future/intent ㄹ: 켤래), that consonant
    /// removed: 끝나, 켜. Nil otherwise.
    static func stem(of word: [Unicode.Scalar], before ending: [Unicode.Scalar], losingFinal final: UInt32) -> String? {
        guard word.count > ending.count, word[(word.count - ending.count)...].elementsEqual(ending) else { return nil }
        var stem = Array(word[..<(word.count - ending.count)])
        guard let last = stem.last, (0xAC00...0xD7A3).contains(last.value), (last.value - 0xAC00) % 28 == final,
            let bare = Unicode.Scalar(last.value - final)
        else { return nil }
        stem[stem.count - 1] = bare
        return text(stem[...])
    }

    /// `stem` with its last syllable's vowel split back from a fused 어/아 (ㅕ → ㅣ, ㅘ → ㅗ,
    /// ㅝ → ㅜ, ㅓ → ㅡ, ㅙ → ㅚ), if it has such a vowel and no final consonant.
    static func uncontracted(_ stem: String) -> String? {
        var scalars = Array(stem.unicodeScalars)
        guard let last = scalars.last, (0xAC00...0xD7A3).contains(last.value) else { return nil }
        let index = last.value - 0xAC00
        guard index % 28 == 0 else { return nil }
        let vowel = (index / 28) % 21, initial = index / 28 / 21
        let split: [UInt32: UInt32] = [6: 20, 9: 8, 14: 13, 4: 18, 10: 11]
        guard let bare = split[vowel], let scalar = Unicode.Scalar(0xAC00 + (initial * 21 + bare) * 28) else { return nil }
        scalars[scalars.count - 1] = scalar
        return text(scalars[...])
    }

    public func weight(text: String, lemma: String) -> Float { weights.weight(text: text, lemma: lemma) }

    /// A Latin/digit run followed by Hangul is two tokens: `tasklet에서` → `tasklet`, `에서`.
    /// App names and product words are written in Latin with a particle glued on; kept
    /// whole they match neither the app name nor the word. O(length).
    public func split(word: String) -> [String]? {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first, !KoreanPack.isHangul(first),
            let boundary = scalars.firstIndex(where: KoreanPack.isHangul), boundary > 0,
            scalars[boundary...].allSatisfy(KoreanPack.isHangul)
        else { return nil }
        return [KoreanPack.text(scalars[..<boundary]), KoreanPack.text(scalars[boundary...])]
    }

    static func isHangul(_ s: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(s.value) || (0x1100...0x11FF).contains(s.value) || (0x3130...0x318F).contains(s.value)
    }
}
