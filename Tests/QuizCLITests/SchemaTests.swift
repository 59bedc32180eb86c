import Foundation
import Testing

/// `Questions/bank.schema.json` checked by a real JSON Schema validator
/// (Python's jsonschema, which `make test` installs) through `scripts/check-schema.py`.
@Suite struct SchemaTests {
    let badBank = QuizBinary.fixture("schema-bad.json")

    /// python3 with jsonschema, or a recorded failure that says how to get it.
    func pythonWithJSONSchema() throws -> String? {
        guard let python = Tool.find("python3") else {
            Issue.record("python3 is not installed: run `make test`, which installs it with jsonschema")
            return nil
        }
        let probe = try Tool.run(python, ["-c", "from jsonschema import Draft202012Validator"])
        guard probe.status == 0 else {
            let reason = probe.stderr.split(separator: "\n").last.map(String.init) ?? ""
            Issue.record("jsonschema 4 or later is missing for python3: run `make test`, which installs it (\(reason))")
            return nil
        }
        return python
    }

    @Test func everyBundledBankMatchesTheSchema() throws {
        guard let python = try pythonWithJSONSchema() else { return }
        let result = try Tool.run(python, ["scripts/check-schema.py"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let banks = try FileManager.default.contentsOfDirectory(atPath: QuizBinary.repositoryRoot + "/Questions")
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
        #expect(banks.count >= 6)
        for bank in banks {
            #expect(result.stdout.contains("ok \(QuizBinary.repositoryRoot)/Questions/\(bank)\n"), "\(bank) checked")
            let text = try String(contentsOfFile: QuizBinary.repositoryRoot + "/Questions/" + bank, encoding: .utf8)
            #expect(text.contains("\"$schema\": \"./bank.schema.json\""), "\(bank) names the schema for editors")
        }
    }

    @Test func aBankThatBreaksTheSchemaFailsAndIsNamed() throws {
        guard let python = try pythonWithJSONSchema() else { return }
        let result = try Tool.run(python, ["scripts/check-schema.py", badBank])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix(badBank + ": ") }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("(top level)") && $0.contains("'colour' was unexpected") })
        #expect(lines.contains { $0.contains("questions[0]") && $0.contains("true/false") }, "boolean with choices")
        #expect(lines.contains { $0.contains("questions[1]") && $0.contains("multiple-choice") }, "choices with accept")
        #expect(lines.contains { $0.contains("questions[2].difficulty") })
        #expect(lines.count == 4, "\(result.stdout)")

        // A good file beside it still reads ok, and the run still fails.
        let mixed = try Tool.run(python, ["scripts/check-schema.py", QuizBinary.fixture("mini.json"), badBank])
        #expect(mixed.status == 1)
        #expect(mixed.stdout.hasPrefix("ok \(QuizBinary.fixture("mini.json"))\n"))
    }

    @Test func theLoaderRejectsWhatTheSchemaRejects() throws {
        let result = try runQuiz(["--validate", badBank], environment: Scratch().environment())
        #expect(result.status == 65)
        for fault in ["unknown key \"colour\"", "question 1", "question 2", "question 3"] {
            #expect((result.stdout + result.stderr).contains(fault), "\(result.stdout)\(result.stderr)")
        }
    }
}
