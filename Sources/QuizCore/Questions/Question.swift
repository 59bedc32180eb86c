/// How hard a question claims to be.
public enum Difficulty: String, Sendable, CaseIterable, Codable {
    case easy, medium, hard
}

/// One question of a bank, as its author wrote it (choices in the author's order).
public struct Question: Sendable, Equatable {
    /// What kind of answer the question takes.
    public enum Kind: Sendable, Equatable {
        /// `answer` indexes `choices`.
        case multipleChoice(choices: [String], answer: Int)
        case trueFalse(Bool)
        /// `accepted` holds the author's alternatives besides `answer`.
        case freeText(answer: String, accepted: [String])
    }

    public var prompt: String
    public var kind: Kind
    public var explanation: String?
    public var difficulty: Difficulty?
    public var category: String?
    public var tags: [String]
    /// The author's stable name for the question, unique within its bank
    /// (`capital-of-canada`); nil when the bank gives none.
    public var id: String?
    /// True when only the answer (or an `accept` entry) after normalisation is
    /// right: no forgiving of slips.
    public var strict: Bool
    /// Answers never accepted, however close to the right one they are
    /// (`Austria` for `Australia`); checked against typed free text and typed choice texts.
    public var reject: [String]
    /// The day the question joined its bank (`yyyy-MM-dd`, the bank's
    /// `"added"`): the daily quiz of an earlier day never asks it, so a bank
    /// gaining questions leaves past days' quizzes as they were
    /// (`DailyQuiz`). Nil: in the bank from the first daily on.
    public var added: String?
    /// Set on a question gathered from another bank (a review): its
    /// `QuestionIdentity` there. Never read from a bank file.
    public var identity: String?
    /// The prompt's fingerprint (`QuestionIdentity.fingerprint`) as a parsed
    /// copy of the bank keeps it, so that every start does not normalise
    /// every prompt again; used only while `prompt` is still the one it was
    /// made from, and never part of equality.
    package var knownFingerprint = KnownFingerprint()

    /// A fingerprint and the prompt it is of (none: nil); any two are equal
    /// (a cache, not content).
    package struct KnownFingerprint: Sendable, Equatable {
        var prompt: String?
        var value: UInt64 = 0

        package init(prompt: String? = nil, value: UInt64 = 0) {
            self.prompt = prompt
            self.value = value
        }

        package static func == (_: Self, _: Self) -> Bool { true }
    }

    public init(
        prompt: String, kind: Kind, explanation: String? = nil, difficulty: Difficulty? = nil,
        category: String? = nil, tags: [String] = [], id: String? = nil, strict: Bool = false,
        reject: [String] = [], added: String? = nil
    ) {
        self.prompt = prompt
        self.kind = kind
        self.explanation = explanation
        self.difficulty = difficulty
        self.category = category
        self.tags = tags
        self.id = id
        self.strict = strict
        self.reject = reject
        self.added = added
    }

    /// The right answer as a player should read it.
    public var answerText: String {
        switch kind {
        case .multipleChoice(let choices, let answer): choices[answer]
        case .trueFalse(let value): value ? "True" : "False"
        case .freeText(let answer, _): answer
        }
    }
}

/// A quiz: a titled list of questions loaded from one file.
public struct QuestionBank: Sendable {
    /// The file name without `.json`; what a player types to choose the quiz.
    public var id: String
    public var title: String
    public var description: String?
    /// Where the bank was read from, for messages.
    public var path: String
    /// The questions, made or still to be made (`BankQuestions`).
    private(set) var storage: BankQuestions

    /// The questions, in the author's order; made the first time they are
    /// asked for when the bank came from its parsed copy.
    public var questions: [Question] {
        get { storage.questions }
        set { storage = BankQuestions(newValue) }
    }

    /// How many questions there are, without making them.
    public var questionCount: Int { storage.count }

    /// `3 asked again, kept once`, for an Open Trivia file that asked
    /// questions more than once (its description says so); nil otherwise.
    public var repeatedQuestions: String? {
        guard let description, description.hasSuffix(OpenTriviaImport.repeatedSuffix + ")"),
            let open = description.lastIndex(of: "(")
        else { return nil }
        return String(description[description.index(after: open)..<description.index(before: description.endIndex)])
    }

    public init(id: String, title: String, description: String? = nil, questions: [Question], path: String) {
        self.init(id: id, title: title, description: description, storage: BankQuestions(questions), path: path)
    }

    package init(id: String, title: String, description: String?, storage: BankQuestions, path: String) {
        self.id = id
        self.title = title
        self.description = description
        self.storage = storage
        self.path = path
    }
}
