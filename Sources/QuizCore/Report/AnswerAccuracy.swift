/// Right answers among the answers recorded, per quiz and, within a quiz,
/// per category of its questions (from the banks there are now), for the
/// page's accuracy chart. Counted from the tally's questions, so bounded by
/// the questions met, not the games.
public struct AnswerAccuracy: Sendable, Equatable {
    /// One quiz, or one category of a quiz (`category` nil: the quiz's row).
    public struct Row: Sendable, Equatable {
        public let quiz: String?
        public let title: String
        /// "" for answers whose question is in no bank now or has no category.
        public let category: String?
        public let asked: Int
        public let right: Int

        public var fraction: Double? { asked == 0 ? nil : Double(right) / Double(asked) }
    }

    /// Quizzes by answers, most first (then by title), each followed by its
    /// categories by answers; a quiz with a single category has no category rows.
    public let rows: [Row]

    /// What stands for answers of questions with no known category.
    public static let noCategory = "no category"

    /// `category` gives a question's category from its quiz and prompt;
    /// `statistics` names the quizzes.
    public init(
        questions: [StatisticsTally.Question], statistics: Statistics,
        category: (String?, String) -> String?
    ) {
        struct Counts {
            var asked = 0
            var right = 0
            var categories: [String: (asked: Int, right: Int)] = [:]
        }
        var quizzes: [String: Counts] = [:]
        var ids: [String: String?] = [:]
        for question in questions where question.asked > 0 {
            let key = question.quiz.map { "q" + $0 } ?? ""
            ids.updateValue(question.quiz, forKey: key)
            let right = question.asked - question.missed
            let named = category(question.quiz, question.prompt) ?? Self.noCategory
            var counts = quizzes[key] ?? Counts()
            counts.asked += question.asked
            counts.right += right
            counts.categories[named, default: (0, 0)].asked += question.asked
            counts.categories[named, default: (0, 0)].right += right
            quizzes[key] = counts
        }
        var rows: [Row] = []
        let ordered = quizzes.map { key, counts in
            (quiz: ids[key] ?? nil, title: statistics.title(ofQuiz: ids[key] ?? nil), counts: counts)
        }.sorted { a, b in
            a.counts.asked != b.counts.asked ? a.counts.asked > b.counts.asked : a.title < b.title
        }
        for entry in ordered {
            rows.append(
                Row(
                    quiz: entry.quiz, title: entry.title, category: nil, asked: entry.counts.asked,
                    right: entry.counts.right))
            guard entry.counts.categories.count > 1 else { continue }
            let categories = entry.counts.categories.sorted { a, b in
                a.value.asked != b.value.asked ? a.value.asked > b.value.asked : a.key < b.key
            }
            for (name, counts) in categories {
                rows.append(
                    Row(quiz: entry.quiz, title: entry.title, category: name, asked: counts.asked, right: counts.right))
            }
        }
        self.rows = rows
    }
}
