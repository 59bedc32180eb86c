import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// "Abandon this game? [y/N]": No is the default, and Ctrl-D (the end of
/// input, typed) is No too: the game goes on.
@Suite struct AbandonPromptTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func ctrlDAtTheAbandonQuestionKeepsTheGame() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 3, right: [0, 1, 2])
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "mini", "--seed", "3"], environment: scratch.environment(["TERM": "xterm"])
        )
        let asked = try terminal.wait(for: "1/3> ")
        terminal.type(PseudoTerminal.ctrlC)
        let hinted = try terminal.wait(for: "Ctrl-C again to abandon", after: asked)
        terminal.type(PseudoTerminal.ctrlC)
        let asking = try terminal.wait(for: "Abandon this game?", after: hinted)
        terminal.type(PseudoTerminal.ctrlD)
        // Back at the same question, which is answered as usual.
        var mark = try terminal.wait(for: "1/3> ", after: asking)
        for (index, line) in lines.enumerated() {
            terminal.type(line, PseudoTerminal.enter)
            if index + 1 < lines.count { mark = try terminal.wait(for: "\(index + 2)/3> ", after: mark) }
        }
        try terminal.wait(for: "3/3 right", after: mark)
        #expect(try terminal.waitForExit() == 0)
        let screen = PseudoTerminal.plain(terminal.output)
        #expect(!screen.contains("Game abandoned"), "\(screen)")
        #expect(FileManager.default.fileExists(atPath: scratch.dataDir + "/history.journal"), "the game is recorded")
    }
}
