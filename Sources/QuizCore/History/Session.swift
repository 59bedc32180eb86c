import Foundation

/// One finished game, as in the classic iOS `Session`: `date` (when it
/// finished) and `score`, plus our own `total`, `quiz`, `title`, `duration`,
/// `seed`, per-question `results`, and optional `texts` (`TextField`: how
/// the questions were chosen, absent when not used). A session read from a classic archive
/// has only `date` and `score`; what it lacks is nil (shown as unknown).
/// Immutable, so it is safe to share across threads.
public final class Session: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    public let date: Date
    public let score: Int
    public let total: Int?
    /// The quiz id (bank file name without `.json`).
    public let quiz: String?
    /// The quiz's title when it was played.
    public let title: String?
    /// Seconds from the first question shown to the summary.
    public let duration: TimeInterval?
    /// The seed that dealt the questions: `quiz QUIZ --seed N -n TOTAL` replays it.
    public let seed: Int64?
    public let results: [QuestionResult]
    /// The optional texts of our own, by field (`TextField`).
    public let texts: [TextField: String]

    /// The optional text fields a game may carry beyond the classic ones, each
    /// under its key in the archive and the journal. This list is the one
    /// place the archive (`KeyedArchive`), the journal (`SessionRecordCodec`),
    /// `NSCoding` and equality learn of them: a new text field is a case here
    /// (at the end: the order is the order written and checksummed), an
    /// accessor below if callers want one, and whoever sets it.
    public enum TextField: String, CaseIterable, Sendable {
        /// `--category` as given, for the replay command.
        case category
        /// `--difficulty` as given, for the replay command.
        case difficulty
        /// Where a bank that is not bundled came from (its URL, or its file's name).
        case source
    }

    public var category: String? { texts[.category] }
    public var difficulty: String? { texts[.difficulty] }
    public var source: String? { texts[.source] }

    public init(
        date: Date, score: Int, total: Int? = nil, quiz: String? = nil, title: String? = nil,
        duration: TimeInterval? = nil, seed: Int64? = nil, results: [QuestionResult] = [],
        category: String? = nil, difficulty: String? = nil, source: String? = nil, texts: [TextField: String] = [:]
    ) {
        self.date = date
        self.score = score
        self.total = total
        self.quiz = quiz
        self.title = title
        self.duration = duration
        self.seed = seed
        self.results = results
        var texts = texts
        texts[.category] = category ?? texts[.category]
        texts[.difficulty] = difficulty ?? texts[.difficulty]
        texts[.source] = source ?? texts[.source]
        self.texts = texts
    }

    /// Score as a fraction of the total, when the total is known and not zero,
    /// and the fraction can be shown as a percentage (an odd score a million
    /// times its total, say, read from a damaged or hand-made archive, has none).
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        let fraction = Double(score) / Double(total)
        return abs(fraction) <= Self.largestFraction ? fraction : nil
    }

    /// Beyond this, a score's fraction of its total is shown as unknown.
    public static let largestFraction = 1e6

    public func encode(with coder: NSCoder) {
        coder.encode(date as NSDate, forKey: "date")
        coder.encode(score, forKey: "score")
        if let total { coder.encode(total, forKey: "total") }
        if let quiz { coder.encode(quiz as NSString, forKey: "quiz") }
        if let title { coder.encode(title as NSString, forKey: "title") }
        if let duration { coder.encode(duration, forKey: "duration") }
        if let seed { coder.encode(seed, forKey: "seed") }
        if !results.isEmpty { coder.encode(results as NSArray, forKey: "results") }
        for field in TextField.allCases {
            if let text = texts[field] { coder.encode(text as NSString, forKey: field.rawValue) }
        }
    }

    public init?(coder: NSCoder) {
        guard let date = coder.decodeObject(of: NSDate.self, forKey: "date") else { return nil }
        self.date = date as Date
        score = coder.decodeInteger(forKey: "score")
        total = coder.containsValue(forKey: "total") ? coder.decodeInteger(forKey: "total") : nil
        // Foundation on Linux fails (and by default traps) on an absent key,
        // so every optional key is checked with containsValue first.
        quiz =
            coder.containsValue(forKey: "quiz") ? coder.decodeObject(of: NSString.self, forKey: "quiz") as String? : nil
        title =
            coder.containsValue(forKey: "title")
            ? coder.decodeObject(of: NSString.self, forKey: "title") as String? : nil
        duration = coder.containsValue(forKey: "duration") ? coder.decodeDouble(forKey: "duration") : nil
        seed = coder.containsValue(forKey: "seed") ? coder.decodeInt64(forKey: "seed") : nil
        let list =
            coder.containsValue(forKey: "results")
            ? coder.decodeObject(of: [NSArray.self, QuestionResult.self], forKey: "results") as? [QuestionResult] : nil
        results = list ?? []
        var texts: [TextField: String] = [:]
        for field in TextField.allCases where coder.containsValue(forKey: field.rawValue) {
            texts[field] = coder.decodeObject(of: NSString.self, forKey: field.rawValue) as String?
        }
        self.texts = texts
    }

    /// Equal when every archived field is equal; used to merge histories
    /// written by two processes without keeping a game twice.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Session else { return false }
        return date == other.date && score == other.score && total == other.total && quiz == other.quiz
            && title == other.title && duration == other.duration && seed == other.seed && results == other.results
            && texts == other.texts
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(date)
        hasher.combine(score)
        hasher.combine(quiz)
        hasher.combine(seed)
        return hasher.finalize()
    }
}
