import Foundation
import QuizCore
import Testing

/// A pager that fails (`QUIZ_PAGER=false`: it ends with a non-zero status)
/// lost the history without a word, with status 0. Now, as for a pager that
/// cannot be started, one line says so on standard error and the history is
/// printed here, with status 0 (the player has the text).
@Suite struct FailingPagerTests {
    /// `--history ARGUMENTS` of 40 games on a terminal of 24 rows, with `pager`.
    func pagedHistory(_ arguments: [String], pager: String) throws -> (screen: String, status: Int32) {
        let scratch = Scratch()
        try scratch.recordHistory(pastSessions(40))
        let terminal = try PseudoTerminal(
            arguments: ["--history"] + arguments,
            environment: scratch.environment(["TERM": "xterm", "QUIZ_PAGER": pager]), rows: 24)
        let status = try terminal.waitForExit()
        return (PseudoTerminal.plain(terminal.output), status)
    }

    /// The streamed table (every game) and the whole text (`--limit`), with a
    /// pager run directly and one run through the shell that reads it all first.
    @Test(arguments: [
        ([], "false", 1), (["--limit", "100"], "false", 1), ([], "cat >/dev/null; exit 3", 3),
        (["--limit", "100"], "cat >/dev/null; exit 3", 3),
    ])
    func aPagerThatFailsIsSaidAndTheHistoryPrinted(arguments: [String], pager: String, code: Int) throws {
        let (screen, status) = try pagedHistory(arguments, pager: pager)
        #expect(status == 0, "\(pager): \(screen)")
        let said = "quiz: the pager '\(pager)' failed (exit status \(code)); printing the history here"
        #expect(
            nonEmptyLines(screen).filter { $0.contains(said) }.count == 1, "said once: \(arguments) \(pager): \(screen)"
        )
        #expect(
            nonEmptyLines(screen).filter { $0.contains("Mini Test Quiz") }.count == 41,
            "the whole table, once: \(arguments) \(pager): \(screen)")
        #expect(screen.contains("40 games"), "\(screen)")
    }
}
