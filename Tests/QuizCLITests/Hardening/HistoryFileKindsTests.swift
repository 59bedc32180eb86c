import Foundation
import Testing

/// Found by the adversarial pass after the hardening items: a FIFO in the
/// History's place (`mkfifo history.archive`) blocked `--history` and the end
/// of every game forever, and the game was lost when killed. A history file
/// that is not a regular file is refused with its path and what it is; the
/// game is kept pending and printed in full.
@Suite struct HistoryFileKindsTests {
    let bank = QuizBinary.fixture("mini.json")

    /// `quiz` under timeout(1), so a hang fails the test instead of stalling it.
    func quiz(_ arguments: [String], _ scratch: Scratch, input: String = "") throws -> RunResult {
        try runProcess(
            "/usr/bin/timeout", ["20", QuizBinary.path] + arguments, environment: scratch.environment(), input: input)
    }

    @Test(arguments: ["history.archive", "history.journal"])
    func aPipeInTheHistorysPlaceIsRefusedNotWaitedOn(_ name: String) throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(atPath: scratch.dataDir, withIntermediateDirectories: true)
        #expect(mkfifo(scratch.dataDir + "/" + name, 0o600) == 0)
        let history = try quiz(["--history"], scratch)
        #expect(history.status == 74, "\(history.stderr)")
        #expect(history.stderr.contains("\(name): it is a pipe, not a history file"), "\(history.stderr)")
        let input = try answers(bank: bank, seed: 3, right: [0]).joined(separator: "\n") + "\n"
        let game = try quiz(["--questions", bank, "mini", "--seed", "3"], scratch, input: input)
        #expect(game.status == 74, "\(game.stderr)")
        #expect(game.stdout.contains("Mini Test Quiz: 1/3 right"), "the result is printed in full: \(game.stdout)")
        #expect(game.stderr.contains("will be added to the history next time"), "\(game.stderr)")
    }
}
