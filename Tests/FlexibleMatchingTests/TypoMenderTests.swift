import PhraseTokenizer
import ShortcutCatalog
import Testing

@testable import FlexibleMatching

@Suite("Typo mending")
struct TypoMenderTests {
    @Test(arguments: [
        ("lokc", "lock", true), ("pasue", "pause", true), ("tickes", "tickets", true), ("cancle", "cancel", true),
        ("asign", "assign", true), ("pausee", "pause", true), ("pouse", "pause", true),
        ("lock", "lock", false), ("xabc", "abcy", false), ("lcok", "lock", true), ("lcko", "lock", false), ("pause", "pausing", false),
        ("", "a", true), ("ab", "ba", true),
    ])
    func oneSlip(_ a: String, _ b: String, _ expected: Bool) {
        #expect(TypoMender.oneSlipApart(a, b) == expected)
        #expect(TypoMender.oneSlipApart(b, a) == expected, "symmetric")
    }

    static let tokenizer = Tokenizer(locale: "en")
    static func words(_ text: String) -> [Token] { tokenizer.tokens(text) }

    @Test func mendsOnlyIntoOneCatalogWord() {
        let mender = TypoMender(phrases: [Self.words("Lock my car"), Self.words("Pause the washer"), Self.words("Find my car")], known: nil)
        #expect(mender.mend(Self.words("Lokc my car")).map(\.text) == ["lock", "my", "car"])
        #expect(mender.mend(Self.words("pasue the washer")).map(\.text) == ["pause", "the", "washer"])
        // Short words and words the catalog says are left as typed.
        #expect(mender.mend(Self.words("lok my car")).map(\.text) == ["lok", "my", "car"])
        #expect(mender.mend(Self.words("find the washer")).map(\.text) == ["find", "the", "washer"])
        // Two catalog words one slip away: left as typed.
        let two = TypoMender(phrases: [Self.words("Start the timer"), Self.words("Stark mode")], known: nil)
        #expect(two.mend(Self.words("stars")).map(\.text) == ["stars"])
        #expect(two.mend(Self.words("strat")).map(\.text) == ["start"])
    }

    @Test func aTypoSendsTheRequestToItsShortcut() {
        let catalog = TestCatalogs.onePhraseEach(
            locale: "en", app: AppName(name: "Autolink"),
            [
                ("LockCar", "Lock my car with ${applicationName}"), ("FindCar", "Find my car with ${applicationName}"),
                ("Honk", "Honk the horn with ${applicationName}"),
            ])
        let options = MatchOptions.test()
        let r = Matcher(catalog: catalog).match("Lokc my car with Autolink", options: options)
        #expect(r.winner?.shortcut == "LockCar")
        #expect(r.typos == [MatchResult.MendedWord(typed: "Lokc", read: "lock")], "reported as typed")
        var off = CandidateScoring()
        off.mendTypos = false
        let plain = Matcher(catalog: catalog, resources: MatcherResources(tuning: LocaleTuning(scoring: off)))
        let unmended = plain.match("Lokc my car with Autolink", options: options)
        #expect(unmended.winner?.shortcut != "LockCar")
        #expect(unmended.typos.isEmpty)
    }
}
