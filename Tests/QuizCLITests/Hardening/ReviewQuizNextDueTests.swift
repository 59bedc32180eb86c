import Foundation
import Testing

/// `--review --quiz ID` (and `review QUIZ` at the menu)
/// Says when the next question of that quiz is due, not another quiz's; a
/// quiz never played says so.
@Suite struct ReviewQuizNextDueTests {
    func bank(_ scratch: Scratch, _ id: String, _ prompt: String) throws -> String {
        let file = scratch.path + "/\(id).json"
        try """
        {"title": "\(id.capitalized)", "questions": [{"id": "only", "prompt": "\(prompt)", "answer": "yes"}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theNextDueLineIsOfTheQuizAsked() throws {
        let scratch = Scratch()
        let animals = try bank(scratch, "animals", "Is a cat an animal?")
        let capitals = try bank(scratch, "capitals", "Is Lima a capital?")
        let never = try bank(scratch, "never", "Is this never played?")
        let start = scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"])
        // Animals missed (due the next day), capitals right (due in 2 days).
        _ = try runQuiz(["--questions", animals, "animals"], input: "no\n", environment: start)
        _ = try runQuiz(["--questions", capitals, "capitals"], input: "yes\n", environment: start)
        let env = scratch.environment(["QUIZ_NOW": "2026-03-01T12:00:00Z"])
        let all = ["--questions", animals, "--questions", capitals, "--questions", never, "--review"]

        let every = try runQuiz(all, environment: env)
        #expect(
            every.stdout.contains("Nothing due for review; the next question is due in 21 hours · 2 first seen today."),
            "\(every.stdout)")
        let ofCapitals = try runQuiz(all + ["--quiz", "capitals"], environment: env)
        #expect(ofCapitals.status == 0, "\(ofCapitals.stderr)")
        #expect(
            ofCapitals.stdout.contains(
                "Nothing due for review in capitals; the next question is due in 2 days (2026-03-03 09:00) · 1 first seen today."
            ),
            "\(ofCapitals.stdout)")
        let ofAnimals = try runQuiz(all + ["--quiz", "animals"], environment: env)
        #expect(
            ofAnimals.stdout.contains("in animals; the next question is due in 21 hours · 1 first seen today."),
            "\(ofAnimals.stdout)")
        let ofNever = try runQuiz(all + ["--quiz", "never"], environment: env)
        #expect(ofNever.stdout.contains("Nothing to review in never yet"), "\(ofNever.stdout)")
        #expect(!ofNever.stdout.contains("due in"), "\(ofNever.stdout)")

        // The menu's `review QUIZ` says the same.
        let menu = try runQuiz(
            ["--questions", animals, "--questions", capitals], input: "review capitals\nquit\n", environment: env)
        #expect(menu.stdout.contains("in capitals; the next question is due in 2 days"), "\(menu.stdout)")
    }
}
