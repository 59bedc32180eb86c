import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --validate`, in-process: `ValidateCommand` with options from the
/// real parser.
@Suite struct ValidateCommandTests {
    static func validate(_ files: [String], in home: CommandHome) -> CommandRun {
        home.run(["--validate"] + files) { (context) throws(CommandFailure) in
            guard case .validate(let files) = context.options.mode else { return .usage }
            return ValidateCommand.run(context, files: files)
        }
    }

    @Test func validateReportsEveryProblemAndExits65() throws {
        let home = try CommandHome()
        let file = home.folder.file("faults.json")
        try home.folder.write(
            """
            {
              "title": "Faults",
              "colour": "red",
              "questions": [
                { "prompt": "A?", "choices": ["x", "x"], "answer": "x" },
                { "prompt": "B?", "answer": "yes", "difficulty": "tricky" },
                { "prompt": "A?", "answer": true }
              ]
            }
            """, to: "faults.json")
        let result = Self.validate([file, MiniBank.path], in: home)
        #expect(result.status == .dataError)
        #expect(result.stdout.contains("\(file):3:13: unknown key \"colour\""))
        #expect(result.stdout.contains("question 1, \"choices\": \"x\" is listed twice"))
        #expect(result.stdout.contains("question 2, \"difficulty\": unknown difficulty \"tricky\""))
        #expect(result.stdout.contains("question 3, \"prompt\": same prompt as question 1"))
        #expect(result.stdout.contains("\(MiniBank.path): ok, 3 questions"))

        let syntax = home.folder.file("syntax.json")
        try home.folder.write("{\n  \"title\": \"S\",\n  \"questions\": [ 1 2 ]\n}\n", to: "syntax.json")
        let bad = Self.validate([syntax], in: home)
        #expect(bad.status == .dataError)
        #expect(bad.stdout.contains("\(syntax):3:20: unexpected '2', expected ',' or ']'"), "\(bad.stdout)")
    }

    /// A file not there is 66, bad data outranks it (65), and a JSON Schema beside the banks is skipped.
    @Test func statusesAndTheSchema() throws {
        let home = try CommandHome()
        let gone = home.folder.file("gone.json")
        let missing = Self.validate([MiniBank.path, gone], in: home)
        #expect(missing.status == .noInput)
        #expect(missing.stdout.hasPrefix("\(MiniBank.path): ok, 3 questions\n"))
        let broken = MiniBank.path.replacingOccurrences(of: "mini.json", with: "broken.json")
        #expect(Self.validate([gone, broken], in: home).status == .dataError)
        let schema = Self.validate(["bank.schema.json"], in: home)
        #expect(schema.status == .success)
        #expect(schema.stdout == "bank.schema.json: skipped: a JSON Schema (*.schema.json), not a bank\n")
    }
}
