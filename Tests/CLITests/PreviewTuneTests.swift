import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The small catalog and labelled phrases the `preview` and `tune` tests share. They live
/// beside the tests (not in `Corpora/`) so that editing the sample apps cannot move goldens.
enum TuneFixtures {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures")
    static var catalog: String { directory.appendingPathComponent("tasklet-mini.json").path }
    static var queries: String { directory.appendingPathComponent("tasklet-mini-queries.jsonl").path }

    /// Language data pinned to what is checked in: a `Locales/` folder holding only the
    /// tracked English embeddings. Goldens then depend on the matcher's code and committed
    /// data, not on locale files someone is still building in their working tree.
    static let pinnedLocales: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tune-locales-\(UUID().uuidString)")
        let english = root.appendingPathComponent("en")
        try? FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        let embeddings = Fixtures.packageRoot.appendingPathComponent("Locales/en/embeddings.bin")
        try? FileManager.default.createSymbolicLink(at: english.appendingPathComponent("embeddings.bin"), withDestinationURL: embeddings)
        return root.path
    }()

    static var environment: [String: String] { ["SHORTCUT_LAB_LOCALES": pinnedLocales] }

    /// A copy of the catalog in a scratch folder, for commands that write to it.
    static func catalogCopy() throws -> String {
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        return try Fixtures.temporaryFile(named: "tasklet-mini.json", contents: text)
    }
}

@Suite("shortcut-lab preview (not a terminal)")
struct PreviewPlainTests {
    /// Phrases and commands as a script would pipe them: one plain line per input line.
    static let script = [
        "add a task in Tasklet",
        "show my shopping list in Tasklet",
        "open groceries in Tasklet",
        "Set an alarm for 7 am",
        "Send Tasklet summary to my grocer",
        "",
        ":threshold 0.9",
        "begin focusing with Tasklet",
        ":threshold 0.32",
        ":margin 0.5",
        "begin focusing with Tasklet",
        ":margin 0.02",
        ":app-name required",
        "show my work list",
        ":app-name optional",
        ":explain show my work list",
        ":shortcuts",
        ":locales",
        ":locale de",
        "zeige meine Einkaufsliste in Tasklet",
        ":locale xx",
        ":threshold 2",
        ":nonsense",
        ":help",
        ":quit",
        "never read",
    ]

    @Test func scriptedSessionGolden() throws {
        let input = Data((Self.script.joined(separator: "\n") + "\n").utf8)
        let result = try CLI.run(["preview", TuneFixtures.catalog], input: input, environment: TuneFixtures.environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.isEmpty)
        #expect(!result.output.contains("\u{1B}["), "no colour when not a terminal")
        #expect(!result.output.contains("never read"))
        try Golden.check(result.output, matches: "preview-plain.txt")
    }

