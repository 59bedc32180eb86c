import Foundation

/// How well a review went, in FSRS's four grades (the raw values are the
/// reference's `Rating`). The player never grades by hand:
/// `ReviewRating(outcome:duration:medianDuration:currentInterval:)` decides.
public enum ReviewRating: Int, Sendable, CaseIterable, Comparable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4

    /// A right answer counts as Hard when it took more than this many times
    /// the player's median for the question kind.
    public static let slowFactor = 1.5
    /// A question is mature once its current interval is this many days or more.
    public static let matureInterval = 21

    /// The rule:
    /// - wrong or skipped: Again;
    /// - right, and slower than `slowFactor` × the player's median time for
    ///   this kind of question: Hard;
    /// - right, no slower than that median, and the question already mature
    ///   (current interval of `matureInterval` days or more): Easy;
    /// - any other right answer: Good.
    ///
    /// `medianDuration` is nil while the player has no median for the kind
    /// (and a median or duration that is not a positive, finite number of
    /// seconds counts as unknown): the answer is then Good, never Hard or Easy.
    /// `currentInterval` is the card's interval in days before this review,
    /// nil for a question never reviewed.
    public init(
        outcome: QuestionOutcome, duration: TimeInterval, medianDuration: TimeInterval?, currentInterval: Int?
    ) {
        guard outcome == .right else {
            self = .again
            return
        }
        guard let median = medianDuration, median.isFinite, median > 0, duration.isFinite, duration >= 0 else {
            self = .good
            return
        }
        if duration > median * ReviewRating.slowFactor {
            self = .hard
        } else if duration <= median, let interval = currentInterval, interval >= ReviewRating.matureInterval {
            self = .easy
        } else {
            self = .good
        }
    }

    public static func < (lhs: ReviewRating, rhs: ReviewRating) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
