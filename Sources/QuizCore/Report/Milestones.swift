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
        /// A strictly higher fraction than the quiz's best; `previous` is that
        /// best (nil when no earlier game of the quiz has a known fraction).
        case newBest(previous: MilestoneBaseline.Best?)
        /// Exactly the best's fraction (2/3 equals 4/6).
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

    // MARK: With the earlier games at hand as sessions

    /// How a game compares with the earlier games of the same quiz, as
    /// `personalBest(of:history:)` says it.
    public enum PersonalBest: Sendable, Equatable {
        /// No earlier game of this quiz.
        case firstGame
        /// A strictly higher fraction than the quiz's best; `previous` is that
        /// earlier game (nil when no earlier score is known).
        case newBest(previous: Session?)
        /// Equal to or below an earlier game, or its own score is unknown.
        case notBest
    }

    /// Whether `session` is a new best for its quiz among `history` (a copy
    /// of `session` in it is ignored): `MilestoneBaseline`'s standing, with
    /// the earlier best as the session it is.
    public static func personalBest(of session: Session, history: [Session]) -> PersonalBest {
        let earlier = history.filter { $0 !== session && !$0.isEqual(session) }
        switch MilestoneBaseline(sessions: earlier, timeZone: .gmt).standing(of: session) {
        case .firstGame: return .firstGame
        case .newBest(let best):
            let previous = best.flatMap { best in
                earlier.first { game in
                    MilestoneBaseline.key(game.quiz) == MilestoneBaseline.key(session.quiz) && game.date == best.date
                        && game.score == best.score
                        && game.total == best.total
                }
            }
            return .newBest(previous: previous)
        case .equalsBest, .belowBest, .unranked: return .notBest
        }
    }

    /// The daily streak at the end of `session`, without and with it, among
    /// `history` (a copy of `session` in it is ignored).
    public static func streakProgress(of session: Session, history: [Session], timeZone: TimeZone)
        -> StreakProgress
    {
        let earlier = history.filter { $0 !== session && !$0.isEqual(session) }
        return MilestoneBaseline(sessions: earlier, timeZone: timeZone).streakProgress(of: session)
    }
}
