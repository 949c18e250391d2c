import Testing

@testable import shortcut_lab

/// The line editor's editing rules, apart from any terminal.
@Suite("Line editor state")
struct LineEditorStateTests {
    private func typed(_ text: String, into state: inout EditState) {
        for scalar in text.unicodeScalars { _ = state.apply(.character(scalar)) }
    }

    private func text(_ state: EditState) -> String { String(String.UnicodeScalarView(state.buffer)) }

    @Test func insertsAtTheCursorAndDeletes() {
        var state = EditState(history: [])
        typed("add task", into: &state)
        for _ in 0..<4 { _ = state.apply(.left) }
        typed("a ", into: &state)
        #expect(text(state) == "add a task")
        _ = state.apply(.backspace)
        _ = state.apply(.backspace)
        #expect(text(state) == "add task")
        _ = state.apply(.home)
        _ = state.apply(.delete)
        #expect(text(state) == "dd task" && state.cursor == 0)
        _ = state.apply(.end)
        #expect(state.cursor == 7)
        #expect(state.apply(.enter) == .accept)
    }

    @Test func killCommands() {
        var state = EditState(history: [])
        typed("show my grocery list", into: &state)
        _ = state.apply(.killWord)
        #expect(text(state) == "show my grocery ")
        for _ in 0..<8 { _ = state.apply(.left) }
        _ = state.apply(.killToEnd)
        #expect(text(state) == "show my ")
        _ = state.apply(.left)
        _ = state.apply(.killToStart)
        #expect(text(state) == " " && state.cursor == 0)
    }

    @Test func historyKeepsTheDraft() {
        var state = EditState(history: ["first", "second"])
        typed("dra", into: &state)
        _ = state.apply(.up)
        #expect(text(state) == "second")
        _ = state.apply(.up)
        _ = state.apply(.up)  // stays at the oldest
        #expect(text(state) == "first")
        _ = state.apply(.down)
        _ = state.apply(.down)
        #expect(text(state) == "dra" && state.cursor == 3)
        _ = state.apply(.down)  // nothing newer
        #expect(text(state) == "dra")
    }

    @Test func controlKeys() {
        var state = EditState(history: [])
        #expect(state.apply(.endOfFile) == .endOfInput)  // ^D on an empty line
        typed("ab", into: &state)
        _ = state.apply(.home)
        #expect(state.apply(.endOfFile) == .continue)  // ^D deletes under the cursor
        #expect(text(state) == "b")
        #expect(state.apply(.interrupt) == .cancel)
        #expect(state.apply(.clearScreen) == .clearScreen)
    }

    @Test func longLinesScrollToKeepTheCursorVisible() {
        var state = EditState(history: [])
        typed(String(repeating: "abcdefghij", count: 12), into: &state)  // 120 columns
        var window = state.visibleWindow(width: 75)
        #expect(window.upperBound == 120)
        #expect(displayWidth(state.buffer[window]) < 75)
        _ = state.apply(.home)
        window = state.visibleWindow(width: 75)
        #expect(window.lowerBound == 0)
        #expect(displayWidth(state.buffer[window]) <= 75)
        // Wide characters count twice.
        #expect(displayWidth("中文ab".unicodeScalars) == 6)
        #expect(displayWidth("e\u{301}".unicodeScalars) == 1)
    }
}
