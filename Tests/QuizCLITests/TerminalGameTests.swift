import Foundation
import Testing

/// The REPL driven through a pseudo-terminal, so libedit is active: Tab
/// completion, Up for the previous line, a whole game, Ctrl-D to leave.
@Suite struct TerminalGameTests {
    let bank = QuizBinary.fixture("mini.json")
    /// The right answer to each prompt of the fixture, typed as a player would.
    let rightAnswers = [
        "What is the capital of Australia?": "canberra",
        "Istanbul is the capital of Turkey.": "b",
        "Which city is the capital of Japan?": "Tōkyō",
    ]

    func start(_ scratch: Scratch, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal(
            arguments: ["--questions", bank] + arguments, environment: scratch.environment(["TERM": "xterm"]))
    }

    /// Answers every question of a game from its prompt, as a person reading the screen would.
    func playGame(_ terminal: PseudoTerminal, questions: Int, from start: String.Index) throws -> String.Index {
        var position = start
        for number in 1...questions {
            let promptEnd = try terminal.wait(for: "\(number)/\(questions)> ", after: position)
            let screen = String(terminal.output[position..<promptEnd])
            let prompt = try #require(rightAnswers.keys.first { screen.contains($0) }, "no known prompt in \(screen)")
            terminal.send(rightAnswers[prompt]! + PseudoTerminal.enter)
            position = try terminal.wait(for: "Right!", after: promptEnd)
        }
        return position
    }

    @Test func aWholeGameAtTheTerminalWithCompletionAndHistory() throws {
        let scratch = Scratch()
        let terminal = try start(scratch)
        try terminal.wait(for: "quiz> ")
        // Tab completes the quiz name from "min".
        terminal.type("min", PseudoTerminal.tab)
        let completed = try terminal.wait(for: "mini")
        terminal.send(PseudoTerminal.enter)
        let played = try playGame(terminal, questions: 3, from: completed)
        let summary = try terminal.wait(for: "Mini Test Quiz: 3/3 right (100%)", after: played)
        let menu = try terminal.wait(for: "quiz> ", after: summary)
        // Up brings back the last command typed at the menu ("mini"), not an answer.
        terminal.type(PseudoTerminal.up, PseudoTerminal.enter)
        let again = try terminal.wait(for: "3 questions · seed", after: menu)
        let asked = try terminal.wait(for: "1/3> ", after: again)
        // Ctrl-D during a game abandons it; a second at the menu leaves.
        terminal.type(PseudoTerminal.ctrlD)
        let abandoned = try terminal.wait(for: "Game abandoned; nothing recorded.", after: asked)
        try terminal.wait(for: "quiz> ", after: abandoned)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(sameSettings(terminal.initialSettings, terminal.settings()), "the terminal is left as it was found")

        let csv = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 2, "exactly the finished game: \(rows)")
        #expect(rows.last?.contains(",mini,Mini Test Quiz,3,3,100,") == true)
        try expectArchiveShape(scratch.archive, sessions: 1)
    }

    @Test func colourOnATerminalButNotWithNoColor() throws {
        let scratch = Scratch()
        let coloured = try start(scratch, ["mini", "-n", "1"])
        try coloured.wait(for: "1/1> ")
        #expect(coloured.output.contains("\u{1B}[1m"))
        coloured.type(PseudoTerminal.ctrlD)
        _ = try coloured.waitForExit()

        let plain = try PseudoTerminal(
            arguments: ["--questions", bank, "mini", "-n", "1"],
            environment: scratch.environment(["TERM": "xterm", "NO_COLOR": "1"]))
        try plain.wait(for: "1/1> ")
        #expect(!plain.output.contains("\u{1B}[1m"))
        #expect(!plain.output.contains("\u{1B}[3"))
        plain.type(PseudoTerminal.ctrlD)
        #expect(try plain.waitForExit() == 0)
    }
}
