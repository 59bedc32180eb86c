import Foundation
import QuizCore
import Testing

/// A question is one card in the history: an Open Trivia file that asks one
/// prompt twice (it has no ids to tell them apart) is asked it once, and the
/// history check suggests for a prompt recorded without an id only what it
/// may have become, a question without an id.
@Suite struct QuestionIdentityTests {
    /// Two results with one prompt (and other answers) are one question: the
    /// first, so a game asks it once and the history holds one card for it.
    @Test func anOpenTriviaFileAskingOneQuestionTwiceKeepsTheFirst() throws {
        let scratch = Scratch()
        let file = scratch.path + "/twice.json"
        try """
        {"response_code": 0, "results": [
          {"type": "multiple", "difficulty": "easy", "category": "Science", "question": "Which planet is largest?",
           "correct_answer": "Jupiter", "incorrect_answers": ["Mars", "Venus", "Earth"]},
          {"type": "multiple", "difficulty": "easy", "category": "Science", "question": "What is H2O?",
           "correct_answer": "Water", "incorrect_answers": ["Salt", "Air", "Fire"]},
          {"type": "multiple", "difficulty": "hard", "category": "Science", "question": "which planet is  LARGEST?",
           "correct_answer": "Saturn", "incorrect_answers": ["Mars", "Venus", "Earth"]}
        ]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let validate = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(
            validate.stdout.contains("twice.json: ok, 2 questions (1 asked again, kept once)"), "\(validate.stdout)")
        let play = try runQuiz(
            ["--questions", file, "twice", "--seed", "1", "-n", "3"], input: "Jupiter\nWater\nSaturn\n",
            environment: scratch.environment())
        #expect(play.status == 0, "\(play.stdout)\(play.stderr)")
        #expect(play.stdout.contains("2 questions"), "\(play.stdout)")
        #expect(play.stdout.contains("2/2"), "\(play.stdout)")
        #expect(!play.stdout.contains("Saturn"), "the second copy is never asked: \(play.stdout)")
    }

    @Test func theNearestPromptForOneRecordedWithoutAnIdHasNoIdOfItsOwn() throws {
        let scratch = Scratch()
        let file = scratch.path + "/capitals.json"
        func write(_ canada: String) throws {
            try """
            {"title": "Capitals", "questions": [
              {"prompt": "\(canada)", "answer": "Ottawa"},
              {"id": "cuba", "prompt": "What is the capital of Cuba?", "answer": "Havana"},
              {"prompt": "Name the largest city of Australia.", "answer": "Sydney"}
            ]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try write("What is the capitol of Canada?")
        let played = try runQuiz(
            ["--questions", file, "capitals", "--seed", "1"], input: "Ottawa\nHavana\nSydney\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        // The Canada question becomes one of another country, and gains an id:
        // the nearest prompt is Cuba's by letters, but Cuba's has its own id.
        try write("What is the capital of Cyprus?")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "{\"prompt\": \"What is the capital of Cyprus?\"",
            with: "{\"id\": \"cyprus\", \"prompt\": \"What is the capital of Cyprus?\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try runQuiz(["--validate", file, "--history-check"], environment: scratch.environment())
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\"What is the capitol of Canada?\" (1 answer)"), "\(check.stdout)")
        #expect(!check.stdout.contains("nearest now: \"What is the capital of Cuba?\""), "\(check.stdout)")
        #expect(!check.stdout.contains("nearest now: \"What is the capital of Cyprus?\""), "\(check.stdout)")
        #expect(check.stdout.contains("nearest now: \"Name the largest city of Australia.\""), "\(check.stdout)")
    }
}
