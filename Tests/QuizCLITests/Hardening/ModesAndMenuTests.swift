import Foundation
import QuizCore
import Testing

/// The menu's suggestions and numbers. (`--history --quiz` on a history
/// without that quiz, a data folder that is a file and options that would do
/// nothing are tested in-process: `HistoryCommandTests`, `UsageErrorTests`.)
@Suite struct ModesAndMenuTests {
    let mini = QuizBinary.fixture("mini.json")

    @Test func theMenuSuggestsTheCommandATypedWordBegins() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "hist\nsta\nlst\nquit\n", environment: Scratch().environment())
        #expect(result.stdout.contains("Unknown command or quiz 'hist'. Did you mean history?"), "\(result.stdout)")
        #expect(result.stdout.contains("Unknown command or quiz 'sta'. Did you mean stats?"))
        #expect(result.stdout.contains("Unknown command or quiz 'lst'. Did you mean list?"))
    }

    @Test func reviewOfAMistypedQuizSuggestsTheQuiz() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "review wrld-capitals\nreview zzzzzzzz\nquit\n",
            environment: Scratch().environment())
        #expect(
            result.stdout.contains("No quiz 'wrld-capitals' to review. Did you mean review world-capitals?"),
            "\(result.stdout)")
        #expect(result.stdout.contains("No quiz 'zzzzzzzz' to review. Type review alone for every quiz."))
    }

    /// What the player typed is quoted on one line, made safe: a carriage
    /// return or U+2028 does not break the message, an escape is shown;
    /// spaces after the command word are not part of its argument.
    @Test func typedTextIsQuotedOnOneLine() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "line\rcr\nplay a\u{2028}b\nshare \u{1B}[31mX\nreview  wrld-capitals\nquit\n",
            environment: Scratch().environment())
        #expect(result.stdout.contains("Unknown command or quiz 'line cr'."), "\(result.stdout)")
        #expect(result.stdout.contains("No quiz 'a b'."), "\(result.stdout)")
        #expect(result.stdout.contains("Unknown share form '^[[31mX'."), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("No quiz 'wrld-capitals' to review. Did you mean review world-capitals?"))
    }

    @Test func aBankNamedWithANumberIsPlayedByItsName() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bank = #"{"title": "Number Seven", "questions": [{"prompt": "Seven?", "answer": true}]}"#
        try Data(bank.utf8).write(to: URL(fileURLWithPath: folder + "/7.json"))
        let result = try runQuiz(
            ["--questions", folder, "--seed", "1"], input: "play 7\ntrue\n7\ntrue\nquit\n",
            environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let games = result.stdout.components(separatedBy: "Number Seven · 1 question · seed 1").count - 1
        #expect(games == 2, "play 7 and 7 both play the bank called 7:\n\(result.stdout)")
        // A number that is no bank's name still picks by position.
        let byNumber = try runQuiz(
            ["--questions", folder], input: "2\nquit\nquit\n", environment: scratch.environment())
        // The list's second line names the bank that `2` plays: "  2  id  Title (count)".
        let second = try #require(
            byNumber.stdout.split(separator: "\n").first { $0.hasPrefix("  2  ") }, "\(byNumber.stdout)")
        let title = try #require(second.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first)
        #expect(byNumber.stdout.contains("\n\(title) "), "\(byNumber.stdout)")
        #expect(!byNumber.stdout.contains("Number Seven · "), "\(byNumber.stdout)")
    }
}
