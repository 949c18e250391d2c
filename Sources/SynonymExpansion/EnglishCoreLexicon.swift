import PhraseTokenizer

extension Lexicon {
    /// Hand-written synonym groups for the verbs and nouns App Shortcut phrases use most.
    /// Kept small and literal: a wrong synonym costs more than a missing one, and antonyms
    /// ("start"/"stop") must never share a group.
    public static let englishCoreGroups: [[String]] = [
        ["start", "begin", "launch", "kick off", "commence"],
        ["stop", "end", "halt", "cease", "quit"],
        ["open", "show", "display", "view", "see", "bring up", "pull up"],
        ["add", "create", "make", "new", "put"],
        ["remove", "delete", "erase", "clear", "get rid"],
        ["send", "share", "forward", "text"],
        ["play", "listen", "put on"],
        ["pause", "hold"],
        ["resume", "continue", "unpause"],
        ["order", "buy", "purchase", "get me"],
        ["summarize", "summarise", "sum up", "recap", "overview", "digest"],
        ["find", "search", "look up", "look for", "locate"],
        ["check", "verify", "confirm"],
        ["complete", "finish", "done", "mark done", "tick off", "check off"],
        ["record", "capture", "tape"],
        ["note", "memo"],
        ["list", "checklist"],
        ["task", "todo", "to-do", "item", "reminder"],
        ["today", "tonight"],
        ["tell", "say", "read"],
        ["how much", "cost", "price"],
        ["meditate", "meditation", "mindfulness"],
        ["coffee", "latte", "espresso", "brew"],
        ["timer", "countdown"],
        ["balance", "funds"],
        ["schedule", "calendar", "agenda"],
        ["book", "reserve", "reservation"],
        ["cancel", "call off", "abort"],
        ["update", "change", "edit", "modify"],
        ["help", "assist", "support"],
    ]

    /// `englishCoreGroups`, single words only, in the English tokenizer's lemma form.
    public static let englishCore: Lexicon = {
        let groups = englishCoreGroups.map { group in
            group.filter { !$0.contains(" ") && !$0.contains("-") }.map { EnglishStemmer.stem($0) }
        }
        return Lexicon(groups: groups)
    }()
}
