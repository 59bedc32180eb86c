import Foundation

/// The stats screen's review section, in plain words: questions seen, well
/// learned (last scheduled 21 days or more ahead), how often questions were
/// recalled when due over the last 30 days (right answers among the reviews
/// of questions that were due, first meetings left out; the days are UTC
/// days, today's and the 29 before, counted in `ReviewSchedule.dueDays`;
/// "not enough reviews yet" below `minimumReviews`), and how many questions
/// fall due on each of the next 7 days (today counts what is overdue).
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

    public static let retentionDays = 30
    /// Due reviews in 30 days below which the recall rate is not shown: a
    /// rate of 3 reviews says little.
    public static let minimumReviews = 10
    public static let forecastLength = 7

    /// From the whole history.
    public init(sessions: [Session], index: QuestionIndex, now: Date, timeZone: TimeZone, scheduler: FSRS = .standard) {
        self.init(
            schedule: ReviewSchedule(sessions: sessions, index: index, scheduler: scheduler), index: index, now: now,
            timeZone: timeZone)
    }

    /// From a schedule (questions of banks that are gone count as seen,
    /// never as due).
    public init(schedule: ReviewSchedule, index: QuestionIndex, now: Date, timeZone: TimeZone) {
        let today = ReviewSchedule.day(of: now)
        for (day, count) in schedule.dueDays where day > today - Self.retentionDays && day <= today {
            dueReviews += count.due
            dueRight += count.right
        }
        seen = schedule.cards.count
        mature = schedule.cards.values.count(where: \.isMature)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        var ends: [Date] = []
        for day in 0..<Self.forecastLength {
            let first = calendar.date(byAdding: .day, value: day, to: start) ?? start
            forecastDays.append(formatter.string(from: first))
            ends.append(calendar.date(byAdding: .day, value: day + 1, to: start) ?? first)
        }
        forecast = Array(repeating: 0, count: Self.forecastLength)
        for (identity, card) in schedule.cards where index.entries[identity] != nil {
            if let day = ends.firstIndex(where: { card.due < $0 }) { forecast[day] += 1 }
        }
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
