import Foundation

/// Games played per day over the last 12 weeks, ending with the week of `now`
/// (weeks run Monday to Sunday, days in the given time zone), and its drawing:
/// 7 rows by 12 columns, shaded `·░▒▓█` (ASCII `.-+*#`) for 0, 1, 2, 3, 4+ games.
public struct CalendarHeatmap: Sendable, Equatable {
    /// One day of the map.
    public struct Day: Sendable, Equatable {
        /// The day as `yyyy-MM-dd`.
        public let date: String
        public let games: Int
        /// After `now`'s day: drawn blank.
        public let isFuture: Bool
    }

    public static let weeks = 12
    /// Shades for 0, 1, 2, 3 and 4 or more games.
    public static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    public static let asciiShades: [Character] = [".", "-", "+", "*", "#"]

    /// The 84 days, oldest first: `days[column * 7 + row]`, row 0 Monday, column 11 this week.
    public let days: [Day]
    let firstDay: CalendarDay

    /// Counts the games that ended at `dates` (any order) per day around `now`.
    public init(dates: [Date], now: Date, timeZone: TimeZone) {
        let calendar = CalendarDay.calendar(in: timeZone)
        let today = CalendarDay(now, in: calendar)
        let firstDay = today.adding(-today.weekday - 7 * (Self.weeks - 1))
        self.firstDay = firstDay
        var counts: [CalendarDay: Int] = [:]
        for date in dates { counts[CalendarDay(date, in: calendar), default: 0] += 1 }
        days = (0..<(7 * Self.weeks)).map { offset in
            let day = firstDay.adding(offset)
            return Day(date: day.iso, games: counts[day] ?? 0, isFuture: day > today)
        }
    }

    /// Games per day (`counts` by `CalendarDay` number) over the `weeks`
    /// weeks ending with the week of `today`.
    init(counts: [Int: Int], today: CalendarDay, weeks: Int = Self.weeks) {
        let firstDay = today.adding(-today.weekday - 7 * (weeks - 1))
        self.firstDay = firstDay
        days = (0..<(7 * weeks)).map { offset in
            let day = firstDay.adding(offset)
            return Day(date: day.iso, games: counts[day.number] ?? 0, isFuture: day > today)
        }
    }

    /// Counts `sessions` per day around `now`.
    public init(sessions: [Session], now: Date, timeZone: TimeZone) {
        self.init(dates: sessions.map(\.date), now: now, timeZone: timeZone)
    }

    /// How many weeks the map shows: `weeks` unless made for more.
    public var columns: Int { days.count / 7 }

    /// The first day of a month in `column`, as the month's number (1–12).
    func firstOfMonth(in column: Int) -> Int? {
        (0..<7).map { firstDay.adding(column * 7 + $0).civil }.first { $0.day == 1 }?.month
    }

    /// The day at `row` (0 Monday … 6 Sunday) of `column` (0 oldest … 11 this week).
    public func day(row: Int, column: Int) -> Day {
        days[column * 7 + row]
    }

    /// The character drawn for a day: its shade, or a space after today.
    public func cell(row: Int, column: Int, ascii: Bool = false) -> Character {
        let day = day(row: row, column: column)
        if day.isFuture { return " " }
        return (ascii ? Self.asciiShades : Self.shades)[min(day.games, 4)]
    }

    /// The map as text: a header of month abbreviations over the column that
    /// holds a month's first day (and over the first column), rows labelled
    /// Mon, Wed and Fri, cells one column apart, then a legend; 29 columns wide.
    public func text(ascii: Bool = false) -> String {
        var lines = [monthHeader()]
        let labels = ["Mon", "", "Wed", "", "Fri", "", ""]
        for row in 0..<7 {
            let cells = (0..<columns).map { String(cell(row: row, column: $0, ascii: ascii)) }
            lines.append(DisplayWidth.pad(labels[row], to: 4) + cells.joined(separator: " "))
        }
        let shades = ascii ? Self.asciiShades : Self.shades
        let counts = ["none", "1", "2", "3", "4+"]
        lines.append("    " + zip(shades, counts).map { "\($0) \($1)" }.joined(separator: "  "))
        return lines.map(Self.trimmingTrailingSpaces).joined(separator: "\n")
    }

    private func monthHeader() -> String {
        var header = [Character](repeating: " ", count: 4 + 2 * columns + 1)
        func place(_ month: Int, column: Int) {
            for (offset, letter) in CalendarDay.monthAbbreviations[month - 1].enumerated() {
                header[4 + 2 * column + offset] = letter
            }
        }
        for column in 0..<columns {
            if let month = firstOfMonth(in: column) {
                place(month, column: column)
            } else if column == 0 && firstOfMonth(in: 1) == nil {
                place(firstDay.civil.month, column: 0)
            }
        }
        return String(header)
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
