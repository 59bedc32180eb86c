import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --review` and the menu's `review`, in-process: what
/// `ReviewCommand.gather` finds, with options from the real parser.
@Suite struct ReviewCommandTests {
    /// A game of the mini bank a week before `QUIZ_NOW`, every answer wrong:
    /// its three questions are due.
    static func home() throws -> CommandHome {
        let home = try CommandHome(now: "2026-03-08T09:00:00Z")
        let bank = try BankLoader.load(path: MiniBank.path)
        let index = QuestionIndex(banks: [bank])
        let results = bank.questions.map { question in
            QuestionResult(
                prompt: question.prompt, outcome: .wrong, given: "x", answer: "y",
                identity: index.entries.first { $0.value.question.prompt == question.prompt }?.key)
        }
        try home.record([
            Session(
                date: utcDate(2026, 3, 1, 9), score: 0, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 20,
                seed: 1, results: results, source: "mini.json")
        ])
        return home
    }

    static func prompts(_ gathered: ReviewCommand.Gathered) -> [String] {
        guard case .due(let bank, _, _) = gathered else { return [] }
        return bank.questions.map(\.prompt)
    }

    /// The quick route (a fresh schedule, only the due questions' banks read)
    /// and the full one (every bank read) find the same questions, in the same order.
    @Test func theQuickReviewIsTheFullOne() throws {
        let home = try Self.home()
        var full: [String] = []
        var quick: [String]?
        _ = home.run(["--review", "--questions", MiniBank.path]) { (context) throws(CommandFailure) in
            // The full route, which also writes the schedule afresh.
            full = Self.prompts(try ReviewCommand.gather(context, quiz: nil, library: try context.library()).gathered)
            let file = ScheduleFile(store: context.store, scheduler: try context.scheduler)
            quick = ReviewCommand.quick(
                context, file: file, at: try context.clock.now, quiz: nil, count: context.settings.count
            ).map { $0.bank.questions.map(\.prompt) }
            return .success
        }
        #expect(full.count == 3)
        #expect(quick == full)
    }

    @Test func nothingDueSaysWhen() throws {
        let home = try Self.home()
        let gathered = home.run(["--review", "--quiz", "oceans"]) { (context) throws(CommandFailure) in
            guard case .nothing(let sentence) = try ReviewCommand.gather(context, quiz: "oceans").gathered else {
                Issue.record("questions due in oceans")
                return .success
            }
            context.output.out(sentence)
            return .success
        }
        #expect(
            gathered.stdout
                == "Nothing to review in oceans yet: play it, and the questions you meet come back here when due.\n")
        let unknown = home.run(["--review", "--quiz", "ocean"]) { (context) throws(CommandFailure) in
            _ = try ReviewCommand.gather(context, quiz: "ocean")
            return .success
        }
        #expect(unknown.status == .noInput)
        #expect(unknown.stderr == "quiz: --quiz ocean: no quiz of that id; did you mean oceans?\n")
    }
}
