import Foundation
import Testing

/// The question fields `id`, `strict` and `reject` through the binary:
/// `quiz --validate` names each fault with its place, and a bank that uses
/// them well validates and plays like any other.
@Suite struct BankFieldsTests {
    static let good = """
        {
          "title": "Fields",
          "questions": [
            { "id": "capital-of-japan", "prompt": "Capital of Japan?", "answer": "Tokyo",
              "accept": ["Tokio"], "reject": ["Kyoto"], "strict": true },
            { "id": "largest-planet", "prompt": "Largest planet?", "choices": ["Saturn", "Jupiter"],
              "answer": "Jupiter", "reject": ["Juniper"] },
            { "id": "moon-orbits-earth", "prompt": "The Moon orbits the Earth.", "answer": true, "strict": false }
          ]
        }
        """

    @Test func validateNamesEveryFaultOfTheNewFields() throws {
        let scratch = Scratch()
        let file = scratch.path + "/fields.json"
        try """
        {
          "title": "Faults",
          "questions": [
            { "id": "capital", "prompt": "A?", "answer": "Brasília", "reject": ["brasilia."] },
            { "id": "capital", "prompt": "B?", "answer": "x", "accept": ["y"], "reject": ["Y"], "strict": "yes" },
            { "id": "", "prompt": "C?", "answer": false, "reject": ["no"] },
            { "id": 7, "prompt": "D?", "choices": ["p", "q"], "answer": "q", "reject": ["Q "] }
          ]
        }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(result.status == 65)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "\(file):4: question 1, \"reject\": item 1 \"brasilia.\" is the answer",
                "\(file):5: question 2, \"strict\": must be true or false, not a string",
                "\(file):5: question 2, \"reject\": item 1 \"Y\" is accepted (accept item 1)",
                "\(file):5: question 2, \"id\": \"capital\" is also the id of question 1",
                "\(file):6: question 3, \"id\": is empty",
                "\(file):6: question 3, \"reject\": a true/false question cannot have \"reject\"",
                "\(file):7: question 4, \"id\": must be a string, not a number",
                "\(file):7: question 4, \"reject\": item 1 \"Q\" is the answer",
            ], "\(result.stdout)")
    }

    @Test func aBankWithTheFieldsValidatesAndPlays() throws {
        let scratch = Scratch()
        let file = scratch.path + "/fields.json"
        try Self.good.write(toFile: file, atomically: true, encoding: .utf8)
        let validate = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(validate.status == 0)
        #expect(validate.stdout == "\(file): ok, 3 questions\n")

        let lines = try answers(bank: file, seed: 5, right: [0, 1, 2])
        let game = try runQuiz(
            ["--questions", file, "fields", "--seed", "5"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stdout.contains("Fields: 3/3 right (100%)"), "\(game.stdout)")
    }
}