    @Test func oneLinePerPhraseWithTheFacts() throws {
        let result = try CLI.run(
            ["preview", "--catalog", TuneFixtures.catalog],
            lines: ["show my shopping list in Tasklet", "Set an alarm for 7 am", ":app-name required", "show my work list"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputLines
        try #require(lines.count == 4)
        #expect(lines[0].hasPrefix("\"show my shopping list in Tasklet\" -> match ShowList \"Show List\" [list.bullet] list=grocery"))
        #expect(lines[0].contains(" score 1.00 margin "))
        #expect(lines[0].contains("| runner-ups: "))
        // Siri sets alarms itself: the locale's system requests refuse it before any threshold.
        #expect(lines[1].hasPrefix("\"Set an alarm for 7 am\" -> none negative-phrase: a request Siri handles itself, like "))
        #expect(lines[3].hasPrefix("\"show my work list\" -> none app-name-missing: app name not mentioned"))
    }

    /// A word read as a typo is shown in the preview line, as `match` shows it.
    @Test func previewShowsTypos() throws {
        let result = try CLI.run(["preview", "--catalog", TuneFixtures.catalog], lines: ["Shwo my shopping list in Tasklet"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let line = try #require(result.outputLines.first)
        #expect(line.hasSuffix(" | read: \"Shwo\" as \"show\" (typo)"), "\(line)")
        #expect(line.contains("-> match ShowList"), "\(line)")
    }

    @Test func catalogIsRequiredOnce() throws {
        let none = try CLI.run(["preview"], lines: ["x"])
        #expect(none.status == 64)
        let both = try CLI.run(["preview", TuneFixtures.catalog, "--catalog", TuneFixtures.catalog], lines: ["x"])
        #expect(both.status == 64)
        let missing = try CLI.run(["preview", "/nonexistent/m.json"], lines: ["x"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.hasPrefix("/nonexistent/m.json: error:"))
    }
}

@Suite("shortcut-lab tune")
struct TuneCommandTests {
    @Test func tableGolden() throws {
        let result = try CLI.run(
            ["tune", TuneFixtures.catalog, "--queries", TuneFixtures.queries], environment: TuneFixtures.environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        try Golden.check(result.output, matches: "tune-table.txt")
        // Reported on the phrases it tuned on: say so (on standard error, not in the table).
        #expect(result.errorOutput.contains("warning: these figures are measured on the same phrases"))
        // No progress bar when standard error is not a terminal.
        #expect(!result.errorOutput.contains("\r"))
    }

    @Test func holdoutAndTargetGolden() throws {
        let result = try CLI.run([
            "tune", TuneFixtures.catalog, "--queries", TuneFixtures.queries, "--holdout", "0.4", "--target-far", "0",
            "--margin", "0.02", "--step", "0.1",
        ], environment: TuneFixtures.environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        try Golden.check(result.output, matches: "tune-holdout.txt")
        #expect(!result.errorOutput.contains("same phrases"))
        #expect(result.output.contains("held out for the report"))
    }

    /// The recommended row of the table carries the figures the recommendation states, and
    /// `match --threshold` at that setting gives that accuracy.
    @Test func recommendationAgreesWithMatch() throws {
        let result = try CLI.run(["tune", TuneFixtures.catalog, "--queries", TuneFixtures.queries])
        let recommended = try #require(result.outputLines.first { $0.hasPrefix("Recommended: threshold ") })
        let words = recommended.split(separator: " ")
        let threshold = String(words[2].dropLast())
        let margin = String(words[4])

        let queries = try String(contentsOfFile: TuneFixtures.queries, encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        let matched = try CLI.run(
            ["match", "--catalog", TuneFixtures.catalog, "--stdin", "--json", "--threshold", threshold, "--margin", margin],
            lines: queries.map { $0["text"] as? String ?? "" })
        var right = 0
        for (line, query) in zip(matched.outputLines, queries) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            let hit = object["outcome"] as? String == "match" ? object["shortcut"] as? String : nil
            if hit == query["expect"] as? String { right += 1 }
        }
        let accuracy = String(format: "%.1f%%", 100 * Double(right) / Double(queries.count))
        let reported = try #require(result.outputLines.first { $0.contains("on the 24 tuning phrases: accuracy ") })
        #expect(reported.contains("accuracy \(accuracy),"), "\(reported) vs match: \(accuracy)")
    }

    @Test func writeStoresTheChoiceInTheManifest() throws {
        let copy = try TuneFixtures.catalogCopy()
        let before = try String(contentsOfFile: copy, encoding: .utf8)
        let result = try CLI.run(["tune", copy, "--queries", TuneFixtures.queries, "--target-far", "0.05", "--write"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("Stored threshold "))
        let after = try String(contentsOfFile: copy, encoding: .utf8)
        // The original text is kept; the block is added before the final brace.
        let closing = try #require(before.range(of: "}\n", options: .backwards))
        #expect(after.hasPrefix(String(before[..<closing.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any])
        let matching = try #require(object["matching"] as? [String: Any])
        let threshold = try #require(matching["threshold"] as? Double)
        #expect(matching["margin"] as? Double != nil)
        // The manifest still loads, and `match` now uses the stored threshold.
        let matched = try CLI.run(["match", "--catalog", copy, "--json", "Set an alarm for 7 am"])
        #expect(matched.status == 0, "\(matched.errorOutput)")
        #expect(
            matched.output.contains("below-threshold") || matched.output.contains("negative-phrase")
                || matched.output.contains("\"outcome\":\"match\""))
        #expect(result.output.contains("Recommended: threshold \(String(format: "%.2f", threshold))"))
    }

    @Test func plotIsAnSVGDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tune-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("tune.svg").path
        let result = try CLI.run(["tune", TuneFixtures.catalog, "--queries", TuneFixtures.queries, "--plot", path])
        #expect(result.status == 0, "\(result.errorOutput)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.components(separatedBy: "<polyline").count == 4)
        #expect(text.contains("recommended 0."))
    }

    @Test func malformedQueriesNameFileAndLine() throws {
        let path = try Fixtures.temporaryFile(
            named: "bad.jsonl",
            contents: "{\"text\": \"add a task\", \"expect\": \"AddTask\"}\n\n{\"text\": \"oops\", \"expect\": \n")
        let result = try CLI.run(["tune", TuneFixtures.catalog, "--queries", path])
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("\(path):3:"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains(": error: "))
        #expect(result.output.isEmpty)

        let unknown = try Fixtures.temporaryFile(named: "unknown.jsonl", contents: "{\"text\": \"x\", \"expect\": \"AddTsk\"}\n")
        let second = try CLI.run(["tune", TuneFixtures.catalog, "--queries", unknown])
        #expect(second.status == 2)
        #expect(second.errorOutput.hasPrefix("\(unknown):1: error: 'expect' names unknown shortcut 'AddTsk'"))

        let missing = try CLI.run(["tune", TuneFixtures.catalog, "--queries", "/nonexistent.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.hasPrefix("/nonexistent.jsonl: error: cannot read queries"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [["--holdout", "1"], ["--target-far", "-0.1"], ["--step", "0.013"], ["--margin", "3"]] {
            let result = try CLI.run(["tune", TuneFixtures.catalog, "--queries", TuneFixtures.queries] + arguments)
            #expect(result.status == 64, "\(arguments)")
        }
    }
}
