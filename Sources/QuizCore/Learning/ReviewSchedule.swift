import Foundation

/// Every question the player has met, with its FSRS card, derived from the
/// history: each answer of every game (a review or not) is a review of its
/// question, rated by `ReviewRating` (wrong or skipped: Again; right: Good,
/// Hard when slower than 1.5 × the player's median for the question kind,
/// Easy when no slower than that median and the question already mature).
/// The median is over the player's last `timeWindow` right answers of the
/// kind. Games are applied in their `Order` (by date, ties by the game's
/// fields), not in the order one machine recorded them, so the schedule is a
/// function of the set of games: every machine of a synced folder holds the
/// same one. A game's answers are all reviews at the game's date.
///
/// It also counts, per UTC day, the reviews of questions that were due and
/// how many of them were right (`dueDays`), for the stats' true retention:
/// the days from `keptDays` − 1 before the latest such review's day to it,
/// whatever order the games came in, so a schedule kept and updated game by
/// game holds the same counts as one built from the whole history.
public struct ReviewSchedule: Sendable, Equatable {
    /// One question's card and what to show of it.
    /// Where a game goes among the others: by its date to the full bits, then
    /// by a CRC-32 of its fields as the journal encodes them (its
    /// `GameIdentity`), so two machines sort the same games the same way.
    /// Games alike in both (none seen) keep the order given.
    public struct Order: Sendable, Comparable, Hashable {
        public var seconds: Double
        public var fields: UInt32

        public init(seconds: Double, fields: UInt32) {
            self.seconds = seconds
            self.fields = fields
        }

        public init(_ session: Session) {
            var scratch: [UInt8] = []
            self.init(session, scratch: &scratch)
        }

        /// With a buffer kept from one game to the next.
        public init(_ session: Session, scratch: inout [UInt8]) {
            let seconds = session.date.timeIntervalSinceReferenceDate
            // A game whose date is not finite is no review (`apply`): first, where it changes nothing.
            self.seconds = seconds.isFinite ? seconds : -.greatestFiniteMagnitude
            fields = SessionRecordCodec.fieldsChecksum(session.fields, scratch: &scratch)
        }

        public static func < (lhs: Order, rhs: Order) -> Bool {
            lhs.seconds != rhs.seconds ? lhs.seconds < rhs.seconds : lhs.fields < rhs.fields
        }
    }

    public struct Card: Sendable, Equatable {
        public var stability: Double
        public var difficulty: Double
        public var lastReview: Date
        public var due: Date
        public var reps: Int
        public var lapses: Int
        /// The first time it was met.
        public var firstSeen: Date
        /// The bank it was last played from (for `review QUIZ`) and its prompt then.
        public var quiz: String
        public var prompt: String

        public var state: CardState {
            CardState(
                phase: .review, stability: stability, difficulty: difficulty, lastReview: lastReview, due: due,
                reps: reps, lapses: lapses)
        }

        /// Mature: last scheduled for `ReviewRating.matureInterval` days or more.
        public var isMature: Bool { (state.scheduledDays ?? 0) >= ReviewRating.matureInterval }
    }

    /// One review as it was applied, for the review log.
    public struct Review: Sendable {
        public var identity: String
        public var date: Date
        public var rating: ReviewRating
        /// The card was new before it (the optimizer's state 0), else a review (2).
        public var wasNew: Bool
        /// It was due (or new) when answered.
        public var wasDue: Bool
        public var outcome: QuestionOutcome
        public var seconds: TimeInterval?
    }

    /// Reviews of due questions on one UTC day, and how many were right.
    public struct DayCount: Sendable, Equatable {
        public var due = 0
        public var right = 0

        public init(due: Int = 0, right: Int = 0) {
            self.due = due
            self.right = right
        }
    }

    /// Right answers kept per question kind for the median.
    public static let timeWindow = 101

    /// UTC days of due reviews kept: twice the stats' 30, so the figure is
    /// still whole with a clock set back up to 30 days from the latest review.
    public static let keptDays = 2 * ReviewProgress.retentionDays

