import FlexibleMatching
import Foundation
import PhraseEvaluation
import ShortcutCatalog
import Testing

@Suite("Evaluation metrics")
struct EvaluationTests {
    let options = MatchOptions(threshold: 0.5, margin: 0.05)

    func q(_ line: Int, _ expect: String?, kind: String?, parameter: [String: String]? = nil) -> LabelledQuery {
        LabelledQuery(text: "line \(line)", expect: expect, parameter: parameter, kind: kind, line: line)
    }

    func match(_ query: LabelledQuery, _ shortcut: String, _ value: String? = nil, score: Double = 0.8) -> EvaluatedQuery {
        EvaluatedQuery(
            query: query, outcome: .match, shortcut: shortcut,
            parameter: value.map { ParameterBinding(name: "list", value: $0) }, score: score, reason: nil)
    }

    func none(_ query: LabelledQuery, _ reason: MatchResult.Reason = .belowThreshold, score: Double = 0.2) -> EvaluatedQuery {
        EvaluatedQuery(query: query, outcome: .none, shortcut: nil, parameter: nil, score: score, reason: reason)
    }

    func ambiguous(_ query: LabelledQuery, _ choices: [String]) -> EvaluatedQuery {
        EvaluatedQuery(
            query: query, outcome: .ambiguous, shortcut: choices.first, parameter: nil, score: 0.6,
            reason: .ambiguous, choices: choices)
    }

    /// Ten hand-labelled lines whose every figure can be checked by hand.
    var report: EvaluationReport {
        let results = [
            match(q(1, "AddTask", kind: "paraphrase"), "AddTask"),                                      // right
            none(q(2, "AddTask", kind: "typo")),                                                        // missed
            match(q(3, "SummarizeList", kind: "param-synonym", parameter: ["list": "work"]), "SummarizeList", "work"),   // right, param right
            match(q(4, "SummarizeList", kind: "param-synonym", parameter: ["list": "work"]), "SummarizeList", "grocery"), // right, param wrong
            match(q(5, "SummarizeList", kind: "paraphrase", parameter: ["list": "grocery"]), "AddTask"),  // wrong shortcut, param wrong
            ambiguous(q(6, "StartTimer", kind: "paraphrase"), ["StartTimer", "AddTask"]),                // ambiguous = missed
            none(q(7, nil, kind: "core-siri")),                                                          // right
            match(q(8, nil, kind: "near-miss"), "SummarizeList", "grocery"),                             // false accept
            ambiguous(q(9, nil, kind: "chit-chat"), ["AddTask", "StartTimer"]),                          // right: Siri asks
            none(q(10, nil, kind: nil), .negativePhrase),                                                // right
        ]
        return EvaluationReport(
            locale: "en", options: options, shortcuts: ["AddTask", "SummarizeList", "StartTimer"], results: results)
    }

    @Test func headlineRatesCountAmbiguousAsNoMatch() {
        let r = report
        #expect(r.accuracy == Rate(count: 6, total: 10))        // 1, 3, 4, 7, 9, 10
        #expect(r.inScope == Rate(count: 3, total: 6))          // 1, 3, 4
        #expect(r.falseAccepts == Rate(count: 1, total: 4))     // 8
        #expect(r.parameters == Rate(count: 1, total: 3))       // 3 right; 4 wrong value; 5 wrong shortcut
        #expect(r.accuracy.value == 0.6)
        #expect(Rate(count: 0, total: 0).value == nil)
    }

    @Test func problemsNameWhatWentWrong() {
        let problems = report.results.map(\.problem)
        #expect(problems == [nil, .missed, nil, .wrongParameter, .wrongShortcut, .missed, nil, .falseAccept, nil, nil])
        #expect(report.failures.map(\.query.line) == [2, 4, 5, 6, 8])
        #expect(report.results[3].isCorrect, "a wrong parameter does not make the shortcut wrong")
        #expect(report.results[3].isParameterCorrect == false)
        #expect(report.results[0].isParameterCorrect == nil)
        #expect(report.results[5].shortcut == nil, "an ambiguous answer hits no shortcut")
    }

