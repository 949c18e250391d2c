import Foundation
import PhraseEvaluation
import ShortcutCatalog
import Testing

@testable import ThresholdTuning

#if canImport(FoundationXML)
import FoundationXML
#endif

private let manifestJSON = """
    {
      "formatVersion": 1,
      "sourceLanguage": "en",
      "app": { "name": "Demo" },
      "shortcuts": [
        { "id": "Add", "shortTitle": "Add <&> \\"it\\"", "phrases": ["Add a task in ${applicationName}"] }
      ],
      "x-editor": { "note": "keep me, matching: not this" }
    }

    """

private func temporary(_ name: String, _ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("Manifest writer")
struct ManifestWriterTests {
    @Test func addsAMatchingBlockAndRoundTrips() throws {
        let path = try temporary("m.json", manifestJSON)
        try ManifestSettingsWriter.write(MatchingSettings(threshold: 0.45, margin: 0.03), toManifestAt: path)
        let catalog = try ManifestLoader.load(path: path)
        #expect(catalog.matching == MatchingSettings(threshold: 0.45, margin: 0.03))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Only an insertion: the original text is intact around it, in the file's indentation.
        #expect(text.hasPrefix(String(manifestJSON.dropLast(3))))
        #expect(text.contains(",\n  \"matching\": { \"threshold\": 0.45, \"margin\": 0.03 }\n}"))
        #expect(text.contains("\"x-editor\": { \"note\": \"keep me, matching: not this\" }"))
    }

    @Test func updatesExistingKeysInPlaceAndKeepsOthers() throws {
        let original = manifestJSON.replacingOccurrences(
            of: "\"x-editor\"",
            with: "\"matching\": {\n    \"threshold\": 0.9,\n    \"appName\": \"required\",\n    \"x-note\": 1\n  },\n  \"x-editor\"")
        let updated = try ManifestSettingsWriter.updatedText(
            original, settings: MatchingSettings(threshold: 0.5, margin: 0.05), path: "m.json")
        #expect(updated.contains("\"matching\": {\n    \"threshold\": 0.5,\n    \"appName\": \"required\",\n    \"x-note\": 1,\n    \"margin\": 0.05\n  },"))
        let catalog = try ManifestLoader.load(bytes: Array(updated.utf8), path: "m.json", format: .json)
        #expect(catalog.matching == MatchingSettings(threshold: 0.5, margin: 0.05, appName: .required))
        // Writing the same settings again changes nothing.
        let again = try ManifestSettingsWriter.updatedText(
            updated, settings: MatchingSettings(threshold: 0.5, margin: 0.05), path: "m.json")
        #expect(again == updated)
    }

    @Test func fillsAnEmptyOrNullBlockAndOneLineManifests() throws {
        let oneLine = #"{"formatVersion": 1, "sourceLanguage": "en", "app": {"name": "D"}, "shortcuts": [{"id": "A", "phrases": ["a b"]}], "matching": {}}"#
        let filled = try ManifestSettingsWriter.updatedText(oneLine, settings: MatchingSettings(threshold: 0.4, margin: 0), path: "m.json")
        #expect(filled.hasSuffix(#""matching": { "threshold": 0.4, "margin": 0 }}"#))
        let noBlock = #"{"formatVersion": 1, "sourceLanguage": "en", "app": {"name": "D"}, "shortcuts": [{"id": "A", "phrases": ["a b"]}]}"#
        let added = try ManifestSettingsWriter.updatedText(noBlock, settings: MatchingSettings(threshold: 1), path: "m.json")
        #expect(added.hasSuffix(#"]}], "matching": { "threshold": 1 }}"#))
        #expect(try ManifestLoader.load(bytes: Array(added.utf8), path: "m.json", format: .json).matching.threshold == 1)
    }

    @Test func yamlBlockIsAppendedOrEdited() throws {
        let yaml = """
            # Demo manifest
            formatVersion: 1
            sourceLanguage: en
            app:
              name: Demo
            shortcuts:
              - id: Add
                phrases: ["Add a task in ${applicationName}"]

            """
        let appended = try ManifestSettingsWriter.updatedText(yaml, settings: MatchingSettings(threshold: 0.4, margin: 0.02), path: "m.yaml")
        #expect(appended == yaml + "matching:\n  threshold: 0.4\n  margin: 0.02\n")
        let edited = try ManifestSettingsWriter.updatedText(
            appended.replacingOccurrences(of: "  threshold: 0.4\n", with: "  threshold: 0.4  # tuned\n"),
            settings: MatchingSettings(threshold: 0.55, appName: .required), path: "m.yaml")
        #expect(edited.hasSuffix("matching:\n  threshold: 0.55  # tuned\n  margin: 0.02\n  appName: \"required\"\n"))
        let catalog = try ManifestLoader.load(bytes: Array(edited.utf8), path: "m.yaml", format: .yaml)
        #expect(catalog.matching == MatchingSettings(threshold: 0.55, margin: 0.02, appName: .required))
    }

    @Test func yamlFlowStyleIsAClearError() throws {
        let yaml = "formatVersion: 1\nsourceLanguage: en\napp: {name: Demo}\nshortcuts: [{id: Add, phrases: [\"a b\"]}]\nmatching: {threshold: 0.3}\n"
        #expect {
            try ManifestSettingsWriter.updatedText(yaml, settings: MatchingSettings(threshold: 0.4), path: "m.yaml")
        } throws: { error in
            let text = String(describing: error)
            return text.contains("m.yaml: error:") && text.contains("flow style") && text.contains("threshold: 0.4")
        }
    }

    @Test func aBrokenManifestIsReportedNotWritten() throws {
        let path = try temporary("bad.json", "{ \"formatVersion\": 1, ")
        #expect(throws: ManifestWriteError.self) {
            try ManifestSettingsWriter.write(MatchingSettings(threshold: 0.4), toManifestAt: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{ \"formatVersion\": 1, ")
    }
}

@Suite("SVG plot")
struct SweepPlotTests {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var texts: [String] = []
        var current = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
            current = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(current) }
        }
    }

    @Test func isWellFormedXMLWithThreeSeriesAndTheRecommendation() throws {
        let items = (0..<20).map { i in
            ScoredQuery(
                query: LabelledQuery(text: "q\(i)", expect: i % 3 == 0 ? nil : "A", line: i + 1), best: "A",
                score: Double(i) / 20, margin: 0.1, alwaysRejected: false, exact: false)
        }
        let grid = TuningGrid.standard(margins: [0.02])
        let recommendation = Tuner.recommend(tuning: items, report: nil, grid: grid, objective: .accuracy, preferredMargin: 0.02)
        let plot = SweepPlot(
            title: "Tuning <Demo> & \"friends\"", subtitle: "20 phrases\u{1}, margin 0.02",
            points: Tuner.sweep(items, grid: grid), recommendation: recommendation)
        let svg = plot.svg()
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(collector.elements["svg"] == 1)
        #expect(collector.elements["polyline"] == 3)
        #expect(collector.elements["circle"] == 3)
        #expect(collector.texts.contains("Tuning <Demo> & \"friends\""))
        #expect(collector.texts.contains { $0.hasPrefix("recommended ") })
        #expect(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func decimalIsFixedAndLocaleFree() {
        #expect(decimal(0.125, 2) == "0.13" || decimal(0.125, 2) == "0.12")
        #expect(decimal(12.5, 1) == "12.5")
        #expect(decimal(-0.001, 2) == "0.00")
        #expect(decimal(3, 0) == "3")
        #expect(decimal(0.07, 2) == "0.07")
    }
}
