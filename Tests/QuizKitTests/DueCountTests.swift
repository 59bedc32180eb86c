import Foundation
import Testing

@testable import QuizKit

/// `ReviewSchedule.dueCount` (the menu's line) is the length of `due`'s list,
/// on random histories over three banks of which one is gone from the index,
/// at random moments, for every bank and for each one alone.
@Suite struct DueCountTests {
    @Test func theCountIsTheLengthOfTheList() {
        var generator = SeededGenerator(seed: 41)
        let banks = ["a", "b", "c"].map { id in
            QuestionBank(
                id: id, title: id.uppercased(),
                questions: (0..<6).map { Question(prompt: "\(id) \($0)?", kind: .freeText(answer: "x", accepted: [])) },
                path: "")
        }
        let index = QuestionIndex(banks: Array(banks.prefix(2)))  // bank "c" is gone
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<40 {
            var date = start
            let sessions = (0..<30).map { _ -> Session in
                date = date.addingTimeInterval(Double.random(in: 60...200_000, using: &generator))
                let bank = banks.randomElement(using: &generator)!
                let question = bank.questions.randomElement(using: &generator)!
                let right = Bool.random(using: &generator)
                return Session(
                    date: date, score: right ? 1 : 0, total: 1, quiz: bank.id,
                    results: [
                        QuestionResult(
                            prompt: question.prompt, outcome: right ? .right : .wrong, given: "x", answer: "x",
                            seconds: Double.random(in: 1...30, using: &generator))
                    ])
            }
            let schedule = ReviewSchedule(sessions: sessions, index: index)
            for _ in 0..<10 {
                let now = date.addingTimeInterval(Double.random(in: -500_000...5_000_000, using: &generator))
                for quiz in [nil, "a", "b", "c"] {
                    #expect(
                        schedule.dueCount(at: now, index: index, quiz: quiz)
                            == schedule.due(at: now, index: index, quiz: quiz).count)
                }
            }
        }
    }
}
