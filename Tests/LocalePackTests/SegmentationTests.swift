import Foundation
import Testing
@testable import LocalePacks
@testable import PhraseTokenizer

/// The committed packs under Locales/, found from this file's path.
enum Packs {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Locales").path

    static func folder(_ locale: String) -> String { root + "/" + LocalePackLoader.packName(for: locale) }

    static func tokenizer(_ locale: String) throws -> Tokenizer {
        Tokenizer(locale: locale, pack: try LocalePackLoader.load(locale: locale, folder: folder(locale)))
    }

    // Loaded once per process: the packs are immutable and Sendable.
    static let zh = Result { try tokenizer("zh-Hans") }
    static let ja = Result { try tokenizer("ja") }
    static let ko = Result { try tokenizer("ko") }
}

/// Command phrases with the tokens a person would write between them.
@Suite struct ChineseSegmentationTests {
    static let cases: [(String, [String])] = [
        ("打开手电筒并设置闹钟", ["打开", "手电筒", "并", "设置", "闹钟"]),
        ("给妈妈发送一条消息", ["给", "妈妈", "发送", "一条", "消息"]),
        ("明天早上七点叫醒我", ["明天", "早上", "七点", "叫醒", "我"]),
        ("播放周杰伦的歌", ["播放", "周杰伦", "的", "歌"]),
        ("添加到购物清单", ["添加", "到", "购物", "清单"]),
        ("用Demo总结购物清单", ["用", "demo", "总结", "购物", "清单"]),
        ("在Demo里开始录音", ["在", "demo", "里", "开始", "录音"]),
        ("关闭客厅的灯", ["关闭", "客厅", "的", "灯"]),
        ("显示今天的任务", ["显示", "今天", "的", "任务"]),
        ("暂停音乐", ["暂停", "音乐"]),
        ("订一杯咖啡", ["订", "一杯", "咖啡"]),
        ("创建新的笔记", ["创建", "新", "的", "笔记"]),
        ("查看我的余额", ["查看", "我", "的", "余额"]),
        ("设置5分钟的计时器", ["设置", "5", "分钟", "的", "计时器"]),
        ("开始冥想", ["开始", "冥想"]),
    ]

    @Test(arguments: cases) func segments(_ phrase: String, _ expected: [String]) throws {
        let zh = try Packs.zh.get()
        #expect(zh.tokens(phrase).map(\.text) == expected, "\(phrase)")
    }

    @Test func traditionalInputIsFoldedToSimplified() throws {
        let zh = try Packs.zh.get()
        #expect(zh.tokens("給媽媽發送一條訊息").map(\.text).prefix(3) == ["给", "妈妈", "发送"])
        #expect(zh.tokens("打開手電筒").map(\.text) == ["打开", "手电筒"])
    }

    @Test func stopwordsAreWeightedNotRemoved() throws {
        let tokens = try Packs.zh.get().tokens("播放周杰伦的歌")
        let de = try #require(tokens.first { $0.text == "的" })
        #expect(de.weight < 1)
        #expect(tokens.first { $0.text == "播放" }?.weight == 1)
    }
}

@Suite struct JapaneseSegmentationTests {
    static let cases: [(String, [String])] = [
        ("ライトを消して", ["ライト", "を", "消し", "て"]),
        ("メッセージを送信して", ["メッセージ", "を", "送信", "し", "て"]),
        ("今日の天気を教えて", ["今日", "の", "天気", "を", "教え", "て"]),
        ("タイマーを5分にセット", ["タイマー", "を", "5", "分", "に", "セット"]),
        ("写真を撮って", ["写真", "を", "撮っ", "て"]),
        ("音楽を再生して", ["音楽", "を", "再生", "し", "て"]),
        ("アラームを止めて", ["アラーム", "を", "止め", "て"]),
        ("買い物リストに牛乳を追加", ["買い物", "リスト", "に", "牛乳", "を", "追加"]),
        ("Demoで録音を開始", ["demo", "で", "録音", "を", "開始"]),
        ("Demoでメモを作成", ["demo", "で", "メモ", "を", "作成"]),
        ("明日の予定を表示", ["明日", "の", "予定", "を", "表示"]),
        ("会議を要約して", ["会議", "を", "要約", "し", "て"]),
        ("コーヒーを注文", ["コーヒー", "を", "注文"]),
        ("残高を見せて", ["残高", "を", "見せ", "て"]),
        ("タスクを完了にする", ["タスク", "を", "完了", "に", "する"]),
    ]

