import Foundation
import QuizCore
import Testing

/// An Open Trivia file whose correct answer is also among its wrong ones is
/// refused with one line naming the file, the question (number and prompt,
/// made safe) and the repeated answer.
@Suite struct OpenTriviaRepeatedAnswerTests {
    let text = #"""
        {"response_code": 0, "results": [
         {"type": "multiple", "difficulty": "easy", "category": "Geography",
          "question": "What is the capital of France?", "correct_answer": "Paris",
          "incorrect_answers": ["Lyon", "Marseille", "Nice"]},
         {"type": "multiple", "difficulty": "easy", "category": "Geography",
          "question": "Which city is \u001b[2Jthe capital of &quot;Italy&quot;?", "correct_answer": "Rome",
          "incorrect_answers": ["Milan", "Rome", "Naples"]}
        ]}
        """#

    func expected(_ file: String) -> String {
        #"\#(file):7: question 2, "incorrect_answers": the correct answer "Rome" is repeated among the wrong "#
            + #"answers of the question "Which city is ^[[2Jthe capital of "Italy"?""#
    }

    @Test func validateAndPlayNameTheQuestionAndTheRepeatedAnswer() throws {
        let scratch = Scratch()
        let file = scratch.path + "/trivia.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))

        let validated = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(validated.status == 65)
        let said = (validated.stdout + validated.stderr).split(separator: "\n").filter { $0.contains("Rome") }
        #expect(said == [Substring(expected(file))], "\(validated.stdout)\(validated.stderr)")

        let played = try runQuiz(["--questions", file, "trivia"], environment: scratch.environment())
        #expect(played.status == 65)
        #expect(played.stderr == "quiz: " + expected(file) + "\n", "\(played.stderr)")
    }
}
