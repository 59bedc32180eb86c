import Foundation

/// A review as a game: the due questions gathered from their banks into one
/// bank whose games are of kind `Session.Kind.review`, most overdue first, each question carrying its
/// identity in the bank it came from, so its result counts for it there.
public enum ReviewSession {
    public static let title = "Review"
    /// Questions a review asks at most unless `-n` says.
    public static let defaultCount = 10

    /// What a review's first line says after its title, instead of a
    /// game's count and seed (a review is dealt by due date, not by a seed):
    /// `10 of 13 due · from World Capitals, Solar System`.
    public struct Heading: Sendable, Equatable {
        /// Questions this review asks.
        public var asked: Int
        /// Questions due now (of the quiz reviewed, when one is).
        public var due: Int
        /// The titles of the banks the questions asked come from, in the order first asked.
        public var quizzes: [String]

        public init(asked: Int, due: Int, quizzes: [String]) {
            self.asked = asked
            self.due = due
            self.quizzes = quizzes
        }

        /// Titles in order of first appearance in `titles`, each once.
        public init(asked: Int, due: Int, titles: [String]) {
            var seen: Set<String> = []
            self.init(asked: asked, due: due, quizzes: titles.filter { seen.insert($0).inserted })
        }

        /// `10 of 13 due · from World Capitals, Solar System` (`3 due` when all are asked).
        public func text(dot: String) -> String {
            let count = asked == due ? "\(due) due" : "\(asked) of \(due) due"
            return quizzes.isEmpty ? count : "\(count) \(dot) from " + quizzes.joined(separator: ", ")
        }
    }

    /// The bank of the first `count` questions due at `date` (of `quiz` only
    /// when given); nil when none is due.
    public static func bank(
        schedule: ReviewSchedule, index: QuestionIndex, at date: Date, quiz: String? = nil, count: Int
    ) -> QuestionBank? {
        bank(of: schedule.due(at: date, index: index, quiz: quiz, count: max(count, 1)))
    }

    /// The bank of questions found due (`ReviewSchedule.due`), each carrying
    /// its identity; nil when there are none.
    public static func bank(of due: [ReviewSchedule.Due]) -> QuestionBank? {
        let questions = due.map { item in
            var question = item.entry.question
            question.identity = item.identity
            return question
        }
        guard !questions.isEmpty else { return nil }
        return bank(of: questions)
    }

    /// The bank of a review asking `questions`: its id is the quiz id a
    /// review is recorded under (`Session.Kind.reviewQuizID`).
    public static func bank(of questions: [Question]) -> QuestionBank {
        QuestionBank(
            id: Session.Kind.reviewQuizID, title: title, questions: questions, path: Session.Kind.reviewQuizID)
    }
}
