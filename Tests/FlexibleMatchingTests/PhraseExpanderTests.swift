import ShortcutCatalog
import Testing

@testable import FlexibleMatching

@Suite("PhraseExpander")
struct PhraseExpanderTests {
    let expanded = PhraseExpander.expand(TestCatalogs.tasklet)

    @Test func everyTemplateIsRecordedInOrder() {
        #expect(expanded.templates.map(\.text) == [
            "Summarize ${list} with ${applicationName}", "Read my ${list} from ${applicationName}",
            "Add a task in ${applicationName}", "Create a new task in ${applicationName}",
            "Start a focus timer in ${applicationName}", "Begin focusing with ${applicationName}",
            "Delete all my tasks in ${applicationName}", "Cancel my ${applicationName} subscription",
        ])
        #expect(expanded.templates.map(\.shortcut) == [0, 0, 1, 1, 2, 2, nil, nil])
        #expect(expanded.templates.map(\.parameter) == ["list", "list", nil, nil, nil, nil, nil, nil])
        #expect(expanded.templates.allSatisfy { $0.mentionsAppName })
    }

    /// A parameterised template expands to every spoken form of every value (title and
    /// synonyms: 3 for grocery, 2 for work); a plain one to itself.
    @Test func positivesAreValueFormsTimesTemplates() {
        #expect(expanded.positives.count == 5 + 5 + 1 + 1 + 1 + 1)
        let first = expanded.positives.filter { $0.template == 0 }
        #expect(first.map(\.parameter?.value) == ["grocery", "grocery", "grocery", "work", "work"])
        #expect(first.allSatisfy { $0.parameter?.name == "list" })
        #expect(first.map(\.text) == [
            "Summarize Grocery list with  ", "Summarize shopping list with  ", "Summarize groceries with  ",
            "Summarize Work list with  ", "Summarize office tasks with  ",
        ])
        for plain in expanded.positives where plain.template >= 2 {
            #expect(plain.parameter == nil)
        }
    }

    /// The scored text leaves the app name out (a space stands in for it); the spoken texts
    /// say it in every form.
    @Test func spokenTextsCarryEveryAppNameForm() throws {
        let groceries = try #require(expanded.positives.first { $0.text == "Summarize groceries with  " })
        #expect(groceries.spokenTexts == ["Summarize groceries with Tasklet", "Summarize groceries with Tasklet Lists"])
        let add = try #require(expanded.positives.first { $0.template == 2 })
        #expect(add.text == "Add a task in  ")
        #expect(add.spokenTexts == ["Add a task in Tasklet", "Add a task in Tasklet Lists"])
        #expect(expanded.positives.allSatisfy { $0.spokenTexts.count == 2 })
    }

    @Test func negativePhrasesExpandTheSameWay() {
        #expect(expanded.negatives.count == 2)
        #expect(expanded.negatives.map(\.template) == [6, 7])
        #expect(expanded.negatives.map(\.spokenTexts) == [
            ["Delete all my tasks in Tasklet", "Delete all my tasks in Tasklet Lists"],
            ["Cancel my Tasklet subscription", "Cancel my Tasklet Lists subscription"],
        ])
        #expect(expanded.negatives[1].text == "Cancel my   subscription")
        #expect(expanded.negatives.allSatisfy { $0.parameter == nil })
    }

    @Test func parameterisedNegativePhraseBindsValues() {
        var catalog = TestCatalogs.tasklet
        catalog.negativePhrases = [PhraseTemplate("Delete my ${list} in ${applicationName}")]
        let negatives = PhraseExpander.expand(catalog).negatives
        #expect(negatives.count == 5)
        #expect(negatives.map(\.parameter?.value) == ["grocery", "grocery", "grocery", "work", "work"])
        #expect(negatives[2].spokenTexts == ["Delete my groceries in Tasklet", "Delete my groceries in Tasklet Lists"])
    }

    /// The app name before the parameter multiplies the same way.
    @Test func appNameBeforeParameter() {
        var catalog = TestCatalogs.tasklet
        catalog.shortcuts = [Shortcut(id: "Read", phrases: [PhraseTemplate("${applicationName}, read my ${list}")])]
        catalog.negativePhrases = []
        let positives = PhraseExpander.expand(catalog).positives
        #expect(positives.count == 5)
        #expect(positives[1].text == " , read my shopping list")
        #expect(positives[1].spokenTexts == ["Tasklet, read my shopping list", "Tasklet Lists, read my shopping list"])
        #expect(positives[1].parameter == ParameterBinding(name: "list", value: "grocery"))
    }

    @Test func templateWithoutAppNameHasOneSpokenText() {
        var catalog = TestCatalogs.tasklet
        catalog.shortcuts = [Shortcut(id: "Plain", phrases: [PhraseTemplate("Summarize my ${list}")])]
        let e = PhraseExpander.expand(catalog)
        #expect(e.templates[0].mentionsAppName == false)
        #expect(e.positives.count == 5)
        #expect(e.positives.allSatisfy { $0.spokenTexts == [$0.text] })
    }

    /// An undeclared parameter, or one without values, expands to a single, unbound phrase,
    /// and the matcher built on it still answers.
    @Test(arguments: ["folder", "empty"])
    func unknownOrEmptyPlaceholderDoesNotExplode(_ name: String) {
        var catalog = TestCatalogs.tasklet
        catalog.parameters.append(Parameter(name: "empty", kind: .entity, values: []))
        catalog.shortcuts.append(
            Shortcut(id: "OpenFolder", phrases: [PhraseTemplate("Open ${\(name)} in ${applicationName}")]))
        let e = PhraseExpander.expand(catalog)
        let open = e.positives.filter { e.templates[$0.template].shortcut == 3 }
        #expect(open.count == 1)
        #expect(open.first?.parameter == nil)
        #expect(open.first?.spokenTexts == ["Open   in Tasklet", "Open   in Tasklet Lists"])

        let matcher = Matcher(catalog: catalog)
        let r = matcher.match("open in Tasklet", options: .test())
        expectWellFormed(r)
        #expect(r.outcome == .match)
        #expect(r.winner?.shortcut == "OpenFolder")
        #expect(r.winner?.parameter == nil)
    }

    @Test func aTemplateNamingTwoParametersBindsTheFirst() {
        var catalog = TestCatalogs.tasklet
        catalog.parameters.append(
            Parameter(name: "when", kind: .enum, values: [
                ParameterValue(id: "today", title: "today"), ParameterValue(id: "tomorrow", title: "tomorrow"),
            ]))
        catalog.shortcuts = [Shortcut(id: "Plan", phrases: [PhraseTemplate("Plan ${list} for ${when}")])]
        let e = PhraseExpander.expand(catalog)
        #expect(e.templates[0].parameter == "list")
        #expect(e.positives.count == 5 * 2)
        #expect(e.positives.allSatisfy { $0.parameter?.name == "list" })
        #expect(e.positives.last?.text == "Plan office tasks for tomorrow")
    }

    @Test func expansionsPerTemplateAreCapped() {
        let values = (0..<3_000).map { ParameterValue(id: "v\($0)", title: "value \($0)") }
        let catalog = LocaleCatalog(
            locale: "en", app: AppName(name: "Big"),
            parameters: [Parameter(name: "item", kind: .entity, values: values)],
            shortcuts: [Shortcut(id: "Open", phrases: [PhraseTemplate("Open ${item} in ${applicationName}")])],
            negativePhrases: [])
        let e = PhraseExpander.expand(catalog)
        #expect(e.positives.count == PhraseExpander.maxExpansionsPerTemplate)
    }

    @Test func emptyCatalogExpandsToNothing() {
        let catalog = LocaleCatalog(locale: "en", app: AppName(name: "Nothing"), parameters: [], shortcuts: [], negativePhrases: [])
        let e = PhraseExpander.expand(catalog)
        #expect(e.templates.isEmpty && e.positives.isEmpty && e.negatives.isEmpty)
        let r = Matcher(catalog: catalog).match("anything at all", options: .test())
        expectWellFormed(r)
        #expect(r.outcome == .none)
        #expect(r.candidates.isEmpty)
    }
}
