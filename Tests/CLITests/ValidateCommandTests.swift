import Foundation
import Testing

/// `shortcut-lab validate` and `stats`, run as a subprocess: golden output in the three
/// formats, exit statuses, and the malformed-file corpus (each file: a located diagnostic,
/// exit 2, no crash).
@Suite("shortcut-lab validate and stats")
struct ValidateCommandTests {
    static let fixture = Golden.directory.appendingPathComponent("validate-fixture")
    static let manifest = fixture.appendingPathComponent("manifest.json").path
    static let corpus = Fixtures.packageRoot.appendingPathComponent("Tests/MalformedCorpus")

    /// Output with the machine-specific fixture folder replaced, so golden files are portable.
    static func portable(_ text: String) -> String {
        text.replacingOccurrences(of: fixture.path, with: "<fixture>")
            .replacingOccurrences(of: corpus.path, with: "<corpus>")
    }

    @Test func textGolden() throws {
        let result = try CLI.run(["validate", Self.manifest])
        #expect(result.status == 1, "\(result.errorOutput)")
        try Golden.check(Self.portable(result.output), matches: "validate-text.txt")
    }

    @Test func jsonGolden() throws {
        let result = try CLI.run(["validate", "--format", "json", Self.manifest])
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        #expect(!array.isEmpty)
        for object in array {
            for key in ["status", "message", "path", "line", "languageCode", "key", "rule"] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
            #expect(["error", "warning"].contains(object["status"] as? String ?? ""))
        }
        try Golden.check(Self.portable(result.output), matches: "validate-json.json")
    }

    @Test func githubGolden() throws {
        let result = try CLI.run(["validate", "--format", "github", Self.manifest])
        #expect(result.status == 1)
        #expect(result.outputLines.allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") })
        try Golden.check(Self.portable(result.output), matches: "validate-github.txt")
    }

