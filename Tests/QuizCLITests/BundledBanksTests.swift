import Foundation
import QuizCore
import Testing

/// Every bank in `Questions/`, whichever banks that holds: `quiz --validate`
/// accepts each, and together they pass BankAudit (30 questions or more, a
/// quarter hard, ids, explanations and difficulties, no prompt asked twice
/// across banks). The schema is checked by SchemaTests.
@Suite struct BundledBanksTests {
    static let folder = QuizBinary.repositoryRoot + "/Questions"

    static func bankFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
            .map { folder + "/" + $0 }
    }

    @Test func validateAcceptsEveryBank() throws {
        let files = try Self.bankFiles()
        #expect(files.count >= 6)
        let result = try runQuiz(["--validate"] + files, environment: Scratch().environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count, "\(result.stdout)")
        for (file, line) in zip(files, lines) {
            #expect(line.hasPrefix("\(file): ok, ") && line.hasSuffix(" questions"), "\(line)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func everyBankPassesTheAudit() throws {
        let banks = try Self.bankFiles().map { try BankLoader.load(path: $0) }
        #expect(banks.count >= 6)
        let problems = BankAudit(banks: banks).problems
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for bank in banks {
            #expect(bank.questions.count >= BankAudit.minimumQuestions, "\(bank.id)")
            #expect(bank.questions.allSatisfy { $0.id != nil && $0.difficulty != nil }, "\(bank.id)")
        }
    }

    /// The audit itself: each fault is found and named, so the test above can fail.
    @Test func theAuditFindsEachFault() throws {
        func question(_ number: Int, id: String? = nil, hard: Bool = false, prompt: String? = nil) -> Question {
            Question(
                prompt: prompt ?? "Question \(number)?", kind: .trueFalse(true), explanation: "Because.",
                difficulty: hard ? .hard : .easy, id: id ?? "q-\(number)")
        }
        let good = (1...32).map { question($0, hard: (10...18).contains($0)) }
        #expect(BankAudit(banks: [QuestionBank(id: "a", title: "A", questions: good, path: "Q/a.json")]).problems == [])

        var faulty = good
        faulty[0].id = nil
        faulty[1].id = "Not_Kebab"
        faulty[2].explanation = "  "
        faulty[3].difficulty = nil
        faulty[4].prompt = "  question 6? "
        faulty.removeLast(3)
        let other = [question(1, prompt: "QUESTION 7"), question(2, hard: true, prompt: "Another?")]
        let problems = BankAudit(banks: [
            QuestionBank(id: "a", title: "A", questions: faulty, path: "Q/a.json"),
            QuestionBank(id: "b", title: "B", questions: other, path: "Q/b.json"),
        ]).problems
        #expect(
            problems == [
                "a.json: 29 questions, fewer than 30",
                "a.json: question 1: no id",
                "a.json: question 2: id \"Not_Kebab\" is not kebab-case",
                "a.json: question 3: no explanation",
                "a.json: question 4: no difficulty",
                "a.json: question 6: same prompt as a.json: question 5",
                "b.json: 2 questions, fewer than 30",
                "b.json: question 1: same prompt as a.json: question 7",
            ])
        // Seven hard of 29 is less than a quarter.
        faulty[9].difficulty = .easy
        faulty[10].difficulty = .easy
        #expect(
            BankAudit(banks: [QuestionBank(id: "a", title: "A", questions: faulty, path: "Q/a.json")]).problems
                .contains("a.json: 7 of 29 questions hard, fewer than a quarter"))
    }

    @Test func kebabCase() {
        for id in ["capital-of-canada", "atomic-number-1", "x", "ww2"] { #expect(BankAudit.isKebabCase(id), "\(id)") }
        for id in ["", "-a", "a-", "a--b", "Capital", "a b", "a_b", "é", "a.b"] {
            #expect(!BankAudit.isKebabCase(id), "\(id)")
        }
    }
}
