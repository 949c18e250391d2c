import Foundation
import Testing
@testable import FlexibleMatching
@testable import LocalePacks
@testable import PhraseTokenizer
import SynonymExpansion
@testable import WordEmbeddings

@Suite struct LemmaAndNormalisationTests {
    func tokenizer(_ locale: String) throws -> Tokenizer { try Packs.tokenizer(locale) }

    @Test func germanEszettAndLemmas() throws {
        let de = try tokenizer("de")
        let t = de.tokens("Schalte die Lichter in der Straße aus")
        #expect(t.map(\.text) == ["schalte", "die", "lichter", "in", "der", "strasse", "aus"])
        #expect(t[0].lemma == "ausschalten", "the separable verb rejoins its particle")
        #expect(de.tokens("Schalte die Lichter").first?.lemma == "schalten")
        #expect(t[2].lemma == "licht")
        // Command particles keep full weight: "aus" is the intent.
        #expect(t.last?.weight == 1)
        #expect(t[1].weight < 1)
        // Informal imperatives without -e.
        #expect(de.tokens("zeig").first?.lemma == "zeigen")
        // Words that differ only by an umlaut keep their own lemmas.
        #expect(de.tokens("Ändere das").first?.lemma == "aendern")
        #expect(de.tokens("Aendere das").first?.lemma == "aendern", "typed without the umlaut key")
        #expect(de.tokens("andere Musik").first?.lemma == "ander")
        #expect(de.tokens("Zähl die Schritte").first?.lemma == "zaehlen")
    }

    @Test func frenchElisionsKeepATokenWithTheFullArticle() throws {
        let fr = try tokenizer("fr")
        let t = fr.tokens("Allume l'éclairage d’entrée")
        #expect(t.map(\.text) == ["allume", "l", "eclairage", "d", "entree"])
        #expect(t[0].lemma == "allumer")
        #expect(t[1].lemma == "le")
        #expect(t[1].weight < 1)
        #expect(t[3].lemma == "de")
    }

    @Test func spanishLemmas() throws {
        let es = try tokenizer("es")
        let t = es.tokens("Apaga las luces")
        #expect(t.map(\.lemma) == ["apagar", "los", "luz"])
        // Enclitic pronouns: imperative + me, infinitive + lo.
        #expect(es.tokens("Apúntame").first?.lemma == "apuntar")
        #expect(es.tokens("apuntarlo").first?.lemma == "apuntar")
        // A word that merely ends like a clitic and is known stays itself.
        #expect(es.tokens("calle").first?.lemma == "calle")
        // "Para" before a determiner opens a request to stop; elsewhere it is "for".
        #expect(es.tokens("Para la grabación").first?.lemma == "parar")
        #expect(es.tokens("Para mañana apunta leche").first?.lemma == "para")
        #expect(es.tokens("mis notas").last?.lemma == "nota")
    }

    @Test func englishTableCombinesWithTheStemmer() throws {
        let en = try tokenizer("en")
        let t = en.tokens("went to the timers")
        #expect(t.map(\.lemma) == ["go", "to", "the", "timer"])
        // The table never rewrites command words.
        #expect(en.tokens("turn left on").map(\.lemma) == ["turn", "left", "on"])
        #expect(en.tokens("on off open show").allSatisfy { $0.weight == 1 })
    }

    @Test func englishFrequencyPriorWeighsCommonWordsLess() throws {
        let en = try tokenizer("en")
        // Common filler words count less than rare content words; command words stay at 1.
        let t = en.tokens("really just espresso")
        #expect(t[0].weight < 0.8, "really: \(t[0].weight)")
        #expect(t[1].weight < 0.8, "just: \(t[1].weight)")
        #expect(t[2].weight == 1)
        #expect(en.tokens("turn on stop not").allSatisfy { $0.weight == 1 })
    }

