import Foundation

/// Every figure of the stats screen, computed once from the history: totals,
/// daily streaks, per-quiz figures, the 12-week heatmap and the questions
/// missed most. Pure: the caller passes `now` and the time zone; nothing here
/// reads the clock or the machine's time zone.
public struct Statistics: Sendable {
    /// What stands for sessions recorded without a quiz id.
    public static let unknownQuizTitle = "unknown quiz"

    public let games: Int
    /// Sum of the known durations, in seconds.
    public let totalDuration: TimeInterval
    /// How many games have a known duration.
    public let timedGames: Int
    /// Mean of the games' fractions, over games with a known total.
    public let averageFraction: Double?
    public let streaks: DailyStreaks
    /// One entry per quiz id: most games first, then by title; "unknown" last.
    public let quizzes: [QuizStatistics]
    public let heatmap: CalendarHeatmap
    public let mostMissed: [MissedQuestion]
    /// Whether any session recorded per-question results (classic ones did not).
    public let hasQuestionResults: Bool

    /// `sessions` in the order they were recorded, as stored ("last" is the
    /// last recorded, whatever its date); `titles` names quizzes by id for sessions that recorded no
    /// title; `mostMissedLimit` is how many missed questions to keep.
    public init(
        sessions: [Session], now: Date, timeZone: TimeZone, titles: [String: String] = [:],
        mostMissedLimit: Int = 5
    ) {
        games = sessions.count
        let durations = sessions.compactMap(\.duration).filter { $0.isFinite && $0 >= 0 }
        totalDuration = durations.reduce(0, +)
        timedGames = durations.count
        let fractions = sessions.compactMap(\.fraction)
        averageFraction = fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
        streaks = DailyStreaks(sessions: sessions, now: now, timeZone: timeZone)
        heatmap = CalendarHeatmap(sessions: sessions, now: now, timeZone: timeZone)
        mostMissed = MissedQuestion.mostMissed(in: sessions, limit: mostMissedLimit)
        hasQuestionResults = sessions.contains { !$0.results.isEmpty }

        var order: [String?] = []
        var byQuiz: [String?: [Session]] = [:]
        for session in sessions {
            if byQuiz[session.quiz] == nil { order.append(session.quiz) }
            byQuiz[session.quiz, default: []].append(session)
        }
        quizzes = order.map { QuizStatistics(quiz: $0, sessions: byQuiz[$0] ?? [], titles: titles) }
            .sorted { a, b in
                if (a.quiz == nil) != (b.quiz == nil) { return b.quiz == nil }
                if a.games != b.games { return a.games > b.games }
                if a.title != b.title { return a.title < b.title }
                return (a.quiz ?? "") < (b.quiz ?? "")
            }
    }

    public var averagePercent: Int? { Self.percent(averageFraction) }

    /// The title shown for a quiz id in this history.
    func title(ofQuiz quiz: String?) -> String {
        quizzes.first { $0.quiz == quiz }?.title ?? quiz ?? Self.unknownQuizTitle
    }

    /// A fraction as a whole percentage, rounded half away from zero.
    static func percent(_ fraction: Double?) -> Int? {
        guard let fraction, fraction.isFinite else { return nil }
        return Int((fraction * 100).rounded())
    }
}
