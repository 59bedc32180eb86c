import Foundation
import Testing

/// Identities are `BANK#ID`, so `#` is refused in an
/// `"id"` and in a quiz id (the file name), which would let two questions
/// of two banks share one; an id is at most 200 characters.
@Suite struct IdSeparatorTests {
    @Test func aHashInAnIdOrAQuizIdIsRefused() throws {
        let scratch = Scratch()
        let hashed = scratch.path + "/x#y.json"
        try #"{"title": "T", "questions": [{"id": "z", "prompt": "Say yes.", "answer": "yes"}]}"#.write(
            toFile: hashed, atomically: true, encoding: .utf8)
        let byName = try runQuiz(["--validate", hashed], environment: scratch.environment())
        #expect(byName.status == 65)
        #expect(
            byName.stdout == hashed + ": a quiz id must not hold \"#\" (it is named after the file); rename the file\n",
            "\(byName.stdout)")

        let plain = scratch.path + "/x.json"
        let long = String(repeating: "a", count: 201)
        try """
        {"title": "T", "questions": [
          {"id": "y#z", "prompt": "Say yes.", "answer": "yes"},
          {"id": "\(long)", "prompt": "Say no.", "answer": "no"},
          {"id": "\(String(repeating: "b", count: 200))", "prompt": "Say maybe.", "answer": "maybe"}
        ]}
        """.write(toFile: plain, atomically: true, encoding: .utf8)
        let byId = try runQuiz(["--validate", plain], environment: scratch.environment())
        #expect(byId.status == 65)
        let lines = byId.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                plain + ":2: question 1, \"id\": must not hold \"#\"",
                plain + ":3: question 2, \"id\": is longer than 200 characters",
            ], "\(byId.stdout)")
        let play = try runQuiz(["--questions", plain, "x"], input: "yes\n", environment: scratch.environment())
        #expect(play.status == 65)
    }

    @Test func theSchemaRefusesThemToo() throws {
        guard let python = Tool.find("python3"),
            try Tool.run(python, ["-c", "from jsonschema import Draft202012Validator"]).status == 0
        else { return }  // SchemaTests records the missing module.
        let scratch = Scratch()
        for id in ["y#z", String(repeating: "a", count: 201)] {
            let file = scratch.path + "/bank.json"
            try #"{"title": "T", "questions": [{"id": "\#(id)", "prompt": "Say yes.", "answer": "yes"}]}"#.write(
                toFile: file, atomically: true, encoding: .utf8)
            let result = try Tool.run(python, ["scripts/check-schema.py", file])
            #expect(result.status == 1, "\(id): \(result.stdout)\(result.stderr)")
        }
    }
}
