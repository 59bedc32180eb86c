import Foundation
import QuizCore
import QuizStore
import Testing

/// Reviews imported from Anki (`AnkiReviewImport`, added through the
/// store) come due when Anki said, and the menu's due line and `--review`
/// agree on them: both go through `ReviewSchedule.due`.
@Suite struct ImportedReviewsDueTests {
    @Test func theMenuAndTheReviewAgreeWithAnkisDueDays() throws {
        let scratch = Scratch()
        let bankPath = scratch.path + "/deck.json"
        let prompts = (1...6).map { "Card \($0): what is \($0) times seven?" }
        let questions = prompts.enumerated().map { index, prompt in
            "{\"prompt\": \"\(prompt)\", \"answer\": \"\((index + 1) * 7)\"}"
        }
        try "{\"title\": \"Deck\", \"questions\": [\(questions.joined(separator: ", "))]}".write(
            toFile: bankPath, atomically: true, encoding: .utf8)
        let bank = try BankLoader.load(path: bankPath)
        // Answered on 2026-03-01 at 10:00 UTC, a minute apart: intervals of
        // 1, 3 and 1 days, a learning step of 10 minutes, 2 and 5 days.
        let start: Int64 = 1_772_359_200_000
        let given: [(ease: Int, interval: Int64)] = [(3, 1), (3, 3), (2, 1), (1, -600), (4, 2), (3, 5)]
        let revlog = given.enumerated().map { card, answer in
            AnkiRevlogEntry(
                id: start + Int64(card) * 60_000, cardID: 100 + Int64(card), ease: answer.ease,
                interval: answer.interval, lastInterval: 0, factor: 2500, milliseconds: 3_000, kind: 0)
        }
        let cards = Dictionary(uniqueKeysWithValues: (0..<6).map { (Int64(100 + $0), $0) })
        let sessions = AnkiReviewImport.sessions(bank: bank, quizID: "deck", cards: cards, revlog: revlog)
        let store = HistoryStore(folder: scratch.dataDir)
        #expect(try store.add(imported: sessions).added == 1)
        #expect(try store.add(imported: sessions).added == 0)

        // Anki's day begins at 04:00: at 03:59 on the 2nd only the learning
        // step is due; from 04:00 the three of a day's interval too.
        for (now, due) in [
            ("2026-03-01T10:30:00Z", 1), ("2026-03-02T03:59:00Z", 1), ("2026-03-02T04:00:00Z", 3),
            ("2026-03-03T12:00:00Z", 4), ("2026-03-04T04:00:00Z", 5),
        ] {
            let environment = scratch.environment(["QUIZ_NOW": now])
            let menu = try runQuiz(["--questions", bankPath], input: "quit\n", environment: environment)
            let line = menu.stdout.components(separatedBy: "\n").first { $0.contains("due for review") } ?? menu.stdout
            #expect(line.contains("\(due) question\(due == 1 ? "" : "s") due for review"), "\(now): \(line)")
            let review = try runQuiz(["--questions", bankPath, "--review"], input: "", environment: environment)
            #expect(review.stdout.contains("Review · \(due) due"), "\(now): \(review.stdout)")
        }
    }
}
