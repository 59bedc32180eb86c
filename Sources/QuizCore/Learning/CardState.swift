import Foundation

/// What the scheduler knows of one question: its FSRS memory state and when
/// it is next due. A plain value (no coding of its own): a later step keeps
/// it in the history summary.
///
/// A card starts `new`; its first review, whatever the rating, makes it a
/// `review` card due whole days later, and it stays one: with no relearning
/// steps (see `FSRS`) a lapse reschedules it at once instead of sending it
/// back to a relearning queue. The reference names the new state "Learning"
/// and never reaches its "Relearning" in this configuration.
public struct CardState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Never reviewed: no stability, difficulty or due date yet.
        case new
        /// Reviewed at least once, and scheduled.
        case review
    }

    public var phase: Phase
    /// In days; 0 while new.
    public var stability: Double
    /// From 1 (easy) to 10 (hard); 0 while new.
    public var difficulty: Double
    public var lastReview: Date?
    public var due: Date?
    /// Reviews so far.
    public var reps: Int
    /// Reviews rated Again after the first one: times the player forgot it.
    public var lapses: Int

    /// A new card.
    public init() {
        self.init(phase: .new, stability: 0, difficulty: 0, lastReview: nil, due: nil, reps: 0, lapses: 0)
    }

    public init(
        phase: Phase, stability: Double, difficulty: Double, lastReview: Date?, due: Date?, reps: Int, lapses: Int
    ) {
        self.phase = phase
        self.stability = stability
        self.difficulty = difficulty
        self.lastReview = lastReview
        self.due = due
        self.reps = reps
        self.lapses = lapses
    }

    /// The interval it was last scheduled for, in whole days (what
    /// `ReviewRating` calls the current interval); nil while new.
    public var scheduledDays: Int? {
        guard let lastReview, let due else { return nil }
        let days = (due.timeIntervalSince(lastReview) / CardState.secondsPerDay).rounded()
        // Fields read back from a damaged file must not trap here.
        guard days.isFinite, abs(days) <= Double(Int32.max) else { return nil }
        return Int(days)
    }

    /// Whether it should be asked again at `date`: a new card always is, and
    /// so is one whose due date is not a number (a damaged field loses no question).
    public func isDue(at date: Date) -> Bool {
        guard let due, !due.timeIntervalSinceReferenceDate.isNaN else { return true }
        return due <= date
    }

    /// The chance that the player recalls it at `date`, counting whole days
    /// since the last review as the reference does; 0 while new.
    public func retrievability(at date: Date, using scheduler: FSRS = .standard) -> Double {
        guard phase == .review, let lastReview else { return 0 }
        return scheduler.retrievability(
            stability: stability, elapsedDays: CardState.wholeDays(from: lastReview, to: date))
    }

    /// One review at `date`, as py-fsrs's `Scheduler.review_card` does it with
    /// no learning or relearning steps and no fuzzing: the first review sets
    /// the initial stability and difficulty; a later one less than a whole day
    /// after the last takes the short-term stability, otherwise the stability
    /// after recall or lapse at the current retrievability; the difficulty
    /// moves with the rating; and the card is due `nextInterval` days later
    /// to the second. `elapsedDays`, when given, are the whole days since the
    /// last review as another tool counted them (Anki's days, for an
    /// imported review), instead of periods of 24 hours.
    public mutating func apply(
        review rating: ReviewRating, at date: Date, using scheduler: FSRS = .standard, elapsedDays: Int? = nil
    ) {
        switch phase {
        case .new:
            stability = scheduler.initialStability(rating)
            difficulty = scheduler.initialDifficulty(rating)
        case .review:
            let elapsedDays = elapsedDays ?? lastReview.map { CardState.wholeDays(from: $0, to: date) } ?? 0
            if elapsedDays < 1 {
                stability = scheduler.shortTermStability(stability, rating)
            } else {
                stability = scheduler.nextStability(
                    difficulty: difficulty, stability: stability,
                    retrievability: scheduler.retrievability(stability: stability, elapsedDays: elapsedDays),
                    rating: rating)
            }
            difficulty = scheduler.nextDifficulty(difficulty, rating)
            if rating == .again { lapses += 1 }
        }
        phase = .review
        reps += 1
        lastReview = date
        due = date.addingTimeInterval(Double(scheduler.nextInterval(stability: stability)) * CardState.secondsPerDay)
    }

    static let secondsPerDay: TimeInterval = 86_400

    /// Whole days from one date to another, rounded down as Python's
    /// `timedelta.days` is (so a later date less than a day on gives 0, an
    /// earlier one a negative count).
    static func wholeDays(from start: Date, to end: Date) -> Int {
        let days = (end.timeIntervalSince(start) / secondsPerDay).rounded(.down)
        guard days.isFinite else { return 0 }
        return Int(max(min(days, Double(Int32.max)), Double(Int32.min)))
    }
}
