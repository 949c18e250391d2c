import Foundation
import Testing

/// Golden-output tests for `shortcut-lab match` on the Tasklet to-do manifest: the human
/// report (standard output is a file, so no colour) and the `--json` lines, compared with
/// `Golden/match-todo.txt` and `Golden/match-todo-json.txt` (each run headed by its command
/// line, with the catalog path relative to the package root).
///
/// Regenerate after an intended change with
/// `UPDATE_GOLDEN=1 swift test --filter MatchGoldenTests`, then review the diff. Besides the
/// byte comparison, each phrase states the outcome it is there to cover, so regenerating
/// cannot silently lose a case (e.g. a retuned engine no longer finding a phrase ambiguous).
///
/// The scores depend on `Locales/en/embeddings.bin`; without it the suite is skipped. The
/// runs see that file alone (`SHORTCUT_LAB_LOCALES` names a scratch folder linking to it), so
/// edits to the other locale data (synonyms, lemmas, other languages) do not churn the
/// golden files; engine changes and embedding rebuilds do, by design.
@Suite("shortcut-lab match, golden output", .enabled(if: GoldenRun.englishEmbeddingsExist))
struct MatchGoldenTests {
    @Test func humanOutput() throws {
        var text = ""
        for run in GoldenRun.all {
            let result = try run.execute(json: false)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            #expect(!result.output.contains("\u{1B}["), "no ANSI codes when stdout is not a terminal")
            text += run.header(json: false) + "\n" + result.output + "\n"
        }
        #expect(!text.contains(Fixtures.packageRoot.path), "golden text must not depend on where the package is")
        try Golden.check(text, matches: "match-todo.txt")
    }

    @Test func jsonOutput() throws {
        var text = ""
        for run in GoldenRun.all {
            let result = try run.execute(json: true)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            let lines = result.outputLines
            try #require(lines.count == run.cases.count, "one line per phrase:\n\(result.output)")
            for (line, expected) in zip(lines, run.cases) {
                try expected.check(line)
            }
            text += run.header(json: true) + "\n" + result.output + "\n"
        }
        #expect(!text.contains(Fixtures.packageRoot.path), "golden text must not depend on where the package is")
        try Golden.check(text, matches: "match-todo-json.txt")
    }
}

/// One invocation of `match` on the Tasklet manifest: extra options and the phrases given.
struct GoldenRun {
    /// What a phrase is in the golden file for.
    struct Case {
        var phrase: String
        var outcome: String
        var reason: String? = nil
        var shortcut: String? = nil
        var parameter: String? = nil
        var matchKind: String? = nil
        var appNameMentioned: Bool? = nil
        /// For `ambiguous`: the shortcuts offered.
        var choices: Set<String>? = nil

        func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
            let context = Comment(rawValue: "\"\(phrase)\": \(line)")
            #expect(object["input"] as? String == phrase, context, sourceLocation: sourceLocation)
            #expect(object["outcome"] as? String == outcome, context, sourceLocation: sourceLocation)
            #expect(object["reason"] as? String == reason, context, sourceLocation: sourceLocation)
            #expect(object["shortcut"] as? String == shortcut, context, sourceLocation: sourceLocation)
            #expect(object["matchKind"] as? String == matchKind, context, sourceLocation: sourceLocation)
            let binding = object["parameter"] as? [String: Any]
            #expect(binding?["value"] as? String == parameter, context, sourceLocation: sourceLocation)
            if let appNameMentioned {
                #expect(line.contains("\"appNameMentioned\":\(appNameMentioned)"), context, sourceLocation: sourceLocation)
            }
            if let choices {
                let candidates = try #require(object["candidates"] as? [[String: Any]], context)
                #expect(Set(candidates.compactMap { $0["shortcut"] as? String }) == choices, context, sourceLocation: sourceLocation)
            }
        }
    }

    /// Options after `--catalog`, as written in the header.
    var options: [String]
    var cases: [Case]

    static let catalogPath = "Corpora/Todo/manifest.json"

    static let all: [GoldenRun] = [
        GoldenRun(options: [], cases: [
            Case(phrase: "Add a task in Tasklet", outcome: "match", shortcut: "AddTask", matchKind: "exact",
                 appNameMentioned: true),
            Case(phrase: "what's on my SHOPPING list in tasklet lists?", outcome: "match", shortcut: "SummarizeList",
                 parameter: "grocery", matchKind: "exact", appNameMentioned: true),
            Case(phrase: "summarize my chores in Tasklet", outcome: "match", shortcut: "SummarizeList",
                 parameter: "home", matchKind: "flexible", appNameMentioned: true),
            Case(phrase: "start a focus timer in Tasklet", outcome: "match", shortcut: "StartFocus",
                 matchKind: "flexible", appNameMentioned: true),
            Case(phrase: "Set an alarm for 7 am", outcome: "none", reason: "below-threshold", appNameMentioned: false),
            Case(phrase: "Delete all my tasks in Tasklet", outcome: "none", reason: "negative-phrase",
                 appNameMentioned: true),
            Case(phrase: "   ", outcome: "none", reason: "empty-input", appNameMentioned: false),
        ]),
        // A wide margin: the two best shortcuts are too close to call.
        GoldenRun(options: ["--margin", "0.2"], cases: [
            Case(phrase: "add or complete a task in Tasklet", outcome: "ambiguous", reason: "ambiguous",
                 appNameMentioned: true, choices: ["AddTask", "CompleteTask"]),
        ]),
        GoldenRun(options: ["--app-name", "required", "--top", "3"], cases: [
            Case(phrase: "add a task", outcome: "none", reason: "app-name-missing", appNameMentioned: false),
            Case(phrase: "add a new task in Taskelt", outcome: "match", shortcut: "AddTask", matchKind: "flexible",
                 appNameMentioned: true),
        ]),
    ]

    static var localesDirectory: URL { Fixtures.packageRoot.appendingPathComponent("Locales") }

    static var englishEmbeddingsExist: Bool {
        FileManager.default.fileExists(atPath: localesDirectory.appendingPathComponent("en/embeddings.bin").path)
    }

    func arguments(json: Bool, catalog: String) -> [String] {
        ["match", "--catalog", catalog] + options + (json ? ["--json"] : []) + cases.map(\.phrase)
    }

    /// The command as a shell line, with the catalog path relative to the package root.
    func header(json: Bool) -> String {
        "$ shortcut-lab " + arguments(json: json, catalog: Self.catalogPath).map(shellQuoted).joined(separator: " ")
    }

    func execute(json: Bool) throws -> CLIResult {
        let locales = try Self.embeddingsOnlyLocales()
        defer { try? FileManager.default.removeItem(at: locales) }
        return try CLI.run(
            arguments(json: json, catalog: Fixtures.todoManifest),
            environment: ["SHORTCUT_LAB_LOCALES": locales.path])
    }

    /// A fresh `Locales/`-shaped folder holding only `en/embeddings.bin`, linked to the
    /// package's copy.
    static func embeddingsOnlyLocales() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("shortcut-lab-golden-locales-\(UUID().uuidString)")
        let en = root.appendingPathComponent("en")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: en.appendingPathComponent("embeddings.bin"),
            withDestinationURL: localesDirectory.appendingPathComponent("en/embeddings.bin"))
        return root
    }
}

/// `word` as a POSIX shell word: bare when it is plain, else in single quotes.
private func shellQuoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) || "-_./=".unicodeScalars.contains($0)
    }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
