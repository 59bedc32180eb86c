import Foundation
import QuizCore
import Testing

/// Found by the adversarial pass after the hardening items: `--history
/// --format csv` printed a title's escape sequences raw at a terminal (an OSC
/// That retitled the window). At a terminal they are shown visibly; a pipe or
/// a file still gets the exact data.
@Suite struct CSVAtATerminalTests {
    @Test func controlCharactersAreVisibleAtATerminalAndExactInAPipe() throws {
        let scratch = Scratch()
        let title = "Evil\u{1B}]0;PWNED\u{07}"
        try scratch.recordHistory([
            Session(date: Date(timeIntervalSinceNow: -60), score: 1, total: 2, quiz: "evil", title: title, seed: 1)
        ])
        let terminal = try PseudoTerminal(
            arguments: ["--history", "--format", "csv"], environment: scratch.environment(["TERM": "xterm"]))
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("\u{1B}]0;"), "\(terminal.output.debugDescription)")
        #expect(terminal.output.contains("Evil^[]0;PWNED^G"), "\(terminal.output.debugDescription)")
        let piped = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(piped.stdout.contains(title), "a pipe gets the data as it is")
    }
}
