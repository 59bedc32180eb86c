import Foundation

/// The stats screen's review section, in plain words: questions seen, well
/// learned (last scheduled 21 days or more ahead), how often questions were
/// recalled when due over the last 30 days (right answers among the reviews
/// of questions that were due, first meetings left out; the days are UTC
/// days, today's and the 29 before, counted in `ReviewSchedule.dueDays`;
/// "not enough reviews yet" below `minimumReviews`), and how many questions
/// fall due on each of the next 7 days (today counts what is overdue; the page asks
/// for 30). For the page also: how often questions were recalled when due in
/// each of the last 8 weeks of UTC days (today's and the 6 before, and so on
/// back), and how many questions of the banks there are now were never met
/// (`unseen`).
///
/// Everything comes from a `ReviewSchedule`, kept beside the history
/// (`ScheduleFile`) or built from every game: the same figures either way.
public struct ReviewProgress: Sendable, Equatable {
    public var seen = 0
    public var mature = 0
    /// Reviews of due questions in the last 30 days, and how many were right.
    public var dueReviews = 0
    public var dueRight = 0
    /// Questions due today (overdue included), tomorrow, … 7 numbers.
    public var forecast: [Int] = []
    public var forecastDays: [String] = []
    /// Reviews of due questions and the right ones in each of the last
    /// `retentionWeeks` weeks, oldest first; `weekStarts` their first UTC days.
    public var weeklyDue: [ReviewSchedule.DayCount] = []
    public var weekStarts: [String] = []
    /// Questions of the banks there are now never met.
    public var unseen = 0

    public static let retentionDays = 30
    /// Due reviews in 30 days below which the recall rate is not shown: a
    /// rate of 3 reviews says little.
    public static let minimumReviews = 10
    public static let forecastLength = 7
    /// Weeks of the weekly retention: within the `ReviewSchedule.keptDays` a schedule keeps.
    public static let retentionWeeks = 8

    /// From the whole history.
    public init(sessions: [Session], index: QuestionIndex, now: Date, timeZone: TimeZone, scheduler: FSRS = .standard) {
        self.init(
            schedule: ReviewSchedule(sessions: sessions, index: index, scheduler: scheduler), index: index, now: now,
            timeZone: timeZone)
    }

    /// From a schedule (questions of banks that are gone count as seen,
    /// never as due); the forecast over `forecastLength` days.
    public init(
        schedule: ReviewSchedule, index: QuestionIndex, now: Date, timeZone: TimeZone,
        forecastLength: Int = Self.forecastLength
    ) {
        let today = ReviewSchedule.day(of: now)
        weeklyDue = Array(repeating: ReviewSchedule.DayCount(), count: Self.retentionWeeks)
        for (day, count) in schedule.dueDays where day <= today {
            if day > today - Self.retentionDays {
                dueReviews += count.due
                dueRight += count.right
            }
            let week = Self.retentionWeeks - 1 - (today - day) / 7
            if week >= 0 {
                weeklyDue[week].due += count.due
                weeklyDue[week].right += count.right
            }
        }
        let utc = Self.utcDay
        weekStarts = (0..<Self.retentionWeeks).map { week in
            let first = today - 7 * (Self.retentionWeeks - 1 - week) - 6
            return utc.string(
                from: Date(timeIntervalSinceReferenceDate: Double(first) * CardState.secondsPerDay))
        }
        seen = schedule.cards.count
        unseen = index.entries.keys.count { schedule.cards[$0] == nil }
        mature = schedule.cards.values.count(where: \.isMature)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        var ends: [Date] = []
        for day in 0..<max(1, forecastLength) {
            let first = calendar.date(byAdding: .day, value: day, to: start) ?? start
            forecastDays.append(formatter.string(from: first))
            ends.append(calendar.date(byAdding: .day, value: day + 1, to: start) ?? first)
        }
        forecast = Array(repeating: 0, count: ends.count)
        for (identity, card) in schedule.cards where index.entries[identity] != nil {
            // The first day that ends after the card is due (ends ascend).
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if card.due < ends[middle] { high = middle } else { low = middle + 1 }
            }
            if low < ends.count { forecast[low] += 1 }
        }
    }

    /// `yyyy-MM-dd` in UTC, the days `dueDays` counts.
    private static var utcDay: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    /// Right among the due reviews of each week, as fractions; nil for a week without any.
    public var weeklyRetention: [Double?] {
        weeklyDue.map { $0.due == 0 ? nil : Double($0.right) / Double($0.due) }
    }

    /// Right among due reviews, as a whole percentage; nil with none.
    public var retentionPercent: Int? {
        Percent.rounded(dueRight, of: dueReviews)
    }

    /// The section's lines: a title, the figures, the forecast as bars under its heading.
    public func lines(ascii: Bool, width: Int) -> [String] {
        let dot = ascii ? "-" : "·"
        var lines = ["Reviews"]
        let figures = [
            "\(seen) question\(seen == 1 ? "" : "s") seen",
            "\(mature) well learned (\(ReviewRating.matureInterval)+ days between reviews)",
        ]
        // As many figures a line as fit the width.
        var line = ""
        for figure in figures {
            let joined = line.isEmpty ? figure : line + " \(dot) " + figure
            if line.isEmpty || DisplayWidth.of(joined) <= width {
                line = joined
            } else {
                lines += TextWrap.lines(line, width: width)
                line = figure
            }
        }
        lines += TextWrap.lines(line, width: width)
        lines += TextWrap.lines("Recalled when due, last \(Self.retentionDays) days: " + recalled, width: width)
        lines.append("Due in the next \(Self.forecastLength) days")
        let most = max(forecast.max() ?? 0, 1)
        let barWidth = max(min(width - 20, 30), 5)
        for (day, count) in zip(forecastDays, forecast) {
            let length = count == 0 ? 0 : max(1, count * barWidth / most)
            let bar = String(repeating: ascii ? "#" : "█", count: length)
            let padded = String(repeating: " ", count: max(0, 4 - String(count).count)) + String(count)
            lines.append("  \(day)  \(padded)" + (bar.isEmpty ? "" : " " + bar))
        }
        return lines
    }

    /// `97% (28 of 29)`, or `not enough reviews yet` below `minimumReviews` due reviews.
    var recalled: String {
        guard dueReviews >= Self.minimumReviews, let percent = retentionPercent else {
            return "not enough reviews yet" + (dueReviews > 0 ? " (\(dueReviews) so far)" : "")
        }
        return "\(percent)% (\(dueRight) of \(dueReviews))"
    }

    /// For the JSON form: `seen`, `mature`, `dueReviews30Days`, `dueRight30Days`,
    /// `retentionPercent` (null with no due review), `forecast` (`date`, `due`).
    public var jsonObject: [String: Any] {
        [
            "seen": seen, "mature": mature, "dueReviews30Days": dueReviews, "dueRight30Days": dueRight,
            "retentionPercent": retentionPercent.map { $0 as Any } ?? NSNull(),
            "forecast": zip(forecastDays, forecast).map { ["date": $0, "due": $1] as [String: Any] },
        ]
    }
}
