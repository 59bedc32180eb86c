/// `--category` and `--difficulty`: which of a bank's questions a game may deal.
public struct QuestionFilter: Sendable, Equatable {
    /// Matched against a question's category ignoring case; nil keeps every category.
    public var category: String?
    public var difficulty: Difficulty?

    public init(category: String? = nil, difficulty: Difficulty? = nil) {
        self.category = category
        self.difficulty = difficulty
    }

    /// The bank with only the questions that pass, its title naming the
    /// filter ("World Capitals · Europe · hard"), or why none pass.
    public func apply(to bank: QuestionBank) throws(QuestionFilterError) -> QuestionBank {
        var questions = bank.questions
        var title = bank.title
        if let category {
            let wanted = category.trimmed.lowercased()
            questions = questions.filter { $0.category?.trimmed.lowercased() == wanted }
            guard let spelled = questions.first?.category else {
                throw .noSuchCategory(category, quiz: bank.id, categories: BankCategories(bank))
            }
            title += " · \(spelled)"
        }
        if let difficulty {
            questions = questions.filter { $0.difficulty == difficulty }
            if questions.isEmpty { throw .noQuestions(quiz: bank.id, category: category, difficulty: difficulty) }
            title += " · \(difficulty.rawValue)"
        }
        var filtered = bank
        filtered.questions = questions
        filtered.title = title
        return filtered
    }
}

/// No question of the bank passes the filter; printed as one line.
public enum QuestionFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `categories` lists what the bank does have (possibly nothing).
    case noSuchCategory(String, quiz: String, categories: BankCategories)
    case noQuestions(quiz: String, category: String?, difficulty: Difficulty)

    public var description: String {
        switch self {
        case .noSuchCategory(let name, let quiz, let categories):
            categories.counts.isEmpty
                ? "no category '\(name)' in quiz \(quiz): its questions have no categories"
                : "no category '\(name)' in quiz \(quiz); its categories are: \(categories.summary)"
        case .noQuestions(let quiz, let category, let difficulty):
            category.map { "no \(difficulty.rawValue) questions in category '\($0)' of quiz \(quiz)" }
                ?? "no \(difficulty.rawValue) questions in quiz \(quiz)"
        }
    }
}
