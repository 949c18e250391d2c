import ShortcutCatalog
import Testing

@testable import FlexibleMatching

@Suite("Undoing requests")
struct UndoingTests {
    static let catalog = TestCatalogs.onePhraseEach(
        locale: "en", app: AppName(name: "Trailo"),
        [
            ("SaveTrail", "Save this trail in ${applicationName}"),
            ("Favorite", "Add this trail to my ${applicationName} favorites"),
            ("Chores", "Take out the trash with ${applicationName}"),
        ])
    let matcher = Matcher(catalog: UndoingTests.catalog)
    let options = MatchOptions.test()

    @Test(arguments: [
        ("Unsave that trail in Trailo", "Unsave"),
        ("Take this trail off my Trailo favorites", "Take … off"),
        ("please knock this trail off my favorites in Trailo", "knock … off"),
    ])
    func undoingWhatAPhraseDoesIsNotOffered(_ input: String, _ word: String) {
        #expect(matcher.match(input, options: options).unofferedAction == word)
    }

    @Test(arguments: [
        "Take out the trash with Trailo",  // the catalog says "out"
        "Take the trash out with Trailo",
        "Save this trail in Trailo",
        "The photo the ranger took when he dropped it off",  // not a request to take something off
        "Unbelievable trail, save it in Trailo",  // "believable" is no phrase's word
    ])
    func otherRequestsAreLeftAlone(_ input: String) {
        #expect(matcher.match(input, options: options).unofferedAction == nil)
    }

    @Test func onlyEnglish() {
        let fr = TestCatalogs.onePhraseEach(locale: "fr", app: AppName(name: "Trailo"), [("SaveTrail", "Save this trail in ${applicationName}")])
        #expect(Matcher(catalog: fr).match("Unsave that trail in Trailo", options: options).unofferedAction == nil)
    }
}
