import Foundation

/// Deterministic synthetic workload: everyday English command phrases for App Shortcuts
/// manifests (CONTRACTS.md §1) and paraphrase-like queries, from a fixed seed and built-in
/// vocabulary only (no external data).

/// SplitMix64: small, fast and the same on every platform (unlike `SystemRandomNumberGenerator`).
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
}

/// One shortcut's vocabulary: the verbs and nouns its phrases use, others that only queries
/// use (paraphrases the catalog never declares), and its parameter's values with synonyms.
struct Domain {
    var id: String
    var title: String
    var image: String
    var verbs: [String]
    var altVerbs: [String]
    var nouns: [String]
    var altNouns: [String]
    var parameter: String
    /// `forms[0]` is the title, the rest are synonyms.
    var values: [(id: String, forms: [String])]
}

enum Vocabulary {
    static let domains: [Domain] = [
        Domain(
            id: "StartWorkout", title: "Start Workout", image: "figure.run",
            verbs: ["Start", "Begin", "Log", "Record"], altVerbs: ["kick off", "launch", "track", "go for"],
            nouns: ["workout", "session", "exercise"], altNouns: ["training", "activity"], parameter: "activity",
            values: [
                ("running", ["Running", "run", "jog", "jogging"]),
                ("cycling", ["Cycling", "bike ride", "biking", "cycle"]),
                ("yoga", ["Yoga", "yoga flow", "stretching", "yoga class"]),
                ("swimming", ["Swimming", "swim", "pool laps", "lap swim"]),
            ]),
        Domain(
            id: "PlayPlaylist", title: "Play Playlist", image: "music.note.list",
            verbs: ["Play", "Shuffle", "Put on", "Start"], altVerbs: ["queue", "listen to", "blast", "turn on"],
            nouns: ["playlist", "mix", "music"], altNouns: ["songs", "tunes"], parameter: "playlist",
            values: [
                ("focus", ["Focus", "concentration", "deep work", "study"]),
                ("chill", ["Chill", "relaxing", "lo-fi", "calm"]),
                ("workout", ["Workout mix", "gym", "running mix", "cardio"]),
                ("party", ["Party", "dance", "party hits", "upbeat"]),
            ]),
        Domain(
            id: "OrderCoffee", title: "Order Coffee", image: "cup.and.saucer",
            verbs: ["Order", "Get", "Buy", "Reorder"], altVerbs: ["grab", "pick up", "fetch", "make"],
            nouns: ["coffee", "drink", "cup"], altNouns: ["beverage", "brew"], parameter: "drink",
            values: [
                ("latte", ["Latte", "oat latte", "caffe latte", "flat white"]),
                ("cappuccino", ["Cappuccino", "cap", "foamy cappuccino", "frothy coffee"]),
                ("espresso", ["Espresso", "double shot", "shot of espresso", "ristretto"]),
                ("coldbrew", ["Cold brew", "iced coffee", "cold coffee", "nitro"]),
            ]),
        Domain(
            id: "SetTemperature", title: "Set Temperature", image: "thermometer",
            verbs: ["Set", "Change", "Adjust", "Warm up"], altVerbs: ["heat", "cool down", "turn up", "turn down"],
            nouns: ["temperature", "thermostat", "heating"], altNouns: ["climate", "heat"], parameter: "room",
            values: [
                ("living", ["Living room", "lounge", "family room", "den"]),
                ("bedroom", ["Bedroom", "master bedroom", "bed room", "sleeping room"]),
                ("kitchen", ["Kitchen", "cooking area", "kitchenette", "pantry"]),
                ("office", ["Office", "study room", "home office", "workroom"]),
            ]),
        Domain(
            id: "LogMeal", title: "Log Meal", image: "fork.knife",
            verbs: ["Log", "Add", "Record", "Track"], altVerbs: ["note", "write down", "enter", "save"],
            nouns: ["meal", "food", "calories"], altNouns: ["dish", "plate"], parameter: "meal",
            values: [
                ("breakfast", ["Breakfast", "morning meal", "brekkie", "first meal"]),
                ("lunch", ["Lunch", "midday meal", "luncheon", "noon meal"]),
                ("dinner", ["Dinner", "supper", "evening meal", "dinner plate"]),
                ("snack", ["Snack", "snacks", "nibbles", "treat"]),
            ]),
        Domain(
            id: "StartTimer", title: "Start Timer", image: "timer",
            verbs: ["Start", "Set", "Begin", "Run"], altVerbs: ["kick off", "launch", "go with", "fire up"],
            nouns: ["timer", "countdown", "clock"], altNouns: ["stopwatch", "alarm"], parameter: "preset",
            values: [
                ("pomodoro", ["Pomodoro", "focus block", "work sprint", "tomato timer"]),
                ("tea", ["Tea", "steeping", "brew tea", "tea steep"]),
                ("pasta", ["Pasta", "boiling pasta", "noodles", "spaghetti"]),
                ("nap", ["Nap", "power nap", "short rest", "snooze"]),
            ]),
        Domain(
            id: "ShowBalance", title: "Show Balance", image: "banknote",
            verbs: ["Show", "Check", "View", "Tell me"], altVerbs: ["display", "see", "look up", "read"],
            nouns: ["balance", "account", "funds"], altNouns: ["money", "statement"], parameter: "account",
            values: [
                ("checking", ["Checking", "current account", "everyday account", "debit"]),
                ("savings", ["Savings", "savings account", "rainy day fund", "nest egg"]),
                ("credit", ["Credit card", "card", "visa", "credit"]),
                ("brokerage", ["Investments", "brokerage", "portfolio", "stocks"]),
            ]),
        Domain(
            id: "BookRide", title: "Book Ride", image: "car",
            verbs: ["Book", "Call", "Order", "Get"], altVerbs: ["hail", "request", "schedule", "need"],
            nouns: ["ride", "car", "taxi"], altNouns: ["cab", "lift"], parameter: "destination",
            values: [
                ("home", ["Home", "my house", "my place", "house"]),
                ("work", ["Work", "the office", "my job", "workplace"]),
                ("airport", ["Airport", "the airport", "terminal", "departures"]),
                ("gym", ["Gym", "the gym", "fitness center", "health club"]),
            ]),
        Domain(
            id: "AddExpense", title: "Add Expense", image: "creditcard",
            verbs: ["Add", "Log", "Record", "Enter"], altVerbs: ["note", "track", "put in", "write down"],
            nouns: ["expense", "purchase", "payment"], altNouns: ["spending", "cost"], parameter: "category",
            values: [
                ("groceries", ["Groceries", "food shopping", "supermarket", "grocery run"]),
                ("transport", ["Transport", "travel", "commute", "gas"]),
                ("dining", ["Dining out", "restaurant", "eating out", "takeout"]),
                ("utilities", ["Utilities", "bills", "electricity", "water bill"]),
            ]),
        Domain(
            id: "SendMessage", title: "Send Message", image: "message",
            verbs: ["Send", "Text", "Message", "Write"], altVerbs: ["ping", "drop a note to", "tell", "shoot a text to"],
            nouns: ["message", "note", "update"], altNouns: ["text", "line"], parameter: "group",
            values: [
                ("family", ["Family", "the family", "parents", "relatives"]),
                ("team", ["Team", "coworkers", "colleagues", "my team"]),
                ("partner", ["Partner", "my wife", "my husband", "spouse"]),
                ("friends", ["Friends", "buddies", "the gang", "pals"]),
            ]),
    ]

