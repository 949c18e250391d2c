import Foundation
import ShortcutCatalog
import Testing

@testable import FlexibleMatching

/// Matching with the English language data (`Locales/en`): static embeddings plus the core
/// lexicon. Skipped when the embeddings file is not checked out.
@Suite("Matcher, with English embeddings", .enabled(if: PackagePaths.englishEmbeddingsExist))
struct EmbeddingMatcherTests {
    let resources: MatcherResources
    let tasklet: Matcher
    let options = MatchOptions.test()

    init() throws {
        resources = try MatcherResources.load(locale: "en", directory: PackagePaths.locales.path)
        tasklet = Matcher(catalog: TestCatalogs.tasklet, resources: resources)
    }

    @Test func resourcesAreLoaded() throws {
        let embeddings = try #require(resources.embeddings)
        #expect(embeddings.dimension > 0)
        #expect(resources.lexicon != nil)
        #expect(tasklet.featurizer.dimension > Matcher(catalog: TestCatalogs.tasklet).featurizer.dimension)
    }

    @Test(arguments: [
        ("Add a task in Tasklet", "AddTask", nil),
        ("summarize GROCERIES with tasklet lists", "SummarizeList", "grocery"),
        ("Begin focusing with Tasklet!", "StartFocus", nil),
    ] as [(String, String, String?)])
    func declaredPhraseIsStillExact(_ input: String, _ shortcut: String, _ value: String?) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.matchKind == .exact)
        #expect(r.score == 1)
        #expect(r.winner?.shortcut == shortcut)
        #expect(r.winner?.parameter?.value == value)
    }

    @Test(arguments: [
        ("add a new task", "AddTask", nil),
        ("create a task in Tasklet", "AddTask", nil),
        ("go over my office tasks", "SummarizeList", "work"),
        ("summarize my groceries", "SummarizeList", "grocery"),
        ("start a focus session", "StartFocus", nil),
    ] as [(String, String, String?)])
    func paraphraseMatches(_ input: String, _ shortcut: String, _ value: String?) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .match, "\(r.reason as Any) \(r.candidates.map { ($0.shortcut, $0.score) })")
        #expect(r.matchKind == .flexible)
        #expect(r.winner?.shortcut == shortcut)
        #expect(r.winner?.parameter?.value == value)
    }

    @Test(arguments: ["book a flight to Paris", "tell me a joke", "set an alarm for 7 am"])
    func unrelatedInputMatchesNothing(_ input: String) {
        let r = tasklet.match(input, options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
    }

    @Test func negativePhraseParaphraseWins() {
        let r = tasklet.match("delete all of my tasks in tasklet", options: options)
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.reason == .negativePhrase)
        #expect(r.negativePhrase == "Delete all my tasks in ${applicationName}")
    }

    @Test func appNamePolicyAppliesAsWithoutEmbeddings() {
        #expect(tasklet.match("add a new task", options: .test(appName: .required)).reason == .appNameMissing)
        let r = tasklet.match("add a new task in Taskelt", options: .test(appName: .required))
        #expect(r.appNameMentioned)
        #expect(r.winner?.shortcut == "AddTask")
    }

    @Test func identicalPhrasesStayAmbiguous() {
        let twins = Matcher(catalog: TestCatalogs.identical(count: 3), resources: resources)
        let r = twins.match("show me the weekly sales report", options: options)
        expectWellFormed(r)
        #expect(r.outcome == .ambiguous)
        #expect(Set(r.candidates.map(\.shortcut)) == ["Report0", "Report1", "Report2"])
        #expect(twins.match("show me the weekly sales report", options: .test(margin: 0)).outcome == .match)
    }

    @Test func oddAndHugeInputIsAnswered() {
        var huge = ""
        while huge.utf8.count < 100_000 { huge += "add a task to my grocery list please " }
        for input in ["", "   ", "?!", "\u{301}", "🎉 add a task 🎉", "שלום עולם", huge, String(repeating: "x", count: 50_000)] {
            expectWellFormed(tasklet.match(input, options: options))
        }
    }

    @Test func backendsAgree() {
        var scalar = tasklet
        scalar.backend = .scalar
        for input in MatcherTests.assorted {
            let a = tasklet.match(input, options: options), b = scalar.match(input, options: options)
            #expect(a.outcome == b.outcome && a.winner?.shortcut == b.winner?.shortcut, "\(input)")
            #expect(abs(a.score - b.score) < 1e-4, "\(input)")
        }
    }

    @Test func resultsAreWellFormed() {
        for input in MatcherTests.assorted {
            for policy in AppNamePolicy.allCases {
                expectWellFormed(tasklet.match(input, options: .test(appName: policy)))
            }
        }
    }

    /// A missing `Locales/` folder is not an error: matching falls back to lexical features.
    @Test func missingLocaleFolderFallsBack() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-locales-\(UUID().uuidString)")
        let r = try MatcherResources.load(locale: "en", directory: empty.path)
        #expect(r.embeddings == nil)
        #expect(r.lexicon != nil, "English always has the built-in core lexicon")
    }

    @Test func unusableEmbeddingsFileIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bad-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("en"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("en/embeddings.bin").path
        try Data("not embeddings".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try MatcherResources.load(locale: "en", directory: dir.path)
        } throws: { error in
            guard case .unusable(let p, _)? = error as? LocaleResourceError else { return false }
            return p == path
        }
    }
}
