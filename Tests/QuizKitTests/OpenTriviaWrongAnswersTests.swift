import Testing

@testable import QuizCore

/// A multiple-choice Open Trivia question's wrong answers: each fault is one
/// line naming the question by its prompt and the answer at fault.
@Suite struct OpenTriviaWrongAnswersTests {
    func problems(_ question: String) -> [String] {
        do {
            _ = try BankLoader.parse(Array(#"{"results": [\#(question)]}"#.utf8), path: "trivia.json")
            Issue.record("expected the file to be refused")
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aWrongAnswerListedTwiceAndNoWrongAnswerAreNamed() {
        #expect(
            problems(#"{"type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B", "B"]}"#)
                == [
                    #"trivia.json:1: question 1, "incorrect_answers": the wrong answer "B" is listed twice in the question "Q""#
                ])
        #expect(
            problems(#"{"type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": []}"#)
                == [
                    #"trivia.json:1: question 1, "incorrect_answers": needs at least one wrong answer, in the question "Q""#
                ])
    }

    @Test func aLongPromptIsCutAndMadeSafe() {
        let prompt = "Line\\none " + String(repeating: "word ", count: 20)
        let said = problems(
            #"{"type": "multiple", "question": "\#(prompt)", "correct_answer": "A", "incorrect_answers": ["A"]}"#)
        #expect(said.count == 1)
        #expect(said.first?.contains(#"of the question "Line one word word"#) == true, "\(said)")
        #expect(said.first?.contains("…\"") == true, "\(said)")
        #expect(said.first?.contains("\n") == false)
    }
}
