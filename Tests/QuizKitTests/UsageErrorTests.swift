import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// Usage errors as `quiz` says them, in-process (`AssertParse`-style: the
/// real parser, then what `main` prints): the message and the hint to
/// `--help` on standard error, nothing on standard output, 64. Moved from
/// the binary's tests (`CommandLineTests`, `ModesAndMenuTests`,
/// `PlainErrorMessagesTests`, `CategoryOptionTests`); the binary's own
/// printing of a usage error stays covered there once.
@Suite struct UsageErrorTests {
    /// Runs `arguments` as `main` would, no command reached: parsing must fail.
    static func assertUsageError(
        _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> CommandRun? {
        guard let home = try? CommandHome() else {
            Issue.record("no temporary folder", sourceLocation: sourceLocation)
            return nil
        }
        let result = home.run(arguments) { _ throws(CommandFailure) in
            Issue.record("\(arguments) parsed", sourceLocation: sourceLocation)
            return .success
        }
        #expect(result.status == .usage, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.status.rawValue == 64, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains("\nTry 'quiz --help' for more information.\n"), "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        return result
    }

    /// No Foundation error text ever leaks into a message.
    static func expectPlain(_ result: CommandRun?, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = (result?.stdout ?? "") + (result?.stderr ?? "")
        for leak in [
            "NSCocoaErrorDomain", "NSURLErrorDomain", "The operation could not be completed", "permission.",
            "error 256",
        ] {
            #expect(!text.contains(leak), "\(text)", sourceLocation: sourceLocation)
        }
    }

    // Moved from CommandLineTests.badUsageExits64WithAHint.
    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-n", "zero"], "the question count must be a whole number"),
        (["--history", "--list"], "choose one of"),
        (["--format", "csv"], "--format goes with --history"),
        (["--history", "--format", "xml"], "unknown format 'xml'"),
        (["--validate"], "--validate needs at least one FILE"),
        (["a", "b"], "one quiz at a time"),
    ])
    func badUsageExits64WithAHint(arguments: [String], message: String) {
        _ = Self.assertUsageError(arguments, message)
    }

    // Moved from ModesAndMenuTests.anOptionThatWouldDoNothingIsAUsageError.
    @Test(arguments: [
        (["--history", "-n", "1"], "-n/--count goes with playing"),
        (["--stats", "--seed", "3"], "--seed goes with playing"),
        (["--list", "-n", "2"], "-n/--count goes with playing"),
        (
            ["--history", "--questions", "x.json"],
            "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews"
        ),
        (
            ["--validate", "x.json", "--questions", "y.json"],
            "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews"
        ),
        (
            ["--list", "--data-dir", "/tmp"],
            "--data-dir goes with playing, --history, --share, --stats, --merge-history and --import"
        ),
        (["--validate", "x.json", "--data-dir", "/tmp"], "--data-dir goes with playing"),
        (["--history", "--data-dir="], "option --data-dir needs a value, not an empty one"),
        (["--history", "--data-dir", ""], "option --data-dir needs a value, not an empty one"),
        (["--history", "--quiz="], "option --quiz needs a value, not an empty one"),
        (["--questions=", "--list"], "option --questions needs a value, not an empty one"),
        (["mini", "--category", ""], "option --category needs a value, not an empty one"),
    ])
    func anOptionThatWouldDoNothingIsAUsageError(arguments: [String], message: String) {
        _ = Self.assertUsageError(arguments, message)
    }

    // Moved from PlainErrorMessagesTests.aNumberTooLargeIsSaidToBeTooLarge.
    @Test(arguments: [
        (
            ["--history", "--limit", "99999999999999999999"],
            "the limit '99999999999999999999' is too large (at most 9223372036854775807)"
        ),
        (["-n", "123456789012345678901234", "mini"], "the question count '123456789012345678901234' is too large"),
        (["--share", "--game", "99999999999999999999"], "the game number '99999999999999999999' is too large"),
    ])
    func aNumberTooLargeIsSaidToBeTooLarge(arguments: [String], message: String) {
        let result = Self.assertUsageError(arguments, message)
        Self.expectPlain(result)
        #expect(result?.stderr.contains("whole number of at least") == false)
    }

    // Moved from PlainErrorMessagesTests.zeroIsTooSmallNotTooLarge (found by the adversarial pass).
    @Test(arguments: [
        (["-n", "0", "mini"], "the question count must be a whole number of at least 1, not '0'"),
        (["-n", "000", "mini"], "the question count must be a whole number of at least 1, not '000'"),
        (["--history", "--limit", "0"], "the limit must be a whole number of at least 1, not '0'"),
        (["--share", "--game", "0"], "the game number must be a whole number of at least 1, not '0'"),
    ])
    func zeroIsTooSmallNotTooLarge(arguments: [String], message: String) {
        let result = Self.assertUsageError(arguments, message)
        Self.expectPlain(result)
        #expect(result?.stderr.contains("too large") == false)
    }

    // Moved from CategoryOptionTests.misuseExits64.
    @Test(arguments: [
        (["opentdb-small", "--difficulty", "extreme"], "unknown difficulty 'extreme' (expected easy, medium or hard)"),
        (["--list", "--category", "History"], "--category and --difficulty go with playing a quiz"),
        (["--history", "--difficulty=easy"], "--category and --difficulty go with playing a quiz"),
        (["--category", "History"], "--category and --difficulty go with playing a quiz"),
        (["opentdb-small", "--category"], "option --category needs a value"),
    ])
    func misuseOfCategoryAndDifficultyExits64(arguments: [String], message: String) {
        _ = Self.assertUsageError(["--questions", ListCommandTests.openTrivia] + arguments, message)
    }
}