    /// Every locale has a frequency prior: a common filler word weighs less than a rare
    /// content word, and the core list's command words keep full weight.
    @Test(arguments: [
        ("de", "auch", "pinguin", "starten"),
        ("es", "también", "aspiradora", "empezar"),
        ("fr", "bien", "aspirateur", "commencer"),
        ("zh-Hans", "就", "吸尘器", "开始"),
        ("ja", "という", "ペンギン", "始める"),
    ])
    func frequencyPriorInEveryLocale(_ locale: String, _ common: String, _ rare: String, _ command: String) throws {
        let t = try tokenizer(locale)
        let c = t.tokens(common), r = t.tokens(rare), k = t.tokens(command)
        #expect(c.count == 1 && r.count == 1 && k.count == 1, "\(c) \(r) \(k)")
        #expect((c.first?.weight ?? 1) < 0.8, "\(locale) \(common): \(c)")
        #expect(r.first?.weight == 1, "\(locale) \(rare): \(r)")
        #expect(k.first?.weight == 1, "\(locale) \(command): \(k)")
    }

    /// English: a lemma_fixes row mapping a word to itself keeps it from the stemmer (news is
    /// no new, morning no morn, settings no set), and rows merging unrelated words are undone.
    @Test func englishWordsKeptAsTheyAre() throws {
        let en = try tokenizer("en")
        func lemma(_ word: String) -> String? { en.tokens(word).first?.lemma }
        #expect(lemma("news") == "news")
        #expect(lemma("morning") == "morning")
        #expect(lemma("settings") == "setting")
        #expect(lemma("setting") == "setting" && lemma("set") == "set")
        #expect(lemma("fed") == "feed" && lemma("feed") == "feed")
        #expect(lemma("tired") != lemma("tire"))
        #expect(lemma("as") == "as")
        // Ordinary inflection still meets its base.
        #expect(lemma("timers") == "timer" && lemma("started") == "start" && lemma("went") == "go")
    }

    /// A German separable verb split around its object is one verb again for matching.
    @Test func germanSeparableVerbsRejoin() throws {
        let de = try tokenizer("de")
        #expect(de.tokens("Mach das Licht bitte aus").first?.lemma == "ausmachen")
        #expect(de.tokens("Fang das Training an").first?.lemma == "anfangen")
        #expect(de.tokens("Schalte das Licht aus").first?.lemma == "ausschalten")
        // The particle stays; short or verbless requests are left alone.
        #expect(de.tokens("Schalte das Licht aus").last?.text == "aus")
        #expect(de.tokens("Licht aus").map(\.lemma) == ["licht", "aus"])
        #expect(de.tokens("das Licht im Flur an").first?.lemma == "der")
        // The particle right after the verb, with more after it ("Hör auf mit der Aufnahme").
        #expect(de.tokens("Hör auf mit der Aufnahme").first?.lemma == "aufhoeren")
        #expect(de.tokens("Schalte aus, was gerade läuft").first?.lemma == "ausschalten")
        #expect(de.tokens("Spiel auf Spotify").first?.lemma != "aufspielen", "auf is a preposition here")
        #expect(de.tokens("Geh zu den Einstellungen").first?.lemma == "gehen")
        // A function word is no verb, whatever the lemma table says (mein → meinen).
        #expect(de.tokens("Mein Parkschein läuft bald ab").first?.lemma == "meinen")
        #expect(de.tokens("Halt mein Workout kurz an").map(\.lemma).contains("anmeinen") == false)
        // spaCy's table reads schalt/schalten as schelten; the pack's fixes keep schalten.
        #expect(de.tokens("Schalt den Urlaubsmodus ein").first?.lemma == "einschalten")
        #expect(de.tokens("Alarmanlage unscharf schalten").last?.lemma == "schalten")
        let fr = try tokenizer("fr")
        #expect(fr.tokens("allume la lumiere en").first?.lemma != "enallumer")
    }

