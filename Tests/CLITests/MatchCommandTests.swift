import Foundation
import Testing

/// The top-level keys `CONTRACTS.md` §3 fixes, in its order.
private let contractKeys = [
    "input", "locale", "outcome", "shortcut", "shortTitle", "parameter", "score", "margin", "matchKind",
    "matchedPhrase", "appNameMentioned", "reason", "candidates",
]

private let reasons: Set<String> = ["below-threshold", "negative-phrase", "app-name-missing", "ambiguous", "empty-input"]

@Suite("shortcut-lab match")
struct MatchCommandTests {
    let catalog = Fixtures.todoManifest

    // MARK: JSON lines

    @Test func jsonIsOneContractLinePerInputInOrder() throws {
        let phrases = [
            "add a task in Tasklet",
            "what's on my shopping list in Tasklet Lists",
            "Set an alarm for 7 am",
            "quotes \" and \\ backslash, tab\tand ünïcode 中文\u{1}",
        ]
        let result = try CLI.run(["match", "--catalog", catalog, "--json", "--top", "3"] + phrases)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputLines
        try #require(lines.count == phrases.count)
        for (line, phrase) in zip(lines, phrases) {
            try checkContractLine(line, input: phrase, top: 3)
        }
    }

    /// A word read as a typo of a catalog word is reported, in text and (after the contract's
    /// keys) in JSON; a line without one has no `typos` key.
    @Test func typosAreReported() throws {
        let text = try CLI.run(["match", "--catalog", catalog, "Sumarize my groceries in Tasklet"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("read       \"Sumarize\" as \"summarize\" (typo)"), "\(text.output)")
        let json = try CLI.run(["match", "--catalog", catalog, "--json", "Sumarize my groceries in Tasklet", "Summarize my groceries in Tasklet"])
        try #require(json.outputLines.count == 2)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.outputLines[0].utf8)) as? [String: Any])
        let typos = try #require(object["typos"] as? [[String: String]])
        #expect(typos == [["typed": "Sumarize", "read": "summarize"]])
        #expect(object["shortcut"] as? String == "SummarizeList")
        #expect(!json.outputLines[1].contains("\"typos\""))
        try checkContractLine(json.outputLines[0], input: "Sumarize my groceries in Tasklet", top: 5)
    }

    /// An action no phrase offers is named in JSON too (after the contract's keys), as typed;
    /// a line without one has no `unofferedAction` key.
    @Test func anUnofferedActionIsReportedInJSON() throws {
        let json = try CLI.run(["match", "--catalog", catalog, "--json", "Share my groceries in Tasklet", "Summarize my groceries in Tasklet"])
        #expect(json.status == 0, "\(json.errorOutput)")
        try #require(json.outputLines.count == 2)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.outputLines[0].utf8)) as? [String: Any])
        #expect(object["unofferedAction"] as? String == "Share")
        #expect(!json.outputLines[1].contains("\"unofferedAction\""))
        try checkContractLine(json.outputLines[0], input: "Share my groceries in Tasklet", top: 5)
    }

    /// A request spoken to Siri is refused with a reason that says so, in text and in JSON.
    @Test func aRequestSpokenToSiriSaysSo() throws {
        let text = try CLI.run(["match", "--catalog", catalog, "Siri, do you keep lists?"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("speaks to Siri, not to this app"), "\(text.output)")
        let json = try CLI.run(["match", "--catalog", catalog, "--json", "Siri, do you keep lists?"])
        let line = try #require(json.outputLines.first)
        #expect(line.contains("\"outcome\":\"none\"") && line.contains("\"reason\":\"app-name-missing\""), "\(line)")
    }

    /// A query that does not name the app is held to the threshold plus the locale pack's
    /// unnamed penalty (`Locales/en/matching.json`), and its refusal says so.
    @Test func anUnnamedQueryIsHeldToThePenaltyOnTop() throws {
        let result = try CLI.run(["match", "--catalog", catalog, "--threshold", "0.9", "list my whole day", "list my whole day in Tasklet"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let reasons = result.outputLines.filter { $0.hasPrefix("  none") }
        try #require(reasons.count == 2, "\(result.output)")
        #expect(reasons[0].contains("below threshold 1.00 by"), "\(reasons[0])")
        #expect(reasons[0].hasSuffix("; the threshold includes 0.10 because the app is not named"), "\(reasons[0])")
        #expect(reasons[1].contains("below threshold 0.90 by") && !reasons[1].contains("not named"), "\(reasons[1])")
    }

    @Test func stdinAnswersEveryLineIncludingEmptyOnes() throws {
        let input = Data("add a task in Tasklet\n\n   \r\nstart focusing with Tasklet\r\nno final newline".utf8)
        let result = try CLI.run(["match", "--catalog", catalog, "--json", "--stdin"], input: input)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputLines
        try #require(lines.count == 5)
        let inputs = ["add a task in Tasklet", "", "   ", "start focusing with Tasklet", "no final newline"]
        for (line, input) in zip(lines, inputs) {
            try checkContractLine(line, input: input, top: 5)
        }
        for index in [1, 2] {
            let object = try jsonObject(lines[index])
            #expect(object["outcome"] as? String == "none")
            #expect(object["reason"] as? String == "empty-input", "line \(index + 1): \(lines[index])")
        }
    }

    /// Each answer must arrive before the next phrase is sent: tools drive `match` this way.
    @Test func jsonAnswersAreFlushedLineByLine() throws {
        let run = try CLI.start(["match", "--catalog", catalog, "--json", "--stdin"])
        for phrase in ["add a task in Tasklet", "", "Set an alarm for 7 am"] {
            run.send(phrase)
            let line = try #require(run.receiveLine(), "no answer for \"\(phrase)\"")
            #expect(try jsonObject(line)["input"] as? String == phrase)
        }
        #expect(try run.finish() == 0)
    }

    /// Enough input to span several read chunks, so lines split across reads are joined.
    @Test func stdinLinesSurviveChunkBoundaries() throws {
        let inputs = (0..<3000).map { index in
            "task \(index) " + String(repeating: index % 2 == 0 ? "ä" : "b", count: index % 37)
        }
        var text = ""
        for (index, input) in inputs.enumerated() {
            text += input + (index % 3 == 0 ? "\r\n" : "\n")
        }
        let result = try CLI.run(["match", "--catalog", catalog, "--json", "--top", "1"], input: Data(text.utf8))
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputLines
        try #require(lines.count == inputs.count)
        for (line, input) in zip(lines, inputs) {
            #expect(try jsonObject(line)["input"] as? String == input)
        }
    }

    @Test func stdinIsReadWhenNoPhraseIsGiven() throws {
        let result = try CLI.run(["match", "--catalog", catalog, "--json"], lines: ["add a task in Tasklet", "hello"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.outputLines.count == 2)
    }

    // MARK: Bad input

    @Test func invalidUTF8OnStdinNamesTheLineAfterAnsweringEarlierOnes() throws {
        var input = Data("add a task in Tasklet\n".utf8)
        input.append(contentsOf: [0x61, 0x62, 0xC3, 0x28, 0x0A])  // "ab" + a broken two-byte sequence
        input.append(Data("never read\n".utf8))
        let result = try CLI.run(["match", "--catalog", catalog, "--json", "--stdin"], input: input)
        #expect(result.status == 2)
        #expect(result.outputLines.count == 1, "the first line is answered before the error")
        #expect(result.errorOutput.contains("<stdin>:2:"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("invalid UTF-8"), "\(result.errorOutput)")
    }

    @Test func overlongPhraseNamesTheLineAndLength() throws {
        let long = String(repeating: "a", count: 5000)
        let result = try CLI.run(["match", "--catalog", catalog, "--json", "--stdin"], lines: ["ok", long, "after"])
        #expect(result.status == 2)
        #expect(result.outputLines.count == 1)
        #expect(result.errorOutput.contains("<stdin>:2:"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("5000"), "\(result.errorOutput)")
    }

    @Test func missingCatalogNamesThePath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).json").path
        let result = try CLI.run(["match", "--catalog", path, "hello"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(path), "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }

    @Test func brokenCatalogIsReportedNotCrashedOn() throws {
        let path = try Fixtures.temporaryFile(named: "broken.json", contents: #"{"formatVersion": 1, "sourceLanguage": "#)
        let result = try CLI.run(["match", "--catalog", path, "hello"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(path), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("error:"), "\(result.errorOutput)")
    }

    @Test func unknownLocaleListsTheAvailableOnes() throws {
        let result = try CLI.run(["match", "--catalog", catalog, "--locale", "tlh", "hello"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("'tlh'"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("en"), "\(result.errorOutput)")
    }

    @Test func localeIsResolvedLeniently() throws {
        let manifest = """
            {
              "formatVersion": 1, "sourceLanguage": "en",
              "app": { "name": "Demo" },
              "shortcuts": [ { "id": "Open", "phrases": ["Open ${applicationName}"] } ],
              "localizations": {
                "zh-Hans": { "shortcuts": { "Open": { "phrases": ["打开${applicationName}"] } } }
              }
            }
            """
        let path = try Fixtures.temporaryFile(named: "demo.json", contents: manifest)
        let result = try CLI.run(["match", "--catalog", path, "--locale", "zh", "--json", "打开Demo"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let object = try jsonObject(try #require(result.outputLines.first))
        #expect(object["locale"] as? String == "zh-Hans")
    }

    @Test(arguments: [
        ["--threshold", "2"], ["--threshold", "-0.1"], ["--margin", "1.5"], ["--top", "0"], ["--top", "51"],
        ["--app-name", "sometimes"],
    ])
    func outOfRangeOptionsAreRejected(_ option: [String]) throws {
        let result = try CLI.run(["match", "--catalog", catalog] + option + ["hello"])
        #expect(result.status != 0)
        #expect(result.status != 2, "usage errors keep ArgumentParser's status")
        #expect(result.errorOutput.contains(option[0]), "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }

    // MARK: Human output

    @Test func humanOutputNamesTheOutcomeWithoutColourInAPipe() throws {
        let result = try CLI.run(["match", "--catalog", catalog, "add a task in Tasklet", "", "Tell me a joke"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"add a task in Tasklet\""))
        #expect(result.output.contains("\"Tell me a joke\""))
        #expect(result.output.contains("empty input"))
        #expect(!result.output.contains("\u{1B}["), "no ANSI codes when stdout is not a terminal")
        let outcomes = result.outputLines.filter { line in
            ["  match ", "  ambiguous ", "  none "].contains { line.hasPrefix($0) }
        }
        #expect(outcomes.count == 3, "one outcome line per phrase:\n\(result.output)")
    }
}

// MARK: Helpers

private func jsonObject(_ line: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(line)")
}

/// Checks one `--json` line against `CONTRACTS.md` §3: one object, the contract's keys first
/// and in order, and the right types.
private func checkContractLine(_ line: String, input: String, top: Int) throws {
    #expect(!line.contains("\n"))
    let object = try jsonObject(line)
    let keys = topLevelKeys(line)
    #expect(Array(keys.prefix(contractKeys.count)) == contractKeys, "keys: \(keys)")

    #expect(object["input"] as? String == input)
    #expect(object["locale"] as? String == "en")
    let outcome = try #require(object["outcome"] as? String)
    #expect(["match", "ambiguous", "none"].contains(outcome))
    #expect(isStringOrNull(object["shortcut"]))
    #expect(isStringOrNull(object["shortTitle"]))
    #expect(isStringOrNull(object["matchKind"]))
    #expect(isStringOrNull(object["matchedPhrase"]))
    #expect(isParameterOrNull(object["parameter"]))
    let score = try #require(object["score"] as? Double)
    #expect((0...1).contains(score))
    #expect(object["margin"] is NSNumber)
    // JSONSerialization reads `true` as a number, so check the literal in the text.
    #expect(object["appNameMentioned"] is NSNumber)
    #expect(line.contains(#""appNameMentioned":true"#) || line.contains(#""appNameMentioned":false"#))
    if let reason = object["reason"] as? String {
        #expect(reasons.contains(reason))
        #expect(outcome != "match")
    } else {
        #expect(object["reason"] is NSNull)
    }
    if outcome == "match" {
        #expect(object["shortcut"] is String)
    } else {
        #expect(object["shortcut"] is NSNull)
        #expect(object["reason"] is String)
    }

    let candidates = try #require(object["candidates"] as? [[String: Any]])
    #expect(candidates.count <= top)
    for candidate in candidates {
        #expect(candidate["shortcut"] is String)
        #expect(isParameterOrNull(candidate["parameter"]))
        #expect(candidate["score"] is NSNumber)
        #expect(candidate["phrase"] is String)
    }
}

private func isStringOrNull(_ value: Any?) -> Bool { value is String || value is NSNull }

private func isParameterOrNull(_ value: Any?) -> Bool {
    if value is NSNull { return true }
    guard let object = value as? [String: Any] else { return false }
    return object["name"] is String && object["value"] is String && object.count == 2
}

/// The keys of the outermost object, in the order written (JSONSerialization drops order).
private func topLevelKeys(_ json: String) -> [String] {
    var keys: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var current = ""
    var lastString: String?
    for character in json {
        if inString {
            if escaped {
                escaped = false
                current.append(character)
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
                lastString = current
            } else {
                current.append(character)
            }
            continue
        }
        switch character {
        case "\"":
            inString = true
            current = ""
        case "{", "[":
            depth += 1
            lastString = nil
        case "}", "]":
            depth -= 1
            lastString = nil
        case ":":
            if depth == 1, let key = lastString { keys.append(key) }
            lastString = nil
        case ",":
            lastString = nil
        default:
            break
        }
    }
    return keys
}
