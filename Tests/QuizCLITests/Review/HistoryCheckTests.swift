import Foundation
import QuizCore
import Testing

/// `quiz --validate BANK --history-check`: a prompt fixed in a question
/// without an `"id"` no longer matches its history; the check lists it with
/// the nearest prompt now, so the author can add ids.
@Suite struct HistoryCheckTests {
    @Test func anEditedPromptWithoutAnIdIsListedWithTheNearestOne() throws {
        let scratch = Scratch()
        let file = scratch.path + "/capitals.json"
        func write(_ canada: String) throws {
            try """
            {"title": "Capitals", "questions": [
              {"prompt": "\(canada)", "answer": "Ottawa"},
              {"id": "peru", "prompt": "What is the capital of Peru?", "answer": "Lima"},
              {"prompt": "What is the capital of Chile?", "answer": "Santiago"}
            ]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try write("What is the capitol of Canada?")
        _ = try runQuiz(
            ["--questions", file, "capitals", "--seed", "1"], input: "Ottawa\nLima\nSantiago\n",
            environment: scratch.environment())
        let clean = try runQuiz(["--validate", file, "--history-check"], environment: scratch.environment())
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("capitals.json: every prompt in the history matches a question"))
        try write("What is the capital of Canada?")
        let check = try runQuiz(["--validate", file, "--history-check"], environment: scratch.environment())
        #expect(check.status == 0)
        #expect(
            check.stdout.contains(
                "capitals.json: 1 recorded prompt matches no question; give questions an \"id\" so that an edited prompt keeps its history:"
            ), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "  \"What is the capitol of Canada?\" (1 answer), nearest now: \"What is the capital of Canada?\""))
        #expect(!check.stdout.contains("Peru"))
        let plain = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(!plain.stdout.contains("recorded prompt"))
        let misplaced = try runQuiz(["--history", "--history-check"], environment: scratch.environment())
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr.contains("--history-check goes with --validate"))
    }
}