    /// Each clause is read on its own: the verb that leads the last clause meets the particle
    /// that ends it; "frei" is a particle (freischalten); an imperative the table reads as a
    /// noun or a particle-less word is still the verb (halte → freihalten, not halt).
    @Test func germanSeparableVerbsRejoinInTheirClause() throws {
        let de = try tokenizer("de")
        let request = de.tokens("Ich will Freitag frei, reich das in Shiftly ein")
        #expect(request.contains { $0.lemma == "einreichen" }, "\(request.map(\.lemma))")
        #expect(request.first?.lemma == "ich")
        #expect(de.tokens("Shiftly, trag mein Arbeitsende ein").contains { $0.lemma == "eintragen" })
        #expect(de.tokens("Bring mich zurück, bitte").first?.lemma == "zurueckbringen")
        #expect(de.tokens("Schalte mit Bikely ein Rad frei").first?.lemma == "freischalten")
        #expect(de.tokens("Halte mir ein Rad frei").first?.lemma == "freihalten")
        // A comma ends what the particle can reach: the first clause's verb keeps its lemma.
        let two = de.tokens("Spiel Musik, mach das Licht aus")
        #expect(two.first?.lemma != "ausspielen" && two.contains { $0.lemma == "ausmachen" }, "\(two.map(\.lemma))")
        // Still no verb for a function word leading a clause.
        #expect(de.tokens("Na gut, mein Parkschein läuft bald ab").map(\.lemma).contains("abmeinen") == false)
    }

    /// An unknown German compound stays a token and is followed by its known parts, at a
    /// reduced weight; known words, short words and app names are left alone.
    @Test func germanCompoundsAddTheirParts() throws {
        let de = try tokenizer("de")
        let t = de.tokens("Mach das Küchenlicht an")
        let texts = t.map(\.text)
        #expect(texts.contains("kuechenlicht"), "the compound stays: \(texts)")
        let light = try #require(t.first { $0.text == "licht" }, "its last part follows: \(texts)")
        let compound = try #require(t.first { $0.text == "kuechenlicht" })
        #expect(light.weight < compound.weight)
        #expect(t.contains { $0.lemma == "kueche" }, "the head meets the value Küche: \(t.map(\.lemma))")
        #expect(de.tokens("Flughafenzug").map(\.text) == ["flughafenzug", "flug", "hafen", "zug"])
        #expect(de.tokens("Lichter").count == 1, "a known form is not split")
        #expect(de.tokens("Aufzeichnung").count == 1, "a verb particle is no head")
        #expect(de.tokens("Chapterly").count == 1)
        #expect(try tokenizer("fr").tokens("Küchenlicht").count == 1, "German only")
    }

    /// A Korean compound noun written without its space is followed by its nouns (the last
    /// one's particle stripped), so it meets a phrase that spaces them; known words, short
    /// words, verbs and Latin app names stay whole.
    @Test func koreanSpacelessCompoundsAddTheirNouns() throws {
        let ko = try tokenizer("ko")
        let t = ko.tokens("수면기록을 보여 줘")
        #expect(t.map(\.text).prefix(3) == ["수면기록을", "수면", "기록"], "\(t.map(\.text))")
        let whole = try #require(t.first), part = try #require(t.dropFirst().first)
        #expect(part.weight < whole.weight)
        #expect(ko.tokens("교통카드에 충전").map(\.lemma).contains("카드"), "\(ko.tokens("교통카드에 충전").map(\.lemma))")
        #expect(ko.tokens("기록").count == 1)
        #expect(ko.tokens("메시지를").count == 1, "a known noun with its particle is not split")
        #expect(ko.tokens("시작해줘").count == 1, "a request form is not split")
        #expect(ko.tokens("수면기록").count == 3)
        #expect(ko.tokens("수면기").count == 1, "a three-syllable word has no two parts of two syllables")
        #expect(ko.tokens("Pennyjar로").map(\.text) == ["pennyjar", "로"])
    }