    /// Frames of templates naming the parameter: `{V}` verb (capitalised), `{v}` verb,
    /// `{n}` noun, `{p}` the parameter placeholder, `{app}` the app-name placeholder.
    static let parameterFrames = [
        "{V} {p} in {app}", "{V} my {p} {n} in {app}", "{V} a {p} {n} with {app}", "{V} the {p} {n} using {app}",
        "{app}, {v} {p}", "Please {v} my {p} {n} in {app}", "I want to {v} a {p} {n} in {app}",
        "Can you {v} the {p} {n} with {app}", "{V} {p} {n} on {app}",
    ]
    static let plainFrames = [
        "{V} a {n} in {app}", "{V} my {n} with {app}", "Help me {v} a {n} in {app}", "{V} {n} in {app}",
        "New {app} {n}", "Open {app} and {v} a {n}",
    ]
    static let negatives = [
        "Delete all my data in {app}", "Cancel my {app} subscription", "Rate {app} in the App Store",
        "Send feedback about {app}", "Sign out of {app}", "Reset {app} settings", "Share {app} with a friend",
        "Turn off {app} notifications", "Update {app} to the latest version", "Uninstall {app}",
    ]
    /// Requests for other apps or for Siri itself: must match nothing.
    static let outOfScope = [
        "set an alarm for 7 am", "turn on the flashlight", "call mom", "remind me to buy milk",
        "what's the weather tomorrow", "navigate to the nearest gas station", "take a photo", "open settings",
        "find my keys", "find a restaurant nearby", "what time is it in Tokyo", "turn the volume up",
        "how tall is Mount Everest", "translate hello into Spanish", "read my latest email",
        "add eggs to my shopping list", "play the news", "what's on my calendar today", "turn off bluetooth",
        "how many cups in a liter", "tell me a joke", "show me photos from last summer", "set a reminder for noon",
        "call an ambulance", "what's the score of the game", "lock the front door", "dim the lights",
        "start a video call with grandma", "open the camera", "what song is this",
    ]
    static let prefixes = ["", "", "", "hey ", "please ", "could you ", "can you ", "I'd like to ", "quickly "]
    static let suffixes = ["", "", "", " now", " for me", " right away", " please", " today"]
    static let determiners = ["my ", "a ", "the ", ""]
    static let appLinks = [" in ", " with ", " on ", " using "]
}

