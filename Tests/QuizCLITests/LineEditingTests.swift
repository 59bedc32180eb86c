import Foundation
import Testing

/// The prompt as a good shell's: history across runs, completion, search,
/// UTF-8 editing, Ctrl-C, vi mode from ~/.editrc, all through a real pty.
@Suite struct LineEditingTests {
    let bank = QuizBinary.fixture("mini.json")

    func start(_ scratch: Scratch, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal(
            arguments: ["--questions", bank] + arguments, environment: scratch.environment(["TERM": "xterm"]))
    }

    var historyFile: (Scratch) -> String { { $0.path + "/.local/state/quiz/input_history" } }

    @Test func upRecallsACommandFromAnEarlierRunAndTheFileHoldsNoAnswers() throws {
        let scratch = Scratch()
        // First run: a command, then a whole game whose answers must not be kept.
        let first = try start(scratch)
        let menu = try first.wait(for: "quiz> ")
        first.send("list" + PseudoTerminal.enter)
        let listed = try first.wait(for: "quiz> ", after: menu)
        first.send("mini" + PseudoTerminal.enter)
        var position = listed
        for number in 1...3 {
            position = try first.wait(for: "mini \(number)/3> ", after: position)
            first.send("Zanzibar\(number)" + PseudoTerminal.enter)
            // An answer that matches no choice is asked again: skip then.
            if let again = try? first.wait(for: "mini \(number)/3> ", after: position, timeout: 1) {
                first.send("skip" + PseudoTerminal.enter)
                position = again
            }
        }
        // A wrong last answer is offered one more prompt, for `!`: Enter finishes.
        if let end = try? first.wait(for: "! to count your answer right> ", after: position, timeout: 1) {
            first.send(PseudoTerminal.enter)
            position = end
        }
        try first.wait(for: "right (", after: position)
        first.type(PseudoTerminal.ctrlD)
        #expect(try first.waitForExit() == 0)
        let saved = try String(contentsOfFile: historyFile(scratch), encoding: .utf8)
        #expect(saved.split(separator: "\n").map(String.init) == ["list", "mini"])
        #expect(!saved.contains("Zanzibar"), "answers are never written")
        #expect(permissions(historyFile(scratch)) == 0o600)

        // Second run: Up brings back "mini" from the first.
        let second = try start(scratch)
        let prompt = try second.wait(for: "quiz> ")
        second.type(PseudoTerminal.up, PseudoTerminal.enter)
        try second.wait(for: "3 questions · seed", after: prompt)
        second.type(PseudoTerminal.ctrlD)
        second.type(PseudoTerminal.ctrlD)
        #expect(try second.waitForExit() == 0)
    }

    @Test func ctrlRFindsAnEarlierCommand() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(
            atPath: (historyFile(scratch) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "help\nlist\nhistory\n".write(toFile: historyFile(scratch), atomically: true, encoding: .utf8)
        let terminal = try start(scratch)
        let prompt = try terminal.wait(for: "quiz> ")
        // Search back for "hel": finds "help" past "history" and "list".
        terminal.type(PseudoTerminal.ctrlR, "h", "e", "l", PseudoTerminal.enter)
        try terminal.wait(for: "show this help", after: prompt)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabCompletesAChoiceAndAUTF8AnswerIsEditedAndAccepted() throws {
        let scratch = Scratch()
        let terminal = try start(scratch, ["mini", "--seed", "3"])
        var position = terminal.output.startIndex
        var answeredFreeText = false
        var completedChoice = false
        for number in 1...3 {
            let promptEnd = try terminal.wait(for: "mini \(number)/3> ", after: position)
            let screen = String(terminal.output[position..<promptEnd])
            if screen.contains("capital of Japan") {
                // Type "Tōkyxō", go Left once, Backspace the x: "Tōkyō", accepted as Tokyo.
                terminal.type(
                    "T", "ō", "k", "y", "x", "ō", PseudoTerminal.left, PseudoTerminal.backspace, PseudoTerminal.enter)
                answeredFreeText = true
            } else if screen.contains("capital of Australia") {
                // Tab completes the choice's text from "Canb".
                terminal.type("Canb", PseudoTerminal.tab, PseudoTerminal.enter)
                completedChoice = true
            } else {
                terminal.type("false", PseudoTerminal.enter)
            }
            position = try terminal.wait(for: "Right!", after: promptEnd)
        }
        try terminal.wait(for: "3/3 right (100%)", after: position)
        #expect(answeredFreeText && completedChoice)
        #expect(try terminal.waitForExit() == 0)
        #expect(sameSettings(terminal.initialSettings, terminal.settings()))
    }

    @Test func editrcViModeIsHonoured() throws {
        let scratch = Scratch()
        try "bind -v\n".write(toFile: scratch.path + "/.editrc", atomically: true, encoding: .utf8)
        let terminal = try start(scratch)
        let prompt = try terminal.wait(for: "quiz> ")
        // In vi mode: type "elp", Escape to command mode, 0 to the start, i to insert "h".
        terminal.type("e", "l", "p", "\u{1B}", "0", "i", "h", PseudoTerminal.enter)
        try terminal.wait(for: "show this help", after: prompt)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aWindowResizeKeepsTheLineBeingTyped() throws {
        let scratch = Scratch()
        let terminal = try start(scratch)
        let prompt = try terminal.wait(for: "quiz> ")
        terminal.type("m", "i")
        terminal.resize(columns: 50, rows: 20)
        usleep(200_000)
        terminal.type("n", "i", PseudoTerminal.enter)
        try terminal.wait(for: "3 questions · seed", after: prompt)
        #expect(!PseudoTerminal.plain(String(terminal.output[prompt...])).contains("quiz> miquiz>"), "drawn once")
        terminal.type(PseudoTerminal.ctrlD)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func unknownInputSuggestsTheNearestCommand() throws {
        let scratch = Scratch()
        let terminal = try start(scratch)
        let prompt = try terminal.wait(for: "quiz> ")
        terminal.send("histroy" + PseudoTerminal.enter)
        try terminal.wait(for: "Did you mean history?", after: prompt)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    func permissions(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mode) & 0o777
    }
}