    public private(set) var cards: [String: Card] = [:]
    /// The times of the latest right answers, per question kind.
    public private(set) var recentTimes: [String: [Double]] = [:]
    /// Games applied.
    public private(set) var games = 0
    /// Reviews of due questions (first meetings left out) per UTC day (days
    /// since 2001-01-01, `day(of:)`), the latest `keptDays` days only.
    public private(set) var dueDays: [Int: DayCount] = [:]
    /// The latest key of `dueDays` (kept, not searched for at every review).
    private var latestDueDay: Int?
    /// Each fingerprint identity whose answers were counted for a question
    /// with an `"id"` (`QuestionIndex.resolved`) → that question's identity.
    /// Only the banks as they were then say so, not the history: a schedule
    /// whose aliases the banks no longer have (a prompt edited since) is made
    /// again (`QuestionIndex.keeps`), so that one kept is always the one a
    /// rebuild would make.
    public private(set) var aliased: [String: String] = [:]
    /// The `Order` of the latest game applied: a game that goes before it
    /// cannot be added to this schedule, which is built again instead.
    public private(set) var latest: Order?

    public init() {}

    /// A schedule read back from its file.
    init(
        cards: [String: Card], recentTimes: [String: [Double]], games: Int, dueDays: [Int: DayCount],
        aliased: [String: String] = [:], latest: Order? = nil
    ) {
        self.latest = latest
        self.cards = cards
        self.recentTimes = recentTimes
        self.games = games
        self.dueDays = dueDays
        self.aliased = aliased
        latestDueDay = dueDays.keys.max()
    }

    /// The UTC day of `date`: whole days since 2001-01-01 (Foundation's
    /// reference date), rounded down; dates too far to count clamp.
    public static func day(of date: Date) -> Int {
        let days = (date.timeIntervalSinceReferenceDate / CardState.secondsPerDay).rounded(.down)
        guard days.isFinite else { return 0 }
        return Int(max(min(days, Double(Int32.max)), Double(Int32.min)))
    }

    /// Counts one review of a due question on `day`: kept when within
    /// `keptDays` of the latest day counted, older days dropped.
    mutating func countDue(on day: Int, right: Bool) {
        let latest = latestDueDay ?? day
        guard day > latest - Self.keptDays else { return }
        dueDays[day, default: DayCount()].due += 1
        if right { dueDays[day, default: DayCount()].right += 1 }
        if day > latest { dueDays = dueDays.filter { $0.key > day - Self.keptDays } }
        latestDueDay = max(latest, day)
    }

    /// The schedule of a whole history, its games applied in their `Order`.
    public init(
        sessions: [Session], index: QuestionIndex, scheduler: FSRS = .standard, log: ((Review) -> Void)? = nil
    ) {
        for position in Self.ordered(sessions) {
            apply(sessions[position], index: index, scheduler: scheduler, log: log)
        }
    }

    /// The positions of `sessions` in the order they are applied (`Order`,
    /// then their positions).
    public static func ordered(_ sessions: [Session]) -> [Int] {
        var scratch: [UInt8] = []
        let orders = sessions.map { Order($0, scratch: &scratch) }
        return sessions.indices.sorted { orders[$0] != orders[$1] ? orders[$0] < orders[$1] : $0 < $1 }
    }

    /// Whether `session` may be applied after the games applied so far: it
    /// goes after the latest of them (`Order`).
    public func follows(_ session: Session) -> Bool {
        latest.map { $0 < Order(session) } ?? true
    }

