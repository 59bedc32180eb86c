import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A game ended by a signal records nothing, leaves the history as it was and
/// the terminal as it was found, and exits as a shell expects (128 + signal).
@Suite struct SignalTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Records one game first, so there is a history that must stay unchanged.
    func scratchWithOneGame() throws -> (Scratch, Data) {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 2, right: [0])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        return (scratch, try Data(contentsOf: URL(fileURLWithPath: scratch.archive)))
    }

    func historyFiles(_ scratch: Scratch) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: scratch.dataDir)) ?? [] {
            files[name] = FileManager.default.contents(atPath: scratch.dataDir + "/" + name)
        }
        return files
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalAtATerminalPromptRecordsNothingAndRestoresTheTerminal(signal: Int32, status: Int32) throws {
        let (scratch, _) = try scratchWithOneGame()
        let before = historyFiles(scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "mini", "--seed", "4"], environment: scratch.environment(["TERM": "xterm"])
        )
        let asked = try terminal.wait(for: "1/3> ")
        terminal.send("1" + PseudoTerminal.enter)
        try terminal.wait(for: "2/3> ", after: asked)
        terminal.send("par")  // half an answer on the line
        terminal.waitUntilReading()
        usleep(50_000)
        kill(terminal.pid, signal)
        #expect(try terminal.waitForExit() == status)
        #expect(sameSettings(terminal.initialSettings, terminal.settings()), "the terminal is left as it was found")
        #expect(historyFiles(scratch) == before, "the history is unchanged")
    }

    @Test func ctrlCTwiceAbandonsAGameAtTheTerminalWith130() throws {
        let (scratch, _) = try scratchWithOneGame()
        let before = historyFiles(scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "mini"], environment: scratch.environment(["TERM": "xterm"]))
        let asked = try terminal.wait(for: "1/3> ")
        terminal.type("Can", PseudoTerminal.ctrlC)
        // The first Ctrl-C only cleared the line: the game goes on.
        let cleared = try terminal.wait(for: "1/3> ", after: asked)
        terminal.type(PseudoTerminal.ctrlC)
        let hinted = try terminal.wait(for: "Ctrl-C again to abandon", after: cleared)
        terminal.type(PseudoTerminal.ctrlC)
        let asking = try terminal.wait(for: "Abandon this game?", after: hinted)
        terminal.type("y", PseudoTerminal.enter)
        try terminal.wait(for: "Game abandoned; nothing recorded.", after: asking)
        #expect(try terminal.waitForExit() == 130)
        #expect(sameSettings(terminal.initialSettings, terminal.settings()))
        #expect(historyFiles(scratch) == before)
    }

    @Test func sigintWithInputFromAPipeExits130AndRecordsNothing() throws {
        let (scratch, _) = try scratchWithOneGame()
        let before = historyFiles(scratch)
        let quiz = try SpawnedQuiz(["--questions", bank, "mini", "--seed", "4"], environment: scratch.environment())
        try quiz.wait(for: "Question 1/3")
        quiz.write("1\n")
        try quiz.wait(for: "Question 2/3")
        kill(quiz.pid, SIGINT)
        #expect(try quiz.waitForExit() == 130)
        #expect(historyFiles(scratch) == before)
        #expect(!quiz.output.contains("right ("), "no summary")
    }

    @Test func sigtermWithInputFromAPipeExits143() throws {
        let (scratch, _) = try scratchWithOneGame()
        let before = historyFiles(scratch)
        let quiz = try SpawnedQuiz(["--questions", bank, "mini"], environment: scratch.environment())
        try quiz.wait(for: "Question 1/3")
        kill(quiz.pid, SIGTERM)
        #expect(try quiz.waitForExit() == 143)
        #expect(historyFiles(scratch) == before)
    }
}
