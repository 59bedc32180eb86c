import Foundation

/// Daily streaks. A day is a calendar day in the given time zone and counts
/// when at least one recorded session ended on it, whatever its quiz: a
/// review (recorded as a game of quiz `review`) counts a day as a game does. The current streak is the run of
/// consecutive such days ending today or yesterday (0 when the last game was
/// before yesterday); the longest is the longest run ever.
public struct DailyStreaks: Sendable, Equatable {
    public let current: Int
    public let longest: Int

    /// Streaks of the games that ended at `dates` (any order), seen at `now`.
    public init(dates: [Date], now: Date, timeZone: TimeZone) {
        let calendar = CalendarDay.calendar(in: timeZone)
        self.init(days: Set(dates.map { CalendarDay($0, in: calendar) }), today: CalendarDay(now, in: calendar))
    }

    /// Streaks of `sessions`, seen at `now`.
    public init(sessions: [Session], now: Date, timeZone: TimeZone) {
        self.init(dates: sessions.map(\.date), now: now, timeZone: timeZone)
    }

    init(days: Set<CalendarDay>, today: CalendarDay) {
        var longest = 0
        var run = 0
        var previous: CalendarDay?
        for day in days.sorted() {
            run = previous.map { day.number == $0.number + 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        var current = 0
        var day = days.contains(today) ? today : today.adding(-1)
        while days.contains(day) {
            current += 1
            day = day.adding(-1)
        }
        self.current = current
        self.longest = longest
    }
}