    @Test func statsGolden() throws {
        let result = try CLI.run(["stats", "--catalog", Self.manifest])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("conservative"))
        try Golden.check(Self.portable(result.output), matches: "validate-stats.txt")
        let german = try CLI.run(["stats", "--catalog", Self.manifest, "--locale", "de"])
        #expect(german.output.contains("Per shortcut in de:"))
        let json = try CLI.run(["stats", "--catalog", Self.manifest, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let locales = try #require(object["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == ["en", "de", "fr"])
        #expect(locales.first?["expanded"] as? Int == 14)
        #expect(object["limit"] as? Int == 1000)
    }

    @Test func disableStrictAndExitStatuses() throws {
        let errorsOff = try CLI.run([
            "validate", Self.manifest, "--disable", "application-name", "--disable", "translation-placeholders",
        ])
        #expect(errorsOff.status == 0, "\(errorsOff.output)")
        #expect(!errorsOff.output.contains("[application-name]"))
        #expect(errorsOff.output.contains("[hey-siri]"))
        let strict = try CLI.run([
            "validate", Self.manifest, "--strict", "--disable", "application-name", "--disable", "translation-placeholders",
        ])
        #expect(strict.status == 1)
        #expect(!strict.output.contains(": warning:"))
        let unknownRule = try CLI.run(["validate", Self.manifest, "--disable", "no-such-rule"])
        #expect(unknownRule.status == 64)
    }

    @Test func listRules() throws {
        let result = try CLI.run(["validate", "--list-rules"])
        #expect(result.status == 0)
        #expect(result.outputLines.count == 26)
        #expect(result.outputLines.contains { $0.hasPrefix("application-name") && $0.contains("error") })
        #expect(result.outputLines.contains { $0.hasPrefix("unused-key") && $0.contains("warning") })
    }

    @Test func matchUsesTheStringCatalogLocales() throws {
        let result = try CLI.run(["match", "--catalog", Self.manifest, "--locale", "de", "--json", "Füge in Tasklet eine Aufgabe hinzu"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["locale"] as? String == "de")
        #expect(object["shortcut"] as? String == "AddTask")
    }

    /// Expected line of the first diagnostic for each malformed input, and a word of its message.
    static let malformed: [(String, Int, String)] = [
        ("truncated.xcstrings", 12, "unterminated string"),
        ("wrong-types.xcstrings", 10, "must be an array"),
        ("bom-truncated.xcstrings", 19, "unexpected end of input"),
        ("bad-escape.xcstrings", 12, "invalid escape"),
        ("duplicate-keys.xcstrings", 10, "duplicate key"),
        ("utf16-bom-bad-escape.strings", 3, "invalid escape"),
        ("utf16-unpaired-surrogate.strings", 2, "unpaired UTF-16 surrogate"),
        ("duplicate-keys.strings", 3, "duplicate key"),
        ("missing-semicolon.strings", 3, "expected ';'"),
        ("latin1.strings", 2, "invalid UTF-8"),
        ("bom-in-the-middle.strings", 2, "byte-order mark"),
        ("unterminated-comment.strings", 2, "unterminated comment"),
        ("binary-junk.xcstrings", 1, "unexpected content"),
        ("binary-junk.strings", 1, "invalid UTF-8"),
        ("wrong-type.actionsdata", 3, "must be an array"),
        ("bad-extracted/extracted.json", 4, "must be an array"),
        ("bad-info-plist", 6, "expected </string>"),
        ("bad-manifest/manifest.json", 4, "missing required field"),
    ]

    @Test(arguments: malformed) func malformedInput(name: String, line: Int, words: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        for format in ["text", "json"] {
            let result = try CLI.run(["validate", "--format", format, path])
            #expect(result.status == 2, "\(name): \(result.output) \(result.errorOutput)")
            if format == "text" {
                let first = try #require(result.outputLines.first)
                #expect(first.contains(":\(line):"), "\(name): \(first)")
                #expect(first.contains(": error: "), "\(first)")
                #expect(first.contains(words), "\(first)")
                #expect(first.hasSuffix("[malformed-file]"))
                // The file named is the malformed one (or the file inside the folder).
                #expect(first.hasPrefix(Self.corpus.path), "\(first)")
            } else {
                let array = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
                #expect(array.first?["line"] as? Int == line)
                #expect(array.first?["rule"] as? String == "malformed-file")
            }
        }
    }

    /// A 50 MB catalog, written at test time (not committed), truncated at the very end:
    /// found on its last line, quickly, without running out of memory.
    @Test func fiftyMegabyteCatalog() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("validate-50mb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        var line = 3
        let entry = { (i: Int) in
            "    \"Phrase number \(i) in ${applicationName}\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Satz Nummer \(i) in ${applicationName}\" } } } },\n"
        }
        var i = 0
        while text.utf8.count < 50_000_000 {
            text += entry(i)
            i += 1
            line += 1
        }
        text += "    \"last\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"value\" : \"unterminated"
        line += 1
        let url = directory.appendingPathComponent("AppShortcuts.xcstrings")
        try Data(text.utf8).write(to: url)
        let started = Date()
        let result = try CLI.run(["validate", url.path], timeout: 120)
        #expect(result.status == 2)
        #expect(result.outputLines.first?.hasPrefix("\(url.path):\(line):") == true, "\(result.outputLines.first ?? "")")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test func realWorldFolderAndFiles() throws {
        let root = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real-world-catalogs")
        guard FileManager.default.fileExists(atPath: root.path) else { return }
        let app = root.appendingPathComponent("jlezcanof__BreadUp")
        let folder = try CLI.run(["validate", "--no-matcher", app.path])
        #expect(folder.status == 0)
        #expect(folder.output.contains("[placeholder-spacing]"))
        let file = try CLI.run(["validate", "--no-matcher", app.appendingPathComponent("extracted.json").path])
        #expect(file.output == folder.output)
        let stats = try CLI.run(["stats", "--catalog", app.path])
        #expect(stats.status == 0)
        #expect(stats.output.contains("es "))
    }
}
