import Foundation
import QuizCore
import Testing

/// What the adversarial pass of the "experts trust" issue found: a line of
/// nothing visible is no answer; a wrong answer that reads as the right one
/// (another case, an invisible character) is refused in an Open
/// Trivia file as in our banks (an accent counts: `Brasil` and `Brasíl` are
/// two spellings to choose from); an earlier game of an empty history is not found.
@Suite struct UnseenAndRepeatedAnswersTests {
    @Test(arguments: ["\u{00AD}", "\u{202E}", "\u{0301}", "\u{FE0F}", "\u{200B}\u{200D}"])
    func aLineOfNothingVisibleIsAskedAgain(unseen: String) throws {
        let scratch = Scratch()
        let file = scratch.path + "/one.json"
        try """
        {"title": "One", "questions": [{"prompt": "What is the capital of France?", "answer": "Paris"}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runQuiz(
            ["--questions", file, "one"], input: unseen + "\nParis\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Type an answer"), "\(result.stdout)")
        #expect(result.stdout.contains("1/1 right"), "the unseen line was not counted: \(result.stdout)")
    }

    @Test(arguments: ["rome", "ROME", "Rome\u{200B}", "Ro\u{00AD}me"])
    func anOpenTriviaWrongAnswerThatReadsAsTheRightOneIsRefused(wrong: String) throws {
        let scratch = Scratch()
        let file = scratch.path + "/italy.json"
        let escaped = wrong.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04X", $0.value) }
            .joined()
        try """
        {"results": [{"type": "multiple", "difficulty": "easy", "category": "Geography",
          "question": "Capital of Italy?", "correct_answer": "Rome", "incorrect_answers": ["Milan", "\(escaped)", "Turin"]}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(
            (result.stdout + result.stderr).contains("the correct answer \"Rome\" is repeated among the wrong answers"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test func anEarlierGameOfAnEmptyHistoryIsNotFound() throws {
        let scratch = Scratch()
        let earlier = try runQuiz(["--share", "--game", "99"], environment: scratch.environment())
        #expect(earlier.status == 66, "\(earlier.stdout)\(earlier.stderr)")
        #expect(earlier.stderr.contains("no game 99 back (--game 99): the history has no games"), "\(earlier.stderr)")
        let last = try runQuiz(["--share"], environment: scratch.environment())
        #expect(last.status == 0)
        #expect(last.stdout.contains("No games yet"), "\(last.stdout)")
    }

    /// A `reject` that reads as the answer would be dropped by the matcher
    /// (the right answer can always be given): `--validate` says so.
    @Test(arguments: [("The Hague", "Hague"), ("Henry VIII", "Henry 8"), ("Rock & roll", "rock and roll")])
    func aRejectThatReadsAsTheAnswerIsRefused(answer: String, reject: String) throws {
        let scratch = Scratch()
        let file = scratch.path + "/one.json"
        try """
        {"title": "One", "questions": [{"prompt": "Which?", "answer": "\(answer)", "reject": ["\(reject)"]}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(
            (result.stdout + result.stderr).contains("item 1 \"\(reject)\" is the answer"),
            "\(result.stdout)\(result.stderr)")
    }

    /// `!` pasted with a zero-width space after a wrong answer still counts it right.
    @Test func aPastedBangWithAnInvisibleCharacterStillCounts() throws {
        let scratch = Scratch()
        let file = scratch.path + "/two.json"
        try """
        {"title": "Two", "questions": [
          {"id": "a", "prompt": "What is the capital of France?", "answer": "Paris"},
          {"id": "b", "prompt": "What is the capital of Italy?", "answer": "Rome"}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runQuiz(
            ["--questions", file, "two", "--seed", "1"], input: "Lyon\n!\u{200B}\nRome\n",
            environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Counted as right"), "\(result.stdout)")
    }
}