    @Test func breakdownByKindFollowsTheContractOrder() {
        let kinds = report.byKind
        #expect(kinds.map(\.kind) == ["paraphrase", "param-synonym", "typo", "near-miss", "core-siri", "chit-chat", "(none)"])
        #expect(kinds[0].accuracy == Rate(count: 1, total: 3))
        #expect(kinds[1].accuracy == Rate(count: 2, total: 2))
        #expect(kinds[2].accuracy == Rate(count: 0, total: 1))
        #expect(kinds[3].accuracy == Rate(count: 0, total: 1))
        #expect(kinds[6].accuracy == Rate(count: 1, total: 1))
    }

    @Test func breakdownByShortcutShowsRecallAndOverReach() {
        let shortcuts = report.byShortcut
        #expect(shortcuts.map(\.shortcut) == ["AddTask", "SummarizeList", "StartTimer"])
        #expect(shortcuts[0].recall == Rate(count: 1, total: 2))
        #expect(shortcuts[0].falselyChosen == 1)                // line 5
        #expect(shortcuts[1].recall == Rate(count: 2, total: 3))
        #expect(shortcuts[1].falselyChosen == 1)                // line 8
        #expect(shortcuts[2].recall == Rate(count: 0, total: 1))
        #expect(shortcuts[2].falselyChosen == 0)
    }

    // MARK: Against the real matcher

    @Test func evaluatorRunsTheMatcherAsShipped() {
        let matcher = Matcher(catalog: TinyCatalog.locale)
        let queries = [
            LabelledQuery(text: "Add a task in Demo", expect: "AddTask", kind: "exact", line: 1),
            LabelledQuery(text: "Summarize my shopping list in Demo Lists", expect: "SummarizeList",
                          parameter: ["list": "grocery"], kind: "param-synonym", line: 2),
            LabelledQuery(text: "Delete all my tasks in Demo", expect: nil, kind: "negative", line: 3),
            LabelledQuery(text: "", expect: nil, kind: "empty", line: 4),
            LabelledQuery(text: "Add a task in Demo", expect: "StartTimer", kind: "mislabelled", line: 5),
        ]
        let report = Evaluator.evaluate(queries, with: matcher, options: options)
        #expect(report.locale == "en")
        #expect(report.options == options)
        #expect(report.results.map(\.isCorrect) == [true, true, true, true, false])
        #expect(report.results[1].parameter == ParameterBinding(name: "list", value: "grocery"))
        #expect(report.results[2].reason == .negativePhrase)
        #expect(report.results[3].reason == .emptyInput)
        #expect(report.results[4].problem == .wrongShortcut)
        #expect(report.accuracy == Rate(count: 4, total: 5))
        #expect(report.parameters == Rate(count: 1, total: 1))
    }

    // MARK: Rendering

    @Test func jsonReportCarriesEveryFigureAndNulls() throws {
        let text = EvaluationJSON.render(EvaluationRun(queriesPath: "q.jsonl", report: report), catalogPath: "m.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["catalog"] as? String == "m.json")
        #expect(object["locale"] as? String == "en")
        let accuracy = try #require(object["accuracy"] as? [String: Any])
        #expect(accuracy["count"] as? Int == 6)
        #expect(accuracy["total"] as? Int == 10)
        #expect(accuracy["value"] as? Double == 0.6)
        let parameters = try #require(object["parameters"] as? [String: Any])
        #expect(parameters["value"] as? Double == 0.3333)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.map { $0["line"] as? Int } == [2, 4, 5, 6, 8])
        #expect(failures[0]["got"] is NSNull)
        #expect(failures[0]["problem"] as? String == "missed")
        #expect(failures[1]["gotParameter"] as? [String: String] == ["list": "grocery"])
        #expect(failures[3]["choices"] as? [String] == ["StartTimer", "AddTask"])
        let kinds = try #require(object["byKind"] as? [[String: Any]])
        #expect(kinds.first?["kind"] as? String == "paraphrase")
    }

    @Test func pooledRatesSumLinesOverLocales() {
        // Lines 1-6 again, as a second locale: every one expects a shortcut, three get it.
        let german = EvaluationReport(
            locale: "de", options: options, shortcuts: ["AddTask"], results: Array(report.results.prefix(6)))
        let pooled = PooledRates([report, german])
        #expect(pooled.accuracy == Rate(count: 6 + 3, total: 10 + 6))
        #expect(pooled.inScope == Rate(count: 3 + 3, total: 6 + 6))
        #expect(pooled.falseAccepts == Rate(count: 1, total: 4))
        #expect(pooled.parameters == Rate(count: 1 + 1, total: 3 + 3))
        #expect(PooledRates([]).accuracy.value == nil)
    }
}
