import Foundation
import QuizCore
import Testing

/// `history.schedule`: derived from the history, kept up to date by each
/// game, rebuilt when missing, stale or damaged; old results (recorded
/// without identities) count by their prompts; a bank that is gone offers
/// nothing and loses nothing.
@Suite struct ReviewScheduleFileTests {
    let bank = QuizBinary.fixture("mini.json")

    func missAll(_ scratch: Scratch, at now: String) throws {
        let lines = try answers(bank: bank, seed: 4, right: [])
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "4"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": now]))
        #expect(game.stdout.contains("0/3 right"), "\(game.stdout)")
    }

    func dueLine(_ scratch: Scratch, at now: String, questions: Bool = true) throws -> String {
        let menu = try runQuiz(
            (questions ? ["--questions", bank] : []), input: "quit\n",
            environment: scratch.environment(["QUIZ_NOW": now]))
        return menu.stdout.components(separatedBy: "\n").first { $0.contains("review") } ?? menu.stdout
    }

    @Test func eachGameUpdatesTheScheduleAndADamagedOneIsRebuilt() throws {
        let scratch = Scratch()
        try missAll(scratch, at: "2026-03-01T09:00:00Z")
        let path = scratch.dataDir + "/history.schedule"
        // The first reader builds it from the history.
        #expect(try dueLine(scratch, at: "2026-03-02T10:00:00Z").contains("3 questions due for review"))
        #expect(FileManager.default.fileExists(atPath: path))
        // A game recorded updates it in place: the three are no longer due.
        let lines = try answers(bank: bank, seed: 4, right: [0, 1, 2])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "4"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-02T10:00:00Z"]))
        let updated = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: updated, as: UTF8.self).contains("\ngames 2\n"))
        #expect(try dueLine(scratch, at: "2026-03-02T11:00:00Z").contains("Nothing due for review"))
        // Damaged: rebuilt from the history, with the same answer.
        try Data("quiz-schedule 1\nstamp 1 2\ncard x".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try dueLine(scratch, at: "2026-03-02T11:00:00Z").contains("Nothing due for review"))
        let rebuilt = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: rebuilt, as: UTF8.self).contains("\ngames 2\n"))
        // Missing: the same.
        try FileManager.default.removeItem(atPath: path)
        #expect(try dueLine(scratch, at: "2026-03-06T11:00:00Z").contains("3 questions due for review"))
    }

    @Test func resultsRecordedBeforeIdentitiesCountByTheirPrompts() throws {
        let scratch = Scratch()
        let questions = try BankLoader.load(path: bank).questions
        let old = Session(
            date: ISO8601DateFormatter().date(from: "2026-03-01T09:00:00Z")!, score: 1, total: 3, quiz: "mini",
            title: "Mini Test Quiz", duration: 30, seed: 1,
            results: questions.enumerated().map { index, question in
                QuestionResult(
                    prompt: question.prompt, outcome: index == 0 ? .right : .wrong, given: "x",
                    answer: question.answerText)
            })
        try writeArchive(KeyedArchive.data(for: [old]), in: scratch.dataDir)
        let review = try runQuiz(
            ["--questions", bank, "--review"], input: "",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-02T09:30:00Z"]))
        #expect(review.stdout.contains("Review · 2 due"), "\(review.stdout)")
        #expect(!review.stdout.contains(questions[0].prompt))
    }

    @Test func aQuestionWhoseBankIsGoneIsNotOfferedAndItsHistoryIsKept() throws {
        let scratch = Scratch()
        let own = scratch.path + "/own.json"
        try """
        {"title": "Own", "questions": [{"prompt": "Two and two?", "answer": "four"}]}
        """.write(toFile: own, atomically: true, encoding: .utf8)
        _ = try runQuiz(
            ["--questions", own, "own"], input: "five\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        let with = try runQuiz(
            ["--questions", own, "--review"], input: "",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-03T09:00:00Z"]))
        #expect(with.stdout.contains("Two and two?"))
        let without = try runQuiz(
            ["--review"], environment: scratch.environment(["QUIZ_NOW": "2026-03-03T09:00:00Z"]))
        #expect(without.status == 0)
        #expect(without.stdout.contains("Nothing due for review."), "\(without.stdout)")
        let history = try runQuiz(["--history", "--format", "json"], environment: scratch.environment())
        #expect(history.stdout.contains("Two and two?"))
    }
}