    @Test func packNamesFollowTheLanguage() {
        #expect(LocalePackLoader.packName(for: "zh") == "zh-Hans")
        #expect(LocalePackLoader.packName(for: "zh_TW") == "zh-Hans")
        #expect(LocalePackLoader.packName(for: "de_DE") == "de")
        #expect(LocalePackLoader.folder(for: "ja-JP", root: Packs.root) == Packs.root + "/ja")
        #expect(LocalePackLoader.folder(for: "xx", root: Packs.root) == nil)
    }
}

@Suite struct PackErrorTests {
    func scratch(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("locale-pack-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    @Test func missingFileIsNamed() throws {
        let dir = try scratch([:])
        #expect {
            _ = try ChinesePack(folder: dir)
        } throws: { error in
            guard let e = error as? LocalePackError, case .unreadable(let path, _) = e else { return false }
            return path == dir + "/lexicon.tsv"
        }
    }

    @Test func malformedLineIsNamedWithItsNumber() throws {
        let dir = try scratch(["lexicon.tsv": "# unknown 2000\n打开\t500\n设置\tabc\n"])
        do {
            _ = try ChinesePack(folder: dir)
            Issue.record("expected an error")
        } catch {
            #expect(error == .malformed(path: dir + "/lexicon.tsv", line: 3, reason: "expected 'word<TAB>cost'"))
            #expect(error.description.hasPrefix(dir + "/lexicon.tsv:3: error:"))
        }
    }

    @Test func badStopwordWeightIsRejected() throws {
        let dir = try scratch(["stopwords.tsv": "der\t0.3\ndie\t7\n"])
        do {
            _ = try LemmaPack(folder: dir, locale: "de")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == dir + "/stopwords.tsv:2")
        }
    }

    @Test func badConnectionFileIsRejected() throws {
        let dir = try scratch([
            "lexicon.tsv": "# unknown KATAKANA 1 1 9000\n# unknown KANJI 1 1 9000\nを\t1\t1\t100\n",
            "connection.bin": "SLCONN1\0garbage",
        ])
        do {
            _ = try JapanesePack(folder: dir)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == dir + "/connection.bin")
        }
    }

    @Test func resourcesReportThePackFileAndLine() throws {
        let root = try scratch([:])
        try FileManager.default.createDirectory(atPath: root + "/ko", withIntermediateDirectories: true)
        try Data("가\n".utf8).write(to: URL(fileURLWithPath: root + "/ko/josa.txt"))
        try Data("요\n".utf8).write(to: URL(fileURLWithPath: root + "/ko/eomi.txt"))
        try Data("사람\tn\n고양이\tnoun\n".utf8).write(to: URL(fileURLWithPath: root + "/ko/stems.tsv"))
        do {
            _ = try MatcherResources.load(locale: "ko", directory: root)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix(root + "/ko/stems.tsv:2: error:"))
        }
    }

    /// The session-2 pack files fail loudly too, naming the file.
    @Test(arguments: [
        ("system.txt", Data([0x73, 0x65, 0x74, 0xFF, 0x0A]), "system.txt: error: not readable as UTF-8"),
        ("synonyms.txt", Data([0xC3, 0x28, 0x0A]), "synonyms.txt: error: not readable as UTF-8"),
        ("matching.json", Data("{\"threshold\": 2}".utf8), "matching.json: error: 'threshold' must be a number"),
        ("frequency.tsv", Data("the\t1.5\n".utf8), "frequency.tsv:1: error:"),
        ("actions.txt", Data([0x73, 0x68, 0x61, 0x72, 0x65, 0xFF, 0x0A]), "actions.txt: error: not readable as UTF-8"),
        ("antonyms.txt", Data("# opposites\nnext / previous\non, off\n".utf8), "antonyms.txt:3: error: expected 'word, … / opposite, …', got 'on, off'"),
        ("antonyms.txt", Data([0x6F, 0x6E, 0x2F, 0xFF, 0x0A]), "antonyms.txt: error: not readable as UTF-8"),
    ])
    func badNewPackFilesAreNamed(_ name: String, _ contents: Data, _ message: String) throws {
        let root = try scratch([:])
        try FileManager.default.createDirectory(atPath: root + "/en", withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: root + "/en/" + name))
        do {
            _ = try MatcherResources.load(locale: "en", directory: root)
            Issue.record("expected an error for \(name)")
        } catch {
            #expect(error.description.hasPrefix(root + "/en/" + message.prefix(while: { $0 != ":" })), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    /// A Japanese readings table with a line that is no `surface<TAB>reading` is named.
    @Test func badReadingsLineIsNamed() throws {
        let dir = try scratch([
            "lexicon.tsv": "# unknown KATAKANA 1 1 9000\n# unknown KANJI 1 1 9000\nを\t1\t1\t100\n",
            "readings.tsv": "記録\tキロク\n水やり\n",
        ])
        try FileManager.default.copyItem(atPath: Packs.root + "/ja/connection.bin", toPath: dir + "/connection.bin")
        do {
            _ = try JapanesePack(folder: dir)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == dir + "/readings.tsv:2", "\(error)")
        }
    }

    @Test func tinyPackSegmentsAndNeverCrashesOnOddInput() throws {
        let dir = try scratch(["lexicon.tsv": "# unknown 2000\n打开\t500\n灯\t600\n"])
        let zh = Tokenizer(locale: "zh-Hans", pack: try ChinesePack(folder: dir))
        #expect(zh.tokens("打开灯").map(\.text) == ["打开", "灯"])
        #expect(zh.tokens("打开𠀋灯").map(\.text) == ["打开", "𠀋", "灯"])
        #expect(zh.tokens("").isEmpty)
        #expect(zh.tokens("，。！").isEmpty)
    }
}

