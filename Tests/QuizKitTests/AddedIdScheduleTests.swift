import Foundation
import Testing

@testable import QuizCore

/// A schedule made before a question gained an `"id"` is one to rebuild
/// (`QuestionIndex.renames`), and rebuilt it keeps the question's history
/// under its id; due times count from the minute they round up to.
@Suite struct AddedIdScheduleTests {
    let question = Question(prompt: "Three plus three?", kind: .freeText(answer: "6", accepted: []))

    @Test func aScheduleOfTheFingerprintIsRebuiltUnderTheId() {
        let plain = QuestionBank(id: "my", title: "My", questions: [question], path: "")
        var named = question
        named.id = "q3"
        let withID = QuestionBank(id: "my", title: "My", questions: [named], path: "")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // Recorded with the identity it had then, and once before identities were recorded.
        let sessions = [
            Session(
                date: start, score: 0, total: 1, quiz: "my",
                results: [
                    QuestionResult(
                        prompt: question.prompt, outcome: .wrong, given: "5", answer: "6",
                        identity: QuestionIdentity.of(question, bank: "my"))
                ]),
            Session(
                date: start.addingTimeInterval(86_400), score: 0, total: 1, quiz: "my",
                results: [QuestionResult(prompt: question.prompt, outcome: .wrong, given: "5", answer: "6")]),
        ]
        let kept = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [plain]))
        #expect(!QuestionIndex(banks: [plain]).renames(kept))
        #expect(QuestionIndex(banks: [withID]).renames(kept))
        let rebuilt = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [withID]))
        #expect(Array(rebuilt.cards.keys) == ["my#q3"])
        #expect(rebuilt.cards["my#q3"]?.reps == 2)
        #expect(!QuestionIndex(banks: [withID]).renames(rebuilt))
    }

    /// Due from the start of the minute shown, which is its due time
    /// rounded up: never offered before it is due.
    @Test func aQuestionIsDueFromTheMinuteItsTimeRoundsUpTo() {
        let due = Date(timeIntervalSince1970: 1_800_000_060.4)
        #expect(ReviewSchedule.dueMinute(due) == Date(timeIntervalSince1970: 1_800_000_120))
        #expect(
            ReviewSchedule.dueMinute(Date(timeIntervalSince1970: 1_800_000_119.999))
                == Date(timeIntervalSince1970: 1_800_000_120))
        #expect(
            ReviewSchedule.dueMinute(Date(timeIntervalSince1970: 1_800_000_060))
                == Date(timeIntervalSince1970: 1_800_000_060))
        #expect(ReviewSchedule.minute(of: due) == Date(timeIntervalSince1970: 1_800_000_060))
    }
}