    /// Counts one game's answers as reviews of their questions. Applied
    /// after games that go after it (`follows`), it makes a schedule other
    /// than the whole history's: the derived file is built again then.
    public mutating func apply(
        _ session: Session, index: QuestionIndex, scheduler: FSRS = .standard, log: ((Review) -> Void)? = nil
    ) {
        games += 1
        let order = Order(session)
        latest = latest.map { max($0, order) } ?? order
        guard session.date.timeIntervalSinceReferenceDate.isFinite else { return }
        let gameDate = Self.reviewTime(session.date)
        for result in session.results {
            let (identity, through) = index.resolved(result, quiz: session.quiz)
            if let through { aliased[through] = identity }
            let kind = index.kind(of: identity)
            let existing = cards[identity]
            // An imported review with no days since a last one is the first
            // Anki's FSRS reads for its card (after a "Forget", or the first
            // of its last learning steps: `AnkiReviewImport.scheduling`): the
            // card begins anew there, as its memory state in Anki does, even
            // where an earlier export brought reviews from before it.
            let beginsAnew = result.grade != nil && result.answered != nil && result.days == nil
            var state = beginsAnew ? CardState() : existing?.state ?? CardState()
            let times = recentTimes[kind] ?? []
            // An imported answer brings its own time, grade and due time.
            let date = result.answered.map(Self.reviewTime) ?? gameDate
            let rating =
                result.grade.flatMap(ReviewRating.init(rawValue:))
                ?? ReviewRating(
                    outcome: result.outcome, duration: result.seconds ?? .nan, medianDuration: Self.median(times),
                    currentInterval: state.scheduledDays)
            let wasDue = state.isDue(at: date)
            state.apply(review: rating, at: date, using: scheduler, elapsedDays: result.days)
            if let scheduled = result.scheduled, scheduled.isFinite, scheduled > 0 {
                state.due = date.addingTimeInterval(scheduled)
            }
            let quiz =
                session.kind != .quiz
                ? (existing?.quiz ?? index.entries[identity]?.bank ?? QuestionIdentity.bank(of: identity).map(
                    String.init)
                    ?? "") : (session.quiz ?? "")
            cards[identity] = Card(
                stability: state.stability, difficulty: state.difficulty, lastReview: date, due: state.due ?? date,
                reps: state.reps, lapses: state.lapses, firstSeen: existing?.firstSeen ?? date, quiz: quiz,
                prompt: result.prompt)
            if result.outcome == .right, let seconds = result.seconds, seconds.isFinite, seconds >= 0 {
                var kept = times
                kept.append(seconds)
                if kept.count > Self.timeWindow { kept.removeFirst(kept.count - Self.timeWindow) }
                recentTimes[kind] = kept
            }
            if existing != nil && wasDue { countDue(on: Self.day(of: date), right: result.outcome == .right) }
            log?(
                Review(
                    identity: identity, date: date, rating: rating, wasNew: existing == nil, wasDue: wasDue,
                    outcome: result.outcome, seconds: result.seconds))
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The questions due at `date`, most overdue first (then by identity, so
    /// the order is the same every time), `count` at most, of `quiz` only
    /// when given: each card with its question's place as `entry` finds it
    /// (nil when no bank has it now, and the card is kept, unasked). A
    /// question is due from the start of its due minute
    /// (`dueMinute`), the time shown. `entry` may throw to give up (the
    /// quick review, when it cannot read a bank). The one due filter: the
    /// reviews, the due counts and the quick review all go through it.
    public func due<Failure: Error>(
        at date: Date, quiz: String? = nil, count: Int = .max,
        entry: (_ identity: String, _ card: Card) throws(Failure) -> QuestionIndex.Entry?
    ) throws(Failure) -> [Due] {
        let candidates = cards.filter { Self.dueMinute($0.value.due) <= date }
            .sorted { $0.value.due != $1.value.due ? $0.value.due < $1.value.due : $0.key < $1.key }
        var found: [Due] = []
        for (identity, card) in candidates where found.count < count {
            guard let entry = try entry(identity, card), quiz == nil || entry.bank == quiz else { continue }
            found.append((identity, card, entry))
        }
        return found
    }

    /// A question due: its identity, its card, and where a bank has it (the
    /// question itself is made only when asked for: counting what is due
    /// needs none of them).
    public typealias Due = (identity: String, card: Card, entry: QuestionIndex.Entry)

    /// The questions due at `date` that a bank in `index` still has (`due(at:quiz:count:entry:)`).
    public func due(at date: Date, index: QuestionIndex, quiz: String? = nil, count: Int = .max) -> [Due] {
        due(at: date, quiz: quiz, count: count) { identity, _ in index.entries[identity] }
    }

    /// Questions due at `date` whose bank, the one each was last played
    /// from, is not in `index` (a bank file played once, not loaded now);
    /// of `quiz` only when given.
    public func dueNotLoaded(at date: Date, index: QuestionIndex, quiz: String? = nil) -> Int {
        cards.count { identity, card in
            Self.dueMinute(card.due) <= date && index.entries[identity] == nil && !index.bankIDs.contains(card.quiz)
                && (quiz == nil || card.quiz == quiz)
        }
    }

    /// The earliest due minute after `date` among questions a bank still has
    /// (of `quiz` only when given).
    public func nextDue(after date: Date, index: QuestionIndex, quiz: String? = nil) -> Date? {
        cards.compactMap { identity, card -> Date? in
            let minute = Self.dueMinute(card.due)
            guard minute > date, let entry = index.entries[identity], quiz == nil || entry.bank == quiz else {
                return nil
            }
            return minute
        }
        .min()
    }

    /// When a game's answers are reviewed: its date rounded down to the
    /// second. The date carries the microseconds the game took to record
    /// (`QUIZ_NOW` runs on from its moment), and FSRS counts whole days
    /// between reviews: games set exactly three days apart were 2.99999 days
    /// apart, or 3.00001, and so scheduled two ways; the review log, in whole
    /// milliseconds, could not say which. To the second, the same games are
    /// scheduled the same way, and the log replays exactly.
    public static func reviewTime(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    }

    /// A due time rounded up to its minute: due times carry seconds (a
    /// review's, `reviewTime`, plus whole days), and a question shown as due
    /// at 09:02 is due from 09:02:00. Up, never down: a question offered
    /// before its due time (by the seconds rounding down gave) was reviewed
    /// less than its interval after the last time,
    /// which FSRS counts in whole days, so a review a day later counted as
    /// one the same day (the adversary's 23-hour interval after a right answer).
    public static func dueMinute(_ date: Date) -> Date {
        let minutes = (date.timeIntervalSinceReferenceDate / 60).rounded(.up)
        guard minutes.isFinite else { return date }
        return Date(timeIntervalSinceReferenceDate: minutes * 60)
    }

    /// The start of the minute `date` is in (now, as waits are counted from it).
    public static func minute(of date: Date) -> Date {
        let minutes = (date.timeIntervalSinceReferenceDate / 60).rounded(.down)
        guard minutes.isFinite else { return date }
        return Date(timeIntervalSinceReferenceDate: minutes * 60)
    }

    /// Questions first met on the day of `date` in `timeZone`.
    /// Local days as `--stats` counts them (`StatisticsTally.OffsetCache`:
    /// the zone's offset asked once an hour of dates), not with `Calendar`,
    /// whose first use asks ICU for the system's zone (about 3% of the menu).
    /// Only a card first seen within two days of `date` can share its local
    /// day (no local day lasts 26 hours), so only those are asked.
    /// Of `quiz` only (the bank a card was last played from) when given.
    public func newToday(at date: Date, timeZone: TimeZone, quiz: String? = nil) -> Int {
        var days = StatisticsTally.OffsetCache(timeZone: timeZone)
        let today = days.day(of: date)
        return cards.values.count {
            (quiz == nil || $0.quiz == quiz) && Self.isNew(firstSeen: $0.firstSeen, today: today, at: date, days: &days)
        }
    }

    /// A card first met at `firstSeen` was first met on the local day `today`
    /// (of `date`, numbered by `days`).
    static func isNew(firstSeen: Date, today: Int, at date: Date, days: inout StatisticsTally.OffsetCache) -> Bool {
        abs(firstSeen.timeIntervalSince(date)) < 2 * 86_400 && days.day(of: firstSeen) == today
    }
}
