import PhraseEvaluation
import ShortcutCatalog
import Testing

@Suite("Labelled query files")
struct LabelledQueryReaderTests {
    let path = "queries.jsonl"

    func parse(_ text: String) throws(QueryFileError) -> [LabelledQuery] {
        try LabelledQueryReader.parse(Array(text.utf8), path: path)
    }

    func error(_ text: String) -> QueryFileError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheContractLinesAndKeepsTheirLineNumbers() throws {
        let text = """
            \u{FEFF}{"text": "What's on my shopping list in Demo?", "expect": "SummarizeList", "parameter": {"list": "grocery"}, "kind": "param-synonym"}

            {"text": "Set an alarm for 7 am", "expect": null, "kind": "core-siri", "note": "unknown fields are ignored"}\r
            {"text": "", "expect": "ShowToday", "parameter": null, "kind": null}
            """
        let queries = try parse(text)
        #expect(queries.count == 3)
        #expect(queries[0] == LabelledQuery(
            text: "What's on my shopping list in Demo?", expect: "SummarizeList", parameter: ["list": "grocery"],
            kind: "param-synonym", line: 1))
        #expect(queries[1] == LabelledQuery(text: "Set an alarm for 7 am", expect: nil, kind: "core-siri", line: 3))
        #expect(queries[1].isInScope == false)
        #expect(queries[2] == LabelledQuery(text: "", expect: "ShowToday", line: 4))
    }

    @Test func badJSONNamesTheLineAndColumn() {
        let e = error("{\"text\": \"ok\", \"expect\": null}\n{\"text\": \"broken, \"expect\": null}\n")
        guard case .malformed(let file, let line, let column, _)? = e else {
            Issue.record("expected .malformed, got \(String(describing: e))")
            return
        }
        #expect(file == path)
        #expect(line == 2)
        #expect(column != nil)
        #expect(e?.description.hasPrefix("queries.jsonl:2:") == true)
        #expect(e?.exitCode == 2)
    }

    @Test func missingOrMistypedFieldsAreErrors() {
        #expect(error(#"{"expect": null}"#)?.description == "queries.jsonl:1: error: missing 'text'")
        #expect(error(#"{"text": "hi"}"#)?.description == "queries.jsonl:1: error: missing 'expect' (a shortcut id, or null)")
        #expect(error(#"{"text": 3, "expect": null}"#)?.description == "queries.jsonl:1:10: error: 'text' must be a string, found a number")
        #expect(error(#"{"text": "hi", "expect": 1}"#)?.description.contains("'expect' must be a shortcut id or null") == true)
        #expect(error(#"{"text": "hi", "expect": "A", "parameter": ["list"]}"#)?.description.contains("'parameter' must be an object") == true)
        #expect(error(#"{"text": "hi", "expect": "A", "parameter": {"list": 2}}"#)?.description.contains("'parameter.list' must be a value id") == true)
        #expect(error(#"{"text": "hi", "expect": null, "parameter": {"list": "work"}}"#)?.description.contains("'parameter' needs 'expect'") == true)
        #expect(error(#"{"text": "hi", "expect": null, "kind": true}"#)?.description.contains("'kind' must be a string") == true)
        #expect(error(#"["text", "hi"]"#)?.description == "queries.jsonl:1: error: expected a JSON object, found an array")
        #expect(error(#"{"text": "a", "text": "b", "expect": null}"#) != nil, "duplicate keys are refused")
    }

    @Test func invalidUTF8NamesLineAndByte() {
        var bytes = Array("{\"text\": \"ok\", \"expect\": null}\n{\"text\": \"caf".utf8)
        bytes += [0xC3, 0x28]  // byte 14 of the line starts a bad sequence
        bytes += Array("\", \"expect\": null}\n".utf8)
        do {
            _ = try LabelledQueryReader.parse(bytes, path: path)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error == .invalidUTF8(path: path, line: 2, column: 14))
            #expect(error.description == "queries.jsonl:2:14: error: invalid UTF-8 (queries files must be UTF-8 encoded)")
        }
    }

    @Test func aFileWithoutLinesIsAnError() {
        #expect(error("") == .empty(path: path))
        #expect(error("\n  \n\t\n") == .empty(path: path))
    }

    @Test func missingFileAndFolderAreUnreadable() {
        #expect(throws: QueryFileError.unreadable(path: "/no/such/file.jsonl", reason: "no such file")) {
            try LabelledQueryReader.read(path: "/no/such/file.jsonl")
        }
        #expect(throws: QueryFileError.unreadable(path: "/tmp", reason: "it is a directory")) {
            try LabelledQueryReader.read(path: "/tmp")
        }
    }

    @Test func labelsAreCheckedAgainstTheCatalog() throws {
        let catalog = TinyCatalog.locale
        let good = try parse(#"{"text": "x", "expect": "SummarizeList", "parameter": {"list": "work"}}"#)
        try LabelledQueryReader.validate(good, against: catalog, path: path)

        let cases: [(String, QueryFileError)] = [
            (#"{"text": "x", "expect": "Summarise"}"#,
             .unknownShortcut(path: path, line: 1, id: "Summarise", known: ["AddTask", "SummarizeList", "StartTimer"])),
            (#"{"text": "x", "expect": "SummarizeList", "parameter": {"folder": "work"}}"#,
             .unknownParameter(path: path, line: 1, name: "folder", known: ["list"])),
            (#"{"text": "x", "expect": "SummarizeList", "parameter": {"list": "office"}}"#,
             .unknownParameterValue(path: path, line: 1, name: "list", value: "office", known: ["grocery", "work"])),
        ]
        for (line, expected) in cases {
            let queries = try parse(line)
            #expect(throws: expected) { try LabelledQueryReader.validate(queries, against: catalog, path: path) }
        }
        #expect(QueryFileError.unknownShortcut(path: path, line: 4, id: "X", known: ["A", "B"]).description
            == "queries.jsonl:4: error: 'expect' names unknown shortcut 'X'; the catalog has: A, B")
    }
}

/// A three-shortcut catalog small enough to reason about by hand.
enum TinyCatalog {
    static let locale = LocaleCatalog(
        locale: "en",
        app: AppName(name: "Demo", synonyms: ["Demo Lists"]),
        parameters: [
            Parameter(name: "list", kind: .enum, values: [
                ParameterValue(id: "grocery", title: "Grocery list", synonyms: ["shopping list"]),
                ParameterValue(id: "work", title: "Work list", synonyms: ["office tasks"]),
            ])
        ],
        shortcuts: [
            Shortcut(id: "AddTask", phrases: [PhraseTemplate("Add a task in ${applicationName}"),
                                              PhraseTemplate("Create a new to-do in ${applicationName}")]),
            Shortcut(id: "SummarizeList", phrases: [PhraseTemplate("Summarize my ${list} in ${applicationName}"),
                                                    PhraseTemplate("What's on my ${list} in ${applicationName}")]),
            Shortcut(id: "StartTimer", phrases: [PhraseTemplate("Start a focus timer in ${applicationName}")]),
        ],
        negativePhrases: [PhraseTemplate("Delete all my tasks in ${applicationName}")])
}
