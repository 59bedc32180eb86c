import Foundation

/// Every figure of the stats screen, computed once from the history: totals,
/// daily streaks, per-quiz figures, the heatmap (12 weeks unless told) and
/// the questions missed most. Pure: the caller passes `now` and the time zone; nothing here
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
    /// One entry per quiz id: most games first, then by title; reviews
    /// after the quizzes, "unknown" last.
    public let quizzes: [QuizStatistics]
    public let heatmap: CalendarHeatmap
    public let mostMissed: [MissedQuestion]
    /// Whether any session recorded per-question results (classic ones did not).
    public let hasQuestionResults: Bool
    /// The daily quiz: counted dailies' results by number, the streak of
    /// consecutive numbers counted (ending today's or yesterday's), and how
    /// many were practice.
    public let dailies: [Int: StatisticsTally.Daily]
    public let dailyStreaks: DailyStreaks
    public let practiceDailies: Int

    /// `sessions` in the order they were recorded, as stored ("last" is the
    /// last recorded, whatever its date); `titles` names quizzes by id for sessions that recorded no
    /// title; `mostMissedLimit` is how many missed questions to keep.
    public init(
        sessions: [Session], now: Date, timeZone: TimeZone, titles: [String: String] = [:],
        mostMissedLimit: Int = 5
    ) {
        self.init(
            tally: StatisticsTally(sessions: sessions, timeZone: timeZone), now: now, timeZone: timeZone,
            titles: titles, mostMissedLimit: mostMissedLimit)
    }

    /// The figures of the games counted in `tally` (days in its time zone,
    /// which `timeZone` should be), seen at `now`; the heatmap over
    /// `heatmapWeeks` weeks.
    public init(
        tally: StatisticsTally, now: Date, timeZone: TimeZone, titles: [String: String] = [:],
        mostMissedLimit: Int = 5, heatmapWeeks: Int = CalendarHeatmap.weeks
    ) {
        games = tally.games
        totalDuration = tally.totalDuration
        timedGames = tally.timedGames
        averageFraction = tally.fractions == 0 ? nil : tally.fractionSum / Double(tally.fractions)
        var offsets = StatisticsTally.OffsetCache(timeZone: LocalTimeZone.named(tally.timeZone) ?? timeZone)
        let today = CalendarDay(number: offsets.day(of: now))
        streaks = DailyStreaks(days: Set(tally.days.keys.map(CalendarDay.init(number:))), today: today)
        heatmap = CalendarHeatmap(counts: tally.days, today: today, weeks: max(1, heatmapWeeks))
        mostMissed = MissedQuestion.mostMissed(in: tally.questions, limit: mostMissedLimit)
        hasQuestionResults = tally.hasQuestionResults
        dailies = tally.dailies
        practiceDailies = tally.practiceDailies
        let todaysDaily = DailyDay(number: today.number - DailyQuiz.first.number + 1)
        dailyStreaks = DailyStreaks(
            days: Set(tally.dailies.keys.map { DailyDay(number: $0).calendarDay }), today: todaysDaily.calendarDay)
        quizzes = tally.quizzes.map { QuizStatistics($0, titles: titles) }
            .sorted { a, b in
                if (a.quiz == nil) != (b.quiz == nil) { return b.quiz == nil }
                // Reviews are not a quiz: their row comes after the quizzes'.
                let review = Session.Kind.reviewQuizID
                if (a.quiz == review) != (b.quiz == review) { return b.quiz == review }
                if a.games != b.games { return a.games > b.games }
                if a.title != b.title { return a.title < b.title }
                return (a.quiz ?? "") < (b.quiz ?? "")
            }
    }

    public var averagePercent: Int? { Self.percent(averageFraction) }

    /// The title shown for a quiz id in this history.
    func title(ofQuiz quiz: String?) -> String {
        QuizTitle.shown(title: quizzes.first { $0.quiz == quiz }?.title, quiz: quiz)
    }

    /// A fraction as a whole percentage (`Percent.of`); nil when unknown.
    static func percent(_ fraction: Double?) -> Int? {
        fraction.flatMap(Percent.of)
    }
}
