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
        public var numbersAreText: Bool { ChoiceLabels.numbersAreText(choices) }
        /// Some choice is itself a single letter ("A", "D" for vitamins), or
        /// there are more choices than letters: then a typed letter means
        /// that choice's text, and choices are shown with numbers only.
        public var lettersAreText: Bool { ChoiceLabels.lettersAreText(choices) }
        /// How the choices are labelled and may be picked.
        public var labels: ChoiceLabels { ChoiceLabels(choices) }
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
        /// When the typed text was taken for an answer it only nearly
        /// spells (`Havanna`), that answer as spelled (`Havana`): say so.
        public var spelled: String?
        /// A choice picked by a text that is not quite its own (a slip, an
        /// article, a number in words): the choice it was read as.
        public var readAs: String?
        /// Counted right by the player (`!`) after it was marked wrong.
        public var overridden = false
        /// A wrong choice picked by its number or letter: the label as typed
        /// and the choice (`d) Vitamin K`), so the player sees how the
        /// answer was read.
        public var chosen: String?

        public init(
            outcome: QuestionOutcome, correctAnswer: String, explanation: String? = nil, given: String? = nil,
            spelled: String? = nil, readAs: String? = nil, overridden: Bool = false, chosen: String? = nil
        ) {
            self.outcome = outcome
            self.correctAnswer = correctAnswer
            self.explanation = explanation
            self.given = given
            self.spelled = spelled
            self.readAs = readAs
            self.overridden = overridden
            self.chosen = chosen
        }
    }

    public let quizID: String
    public let quizTitle: String
    public let seed: UInt64
    public let asked: [Asked]
    public private(set) var results: [QuestionResult] = []
    /// The last answer was one the bank rejects (`reject`): the player's `!`
    /// should not count it right (`overrideLast` itself does not refuse it).
    public private(set) var lastAnswerRejected = false

    /// Deals `count` questions (all when nil or larger than the bank) from `bank`,
    /// questions and choices shuffled by `seed`; with `inOrder`, the
    /// questions are asked in the bank's order (a review: most overdue
    /// first), only their choices shuffled.
    public init(bank: QuestionBank, count: Int? = nil, seed: UInt64, inOrder: Bool = false) {
        let deal = Deal(size: bank.questionCount, count: count, seed: seed, inOrder: inOrder)
        let questions = bank.questions
        self.init(quizID: bank.id, quizTitle: bank.title, questions: deal.positions.map { questions[$0] }, dealt: deal)
    }

    /// Which questions of a bank a game deals, and in what order, before
    /// any is read: `Game(bank:count:seed:)` is `Game(quizID:…, questions:
    /// the bank's questions at `positions`, dealt: this)`, so a bank's copy
    /// can make only the questions asked (`ParsedBankCache.load(path:choosing:)`).
    public struct Deal: Sendable {
        /// Positions in the bank, in the order asked.
        public let positions: [Int]
        public let seed: UInt64
        /// The generator as dealing left it: the choices are shuffled with it next.
        fileprivate let generator: SeededGenerator

        /// The deal of `count` questions (all when nil or more than `size`)
        /// from a bank of `size`, shuffled by `seed` unless `inOrder`.
        public init(size: Int, count: Int?, seed: UInt64, inOrder: Bool = false) {
            var generator = SeededGenerator(seed: seed)
            var order = Array(0..<max(size, 0))
            if !inOrder { generator.shuffle(&order) }
            let total = min(max(count ?? order.count, 1), order.count)
            positions = Array(order.prefix(total))
            self.seed = seed
            self.generator = generator
        }
    }

    /// The game `deal` deals, `questions` being the bank's questions at its
    /// positions, in that order (the choices are shuffled here).
    public init(quizID: String, quizTitle: String, questions: [Question], dealt deal: Deal) {
        self.quizID = quizID
        self.quizTitle = quizTitle
        seed = deal.seed
        var generator = deal.generator
        let total = questions.count
        asked = questions.enumerated().map { position, question in
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
    /// the answer judged by `AnswerMatcher` (a choice's text too, when it is
    /// not typed exactly).
    public mutating func answer(_ line: String) -> Reading {
        guard let asked = current else { return .notUnderstood("The game is over.") }
        let input = line.trimmingCharacters(in: .whitespacesAndNewlines)
        // Nothing a player can see (a stray paste of a zero-width space, a
        // bidi mark, a lone combining accent) is no answer: asked again.
        if input.showsNothing {
            return .notUnderstood(asked.choices.isEmpty ? "Type an answer, or :skip." : "Type an answer, or skip.")
        }
        if asked.choices.isEmpty {
            guard case .freeText(let answer, let accepted) = asked.question.kind else {
                return .notUnderstood("Type an answer, or skip.")
            }
            let matcher = AnswerMatcher(
                accepted: [answer] + accepted, reject: asked.question.reject, strict: asked.question.strict)
            let verdict = matcher.verdict(for: input)
            defer { lastAnswerRejected = verdict == .rejected }
            switch verdict {
            case .accepted(let form, let slip):
                return .answered(record(asked, outcome: .right, given: input, spelled: slip ? form : nil))
            case .rejected, .wrong:
                return .answered(record(asked, outcome: .wrong, given: input))
            }
        }
        guard let (choice, how) = choiceIndex(for: input, in: asked) else {
            return .notUnderstood(asked.labels.notUnderstood)
        }
        if how == .label, let question = Self.ambiguousLetter(input, picking: choice, in: asked) {
            return .notUnderstood(question)
        }
        let outcome: QuestionOutcome = choice == asked.answerIndex ? .right : .wrong
        let text = asked.choices[choice]
        lastAnswerRejected = AnswerMatcher(accepted: [], reject: asked.question.reject).verdict(for: text) == .rejected
        let byLabel = how == .label && asked.labels.index(picking: input) == choice
        var feedback = record(
            asked, outcome: outcome, given: text, typed: how == .read || how == .slip ? input : nil,
            spelled: how == .slip && outcome == .right ? text : nil,
            readAs: how == .read || how == .slip ? text : nil)
        // Said with the label shown on screen, whichever kind was typed.
        if byLabel, outcome == .wrong {
            feedback.chosen = "\(asked.labels.label(choice) ?? input.lowercased())) \(text)"
        }
        return .answered(feedback)
    }

    /// A letter label that is also how another choice's text ends (`D` with
    /// the choices `Vitamin D` and, as d, `Vitamin K`): the question which
    /// was meant, asked instead of guessing; nil when the letter is plain.
    static func ambiguousLetter(_ input: String, picking choice: Int, in asked: Asked) -> String? {
        let letter = input.trimmed.lowercased()
        guard asked.labels.letters, ChoiceLabels.isLetterLabel(letter), Int(letter) == nil else { return nil }
        let ending = asked.choices.indices.filter { index in
            guard index != choice else { return false }
            let words = AnswerNormalizer.normalize(asked.choices[index]).split(separator: " ")
            return words.count > 1 && words.last.map(String.init) == letter
        }
        guard let other = ending.first, ending.count == 1 else { return nil }
        let picked = "\(letter)) \(asked.choices[choice])"
        if asked.labels.numbers {
            return "\(input.trimmed): \(picked), or \(asked.choices[other])? "
                + "Type \(choice + 1) for \(asked.choices[choice]) or \(other + 1) for \(asked.choices[other])."
        }
        return "\(input.trimmed): \(picked), or \(asked.choices[other])? Type the choice's text."
    }

    /// Counts the last answer, just marked wrong, as right: the player says
    /// it was right (`!`). The result keeps what was given and is marked
    /// `overridden`; nil when the last result is not a wrong answer (none
    /// yet, skipped, right, or already counted).
    @discardableResult
    public mutating func overrideLast() -> QuestionResult? {
        guard let last = results.last, last.outcome == .wrong, !last.overridden else { return nil }
        let counted = last.overriddenAsRight()
        results[results.count - 1] = counted
        return counted
    }

    /// Skips the current question; it counts as wrong.
    @discardableResult
    public mutating func skip() -> Feedback? {
        guard let asked = current else { return nil }
        lastAnswerRejected = false
        return record(asked, outcome: .skipped, given: nil)
    }

    /// How a line picked a choice.
    private enum Pick {
        /// By its number or letter, its text as written (case, accents and
        /// spaces aside), or a true/false word.
        case label, exact
        /// By the matcher's rules (an article, a number in words, punctuation).
        case read
        /// By a close spelling.
        case slip
    }

    private func choiceIndex(for input: String, in asked: Asked) -> (Int, Pick)? {
        let labels = asked.labels
        if let index = labels.index(picking: input) { return (index, .label) }
        let typed = AnswerNormalizer.normalize(input)
        if let index = asked.choices.firstIndex(where: { AnswerNormalizer.normalize($0) == typed }) {
            return (index, .exact)
        }
        if case .trueFalse = asked.question.kind {
            if ["t", "yes", "y", "true"].contains(typed) { return (0, .label) }
            if ["f", "no", "n", "false"].contains(typed) { return (1, .label) }
            return nil
        }
        if asked.question.strict { return nil }
        // The matcher's canonical forms: one choice only, or none; never a
        // text the bank rejects.
        let form = AnswerMatcher.canonical(input)
        if asked.question.reject.contains(where: { AnswerMatcher.canonical($0) == form }) { return nil }
        let same = asked.choices.indices.filter { AnswerMatcher.canonical(asked.choices[$0]) == form }
        if same.count == 1 { return (same[0], .read) }
        if !same.isEmpty { return nil }
        // A close spelling of exactly one choice, and no closer to another.
        return AnswerMatcher.slipChoice(input, among: asked.choices, reject: asked.question.reject).map { ($0, .slip) }
    }

    private mutating func record(
        _ asked: Asked, outcome: QuestionOutcome, given: String?, typed: String? = nil, spelled: String? = nil,
        readAs: String? = nil
    ) -> Feedback {
        results.append(
            QuestionResult(
                prompt: asked.question.prompt, outcome: outcome, given: given, answer: asked.question.answerText,
                typed: typed, identity: QuestionIdentity.of(asked.question, bank: quizID)))
        return Feedback(
            outcome: outcome, correctAnswer: asked.question.answerText, explanation: asked.question.explanation,
            given: given, spelled: spelled, readAs: readAs)
    }

    /// The finished game as a session to record; nil until every question is
    /// answered. `category`, `difficulty` and `source` say how the bank was
    /// chosen and filtered, so the share card can replay the game exactly.
    /// `answerTimes`, one per question in order, are kept in the results
    /// (rounded to tenths of a second) for the review scheduler.
    public func session(
        finishedAt date: Date, duration: TimeInterval, category: String? = nil, difficulty: String? = nil,
        source: String? = nil, answerTimes: [TimeInterval] = []
    ) -> Session? {
        guard isFinished else { return nil }
        return recorded(
            finishedAt: date, duration: duration, category: category, difficulty: difficulty, source: source,
            answerTimes: answerTimes)
    }

    /// The questions answered so far, as a session of that many questions;
    /// nil when none was. A review stopped part way keeps these, so their
    /// schedule moves on and they are not due again at once.
    public func answeredSession(finishedAt date: Date, duration: TimeInterval, answerTimes: [TimeInterval] = [])
        -> Session?
    {
        guard !results.isEmpty else { return nil }
        return recorded(finishedAt: date, duration: duration, answerTimes: Array(answerTimes.prefix(results.count)))
    }

    private func recorded(
        finishedAt date: Date, duration: TimeInterval, category: String? = nil, difficulty: String? = nil,
        source: String? = nil, answerTimes: [TimeInterval]
    ) -> Session {
        let timed =
            answerTimes.count == results.count
            ? zip(results, answerTimes).map { result, time in
                time.isFinite && time >= 0 ? result.timed((time * 10).rounded() / 10) : result
            } : results
        return Session(
            date: date, score: score, total: results.count, quiz: quizID, title: quizTitle, duration: duration,
            seed: Int64(bitPattern: seed), results: timed, category: category, difficulty: difficulty,
            source: source)
    }
}