    @Test(arguments: cases) func segments(_ phrase: String, _ expected: [String]) throws {
        let ja = try Packs.ja.get()
        #expect(ja.tokens(phrase).map(\.text) == expected, "\(phrase)")
    }

    @Test func lemmasAreBaseFormsOfTheChosenEntry() throws {
        let tokens = try Packs.ja.get().tokens("ライトを消して写真を撮って")
        let lemmas = Dictionary(tokens.map { ($0.text, $0.lemma) }, uniquingKeysWith: { a, _ in a })
        #expect(lemmas["消し"] == "消す")
        #expect(lemmas["撮っ"] == "撮る")
        // The particle keeps its own form although a verb form is also spelled て.
        #expect(lemmas["て"] == "テ")
    }

    @Test func kanaWidthAndHiraganaKatakanaFold() throws {
        let ja = try Packs.ja.get()
        // Half-width katakana is widened by NFKC before segmentation.
        #expect(ja.tokens("ﾀｲﾏｰを5分にセット").map(\.text).first == "タイマー")
        // Kana-only words meet across scripts through the lemma.
        #expect(JapanesePack.foldKana("めも") == "メモ")
        #expect(JapanesePack.foldKana("消す") == "消す")
        #expect(ja.tokens("ねこ").map(\.lemma) == ja.tokens("ネコ").map(\.lemma))
        #expect(ja.tokens("すしを注文").first?.lemma == "スシ")
    }

    /// Words written with kanji carry their reading, for requests typed in kana.
    @Test func kanjiWordsCarryTheirReading() throws {
        let ja = try Packs.ja.get()
        let t = ja.tokens("水やりを記録して")
        #expect(t.first { $0.text == "記録" }?.reading == "キロク", "\(t)")
        #expect(t.first { $0.text == "を" }?.reading == nil, "kana words need none")
    }

    /// A kanji word typed in kana and never converted is read as that word: it keeps what
    /// the user typed as text and takes the kanji word's lemma (its synonyms, its vector).
    @Test func unconvertedKanaWordsAreReadAsTheirKanjiWord() throws {
        let ja = try Packs.ja.get()
        let typed = ja.tokens("わりかんして")
        #expect(typed.map(\.text) == ["わりかん", "し", "て"], "\(typed)")
        #expect(typed.first?.lemma == ja.tokens("割り勘して").first?.lemma)
        #expect(ja.tokens("写真をきろく").last.map { ($0.text, $0.lemma) } ?? ("", "") == ("きろく", "記録"))
        // The kana words ipadic lists itself stay themselves, at their cheaper cost.
        let polite = ja.tokens("メモを見せてください")
        #expect(polite.last.map { ($0.text, $0.lemma) } ?? ("", "") == ("ください", "クダサル"), "\(polite)")
        // Two-kana readings are too ambiguous to convert (みせ is 店, and the stem of みせる).
        #expect(ja.tokens("みせて").first?.lemma != "店")
    }
}

