import Foundation

/// A review as a game: the due questions gathered from their banks into one
/// bank of id `review`, most overdue first, each question carrying its
/// identity in the bank it came from, so its result counts for it there.
public enum ReviewSession {
    /// The quiz id a review is recorded under.
    public static let quizID = "review"
    public static let title = "Review"
    /// Questions a review asks at most unless `-n` says.
    public static let defaultCount = 10

    /// The bank of the first `count` questions due at `date` (of `quiz` only
    /// when given); nil when none is due.
    public static func bank(
        schedule: ReviewSchedule, index: QuestionIndex, at date: Date, quiz: String? = nil, count: Int
    ) -> QuestionBank? {
        let due = schedule.due(at: date, index: index, quiz: quiz).prefix(max(count, 1))
        let questions = due.compactMap { item -> Question? in
            guard var question = index.entries[item.identity]?.question else { return nil }
            question.identity = item.identity
            return question
        }
        guard !questions.isEmpty else { return nil }
        return QuestionBank(id: quizID, title: title, questions: questions, path: quizID)
    }
}
