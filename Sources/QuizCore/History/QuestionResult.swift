import Foundation

/// How one question of a game went.
public enum QuestionOutcome: String, Sendable, Codable {
    case right, wrong, skipped
}

/// One question's result inside a `Session`: what was asked, what the player
/// gave, the right answer, and fields of our own (`Fields`). Every field is
/// read as `result.name` (dynamic member lookup into `fields`).
@dynamicMemberLookup
public final class QuestionResult: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    /// Every field of a result. A new field is a property here and its row in
    /// `schema`; the archive, the journal, `NSCoding`, equality and the
    /// checksum follow from them.
    public struct Fields: Hashable, Sendable {
        public var prompt = ""
        public var outcome = QuestionOutcome.wrong
        /// The player's answer; nil when skipped.
        public var given: String?
        /// The right answer.
        public var answer = ""
        /// What the player typed, when it differs from `given` other than by a
        /// label (`2`, `b`): a slip accepted (`Havanna` given as `Havana`).
        public var typed: String?
        /// Marked wrong, then counted right by the player (`!`); `outcome` is then `right`.
        public var overridden = false
        /// The question's `QuestionIdentity`; nil in results recorded before it
        /// was (such a result is matched to its question by its prompt).
        public var identity: String?
        /// Seconds from the question shown to its answer; nil when not measured.
        public var seconds: TimeInterval?
        /// The FSRS rating (1 Again to 4 Easy) the player chose in the tool
        /// the answer was imported from (Anki's button); nil for quiz's own
        /// answers, which `ReviewRating` rates from the outcome and time.
        public var grade: Int?
        /// When this answer was given, when that is not the game's date (an
        /// imported day of reviews, each at its own time); nil for quiz's own.
        public var answered: Date?
        /// Seconds from this answer to when the tool it was imported from
        /// asked it again (Anki's interval: fuzzed, balanced, or a learning
        /// step of minutes); nil for quiz's own, which FSRS's interval sets.
        public var scheduled: TimeInterval?
        /// Whole days since the question's previous answer as the tool it
        /// was imported from counted them (Anki's days, which begin at 04:00):
        /// FSRS's days elapsed for this review; nil for quiz's own answers
        /// (and an imported first answer), counted in periods of 24 hours.
        public var days: Int?

        /// A result's classic fields; every other is set as a property.
        public init(prompt: String, outcome: QuestionOutcome, given: String?, answer: String) {
            self.prompt = prompt
            self.outcome = outcome
            self.given = given
            self.answer = answer
        }

        init() {}
    }

    /// The one declaration of how each field is kept, in the order the
    /// archive writes them. Keys and journal places are the file formats:
    /// never change an existing row; a new field is a `.named` row at the end.
    static let schema = FieldSchema<Fields>([
        FieldSpec("prompt", { $0.prompt }, { $0.prompt = $1 }, journal: .fixed),
        FieldSpec("outcome", { $0.outcome }, { $0.outcome = $1 }, journal: .tag),
        FieldSpec("answer", { $0.answer }, { $0.answer = $1 }, journal: .fixed),
        FieldSpec("given", { $0.given }, { $0.given = $1 }, journal: .flagged(0x80)),
        FieldSpec("typed", { $0.typed }, { $0.typed = $1 }, journal: .named),
        FieldSpec("overridden", { $0.overridden }, { $0.overridden = $1 }, journal: .named),
        FieldSpec("question", { $0.identity }, { $0.identity = $1 }, journal: .named),
        FieldSpec("seconds", { $0.seconds }, { $0.seconds = $1 }, journal: .named),
        FieldSpec("grade", { $0.grade }, { $0.grade = $1 }, journal: .named),
        FieldSpec("answered", { $0.answered }, { $0.answered = $1 }, journal: .named),
        FieldSpec("scheduled", { $0.scheduled }, { $0.scheduled = $1 }, journal: .named),
        FieldSpec("days", { $0.days }, { $0.days = $1 }, journal: .named),
    ])

    public let fields: Fields

    public subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value { fields[keyPath: path] }

    public init(_ fields: Fields) {
        self.fields = fields
    }

    public convenience init(
        prompt: String, outcome: QuestionOutcome, given: String?, answer: String, typed: String? = nil,
        overridden: Bool = false, identity: String? = nil, seconds: TimeInterval? = nil
    ) {
        var fields = Fields(prompt: prompt, outcome: outcome, given: given, answer: answer)
        fields.typed = typed
        fields.overridden = overridden
        fields.identity = identity
        fields.seconds = seconds
        self.init(fields)
    }

    /// The same result with how long it took.
    public func timed(_ seconds: TimeInterval) -> QuestionResult {
        var fields = fields
        fields.seconds = seconds
        return QuestionResult(fields)
    }

    /// The same result counted right by the player.
    public func overriddenAsRight() -> QuestionResult {
        var fields = fields
        fields.outcome = .right
        fields.overridden = true
        return QuestionResult(fields)
    }

    public func encode(with coder: NSCoder) {
        SchemaCoding.encode(fields, Self.schema, with: coder)
    }

    public init?(coder: NSCoder) {
        guard let fields = SchemaCoding.decode(Fields(), Self.schema, from: coder) else { return nil }
        self.fields = fields
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? QuestionResult else { return false }
        return fields == other.fields
    }

    /// Over every field: Foundation's archiver keeps visited objects in a set
    /// by `hash`, and a hash shared by many results made it quadratic.
    public override var hash: Int { fields.hashValue }
}
