import Foundation
import Testing

/// Found by the adversarial pass after the hardening items: output that cannot
/// Be written (a full disk, `/dev/full`, a closed descriptor) trapped inside
/// `FileHandle.write` (exit 132 and a stack trace). Now it is an I/O error:
/// one line on standard error when it can take it, and 74.
@Suite struct FailedWritesTests {
    func shell(_ script: String, _ scratch: Scratch) throws -> RunResult {
        try runProcess("/bin/sh", ["-c", script, "sh", QuizBinary.path], environment: scratch.environment())
    }

    @Test(arguments: [
        "exec \"$1\" --version >/dev/full", "exec \"$1\" --history >/dev/full", "exec \"$1\" --list >/dev/full",
        "exec \"$1\" --version >&-",
    ])
    func outputThatCannotBeWrittenIsAnIOErrorNotACrash(_ script: String) throws {
        let scratch = Scratch()
        let result = try shell(script, scratch)
        #expect(result.status == 74, "\(script): \(result.stderr)")
        #expect(result.stderr.contains("quiz: cannot write to standard output: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
    }

    @Test func anErrorThatCannotBeSaidStillEndsCleanly() throws {
        let scratch = Scratch()
        let result = try shell("exec \"$1\" no-such-quiz 2>/dev/full", scratch)
        #expect(result.status == 74, "\(result.stdout)")
    }

    @Test func aGameWhoseOutputCannotBeWrittenIsStillRecorded() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        let result = try runProcess(
            "/bin/sh", ["-c", "exec \"$1\" --questions \"$2\" mini --seed 3 >/dev/full", "sh", QuizBinary.path, bank],
            environment: scratch.environment(),
            input: try answers(bank: bank, seed: 3, right: [0]).joined(separator: "\n") + "\n")
        #expect(result.status == 74, "\(result.stderr)")
        let history = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(history.stdout.contains(",mini,"), "the game was recorded: \(history.stdout)")
    }
}
