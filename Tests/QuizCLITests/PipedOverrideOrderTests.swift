import Foundation
import QuizCore
import Testing

/// `!` from a pipe: its confirmation belongs to the answer just marked wrong,
/// so it is printed before the next question, as at a terminal.
@Suite struct PipedOverrideOrderTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func theConfirmationOfAPipedBangComesBeforeTheNextQuestion() throws {
        let scratch = Scratch()
        // The first two answers wrong, the first counted right with `!`; the
        // line after the second wrong mark is no `!` but the third answer.
        var lines = try answers(bank: bank, seed: 1, right: [2])
        lines.insert("!", at: 1)
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout
        let counted = try #require(output.range(of: "Counted as right:"), "\(output)")
        let second = try #require(output.range(of: "Question 2/3"), "\(output)")
        let firstWrong = try #require(output.range(of: "Wrong."), "\(output)")
        #expect(firstWrong.upperBound <= counted.lowerBound, "\(output)")
        #expect(counted.upperBound <= second.lowerBound, "the confirmation comes before question 2:\n\(output)")
        #expect(output.components(separatedBy: "Counted as right").count == 2, "\(output)")
        #expect(output.contains("2/3 right"), "\(output)")
    }
}