@Suite struct KoreanTests {
    static let cases: [(String, [String])] = [
        ("엄마에게 메시지를 보내줘", ["엄마", "메시지", "보내"]),
        ("불을 꺼줘", ["불", "끄"]),
        ("고양이를 찾아줘", ["고양이", "찾"]),
        ("Demo에서 목록 요약해 줘", ["demo", "에서", "목록", "요약", "줘"]),
        ("알람을 맞춰줘", ["알람", "맞추"]),
        ("음악 재생해줘", ["음악", "재생"]),
        ("사진을 보여줘", ["사진", "보이"]),
        ("오늘 날씨는 어때", ["오늘", "날씨", "어때"]),
        ("커피를 주문해줘", ["커피", "주문"]),
        ("할 일을 추가해줘", ["할", "일", "추가"]),
        ("타이머를 시작해", ["타이머", "시작"]),
        ("노트를 만들어줘", ["노트", "만들"]),
        ("블루투스를 켜줘", ["블루투스", "켜"]),
        ("회의를 요약해줘", ["회의", "요약"]),
        ("친구한테 사진을 보내", ["친구", "사진", "보내"]),
        ("이름 바꿔 줘", ["이름", "바꾸", "줘"]),
        ("구독 해지해 줘", ["구독", "해지", "줘"]),
        // Auxiliary verbs fused onto the request: try, keep.
        ("메트로놈 켜봐", ["메트로놈", "켜"]),
        ("연습 시작해봐", ["연습", "시작"]),
        ("오늘 기록해놔", ["오늘", "기록"]),
        ("메모 적어둬", ["메모", "적"]),
        // A stem fused with its vowel, alone or in the past tense.
        ("물 남겨 줘", ["물", "남기", "줘"]),
        ("몇 권 읽었는지", ["몇", "권", "읽"]),
        // Questions, promises, "just do it", a stem fused with ㄹ, the passive.
        ("연습 시작할까", ["연습", "시작"]),
        ("물 추가할게", ["물", "추가"]),
        ("기록 지워버려", ["기록", "지우"]),
        ("불 켤래", ["불", "켜"]),
        ("녹음 시작됐어", ["녹음", "시작"]),
        // A fused past whose stem is also a noun (왔 = 오 + 았, 줬 = 주 + 었); a causative noun.
        ("배송 어디까지 왔어", ["배송", "어디", "오"]),
        ("물 줬어", ["물", "주"]),
        ("마음 진정시켜 줘", ["마음", "진정", "줘"]),
        // A noun + 하다 under any ending the lists know: intent, obligation, condition, "can".
        ("명상을 시작하려고", ["명상", "시작"]),
        ("할 일 추가해도 돼", ["할", "일", "추가", "돼"]),
        ("명상 시작할 수 있어", ["명상", "시작", "수", "있"]),
        ("기분 기록해두기", ["기분", "기록"]),
        // Hand-written overrides: 그만 (stop) is no 그 + 만, 물어봐 (ask) no 물 (water).
        ("녹음 그만", ["녹음", "그만"]),
        ("물어봐줘", ["묻"]),
        // The ordinal/duration suffix 째: 며칠째 (for how many days) is 며칠.
        ("며칠째 명상했어", ["며칠", "명상"]),
        // "Can you …" (줄 수 있어), "I'll try" (해볼게), "and keep it" (해놓고).
        ("기록 보여줄 수 있어", ["기록", "보이", "수", "있"]),
        ("연습 시작해볼게", ["연습", "시작"]),
    ]

    /// Auxiliaries written apart (기록해 둬, 열어 볼래) stay tokens, at a stopword weight.
    @Test func separateAuxiliariesWeighLess() throws {
        let ko = try Packs.ko.get()
        for (phrase, auxiliary) in [
            ("기록해 둬", "둬"), ("책장 열어 볼래", "볼래"), ("통계 보고 싶어", "싶"), ("명상 시작해 주실래요", "주실래요"),
        ] {
            let t = try #require(ko.tokens(phrase).first { $0.lemma == auxiliary }, "\(phrase)")
            #expect(t.weight < 0.5, "\(phrase)")
        }
    }

    @Test(arguments: cases) func stripsParticlesAndEndings(_ phrase: String, _ lemmas: [String]) throws {
        let ko = try Packs.ko.get()
        #expect(ko.tokens(phrase).map(\.lemma) == lemmas, "\(phrase)")
    }

    @Test func spacingUnitsStayTokens() throws {
        let ko = try Packs.ko.get()
        #expect(ko.tokens("엄마에게 메시지를 보내줘").map(\.text) == ["엄마에게", "메시지를", "보내줘"])
        // Latin + particle splits, so the app name is a token of its own; the particle is
        // kept with a stopword weight.
        let t = ko.tokens("Tasklet에서 목록 보여줘")
        #expect(t.map(\.text) == ["tasklet", "에서", "목록", "보여줘"])
        #expect(t[1].weight < 1)
    }

    @Test func composedJamoNormaliseToSyllables() throws {
        let ko = try Packs.ko.get()
        // 불 written as conjoining jamo (U+1107 U+116E U+11AF) + 을.
        let decomposed = "\u{1107}\u{116E}\u{11AF}을 꺼줘"
        #expect(ko.tokens(decomposed).map(\.lemma) == ["불", "끄"])
    }
}