/// The shape of a generated catalog.
struct CatalogShape {
    var name: String
    var app: String
    var appSynonyms: [String]
    var shortcuts: Int
    var plainTemplates: Int
    var parameterTemplates: Int
    var valuesPerParameter: Int
    var formsPerValue: Int
    var negatives: Int

    var positiveRows: Int { shortcuts * (plainTemplates + parameterTemplates * valuesPerParameter * formsPerValue) }
    /// Expanded phrases the matcher scores per query (app-name forms do not add rows).
    var rows: Int { positiveRows + negatives }
    var templates: Int { shortcuts * (plainTemplates + parameterTemplates) }

    /// 6 shortcuts × (4 plain + 2 templates × 3 values × 2 forms) = 96, plus 4 negatives.
    static let app100 = CatalogShape(
        name: "app-100", app: "Pocketday", appSynonyms: ["Pocket Day"], shortcuts: 6, plainTemplates: 4,
        parameterTemplates: 2, valuesPerParameter: 3, formsPerValue: 2, negatives: 4)
    /// 10 shortcuts × (3 plain + 6 templates × 4 values × 4 forms) = 990, plus 10 negatives.
    static let catalog1000 = CatalogShape(
        name: "catalog-1000", app: "Homebase", appSynonyms: ["Home Base", "Homebase Hub"], shortcuts: 10,
        plainTemplates: 3, parameterTemplates: 6, valuesPerParameter: 4, formsPerValue: 4, negatives: 10)
}

struct GeneratedTemplate {
    var shortcut: String
    var text: String
}

enum Generator {
    static func fill(_ frame: String, verb: String, noun: String, parameter: String?) -> String {
        let capitalised = verb.prefix(1).uppercased() + verb.dropFirst()
        var s = frame.replacingOccurrences(of: "{V}", with: capitalised)
        s = s.replacingOccurrences(of: "{v}", with: verb.lowercased())
        s = s.replacingOccurrences(of: "{n}", with: noun)
        if let parameter { s = s.replacingOccurrences(of: "{p}", with: "${\(parameter)}") }
        s = s.replacingOccurrences(of: "{app}", with: "${applicationName}")
        return s
    }

    /// The manifest as a JSON object (CONTRACTS.md §1) and its templates.
    static func manifest(_ shape: CatalogShape, seed: UInt64) -> (json: [String: Any], templates: [GeneratedTemplate]) {
        var rng = SeededRandom(seed: seed)
        let domains = Array(Vocabulary.domains.prefix(shape.shortcuts))
        precondition(domains.count == shape.shortcuts, "at most \(Vocabulary.domains.count) shortcuts")
        var parameters: [[String: Any]] = []
        var shortcuts: [[String: Any]] = []
        var templates: [GeneratedTemplate] = []
        for d in domains {
            let values = d.values.prefix(shape.valuesPerParameter).map { v -> [String: Any] in
                let forms = Array(v.forms.prefix(shape.formsPerValue))
                return ["id": v.id, "title": forms[0], "synonyms": Array(forms.dropFirst())]
            }
            parameters.append(["name": d.parameter, "kind": "enum", "values": values])
            var phrases: [String] = []
            var seen = Set<String>()
            func add(count: Int, frames: [String], parameter: String?) {
                var made = 0, attempts = 0
                while made < count {
                    attempts += 1
                    precondition(attempts < 10_000, "vocabulary too small for \(count) templates")
                    let t = fill(rng.pick(frames), verb: rng.pick(d.verbs), noun: rng.pick(d.nouns), parameter: parameter)
                    if seen.insert(t.lowercased()).inserted {
                        phrases.append(t)
                        made += 1
                    }
                }
            }
            add(count: shape.plainTemplates, frames: Vocabulary.plainFrames, parameter: nil)
            add(count: shape.parameterTemplates, frames: Vocabulary.parameterFrames, parameter: d.parameter)
            templates += phrases.map { GeneratedTemplate(shortcut: d.id, text: $0) }
            shortcuts.append([
                "id": d.id, "intent": d.id + "Intent", "shortTitle": d.title, "systemImageName": d.image,
                "phrases": phrases,
            ])
        }
        let negatives = Vocabulary.negatives.prefix(shape.negatives).map {
            $0.replacingOccurrences(of: "{app}", with: "${applicationName}")
        }
        let json: [String: Any] = [
            "formatVersion": 1, "sourceLanguage": "en",
            "app": ["name": shape.app, "synonyms": shape.appSynonyms],
            "parameters": parameters, "shortcuts": shortcuts, "negativePhrases": negatives,
        ]
        return (json, templates)
    }