@Suite struct PackResourceTests {
    @Test func everyPackLoadsWithEmbeddingsAndSynonyms() throws {
        for locale in ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"] {
            let r = try MatcherResources.load(locale: locale, directory: Packs.root)
            #expect(r.pack != nil, "\(locale)")
            #expect(r.lexicon != nil, "\(locale)")
            #expect(r.embeddings != nil, "\(locale)")
            #expect(r.systemPhrases.count >= 40, "\(locale): \(r.systemPhrases.count) system requests")
            #expect(r.systemPhrases.allSatisfy { !$0.hasPrefix("#") && !$0.isEmpty })
        }
    }

    /// A pack's list entries as the loader reads them: synonym groups by `Lexicon.groups`,
    /// actions and both sides of each opposite by `Lexicon.contentLines`.
    static func listEntries(_ locale: String) throws -> (synonyms: [String], words: [String]) {
        func read(_ name: String) throws -> String {
            try String(contentsOfFile: Packs.folder(locale) + "/" + name, encoding: .utf8)
        }
        let synonyms = Lexicon.groups(inText: try read("synonyms.txt")).flatMap { $0 }
        let actions = Lexicon.contentLines(inText: try read("actions.txt")).map(\.content)
        let opposites = Lexicon.contentLines(inText: try read("antonyms.txt"))
            .flatMap { $0.content.split(whereSeparator: { $0 == "/" || $0 == "," }).map(Lexicon.trimmed) }
        return (synonyms, actions + opposites)
    }

    /// The loader's shortcut for plain words gives what the tokenizer gives, for every word
    /// of every pack's lists (and declines what it does not cover).
    @Test func plainWordLemmaAgreesWithTheTokenizer() throws {
        for locale in ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"] {
            let t = try Packs.tokenizer(locale)
            let (synonyms, words) = try Self.listEntries(locale)
            var checked = 0
            for entry in synonyms + words {
                let normalized = t.normalizer.normalize(entry)
                guard let fast = t.plainWordLemma(normalized) else { continue }
                let tokens = t.tokens(normalized: normalized, finishing: false)
                #expect(tokens.count == 1 && tokens.first?.lemma == fast, "\(locale): \(entry) → \(fast), tokens \(tokens.map(\.lemma))")
                checked += 1
            }
            #expect(checked > 50 || ["zh-Hans", "ja", "ko"].contains(locale), "\(locale): \(checked) plain words")
        }
        let en = try Packs.tokenizer("en")
        #expect(en.plainWordLemma("timers") == "timer")
        #expect(en.plainWordLemma("turn on") == nil)
        #expect(en.plainWordLemma("don't") == nil)
        #expect(en.plainWordLemma("") == nil)
    }

    /// The loader segments a list entry chunk by space-separated chunk, each chunk once:
    /// the same tokens as the whole entry, for every entry of every pack's synonym list.
    @Test func listEntriesTokenizeAlikeChunkByChunk() throws {
        for locale in ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"] {
            let t = try Packs.tokenizer(locale)
            var memo: [Substring: [Token]] = [:]
            var multi = 0
            for entry in try Self.listEntries(locale).synonyms {
                let normalized = t.normalizer.normalize(entry)
                let whole = t.tokens(normalized: normalized, finishing: false)
                let chunked = MatcherResources.listTokens(normalized, t, memo: &memo)
                #expect(chunked == whole, "\(locale): \(entry)")
                if normalized.contains(" ") { multi += 1 }
            }
            #expect(multi > 50, "\(locale): \(multi) entries of several words")
        }
    }

    @Test func packsStayUnderFiveMegabytes() throws {
        let fm = FileManager.default
        for locale in ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"] {
            let dir = Packs.root + "/" + locale
            var total = 0
            for name in try fm.contentsOfDirectory(atPath: dir) {
                total += (try fm.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0
            }
            #expect(total < 5_000_000, "\(locale): \(total) bytes")
            #expect(fm.fileExists(atPath: dir + "/SOURCES.md"), "\(locale)")
        }
    }

    /// Stopword weights are looked up by the tokenizer's normalised word, so a pack's list
    /// must be normalised ("koennen", not "können", whose weight no token would ever get).
    @Test func stopwordListsAreNormalised() throws {
        for locale in ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"] {
            let normalizer = TextNormalizer(locale: locale)
            let text = try String(contentsOfFile: Packs.root + "/" + locale + "/stopwords.tsv", encoding: .utf8)
            for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else { continue }
                #expect(normalizer.normalize(word) == word, "\(locale): \(word)")
            }
        }
        let de = try Packs.tokenizer("de")
        #expect(de.tokens("Könntest du").first?.weight ?? 1 < 1, "a modal verb weighs less, by its lemma")
    }

    @Test func wholeWordTablesDoNotFallBackToPieces() throws {
        let loaded = try MatcherResources.load(locale: "zh-Hans", directory: Packs.root).embeddings
        guard let table = loaded else {
            Issue.record("no zh-Hans embeddings")
            return
        }
        #expect(table.wholeWordsOnly)
        #expect(table.pieces(of: "打开") != nil)
        #expect(table.pieces(of: "打开手电筒并") == nil)
        let en = try MatcherResources.load(locale: "en", directory: Packs.root).embeddings
        #expect(en?.wholeWordsOnly == false)
    }

    @Test func synonymsComeFromTheCoreListInLemmaForm() throws {
        let ja = try MatcherResources.load(locale: "ja", directory: Packs.root)
        #expect(ja.lexicon?.synonyms(of: "送信").contains { $0.lemma == "送る" } == true)
        let ko = try MatcherResources.load(locale: "ko", directory: Packs.root)
        #expect(ko.lexicon?.synonyms(of: "보내").contains { $0.lemma == "전송" } == true)
    }
}
