import Foundation

/// One finished game, as in the classic iOS `Session`: `date` (when it
/// finished) and `score`, plus fields of our own (`Fields`). A session read
/// from a classic archive has only `date` and `score`; what it lacks is nil
/// (shown as unknown). Every field is read as `session.name` (dynamic member
/// lookup into `fields`). Immutable, so it is safe to share across threads.
@dynamicMemberLookup
public final class Session: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    /// Every field of a game. A new field is a property here and its row in
    /// `schema`; the archive, the journal, `NSCoding`, equality, the checksum
    /// and `GameIdentity` follow from them.
    public struct Fields: Hashable, Sendable {
        public var date = Date(timeIntervalSinceReferenceDate: 0)
        public var score = 0
        public var total: Int?
        /// The quiz id (bank file name without `.json`); `Kind.reviewQuizID` for a review.
        public var quiz: String?
        /// The quiz's title when it was played.
        public var title: String?
        /// Seconds from the first question shown to the summary.
        public var duration: TimeInterval?
        /// The seed that dealt the questions: `quiz QUIZ --seed N -n TOTAL` replays it.
        public var seed: Int64?
        /// `--category` as given, for the replay command.
        public var category: String?
        /// `--difficulty` as given, for the replay command.
        public var difficulty: String?
        /// Where a bank that is not bundled came from (its URL, or its file's name).
        public var source: String?
        public var results: [QuestionResult] = []
        /// The daily quiz's number (`DailyQuiz`: #1 is 2026-12-01) when the
        /// game was a daily; nil for every other game.
        public var daily: Int?
        /// A daily that does not count: not the first finished daily of its
        /// own day (a second attempt, or a past day's quiz).
        public var practice = false

        /// A game's classic fields; every other is set as a property.
        public init(date: Date, score: Int) {
            self.date = date
            self.score = score
        }

        init() {}

        /// Why these fields cannot be a game at all, or nil: what cannot be a
        /// date or a duration (NaN, infinite, beyond thousands of years). Odd
        /// values (a negative score, a date in 2100) are kept and shown.
        var absurdity: String? {
            let time = date.timeIntervalSinceReferenceDate
            guard time.isFinite, abs(time) < Session.latestReadable else {
                return "date is \(time) seconds from 2001"
            }
            if let duration, !(abs(duration) <= Session.longestReadable) { return "duration is \(duration)" }
            return nil
        }
    }

    /// The one declaration of how each field is kept, in the order the
    /// archive writes them. Keys and journal places are the file formats:
    /// never change an existing row; a new field is a `.named` row at the end.
    static let schema = FieldSchema<Fields>([
        FieldSpec("date", { $0.date }, { $0.date = $1 }, journal: .fixed),
        FieldSpec("score", { $0.score }, { $0.score = $1 }, journal: .fixed),
        FieldSpec("total", { $0.total }, { $0.total = $1 }, journal: .flagged(1)),
        FieldSpec("quiz", { $0.quiz }, { $0.quiz = $1 }, journal: .flagged(8)),
        FieldSpec("title", { $0.title }, { $0.title = $1 }, journal: .flagged(16)),
        FieldSpec("duration", { $0.duration }, { $0.duration = $1 }, journal: .flagged(2)),
        FieldSpec("seed", { $0.seed }, { $0.seed = $1 }, journal: .flagged(4)),
        FieldSpec("category", { $0.category }, { $0.category = $1 }, journal: .named),
        FieldSpec("difficulty", { $0.difficulty }, { $0.difficulty = $1 }, journal: .named),
        FieldSpec("source", { $0.source }, { $0.source = $1 }, journal: .named),
        FieldSpec("results", { $0.results }, { $0.results = $1 }, journal: .list),
        FieldSpec("daily", { $0.daily }, { $0.daily = $1 }, journal: .named),
        FieldSpec("practice", { $0.practice }, { $0.practice = $1 }, journal: .named),
    ])

    public let fields: Fields

    public subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value { fields[keyPath: path] }

    public init(_ fields: Fields) {
        self.fields = fields
    }

    public convenience init(
        date: Date, score: Int, total: Int? = nil, quiz: String? = nil, title: String? = nil,
        duration: TimeInterval? = nil, seed: Int64? = nil, results: [QuestionResult] = [],
        category: String? = nil, difficulty: String? = nil, source: String? = nil
    ) {
        var fields = Fields(date: date, score: score)
        fields.total = total
        fields.quiz = quiz
        fields.title = title
        fields.duration = duration
        fields.seed = seed
        fields.category = category
        fields.difficulty = difficulty
        fields.source = source
        fields.results = results
        self.init(fields)
    }

    /// What a game was: a quiz's, a review of the questions due, or a daily
    /// quiz. A review is recorded, as it always was, under the quiz id
    /// `Kind.reviewQuizID`; a daily has its number in `daily` and no quiz id.
    public enum Kind: Sendable, Equatable {
        case quiz, review, daily

        /// The quiz id a review is recorded under; no bank may have it.
        public static let reviewQuizID = "review"

        /// The kind of a game of quiz id `quiz` that is not a daily.
        public init(quiz: String?) {
            self = quiz == Self.reviewQuizID ? .review : .quiz
        }
    }

    public var kind: Kind { fields.daily != nil ? .daily : Kind(quiz: fields.quiz) }

    /// Score as a fraction of the total, when the total is known and not zero,
    /// and the fraction can be shown as a percentage (an odd score a million
    /// times its total, say, read from a damaged or hand-made archive, has none).
    public var fraction: Double? {
        guard let total = fields.total, total > 0 else { return nil }
        let fraction = Double(fields.score) / Double(total)
        return abs(fraction) <= Self.largestFraction ? fraction : nil
    }

    /// Beyond this, a score's fraction of its total is shown as unknown.
    public static let largestFraction = 1e6

    /// Durations beyond this many seconds (about 300 years) cannot be a game's.
    static let longestReadable = 1e10

    /// Dates beyond this many seconds from 2001 (about the year 5000) cannot
    /// be shown as a date at all; odd but possible ones (2100) are kept.
    static let latestReadable = 1e11

    /// The same game with other results (none: `[]`).
    func with(results: [QuestionResult]) -> Session {
        var fields = fields
        fields.results = results
        return Session(fields)
    }

    public func encode(with coder: NSCoder) {
        SchemaCoding.encode(fields, Self.schema, with: coder)
    }

    public init?(coder: NSCoder) {
        guard let fields = SchemaCoding.decode(Fields(), Self.schema, from: coder) else { return nil }
        self.fields = fields
    }

    /// Equal when every field is equal; used to merge histories written by
    /// two processes without keeping a game twice.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Session else { return false }
        return fields == other.fields
    }

    /// Over the fields but the results (equal sessions have equal results).
    public override var hash: Int {
        var hasher = Hasher()
        for spec in Self.schema where spec.kind != .results { hasher.combine(spec.get(fields)) }
        return hasher.finalize()
    }
}
