import Foundation
import QuizCore
import Testing

/// A question with 160 or more choices passed `--validate`
/// and then trapped while shown; past 26 choices the letters ran into `{`.
/// Now a question has at most 26 choices (one letter each), and the schema,
/// `--validate` and the loader agree.
@Suite struct ManyChoicesTests {
    /// A bank of one multiple-choice question with `count` choices, the first the answer.
    static func bank(choices count: Int, in scratch: Scratch, name: String = "many") throws -> String {
        let choices = (1...count).map { "\"Choice number \($0)\"" }.joined(separator: ", ")
        let text = """
            { "title": "Many", "questions": [
              { "prompt": "Which is first?", "choices": [\(choices)], "answer": "Choice number 1" } ] }
            """
        let path = scratch.path + "/\(name).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [27, 160, 300])
    func tooManyChoicesAreRefusedByValidateAndByPlay(count: Int) throws {
        let scratch = Scratch()
        let path = try Self.bank(choices: count, in: scratch)
        let validate = try runQuiz(["--validate", path], environment: scratch.environment())
        #expect(validate.status == 65, "\(validate.stdout)\(validate.stderr)")
        #expect(validate.stdout.hasPrefix(path + ":2: question 1, \"choices\": "), "\(validate.stdout)")
        #expect(validate.stdout.contains("has \(count) choices; at most 26"), "\(validate.stdout)")

        let play = try runQuiz([path], input: "1\n", environment: scratch.environment())
        #expect(play.status == 65, "no trap (132), a data error: \(play.status) \(play.stderr)")
        #expect(play.stderr.contains("has \(count) choices; at most 26"), "\(play.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.archive))
    }

    @Test func twentySixChoicesPlayWithEveryLetterAndNothingPastZ() throws {
        let scratch = Scratch()
        let path = try Self.bank(choices: 26, in: scratch)
        let validate = try runQuiz(["--validate", path], environment: scratch.environment())
        #expect(validate.status == 0, "\(validate.stdout)")
        let game = Game(bank: try BankLoader.load(path: path), seed: 5)
        let answerIndex = try #require(game.asked.first?.answerIndex)
        // A letter past the last one is not understood; then the answer's own letter.
        let letter = String(try #require(ChoiceLabels.letter(answerIndex)))
        let result = try runQuiz(
            [path, "--seed", "5"], input: "{\n27\n" + letter.uppercased() + "\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  26) "))
        #expect(result.stdout.contains("answer 1–26, a–z or the text"))
        #expect(result.stdout.contains("Answer with 1–26, a–z, or a choice's text."))
        #expect(!result.stdout.contains("{)") && !result.stdout.contains("a–{"))
        #expect(result.stdout.contains("✓ Right!"), "\(result.stdout)")
        #expect(result.stdout.contains("1/1 right"))
    }

    @Test func anOpenTriviaQuestionWithTooManyAnswersIsRefused() throws {
        let scratch = Scratch()
        let wrong = (1...30).map { "\"w\($0)\"" }.joined(separator: ",")
        let text = """
            {"response_code": 0, "results": [{"type": "multiple", "difficulty": "easy", "category": "C",
              "question": "Q?", "correct_answer": "right", "incorrect_answers": [\(wrong)]}]}
            """
        let path = scratch.path + "/otdb.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let validate = try runQuiz(["--validate", path], environment: scratch.environment())
        #expect(validate.status == 65)
        #expect(validate.stdout.contains("31 choices; at most 26"), "\(validate.stdout)")
    }

    @Test func theSchemaHasTheSameLimit() throws {
        let schema = try String(
            contentsOfFile: QuizBinary.repositoryRoot + "/Questions/bank.schema.json", encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        let defs = try #require(object["$defs"] as? [String: Any])
        let question = try #require(defs["question"] as? [String: Any])
        let properties = try #require(question["properties"] as? [String: Any])
        let choices = try #require(properties["choices"] as? [String: Any])
        #expect(choices["maxItems"] as? Int == ChoiceLabels.maximumChoices)
        #expect(choices["minItems"] as? Int == 2)
    }

    @Test func aGameMadeInCodeWithMoreChoicesThanLettersDoesNotTrap() {
        // QuizKit's own API takes any count; past z there are no letters.
        let choices = (1...200).map { "c\($0)" }
        let question = Question(prompt: "Q", kind: .multipleChoice(choices: choices, answer: 199))
        var game = Game(bank: QuestionBank(id: "x", title: "X", questions: [question], path: "x"), seed: 1)
        let labels = game.asked[0].labels
        #expect(labels.numbers && !labels.letters)
        #expect(labels.label(199) == "200")
        if case .notUnderstood(let hint) = game.answer("{") {
            #expect(hint == "Answer with 1–200, or a choice's text.")
        }
        if case .answered(let feedback) = game.answer("c200") { #expect(feedback.outcome == .right) }
    }
}
