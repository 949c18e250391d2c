import Foundation
import Testing

/// Golden-output tests for `shortcut-lab tokenize`: one file per locale,
/// `Golden/tokenize-<locale>.txt` (human report) and `Golden/tokenize-<locale>.json.txt`
/// (`--json` lines), over command phrases that exercise that locale's pack: segmentation
/// (with mixed Latin/CJK input), lemmas, stopword weights and synonyms.
///
/// The runs read the committed packs (`SHORTCUT_LAB_LOCALES` = the package's `Locales/`), so
/// a pack rebuild that changes tokenisation shows up here as a reviewable diff. Regenerate
/// with `UPDATE_GOLDEN=1 swift test --filter TokenizeGoldenTests`.
@Suite("shortcut-lab tokenize, golden output")
struct TokenizeGoldenTests {
    static let locales = Fixtures.packageRoot.appendingPathComponent("Locales").path

    static let phrases: [String: [String]] = [
        "en": ["Turn on the lights", "Start a new workout in Demo", "I went to the shops, didn't I?"],
        "de": ["Schalte das Licht an", "Starte ein Workout in Demo", "Fasse die Straßenkarte zusammen"],
        "fr": ["Allume l'éclairage", "Envoie un message à maman d’ici", "Résume mes notes"],
        "es": ["Enciende las luces", "Pide un café con Demo", "Muéstrame mis tareas"],
        "zh-Hans": ["打开手电筒并设置闹钟", "用Demo总结购物清单", "給媽媽發送一條訊息"],
        "ja": ["ライトを消して", "Demoで録音を開始", "ﾀｲﾏｰを5分にセット"],
        "ko": ["엄마에게 메시지를 보내줘", "Demo에서 목록 요약해 줘", "불을 꺼줘"],
    ]

    static var sortedLocales: [String] { phrases.keys.sorted() }

    @Test(arguments: sortedLocales) func humanOutput(_ locale: String) throws {
        let phrases = try #require(Self.phrases[locale])
        let result = try CLI.run(
            ["tokenize", "--locale", locale] + phrases, environment: ["SHORTCUT_LAB_LOCALES": Self.locales])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
        // Every phrase is reported, each with at least one numbered token.
        for phrase in phrases { #expect(result.outputLines.contains(phrase)) }
        #expect(result.outputLines.filter { $0.hasPrefix("  1. ") }.count == phrases.count)
        try Golden.check(result.output, matches: "tokenize-\(locale).txt")
    }

    @Test(arguments: sortedLocales) func jsonOutput(_ locale: String) throws {
        let phrases = try #require(Self.phrases[locale])
        let result = try CLI.run(
            ["tokenize", "--json", "--locale", locale] + phrases, environment: ["SHORTCUT_LAB_LOCALES": Self.locales])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputLines
        try #require(lines.count == phrases.count)
        for (line, phrase) in zip(lines, phrases) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["input"] as? String == phrase)
            let tokens = try #require(object["tokens"] as? [[String: Any]])
            #expect(!tokens.isEmpty)
            for token in tokens {
                let weight = try #require(token["weight"] as? Double)
                #expect(weight > 0 && weight <= 1)
            }
        }
        try Golden.check(result.output, matches: "tokenize-\(locale).json.txt")
    }

    @Test func mixedScriptsSplitAndSegment() throws {
        let ja = try CLI.run(["tokenize", "--json", "--locale", "ja", "Demoで録音を開始"], environment: ["SHORTCUT_LAB_LOCALES": Self.locales])
        #expect(ja.output.contains("\"text\":\"demo\",\"lemma\":\"demo\",\"kind\":\"word\""))
        #expect(ja.output.contains("\"text\":\"録音\""))
        let zh = try CLI.run(["tokenize", "--json", "--locale", "zh", "用Demo总结购物清单"], environment: ["SHORTCUT_LAB_LOCALES": Self.locales])
        #expect(zh.output.contains("\"text\":\"总结\""))
        #expect(zh.output.contains("\"text\":\"购物\""))
    }

    @Test func badPackIsReportedWithFileAndLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tokenize-bad-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("de")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("der\t0.3\ndie\tzwei\n".utf8).write(to: folder.appendingPathComponent("stopwords.tsv"))
        let result = try CLI.run(["tokenize", "--locale", "de", "Licht an"], environment: ["SHORTCUT_LAB_LOCALES": root.path])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(folder.appendingPathComponent("stopwords.tsv").path + ":2"))
    }
}