    /// Writes the manifest to `directory/<name>.json` and returns its path.
    static func write(_ shape: CatalogShape, seed: UInt64, to directory: String) throws -> (path: String, templates: [GeneratedTemplate]) {
        let (json, templates) = manifest(shape, seed: seed)
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        let path = (directory as NSString).appendingPathComponent(shape.name + ".json")
        try data.write(to: URL(fileURLWithPath: path))
        return (path, templates)
    }

    struct Query {
        var text: String
        /// The shortcut the query was built for, `nil` for out of scope.
        var intended: String?
    }

    /// `count` queries for a catalog of `shape`: about 70% paraphrase-like recombinations of the
    /// catalog's shortcuts (verbs and nouns it never declares, fillers, with and without the
    /// app name, some typos, some exact phrases), the rest requests it must not match.
    static func queries(_ shape: CatalogShape, templates: [GeneratedTemplate], count: Int, seed: UInt64) -> [Query] {
        var rng = SeededRandom(seed: seed)
        let domains = Array(Vocabulary.domains.prefix(shape.shortcuts))
        let appForms = [shape.app] + shape.appSynonyms
        var out: [Query] = []
        out.reserveCapacity(count)
        while out.count < count {
            let roll = rng.next() % 100
            if roll < 30 {
                let base = rng.pick(Vocabulary.outOfScope)
                out.append(Query(text: rng.pick(Vocabulary.prefixes) + base + rng.pick(Vocabulary.suffixes), intended: nil))
            } else if roll < 38 {
                // A declared phrase, expanded: the exact-match path.
                let t = rng.pick(templates)
                let d = domains.first { $0.id == t.shortcut }!
                let v = rng.pick(Array(d.values.prefix(shape.valuesPerParameter)))
                let form = rng.pick(Array(v.forms.prefix(shape.formsPerValue)))
                let text = t.text.replacingOccurrences(of: "${\(d.parameter)}", with: form)
                    .replacingOccurrences(of: "${applicationName}", with: rng.pick(appForms))
                out.append(Query(text: text, intended: d.id))
            } else {
                let d = rng.pick(domains)
                let verb = rng.chance(0.5) ? rng.pick(d.altVerbs) : rng.pick(d.verbs).lowercased()
                let noun = rng.chance(0.4) ? rng.pick(d.altNouns) : rng.pick(d.nouns)
                var text = rng.pick(Vocabulary.prefixes) + verb + " " + rng.pick(Vocabulary.determiners)
                if rng.chance(0.7) {
                    // Any spoken form, including ones this catalog's shape leaves out.
                    let value = rng.pick(d.values)
                    text += rng.pick(value.forms).lowercased() + " "
                }
                text += noun
                if rng.chance(0.6) { text += rng.pick(Vocabulary.appLinks) + rng.pick(appForms) }
                text += rng.pick(Vocabulary.suffixes)
                if rng.chance(0.1) { text = typo(text, &rng) }
                out.append(Query(text: text, intended: d.id))
            }
        }
        return out
    }

    /// Swaps two adjacent letters inside one longer word.
    static func typo(_ text: String, _ rng: inout SeededRandom) -> String {
        var words = text.split(separator: " ").map(String.init)
        let long = words.indices.filter { words[$0].count > 4 }
        guard let w = long.isEmpty ? nil : rng.pick(long) else { return text }
        var chars = Array(words[w])
        let i = 1 + Int(rng.next() % UInt64(chars.count - 2))
        chars.swapAt(i, i - 1)
        words[w] = String(chars)
        return words.joined(separator: " ")
    }
}
