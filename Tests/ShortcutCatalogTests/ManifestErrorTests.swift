import Foundation
import Testing

@testable import ShortcutCatalog

@Suite struct ManifestErrorTests {
    @Test func missingFieldNamesFileLineAndFieldPath() throws {
        let text = demo(
            replacing: #""phrases": ["What's due today in ${applicationName}"]"#, with: #""phrases2": []"#)
        let error = try #require(jsonError(text, path: "Demo.json"))
        let shortcutLine = try #require(line(of: #""id": "ShowToday""#, in: text))
        #expect(error == .missingField(SourceLocation(file: "Demo.json", line: shortcutLine, column: 5), field: "shortcuts[1].phrases"))
        #expect(error.description == "Demo.json:\(shortcutLine):5: error: missing required field 'shortcuts[1].phrases'")
        #expect(error.exitCode == 2)
        #expect(error.path == "Demo.json")
        #expect(error.field == "shortcuts[1].phrases")
    }

    @Test func missingTopLevelAndNestedRequiredFields() throws {
        let noVersion = demo(replacing: #""formatVersion": 1,"#, with: "")
        #expect(jsonError(noVersion) == .missingField(SourceLocation(file: "m.json", line: 1, column: 1), field: "formatVersion"))
        let noLanguage = demo(replacing: #""sourceLanguage": "en","#, with: "")
        #expect(jsonError(noLanguage)?.field == "sourceLanguage")
        let noAppName = demo(replacing: #""app": { "name": "Demo", "synonyms": ["Demo Lists"] }"#, with: #""app": {}"#)
        #expect(jsonError(noAppName) == .missingField(SourceLocation(file: "m.json", line: 4, column: 10), field: "app.name"))
        let noID = demo(replacing: #""id": "ShowToday", "#, with: "")
        #expect(jsonError(noID)?.field == "shortcuts[1].id")
        let noShortcuts = #"{"formatVersion": 1, "sourceLanguage": "en", "app": {"name": "A"}}"#
        #expect(jsonError(noShortcuts)?.field == "shortcuts")
    }

    @Test func wrongTypeSaysExpectedAndFound() throws {
        let text = demo(
            replacing: #""phrases": ["What's due today in ${applicationName}"]"#,
            with: #""phrases": "What's due today""#)
        let error = try #require(jsonError(text))
        guard case .wrongType(let location, let field, let expected, let found) = error else {
            Issue.record("expected wrongType, got \(error)")
            return
        }
        #expect(location.line == line(of: "What's due today", in: text))
        #expect(field == "shortcuts[1].phrases")
        #expect(expected == "an array")
        #expect(found == "a string")
        #expect(error.description.hasSuffix("error: 'shortcuts[1].phrases' must be an array, found a string"))

        #expect(jsonError(demo(replacing: #""formatVersion": 1"#, with: #""formatVersion": "1""#))
            == .wrongType(SourceLocation(file: "m.json", line: 2, column: 20), field: "formatVersion",
                          expected: "a number", found: "a string"))
        let numericPhrase = demo(replacing: #""Summarize my list in ${applicationName}""#, with: "42")
        #expect(jsonError(numericPhrase)?.field == "shortcuts[0].phrases[1]")
        let appArray = demo(replacing: #""app": { "name": "Demo", "synonyms": ["Demo Lists"] }"#, with: #""app": []"#)
        #expect(jsonError(appArray)?.field == "app")
        let badLocalization = demo(replacing: #""de": {"#, with: #""de": 7, "x": {"#)
        #expect(jsonError(badLocalization)?.field == "localizations.de")
    }

    @Test func unknownPlaceholderPointsAtThePhrase() throws {
        let text = demo(replacing: "Summarize my list in ${applicationName}", with: "Summarize ${lists} in ${applicationName}")
        let error = try #require(jsonError(text, path: "Demo.json"))
        let phraseLine = try #require(line(of: "Summarize ${lists}", in: text))
        guard case .unknownPlaceholder(let location, let field, let placeholder) = error else {
            Issue.record("expected unknownPlaceholder, got \(error)")
            return
        }
        #expect(location.line == phraseLine)
        #expect(field == "shortcuts[0].phrases[1]")
        #expect(placeholder == "lists")
        #expect(error.description.contains("Demo.json:\(phraseLine):"))
        #expect(error.description.contains("${lists}"))

        // Also checked in negative phrases and localized phrases.
        let negative = demo(replacing: "Send ${applicationName} summary", with: "Send ${app} summary")
        #expect(jsonError(negative)?.field == "negativePhrases[0]")
        let localized = demo(replacing: "用${applicationName}总结${list}", with: "用${applicationName}总结${清单}")
        #expect(jsonError(localized)?.field == "localizations.zh-Hans.shortcuts.SummarizeList.phrases[0]")
    }

    @Test func invalidValues() throws {
        func field(_ old: String, _ new: String) -> String? {
            guard case .invalidValue(_, let field, _)? = jsonError(demo(replacing: old, with: new)) else { return nil }
            return field
        }
        #expect(field(#""formatVersion": 1"#, #""formatVersion": 2"#) == "formatVersion")
        #expect(field(#""kind": "enum""#, #""kind": "struct""#) == "parameters[0].kind")
        #expect(field(#""threshold": 0.62"#, #""threshold": 1.5"#) == "matching.threshold")
        #expect(field(#""margin": 0.05"#, #""margin": -0.1"#) == "matching.margin")
        #expect(field(#""appName": "optional""#, #""appName": "sometimes""#) == "matching.appName")
        #expect(field(#""id": "ShowToday""#, #""id": "SummarizeList""#) == "shortcuts[1].id")
        #expect(field("Summarize my list in ${applicationName}", "  ") == "shortcuts[0].phrases[1]")
        #expect(field("Summarize my list in ${applicationName}", "Summarize in ${applicationName") == "shortcuts[0].phrases[1]")
        #expect(field("Summarize my list in ${applicationName}", "Summarize in ${}") == "shortcuts[0].phrases[1]")
        #expect(field(#""phrases": ["What's due today in ${applicationName}"]"#, #""phrases": []"#) == "shortcuts[1].phrases")
        #expect(field(#""id": "todo""#, #""id": "grocery""#) == "parameters[0].values[1].id")
        #expect(field(#""name": "list""#, #""name": "applicationName""#) == "parameters[0].name")
        #expect(field(#""SummarizeList": { "shortTitle""#, #""Summarise": { "shortTitle""#)
            == "localizations.zh-Hans.shortcuts.Summarise")
        #expect(field(#""grocery": { "title": "购物清单""#, #""groceries": { "title": "购物清单""#)
            == "localizations.zh-Hans.parameters.list.groceries")
        #expect(field(#""de": {"#, #""en": {"#) == "localizations.en")

        let duplicate = try #require(jsonError(demo(replacing: #""id": "ShowToday""#, with: #""id": "SummarizeList""#)))
        #expect(duplicate.description.contains("duplicate shortcut id 'SummarizeList'"))
        #expect(duplicate.description.contains("line 11"))
    }

    @Test func invalidUTF8ReportsTheBadByte() throws {
        var bytes = Array(demoJSON.utf8)
        let target = Array("Grocery list".utf8)
        let start = try #require(indexOf(target, in: bytes))
        bytes[start + 3] = 0xFF  // "Gro\u{FF}ery list"
        let expectedLine = try #require(line(of: "Grocery list", in: demoJSON))
        let prefix = String(decoding: bytes[..<(start + 3)], as: UTF8.self)
        let column = prefix.unicodeScalars.count - (prefix.unicodeScalars.lastIndex(of: "\n").map {
            prefix.unicodeScalars.distance(from: prefix.unicodeScalars.startIndex, to: $0) + 1 } ?? 0) + 1
        let error = loadError(bytes, path: "Demo.json", format: .json)
        #expect(error == .invalidUTF8(SourceLocation(file: "Demo.json", line: expectedLine, column: column)))
        #expect(error?.description.hasPrefix("Demo.json:\(expectedLine):\(column): error: invalid UTF-8") == true)

        // Latin-1 text (a lead byte followed by ASCII), outside a string, and in YAML.
        #expect(loadError(Array(#"{"a": "caf"#.utf8) + [0xE9] + Array(#"s"}"#.utf8), format: .json)
            == .invalidUTF8(SourceLocation(file: "m.json", line: 1, column: 11)))
        #expect(loadError([0x7B, 0x0A, 0xC0, 0x80], format: .json)
            == .invalidUTF8(SourceLocation(file: "m.json", line: 2, column: 1)))
        var yaml = Array(demoYAML.utf8)
        let yamlStart = try #require(indexOf(Array("Grocery list".utf8), in: yaml))
        yaml[yamlStart] = 0xED  // a surrogate lead byte
        let yamlLine = try #require(line(of: "Grocery list", in: demoYAML))
        #expect(loadError(yaml, path: "d.yaml", format: .yaml)
            == .invalidUTF8(SourceLocation(file: "d.yaml", line: yamlLine, column: 16)))
    }

    @Test func truncatedJSONIsASyntaxErrorAtTheEnd() throws {
        let cut = String(demoJSON.prefix(while: { $0 != "祝" }).dropLast(200))
        let error = try #require(jsonError(cut))
        guard case .syntax(let location, let message) = error else {
            Issue.record("expected syntax, got \(error)")
            return
        }
        #expect(location.line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(message.contains("unexpected end of input") || message.contains("unterminated"))

        // Every prefix of the manifest fails cleanly with a located error.
        let bytes = Array(demoJSON.utf8)
        for length in 0..<bytes.count {
            let error = loadError(Array(bytes[..<length]), format: .json)
            switch error {
            case .syntax(let location, _)?, .invalidUTF8(let location)?:
                #expect(location.line >= 1 && location.column >= 1)
            default:
                Issue.record("prefix of length \(length) gave \(String(describing: error))")
            }
        }
    }

    @Test func jsonSyntaxErrors() throws {
        func syntax(_ text: String) -> (line: Int, column: Int, message: String)? {
            guard case .syntax(let location, let message)? = jsonError(text) else { return nil }
            return (location.line, location.column, message)
        }
        #expect(syntax("")?.message.contains("empty") == true)
        #expect(syntax("{\"app\": 1} x")?.column == 12)
        #expect(syntax("{\"app\": 1} x")?.message.contains("after the end") == true)
        #expect(throws: CatalogError.syntax(SourceLocation(file: "t.json", line: 1, column: 7), message: "unexpected content after the end of the JSON value")) {
            try SourceJSON.parse(Array("[1, 2]x".utf8), file: "t.json")
        }
        #expect(syntax("{\"a\": \"\\q\"}")?.message.contains("invalid escape") == true)
        #expect(syntax("{\"a\": \"\\u12G4\"}")?.message.contains("\\u") == true)
        #expect(syntax("{\"a\": \"\\uD800\"}")?.message.contains("surrogate") == true)
        #expect(syntax("{\"a\": [1, 2,]}")?.message.contains("trailing comma") == true)
        #expect(syntax("{\"a\": 1,}")?.message.contains("trailing comma") == true)
        #expect(syntax("{'a': 1}")?.message.contains("double quotes") == true)
        #expect(syntax("{\"a\": 01}")?.message.contains("leading zeros") == true)
        #expect(syntax("{\"a\": 1.}")?.message.contains("digit") == true)
        #expect(syntax("{\"a\": tru}")?.message.contains("literal") == true)
        #expect(syntax("{\"a\": \"x\ny\"}")?.message.contains("unterminated") == true)
        #expect(syntax("{\"a\": \"x\u{01}\"}")?.message.contains("U+0001") == true)
        #expect(syntax("// c\n{}")?.message.contains("comments") == true)
        #expect(syntax("{\"a\" 1}")?.message.contains("':'") == true)
        #expect(syntax("{\n  \"a\": 1\n  \"b\": 2\n}").map { [$0.line, $0.column] } == [3, 3])
        #expect(syntax("[1e999]")?.message.contains("out of range") == true)
    }

    @Test func duplicateKeyNamesTheKeyAndBothLines() throws {
        let text = demo(replacing: #""sourceLanguage": "en","#, with: "\"sourceLanguage\": \"en\",\n  \"formatVersion\": 1,")
        let error = try #require(jsonError(text, path: "Dup.json"))
        guard case .syntax(let location, let message) = error else {
            Issue.record("expected syntax, got \(error)")
            return
        }
        #expect(location == SourceLocation(file: "Dup.json", line: 4, column: 3))
        #expect(message.contains("\"formatVersion\""))
        #expect(message.contains("line 4"))
        #expect(message.contains("line 2"))

        // Large objects switch to a dictionary; still caught.
        let many = "{" + (0..<50).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n") + ",\n\"k7\": 0}"
        guard case .syntax(let bigLocation, let bigMessage)? = jsonError(many) else {
            Issue.record("expected a duplicate-key error")
            return
        }
        #expect(bigLocation.line == 51)
        #expect(bigMessage.contains("first defined on line 8"))

        // YAML too, through Yams.
        let yaml = demoYAML.replacing("sourceLanguage: en\n", with: "sourceLanguage: en\nsourceLanguage: fr\n")
        guard case .syntax(_, let yamlMessage)? = loadError(Array(yaml.utf8), format: .yaml) else {
            Issue.record("expected a YAML duplicate-key error")
            return
        }
        #expect(yamlMessage.contains("sourceLanguage"))
    }

    @Test func notAManifest() throws {
        guard case .notAManifest(let path, let reason)? = jsonError("[1, 2, 3]", path: "list.json") else {
            Issue.record("top-level array should not be a manifest")
            return
        }
        #expect(path == "list.json")
        #expect(reason.contains("array"))
        let packageJSON = #"{"name": "left-pad", "version": "1.3.0", "dependencies": {}}"#
        guard case .notAManifest(_, let packageReason)? = jsonError(packageJSON) else {
            Issue.record("package.json should not be a manifest")
            return
        }
        #expect(packageReason.contains("none of the manifest fields"))
        let queries = """
            {"text": "What's on my shopping list in Demo?", "expect": "SummarizeList", "kind": "param-synonym"}
            {"text": "Set an alarm for 7 am", "expect": null, "kind": "core-siri"}
            """
        guard case .notAManifest(_, let queriesReason)? = jsonError(queries, path: "queries.jsonl") else {
            Issue.record("a queries file should not be a manifest")
            return
        }
        #expect(queriesReason.contains("JSON Lines"))
        #expect(jsonError("\"just a string\"").map { if case .notAManifest = $0 { true } else { false } } == true)
        #expect(loadError(Array("- a\n- b\n".utf8), format: .yaml).map { if case .notAManifest = $0 { true } else { false } } == true)
        #expect(loadError([], format: .yaml).map { if case .notAManifest = $0 { true } else { false } } == true)
        #expect(jsonError("{}").map { if case .notAManifest = $0 { true } else { false } } == true)
        #expect(jsonError("[1, 2, 3]", path: "list.json")?.description.hasPrefix("list.json: error: not a shortcut manifest") == true)
    }

    @Test func missingAndUnreadableFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nope.json").path
        #expect(throws: CatalogError.fileNotFound(path: missing)) { try ManifestLoader.load(path: missing) }
        #expect(CatalogError.fileNotFound(path: missing).description == "\(missing): error: no such file")
        do {
            _ = try ManifestLoader.load(path: directory.path)
            Issue.record("a directory should not load")
        } catch {
            guard case .unreadable(let path, let reason) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(path == directory.path)
            #expect(reason.contains("directory"))
            #expect(error.exitCode == 2)
        }
    }

    @Test func binaryJunkNeverCrashes() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array(#"{}[]":,\ -0123456789.eEtrufalsn${}abc"#.utf8) + [0x0A, 0x00, 0xC3, 0xA9, 0xFF, 0xE2, 0x80]
        for round in 0..<2_000 {
            let length = Int(generator.next() % 300)
            let bytes: [UInt8] = (0..<length).map { _ in
                round.isMultiple(of: 2) ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            #expect(loadError(bytes, format: .json) != nil)
            _ = loadError(bytes, format: .yaml)  // may rarely be valid YAML; it must just not crash
        }
        // Mutations of a valid manifest: every single-byte corruption fails cleanly or loads.
        let valid = Array(demoJSON.utf8)
        for _ in 0..<2_000 {
            var bytes = valid
            bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            _ = loadError(bytes, format: .json)
        }
        let validYAML = Array(demoYAML.utf8)
        for _ in 0..<300 {
            var bytes = validYAML
            bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            _ = loadError(bytes, format: .yaml)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .syntax(let location, let message)? = jsonError(deep) else {
            Issue.record("deep nesting should be a syntax error")
            return
        }
        #expect(message.contains("nesting"))
        #expect(location.column == SourceJSON.defaultMaxDepth + 1)
        // 512 levels is still fine for the parser.
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try SourceJSON.parse(Array(ok.utf8), file: "ok.json") }

        let yamlDeep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        guard case .syntax? = loadError(Array(yamlDeep.utf8), format: .yaml) else {
            Issue.record("deep YAML nesting should be a syntax error")
            return
        }
        let yamlBlocks = String(repeating: "- ", count: 3_000) + "x\n"
        #expect(loadError(Array(yamlBlocks.utf8), format: .yaml) != nil)
    }

    @Test func yamlAliasBombIsStopped() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 {
            let items = Array(repeating: "*\(level == 1 ? "a" : "l\(level - 1)")", count: 10).joined(separator: ", ")
            yaml += "l\(level): &l\(level) [\(items)]\n"
        }
        guard case .syntax(_, let message)? = loadError(Array(yaml.utf8), format: .yaml) else {
            Issue.record("an alias bomb should be refused")
            return
        }
        #expect(message.contains("too many"))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let json = try ManifestLoader.load(bytes: [0xEF, 0xBB, 0xBF] + Array(demoJSON.utf8), path: "b.json", format: .json)
        let plain = try ManifestLoader.load(bytes: Array(demoJSON.utf8), path: "b.json", format: .json)
        #expect(json == plain)  // locations included: the BOM takes no column
        let yaml = try ManifestLoader.load(bytes: [0xEF, 0xBB, 0xBF] + Array(demoYAML.utf8), path: "b.yaml", format: .yaml)
        #expect(yaml.source.shortcuts.count == 2)
        #expect(yaml.source.shortcuts[0].location?.line == line(of: "- id: SummarizeList", in: demoYAML))
        // A BOM alone is an empty file.
        #expect(jsonError(String(decoding: [0xEF, 0xBB, 0xBF], as: UTF8.self)) != nil)
    }

    @Test func yamlSyntaxErrorHasALocation() throws {
        let yaml = "formatVersion: 1\nsourceLanguage: en\napp:\n  name: [Demo\nshortcuts: []\n"
        guard case .syntax(let location, _)? = loadError(Array(yaml.utf8), path: "bad.yaml", format: .yaml) else {
            Issue.record("expected a YAML syntax error")
            return
        }
        #expect(location.file == "bad.yaml")
        #expect(location.line >= 4)
        let tabs = "formatVersion: 1\n\tapp: x\n"
        guard case .syntax(let tabLocation, _)? = loadError(Array(tabs.utf8), format: .yaml) else {
            Issue.record("expected a YAML syntax error for a tab")
            return
        }
        #expect(tabLocation.line == 2)
        let control = "formatVersion: 1\nsourceLanguage: \u{07}en\n"
        guard case .syntax(let controlLocation, _)? = loadError(Array(control.utf8), format: .yaml) else {
            Issue.record("expected a YAML reader error")
            return
        }
        #expect(controlLocation.line == 2)
        #expect(loadError(Array("a: 1\n---\nb: 2\n".utf8), format: .yaml) != nil)
    }

    @Test func yamlWrongTypeHasYAMLLocation() throws {
        let yaml = demoYAML.replacing(
            "    phrases:\n      - What's due today in ${applicationName}", with: "    phrases: What's due today")
        let error = try #require(loadError(Array(yaml.utf8), path: "d.yaml", format: .yaml))
        #expect(error == .wrongType(
            SourceLocation(file: "d.yaml", line: try #require(line(of: "phrases: What's", in: yaml)), column: 14),
            field: "shortcuts[1].phrases", expected: "an array", found: "a string"))
    }
}

@Suite struct CatalogErrorFormattingTests {
    @Test func everyCaseFormatsLikeACompilerDiagnostic() {
        let at = SourceLocation(file: "A.yaml", line: 3, column: 7)
        let cases: [(CatalogError, String)] = [
            (.fileNotFound(path: "A.yaml"), "A.yaml: error: no such file"),
            (.unreadable(path: "A.yaml", reason: "it is a directory"), "A.yaml: error: cannot read file: it is a directory"),
            (.invalidUTF8(at), "A.yaml:3:7: error: invalid UTF-8 byte sequence (manifests must be UTF-8 encoded)"),
            (.syntax(at, message: "unterminated string"), "A.yaml:3:7: error: unterminated string"),
            (.notAManifest(path: "A.yaml", reason: "the top level is an array"),
             "A.yaml: error: not a shortcut manifest: the top level is an array"),
            (.missingField(at, field: "app.name"), "A.yaml:3:7: error: missing required field 'app.name'"),
            (.wrongType(at, field: "app", expected: "an object", found: "a string"),
             "A.yaml:3:7: error: 'app' must be an object, found a string"),
            (.unknownPlaceholder(at, field: "shortcuts[0].phrases[1]", placeholder: "x"),
             "A.yaml:3:7: error: unknown placeholder '${x}' in 'shortcuts[0].phrases[1]'; "
                + "use ${applicationName} or the name of a declared parameter"),
            (.invalidValue(at, field: "matching.threshold", message: "must be between 0 and 1, not 2"),
             "A.yaml:3:7: error: invalid value for 'matching.threshold': must be between 0 and 1, not 2"),
        ]
        for (error, expected) in cases {
            #expect(error.description == expected)
            #expect(error.exitCode == 2)
            #expect(error.path == "A.yaml")
        }
    }

    @Test func quotedYAMLScalarsStayStrings() {
        let yaml = demoYAML.replacing("formatVersion: 1\n", with: "formatVersion: \"1\"\n")
        #expect(loadError(Array(yaml.utf8), path: "q.yaml", format: .yaml)
            == .wrongType(SourceLocation(file: "q.yaml", line: 1, column: 16), field: "formatVersion",
                          expected: "a number", found: "a string"))
        let float = demoYAML.replacing("formatVersion: 1\n", with: "formatVersion: 1.0\n")
        #expect(loadError(Array(float.utf8), format: .yaml) == nil)
        let two = demoYAML.replacing("formatVersion: 1\n", with: "formatVersion: 0x2\n")
        guard case .invalidValue(_, "formatVersion", let message)? = loadError(Array(two.utf8), format: .yaml) else {
            Issue.record("formatVersion 2 should be refused")
            return
        }
        #expect(message.contains("0x2"))
    }
}

func indexOf(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
        return start
    }
    return nil
}

/// A tiny deterministic generator, so fuzz failures reproduce.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
