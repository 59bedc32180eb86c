import Foundation

/// One game as a pure state machine: which question is asked, in what order
/// its choices are shown, how an answer is read and scored. It does no I/O
/// and reads no clock; the caller passes times in and shows what it returns.
public struct Game: Sendable {
    /// A question as it is put to the player: choices in the order shown.
    public struct Asked: Sendable, Equatable {
        public var question: Question
        /// Shown choices (multiple choice: shuffled; true/false: True, False; free text: none).
        public var choices: [String]
        /// Index of the right answer in `choices`, when there are choices.
        public var answerIndex: Int?
        /// Some choice is itself a number ("4", "1945"): then a typed number
        /// means that choice's text, and choices are shown with letters only.
        public var numbersAreText: Bool {
            choices.contains { Int($0.trimmingCharacters(in: .whitespaces)) != nil }
        }
        /// 1-based position in the game.
        public var number: Int
        public var total: Int
    }

    /// What the player's line meant.
    public enum Reading: Sendable, Equatable {
        /// An answer was given and scored; the game moved on.
        case answered(Feedback)
        /// The line is not an answer to this question (an out-of-range number,
        /// text matching no choice, nothing at all); ask again.
        case notUnderstood(String)
    }

    /// What to tell the player after a question.
    public struct Feedback: Sendable, Equatable {
        public var outcome: QuestionOutcome
        public var correctAnswer: String
        public var explanation: String?
        /// The answer as understood (a choice's text), nil when skipped.
        public var given: String?
    }

    public let quizID: String
    public let quizTitle: String
    public let seed: UInt64
    public let asked: [Asked]
    public private(set) var results: [QuestionResult] = []

    /// Deals `count` questions (all when nil or larger than the bank) from `bank`,
    /// questions and choices shuffled by `seed`.
    public init(bank: QuestionBank, count: Int? = nil, seed: UInt64) {
        quizID = bank.id
        quizTitle = bank.title
        self.seed = seed
        var generator = SeededGenerator(seed: seed)
        var order = Array(bank.questions.indices)
        generator.shuffle(&order)
        let total = min(max(count ?? order.count, 1), order.count)
        asked = order.prefix(total).enumerated().map { position, index in
            let question = bank.questions[index]
            switch question.kind {
            case .multipleChoice(let choices, let answer):
                var shown = Array(choices.indices)
                generator.shuffle(&shown)
                return Asked(
                    question: question, choices: shown.map { choices[$0] }, answerIndex: shown.firstIndex(of: answer),
                    number: position + 1, total: total)
            case .trueFalse(let value):
                return Asked(
                    question: question, choices: ["True", "False"], answerIndex: value ? 0 : 1,
                    number: position + 1, total: total)
            case .freeText:
                return Asked(question: question, choices: [], answerIndex: nil, number: position + 1, total: total)
            }
        }
    }

    /// The question to ask now; nil once the game is over.
    public var current: Asked? {
        results.count < asked.count ? asked[results.count] : nil
    }

    public var isFinished: Bool { results.count == asked.count }
    public var score: Int { results.count { $0.outcome == .right } }

    /// Reads one line typed at the current question: a choice's number, its
    /// letter or its text; for true/false also yes/no, t/f, y/n; for free text
    /// the answer compared with `AnswerNormalizer`.
    public mutating func answer(_ line: String) -> Reading {
        guard let asked = current else { return .notUnderstood("The game is over.") }
        let input = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if input.isEmpty { return .notUnderstood("Type an answer, or skip.") }
        if asked.choices.isEmpty {
            guard case .freeText(let answer, let accepted) = asked.question.kind else {
                return .notUnderstood("Type an answer, or skip.")
            }
            let typed = AnswerNormalizer.normalize(input)
            let right = ([answer] + accepted).contains { AnswerNormalizer.normalize($0) == typed }
            return .answered(record(asked, outcome: right ? .right : .wrong, given: input))
        }
        guard let choice = choiceIndex(for: input, in: asked) else {
            let count = asked.choices.count
            let last = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(count - 1)))
            if asked.numbersAreText { return .notUnderstood("Answer with a letter a–\(last), or a choice's text.") }
            return .notUnderstood("Answer with 1–\(count), a–\(last), or a choice's text.")
        }
        let outcome: QuestionOutcome = choice == asked.answerIndex ? .right : .wrong
        return .answered(record(asked, outcome: outcome, given: asked.choices[choice]))
    }

    /// Skips the current question; it counts as wrong.
    @discardableResult
    public mutating func skip() -> Feedback? {
        guard let asked = current else { return nil }
        return record(asked, outcome: .skipped, given: nil)
    }

    private func choiceIndex(for input: String, in asked: Asked) -> Int? {
        let count = asked.choices.count
        if let number = Int(input), !asked.numbersAreText {
            return (1...count).contains(number) ? number - 1 : nil
        }
        let lower = input.lowercased()
        if lower.count == 1, let scalar = lower.unicodeScalars.first, scalar.isASCII,
            scalar.value >= 97, scalar.value < 97 + UInt32(count)
        {
            return Int(scalar.value) - 97
        }
        let typed = AnswerNormalizer.normalize(input)
        if let index = asked.choices.firstIndex(where: { AnswerNormalizer.normalize($0) == typed }) {
            return index
        }
        if case .trueFalse = asked.question.kind {
            if ["t", "yes", "y", "true"].contains(typed) { return 0 }
            if ["f", "no", "n", "false"].contains(typed) { return 1 }
        }
        return nil
    }

    private mutating func record(_ asked: Asked, outcome: QuestionOutcome, given: String?) -> Feedback {
        results.append(
            QuestionResult(
                prompt: asked.question.prompt, outcome: outcome, given: given, answer: asked.question.answerText))
        return Feedback(
            outcome: outcome, correctAnswer: asked.question.answerText, explanation: asked.question.explanation,
            given: given)
    }

    /// The finished game as a session to record; nil until every question is answered.
    public func session(finishedAt date: Date, duration: TimeInterval) -> Session? {
        guard isFinished else { return nil }
        return Session(
            date: date, score: score, total: asked.count, quiz: quizID, title: quizTitle, duration: duration,
            seed: Int64(bitPattern: seed), results: results)
    }
}
