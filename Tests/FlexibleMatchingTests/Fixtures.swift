import Foundation
import Testing
import ShortcutCatalog
@testable import FlexibleMatching

/// Small catalogs built in code, so every test states the data it relies on.
enum TestCatalogs {
    static let listParameter = Parameter(
        name: "list", kind: .enum,
        values: [
            ParameterValue(id: "grocery", title: "Grocery list", synonyms: ["shopping list", "groceries"]),
            ParameterValue(id: "work", title: "Work list", synonyms: ["office tasks"]),
        ])

    /// A to-do app: one parameterised shortcut, two plain ones, two negative phrases.
    static let tasklet = LocaleCatalog(
        locale: "en",
        app: AppName(name: "Tasklet", synonyms: ["Tasklet Lists"]),
        parameters: [listParameter],
        shortcuts: [
            Shortcut(
                id: "SummarizeList", shortTitle: "Summarize List",
                phrases: [
                    PhraseTemplate("Summarize ${list} with ${applicationName}"),
                    PhraseTemplate("Read my ${list} from ${applicationName}"),
                ]),
            Shortcut(
                id: "AddTask", shortTitle: "Add Task",
                phrases: [
                    PhraseTemplate("Add a task in ${applicationName}"),
                    PhraseTemplate("Create a new task in ${applicationName}"),
                ]),
            Shortcut(
                id: "StartFocus", shortTitle: "Start Focus",
                phrases: [
                    PhraseTemplate("Start a focus timer in ${applicationName}"),
                    PhraseTemplate("Begin focusing with ${applicationName}"),
                ]),
        ],
        negativePhrases: [
            PhraseTemplate("Delete all my tasks in ${applicationName}"),
            PhraseTemplate("Cancel my ${applicationName} subscription"),
        ])

    /// An app whose name is a prefix of common words.
    static let demo = LocaleCatalog(
        locale: "en",
        app: AppName(name: "Demo"),
        parameters: [],
        shortcuts: [
            Shortcut(id: "Record", phrases: [PhraseTemplate("Record a session in ${applicationName}")]),
            Shortcut(id: "Share", phrases: [PhraseTemplate("Share the recording from ${applicationName}")]),
        ],
        negativePhrases: [])

    /// Two shortcuts whose phrases differ by one letter, and an unrelated one.
    static let nearTwins = LocaleCatalog(
        locale: "en",
        app: AppName(name: "Zorblat"),
        parameters: [],
        shortcuts: [
            Shortcut(id: "SalesReport", phrases: [PhraseTemplate("Show the weekly sales report in ${applicationName}")]),
            Shortcut(id: "SalesReports", phrases: [PhraseTemplate("Show the weekly sales reports in ${applicationName}")]),
            Shortcut(id: "NewMeeting", phrases: [PhraseTemplate("Start a new meeting in ${applicationName}")]),
        ],
        negativePhrases: [])

    /// A catalog without parameters whose shortcuts have one phrase each: `(id, phrase)`.
    static func onePhraseEach(
        locale: String, app: AppName, _ shortcuts: [(id: String, phrase: String)], negatives: [String] = []
    ) -> LocaleCatalog {
        LocaleCatalog(
            locale: locale, app: app, parameters: [],
            shortcuts: shortcuts.map { Shortcut(id: $0.id, phrases: [PhraseTemplate($0.phrase)]) },
            negativePhrases: negatives.map { PhraseTemplate($0) })
    }

    /// `count` shortcuts with the very same phrase.
    static func identical(count: Int, appName: String = "Zorblat") -> LocaleCatalog {
        LocaleCatalog(
            locale: "en",
            app: AppName(name: appName),
            parameters: [],
            shortcuts: (0..<count).map { i in
                Shortcut(id: "Report\(i)", phrases: [PhraseTemplate("Show the weekly sales report in ${applicationName}")])
            },
            negativePhrases: [])
    }
}

/// Options spelled out, so tests do not move when the tuned defaults do.
extension MatchOptions {
    static func test(
        threshold: Double = 0.3, margin: Double = 0.02, appName: AppNamePolicy = .optional, top: Int = 5,
        unnamedPenalty: Double = 0
    ) -> MatchOptions {
        MatchOptions(threshold: threshold, margin: margin, appName: appName, top: top, unnamedPenalty: unnamedPenalty)
    }
}

/// The package root, found from this file's path.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var locales: URL { root.appendingPathComponent("Locales") }
    static var englishEmbeddingsExist: Bool {
        FileManager.default.fileExists(atPath: locales.appendingPathComponent("en/embeddings.bin").path)
    }
}

/// What every `MatchResult` must satisfy, whatever the input (CONTRACTS.md §3).
func expectWellFormed(
    _ r: MatchResult, top: Int = 5, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect((0...1).contains(r.score), "score \(r.score)", sourceLocation: sourceLocation)
    #expect(r.margin >= 0, "margin \(r.margin)", sourceLocation: sourceLocation)
    #expect(r.score.isFinite && r.margin.isFinite, sourceLocation: sourceLocation)
    // `top` bounds the runner-ups; an ambiguous answer's choices are never cut (at most five).
    #expect(r.candidates.count <= (r.outcome == .ambiguous ? 5 : max(top, 1)), sourceLocation: sourceLocation)
    for c in r.candidates {
        #expect((0...1).contains(c.score), "candidate \(c.shortcut) score \(c.score)", sourceLocation: sourceLocation)
    }
    let scores = r.candidates.map(\.score)
    #expect(scores == scores.sorted(by: >), "candidates not sorted: \(scores)", sourceLocation: sourceLocation)
    switch r.outcome {
    case .match:
        #expect(r.winner != nil, sourceLocation: sourceLocation)
        #expect(r.reason == nil, sourceLocation: sourceLocation)
        #expect(r.matchKind != nil, sourceLocation: sourceLocation)
    case .ambiguous:
        #expect(r.winner == nil, sourceLocation: sourceLocation)
        #expect(r.reason == .ambiguous, sourceLocation: sourceLocation)
        #expect(r.matchKind == nil, sourceLocation: sourceLocation)
        // The choices are distinct shortcuts: at least two, unless fewer candidates were asked for.
        let choices = r.candidates.map(\.shortcut)
        #expect(Set(choices).count == choices.count, sourceLocation: sourceLocation)
        #expect((min(2, max(top, 1))...5).contains(choices.count), "choices \(choices)", sourceLocation: sourceLocation)
    case .none:
        #expect(r.winner == nil, sourceLocation: sourceLocation)
        #expect(r.reason != nil && r.reason != .ambiguous, sourceLocation: sourceLocation)
        #expect(r.matchKind == nil, sourceLocation: sourceLocation)
    }
    #expect((r.reason == .negativePhrase) == (r.negativePhrase != nil), sourceLocation: sourceLocation)
}
