import Foundation
import QuizCore
import Testing

/// With single-letter choices (`A`, `C`, `D`, `K` for
/// vitamins), typing `D` picked the choice in position d. Now they are handled
/// as number choices are: a typed letter means the choice itself, and the
/// choices are shown with numbers only.
@Suite struct SingleLetterChoicesTests {
    static func write(_ choices: [String], answer: String, in scratch: Scratch) throws -> String {
        let list = choices.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = """
            { "title": "Vitamins", "questions": [
              { "prompt": "Which vitamin does sunlight make in the skin?", "choices": [\(list)], "answer": "\(answer)" } ] }
            """
        let path = scratch.path + "/vitamins.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every seed puts D elsewhere than position d (the fourth) in some games:
    /// play several, typing D, and expect it right in every one.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func typingTheLetterPicksThatChoice(seed: UInt64) throws {
        let scratch = Scratch()
        let path = try Self.write(["A", "C", "D", "K"], answer: "D", in: scratch)
        let result = try runQuiz([path, "--seed", String(seed)], input: "D\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✓ Right! D"), "\(result.stdout)")
        #expect(result.stdout.contains("answer 1–4 or the text; a letter means the choice itself"))
        #expect(!result.stdout.contains("a) "), "no letter labels: \(result.stdout)")
        #expect(result.stdout.contains("  1) "))
    }

    @Test func aLowercaseLetterAndANumberWorkToo() throws {
        let scratch = Scratch()
        let path = try Self.write(["A", "C", "D", "K"], answer: "D", in: scratch)
        let game = Game(bank: try BankLoader.load(path: path), seed: 9)
        let position = try #require(game.asked[0].answerIndex) + 1
        let lower = try runQuiz([path, "--seed", "9"], input: "d\n", environment: scratch.environment())
        #expect(lower.stdout.contains("✓ Right! D"), "\(lower.stdout)")
        let number = try runQuiz([path, "--seed", "9"], input: "\(position)\n", environment: scratch.environment())
        #expect(number.stdout.contains("✓ Right! D"), "\(number.stdout)")
        // A letter that is no choice is not taken for a position.
        let other = try runQuiz([path, "--seed", "9"], input: "b\nD\n", environment: scratch.environment())
        #expect(other.stdout.contains("Answer with 1–4, or a choice's text."), "\(other.stdout)")
        #expect(other.stdout.contains("1/1 right"))
    }

    @Test func anAccentedLetterCountsAsALetter() throws {
        let scratch = Scratch()
        let path = try Self.write(["É", "Z", "Q"], answer: "Q", in: scratch)
        let result = try runQuiz([path, "--seed", "1"], input: "e\n", environment: scratch.environment())
        #expect(result.stdout.contains("✗ Wrong. The answer is Q."), "e is the choice É: \(result.stdout)")
    }

    @Test func letterAndNumberChoicesTogetherAreAnsweredByText() throws {
        let scratch = Scratch()
        let path = try Self.write(["A", "1", "B", "2"], answer: "1", in: scratch)
        let result = try runQuiz([path, "--seed", "3"], input: "1\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  - A"), "\(result.stdout)")
        #expect(result.stdout.contains("type the choice itself"))
        #expect(result.stdout.contains("✓ Right! 1"), "\(result.stdout)")
    }

    @Test func lettersAndNumbersStillLabelOrdinaryChoices() throws {
        let question = Question(prompt: "Q", kind: .multipleChoice(choices: ["Apple", "Dog", "Cat"], answer: 1))
        var game = Game(bank: QuestionBank(id: "x", title: "X", questions: [question], path: "x"), seed: 1)
        let labels = game.asked[0].labels
        #expect(labels.numbers && labels.letters)
        let letter = String(ChoiceLabels.letter(game.asked[0].answerIndex!)!)
        guard case .answered(let feedback) = game.answer(letter) else {
            Issue.record("a letter label picks its choice")
            return
        }
        #expect(feedback.outcome == .right)
    }
}
