import Foundation

/// What a game just finished achieved, for the end-of-game summary: a new
/// best for its quiz, a longer daily streak. `history` is every session
/// recorded before the game (a copy of the new session in it is ignored).
public enum Milestones {
    /// How a game compares with the earlier games of the same quiz.
    public enum PersonalBest: Sendable, Equatable {
        /// No earlier game of this quiz: a first score, not a record.
        case firstGame
        /// A strictly higher percentage than every earlier game of this quiz;
        /// `previous` is the earlier best (nil when no earlier score is known).
        case newBest(previous: Session?)
        /// Equal to or below an earlier game, or its own score is unknown.
        case notBest
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

    /// Whether `session` is a new best for its quiz (sessions without a quiz
    /// id compare with each other), comparing fractions exactly.
    public static func personalBest(of session: Session, history: [Session]) -> PersonalBest {
        let earlier = history.filter { $0.quiz == session.quiz && $0 !== session && !$0.isEqual(session) }
        if earlier.isEmpty { return .firstGame }
        guard session.fraction != nil else { return .notBest }
        let scored = earlier.filter { $0.fraction != nil }
        let best = scored.reduce(nil as Session?) { best, game in
            guard let best else { return game }
            return QuizStatistics.isBetter(game, than: best) ? game : best
        }
        guard let best else { return .newBest(previous: nil) }
        return QuizStatistics.hasHigherFraction(session, than: best) ? .newBest(previous: best) : .notBest
    }

    /// The daily streak at the end of `session`, without and with it.
    public static func streakProgress(of session: Session, history: [Session], timeZone: TimeZone)
        -> StreakProgress
    {
        let earlier = history.filter { $0 !== session && !$0.isEqual(session) }
        let calendar = CalendarDay.calendar(in: timeZone)
        let day = CalendarDay(session.date, in: calendar)
        let days = Set(earlier.map { CalendarDay($0.date, in: calendar) })
        return StreakProgress(
            before: DailyStreaks(days: days, today: day).current,
            after: DailyStreaks(days: days.union([day]), today: day).current,
            isFirstGameOfDay: !days.contains(day))
    }
}
