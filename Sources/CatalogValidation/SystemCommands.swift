/// Phrases Siri keeps for itself: emergency calls, alarms and timers. An App Shortcut phrase
/// that starts like one of these competes with the system command (and with the app name in
/// it, still reads as if the app could place an emergency call or set the phone's alarm).
///
/// Lists are lower-case word sequences matched on word boundaries after placeholders are
/// removed. They are deliberately short and literal ("set a timer", not "timer"), so a
/// phrase like "Set a sleep timer in ${applicationName}" is not flagged.
public enum SystemCommands {
    public static let byLanguage: [String: [String]] = [
        "en": [
            "call 911", "dial 911", "call 112", "call 999", "call emergency", "emergency call", "call the police",
            "call an ambulance", "emergency sos", "set an alarm", "set alarm", "set my alarm", "wake me up",
            "set a timer", "set timer", "start a timer", "start timer", "cancel my alarm", "turn off my alarm",
        ],
        "de": [
            "notruf", "ruf den notruf", "rufe 112", "ruf 112", "ruf die polizei", "stell einen wecker", "stelle einen wecker",
            "wecker stellen", "weck mich", "stell einen timer", "stelle einen timer", "timer stellen", "starte einen timer",
        ],
        "fr": [
            "appelle les urgences", "appeler les urgences", "appelle le 112", "appelle le 15", "appelle le 17", "appelle le 18",
            "mets une alarme", "règle une alarme", "réveille-moi", "réveille moi", "mets un minuteur", "lance un minuteur",
            "règle un minuteur",
        ],
        "es": [
            "llama a emergencias", "llamar a emergencias", "llama al 112", "llama al 911", "pon una alarma", "poner una alarma",
            "despiértame", "pon un temporizador", "poner un temporizador", "inicia un temporizador",
        ],
        "it": [
            "chiama i soccorsi", "chiama il 112", "chiama il 118", "imposta una sveglia", "metti una sveglia", "svegliami",
            "imposta un timer", "avvia un timer",
        ],
        "pt": [
            "ligue para emergência", "liga para a emergência", "ligue para o 190", "ligue 112", "defina um alarme",
            "coloque um alarme", "me acorde", "acorda-me", "defina um timer", "inicie um timer", "defina um temporizador",
        ],
        "nl": ["bel 112", "bel de hulpdiensten", "zet een wekker", "wek me", "zet een timer", "start een timer"],
        "ja": ["緊急通報", "110番", "119番", "アラームをセット", "アラームを設定", "起こして", "タイマーをセット", "タイマーを設定"],
        "zh": ["紧急呼叫", "拨打110", "拨打120", "设置闹钟", "设个闹钟", "叫醒我", "设置计时器", "设个计时器", "緊急呼叫", "設定鬧鐘", "設定計時器"],
        "ko": ["긴급 전화", "112에 전화", "119에 전화", "알람 설정", "알람 맞춰", "깨워 줘", "타이머 설정", "타이머 맞춰"],
        "ru": ["позвони в скорую", "вызови полицию", "экстренный вызов", "поставь будильник", "разбуди меня", "поставь таймер", "заведи таймер"],
    ]

    /// Each language's commands, worked out once: space-delimited ones as word lists, the
    /// others (Chinese, Japanese, Korean) as text.
    static let compiled: [String: [(command: String, words: [Substring]?)]] = byLanguage.mapValues { list in
        list.map { ($0, isCJK($0) ? nil : $0.split(separator: " ")) }
    }

    /// The system command `phrase` sounds like, if any (placeholders already removed).
    public static func match(_ phrase: String, language: String) -> String? {
        guard let list = compiled[language] else { return nil }
        let text = normalizedWords(phrase)
        let words = text.split(separator: " ")
        for (command, commandWords) in list {
            if let commandWords {
                if containsRun(commandWords, in: words) { return command }
            } else if containsCJK(command, in: " " + text + " ") {
                return command
            }
        }
        return nil
    }

    /// Whether `run` occurs as consecutive words of `words`.
    static func containsRun(_ run: [Substring], in words: [Substring]) -> Bool {
        guard !run.isEmpty, words.count >= run.count else { return false }
        for start in 0...(words.count - run.count) where words[start] == run[0] {
            var matched = true
            for k in 1..<run.count where words[start + k] != run[k] {
                matched = false
                break
            }
            if matched { return true }
        }
        return false
    }

    /// Lower-cased, punctuation turned into spaces, runs of spaces collapsed. ASCII takes a
    /// fast path: Unicode property look-ups dominate otherwise.
    static func normalizedWords(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastSpace = true
        for scalar in text.lowercased().unicodeScalars {
            let keep: Bool
            if scalar.isASCII {
                let v = scalar.value
                keep = (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || v == 0x2D || v == 0x27
            } else {
                keep = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if keep {
                out.append(scalar)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        if out.last == " " { out.removeLast() }
        return String(out)
    }

    static func isCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { script($0) != nil }
    }

    /// Scripts without spaces: a coarse class per scalar (kanji, kana, hangul).
    static func script(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.value < 0x3040 { return nil }
        if ("\u{30A0}"..."\u{30FF}").contains(scalar) { return 1 }  // katakana
        if ("\u{3040}"..."\u{309F}").contains(scalar) { return 2 }  // hiragana
        if ("\u{AC00}"..."\u{D7AF}").contains(scalar) { return 3 }  // hangul
        if scalar.properties.isIdeographic { return 4 }
        return nil
    }

    /// Without spaces, a word boundary is a change of script: "スリープタイマーを設定" (sleep
    /// timer) does not contain the command "タイマーを設定", but "アプリでタイマーを設定" does.
    static func containsCJK(_ command: String, in text: String) -> Bool {
        guard let first = command.unicodeScalars.first else { return false }
        let scalars = Array(text.unicodeScalars)
        let pattern = Array(command.unicodeScalars)
        guard scalars.count >= pattern.count else { return false }
        for start in 0...(scalars.count - pattern.count) where Array(scalars[start..<start + pattern.count]) == pattern {
            if start == 0 { return true }
            let before = scalars[start - 1]
            if script(before) == nil || script(before) != script(first) { return true }
        }
        return false
    }

}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
