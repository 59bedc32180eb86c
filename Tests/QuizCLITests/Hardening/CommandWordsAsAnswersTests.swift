import Foundation
import QuizCore
import Testing

/// A free-text answer that is also a command (`exit`,
/// `quit`, `skip`, `help`) could not be given. Commands never shadow
/// answers: the bare words are commands at every question unless that
/// question accepts the word (a choice, its answer or an `accept` form reads
/// so); there the commands take a colon (`:skip`, `:quit`, `:help`), and the
/// hint says so. `exit` is no abandon word of its own.
@Suite struct CommandWordsAsAnswersTests {
    static let words = ["exit", "quit", "skip", "help", "mine"]

    /// Five free-text questions whose answers are command words.
    static func commandBank(in scratch: Scratch) throws -> String {
        let questions = words.map { "{ \"prompt\": \"Type the word \($0).\", \"answer\": \"\($0)\" }" }
        let path = scratch.path + "/words.json"
        try "{ \"title\": \"Words\", \"questions\": [\(questions.joined(separator: ", "))] }".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func commandWordsAreAnswersAtAFreeTextQuestion() throws {
        let scratch = Scratch()
        let path = try Self.commandBank(in: scratch)
        let order = try prompts(bank: path, seed: 4).map { $0.dropFirst("Type the word ".count).dropLast() }
        let result = try runQuiz(
            [path, "--seed", "4"], input: order.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Words: 5/5 right"), "\(result.stdout)")
        #expect(!result.stdout.contains("abandoned"))
        #expect(result.stdout.contains("(type your answer; :skip skips, :quit abandons)"))
        let games = try historyJSON(environment: scratch.environment()).games
        #expect(games.count == 1)
    }

    @Test func colonCommandsSkipHelpAndQuitAtAFreeTextQuestion() throws {
        let scratch = Scratch()
        let path = try Self.commandBank(in: scratch)
        let result = try runQuiz(
            [path, "--seed", "4"], input: ":help\n?\n:skip\n:sikp\n:quit\n", environment: scratch.environment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("so the commands take a colon"), "\(result.stdout)")
        #expect(result.stdout.contains("→ Skipped."))
        #expect(result.stdout.contains("Unknown command :sikp"))
        #expect(result.stdout.contains("Game abandoned; nothing recorded."))
        #expect(!FileManager.default.fileExists(atPath: scratch.archive))
    }

    @Test func bareWordsAreCommandsAtAChoiceQuestionUnlessAChoiceReadsSo() throws {
        let scratch = Scratch()
        let path = scratch.path + "/choices.json"
        try """
        { "title": "Choices", "questions": [
          { "prompt": "Which button moves on?", "choices": ["Skip", "Stay", "Stop"], "answer": "Skip" },
          { "prompt": "Which is a fruit?", "choices": ["Apple", "Chair", "Stone"], "answer": "Apple" } ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let order = try prompts(bank: path, seed: 2)
        // skip at each question: the choice Skip at the first, the command at the other.
        let result = try runQuiz([path, "--seed", "2"], input: "skip\nskip\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✓ Right! Skip"), "\(result.stdout)")
        #expect(result.stdout.contains("→ Skipped. The answer is Apple."), "\(result.stdout)")
        #expect(order.count == 2)
        // quit at a choice question abandons; exit is not an abandon word.
        let quit = try runQuiz([path, "--seed", "2"], input: "exit\nquit\n", environment: scratch.environment())
        #expect(quit.stdout.contains("Answer with 1–3, a–c, or a choice's text."), "\(quit.stdout)")
        #expect(quit.stdout.contains("Game abandoned; nothing recorded."))
    }

    @Test func theRuleInQuizKit() throws {
        let free = Question(prompt: "Q", kind: .freeText(answer: "quit", accepted: []))
        let choice = Question(prompt: "R", kind: .multipleChoice(choices: ["Help", "?", "x"], answer: 0))
        let plain = Question(prompt: "S", kind: .freeText(answer: "Neptune", accepted: ["Skye"]))
        let game = Game(
            bank: QuestionBank(id: "x", title: "X", questions: [free, choice, plain], path: "x"), seed: 1)
        let freeAsked = try #require(game.asked.first { $0.question.prompt == "Q" })
        let choiceAsked = try #require(game.asked.first { !$0.choices.isEmpty })
        let plainAsked = try #require(game.asked.first { $0.question.prompt == "S" })
        // A typed-answer question that takes none of the words: they are commands.
        #expect(GameCommand.parse("skip", at: plainAsked) == .skip)
        #expect(GameCommand.parse(" Quit", at: plainAsked) == .quit)
        #expect(GameCommand.parse("help", at: plainAsked) == .help)
        #expect(GameCommand.parse("mine", at: plainAsked) == .mine)
        #expect(GameCommand.parse("exit", at: plainAsked) == nil)
        #expect(GameCommand.hint(at: plainAsked) == "skip skips, quit abandons")
        #expect(GameCommand.hint(at: freeAsked) == ":skip skips, :quit abandons")
        #expect(GameCommand.parse("quit", at: freeAsked) == nil)
        #expect(GameCommand.parse("  QUIT ", at: freeAsked) == nil)
        #expect(GameCommand.parse(":quit", at: freeAsked) == .quit)
        #expect(GameCommand.parse(":Q", at: freeAsked) == .quit)
        #expect(GameCommand.parse("?", at: freeAsked) == .help)
        #expect(GameCommand.parse("!", at: freeAsked) == .mine)
        #expect(GameCommand.parse("help", at: choiceAsked) == nil, "a choice reads Help")
        #expect(GameCommand.parse("?", at: choiceAsked) == nil, "a choice reads ?")
        #expect(GameCommand.parse("skip", at: choiceAsked) == .skip)
        #expect(GameCommand.parse("exit", at: choiceAsked) == nil)
        #expect(GameCommand.parse(":exit", at: choiceAsked) == .quit)
    }
}
