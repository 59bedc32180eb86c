import Foundation

/// What a game just finished achieved, for the end-of-game summary: how it
/// stands against its quiz's best, and the daily streak with it. Worked out
/// once, by `MilestoneBaseline.milestones(of:)`; the program only prints it.
public struct Milestones: Sendable, Equatable {
    /// How a game compares with the best earlier game of the same quiz
    /// (games without a quiz id compare with each other).
    public enum Standing: Sendable, Equatable {
        /// No earlier game of this quiz: a first score, not a record.
        case firstGame
        /// Better than the quiz's best by the one rule of a best game
        /// (`QuizStatistics.isBetter`: a higher fraction, or the same fraction
        /// with a higher score); `previous` is that best (nil when no earlier
        /// game of the quiz has a known fraction).
        case newBest(previous: MilestoneBaseline.Best?)
        /// The best's score of the best's total (neither better nor worse).
        case equalsBest
        /// Below the best, or its own fraction is unknown.
        case belowBest(MilestoneBaseline.Best)
        /// Nothing to compare with: a review, or a game whose fraction is
        /// unknown after games whose fractions are unknown too.
        case unranked
    }

    /// The daily streak before and after a game, in one time zone.
    public struct StreakProgress: Sendable, Equatable {
        /// The current streak at the game's end, without it.
        public let before: Int
        /// The current streak at the game's end, with it.
        public let after: Int
        /// No earlier game ended on the same day.
        public let isFirstGameOfDay: Bool

        /// The game made the streak longer: the first game of its day, and
        /// the streak with it is longer than without (0 to 1 included).
        public var extended: Bool { isFirstGameOfDay && after > before }
    }

    public let standing: Standing
    public let streak: StreakProgress

    /// The daily streak worth announcing: the game extended it to two days or more.
    public var streakToAnnounce: Int? {
        streak.extended && streak.after >= 2 ? streak.after : nil
    }
}
