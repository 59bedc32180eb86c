import Foundation
import QuizCore
import Testing

/// Every yes-or-no key of the settings file takes the same words
/// (true/false, yes/no, on/off); any other value is one line naming them,
/// with the nearest word.
@Suite struct SettingsBooleanWordsTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func yesAndNoWorkForEveryKeyAndAnythingElseIsOneClearLine() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 1, right: [0])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        try scratch.writeConfig("ascii = yes\nstreaks = no\n")
        let stats = try runQuiz(["--stats"], environment: scratch.environment(["COLUMNS": "80"]))
        #expect(stats.stderr.isEmpty, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("1 game - "), "ascii = yes is --ascii:\n\(stats.stdout)")
        #expect(!stats.stdout.contains("Play streak"), "streaks = no hides the streak:\n\(stats.stdout)")

        try scratch.writeConfig("ascii = ye\nstreaks = of\n")
        let refused = try runQuiz(["--stats"], environment: scratch.environment(["COLUMNS": "80"]))
        #expect(refused.status == 0)
        #expect(
            refused.stderr == """
                quiz: \(scratch.configFile):1: ascii must be true/false, yes/no or on/off, not 'ye' (did you mean yes?); line ignored
                quiz: \(scratch.configFile):2: streaks must be true/false, yes/no or on/off, not 'of' (did you mean off?); line ignored

                """)
    }
}
