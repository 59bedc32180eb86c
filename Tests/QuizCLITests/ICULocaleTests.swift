import Foundation
import Testing

/// A locale variable whose language part ICU cannot hold (12 bytes or more
/// crashed it inside every date formatter: `LANG=aaaaaaaaaaaa quiz --stats`
/// ended in SIGSEGV) is kept from ICU: every command that shows dates runs,
/// and ends as it does under a locale ICU can take.
@Suite struct ICULocaleTests {
    @Test(arguments: ["LANG", "LC_ALL", "LC_MESSAGES"])
    func aLocaleICUCannotHoldCrashesNothing(variable: String) throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: "1\n1\n1\n", environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        let later = ["QUIZ_NOW": "2099-01-01T09:00:00Z"]
        let commands: [(arguments: [String], input: String)] = [
            (["--stats"], ""), (["--stats", "--format", "json"], ""), (["--history", "--format", "json"], ""),
            (["--history"], ""), (["--share"], ""), (["--questions", bank, "--review"], ""),
            (["--questions", bank], "quit\n"),
        ]
        for value in ["aaaaaaaaaaaa", "aaaaaaaaaaaa.UTF-8", "123456789012", "😀😀😀😀", "a/b/c/d/e/f/g/h/i/j"] {
            for (arguments, input) in commands {
                let expected = try runQuiz(arguments, input: input, environment: scratch.environment(later))
                let result = try runQuiz(
                    arguments, input: input, environment: scratch.environment(later.merging([variable: value]) { $1 }))
                #expect(result.status == expected.status, "\(variable)=\(value) quiz \(arguments): \(result.stderr)")
                // (The text may differ: a locale that is not UTF-8 makes quiz draw in ASCII.)
                #expect(!result.stdout.isEmpty, "\(variable)=\(value) quiz \(arguments)")
            }
        }
    }
}
