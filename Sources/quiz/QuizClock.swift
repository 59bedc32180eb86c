import Foundation
import QuizKit

/// What time it is for quiz: the system clock, or, when `QUIZ_NOW` holds an
/// ISO 8601 date and time (`2026-03-01T09:00:00Z`), that moment at start,
/// running on from there. Games are dated by it and reviews fall due by it,
/// so tests (and a curious player) can play tomorrow today.
struct QuizClock {
    /// Added to the system clock.
    let offset: TimeInterval

    static let system = QuizClock(offset: 0)

    private init(offset: TimeInterval) { self.offset = offset }

    init(environment: [String: String]) throws(CommandFailure) {
        guard let text = environment["QUIZ_NOW"], !text.isEmpty else {
            offset = 0
            return
        }
        // The usual form by hand (no ICU); any other through the formatter.
        let exact = InternetDateFormat.parseExact(text)
        guard let date = exact ?? Self.formatted(text) else {
            throw CommandFailure(
                status: .usage,
                message: "QUIZ_NOW '\(text)' is not an ISO 8601 date and time such as 2026-03-01T09:00:00Z")
        }
        // The formatter rolls 2026-02-30 over to 2026-03-02: refused instead
        // (the exact form is read only when every field is in range).
        if exact == nil, let impossible = Self.impossibility(text) {
            throw CommandFailure(
                status: .usage, message: "QUIZ_NOW '\(text)' is not a real date and time: \(impossible)")
        }
        // The history keeps games dated 1970 to 4000 only (later ones read as damage).
        guard date.timeIntervalSince1970 >= 0, date < Self.latest else {
            throw CommandFailure(
                status: .usage, message: "QUIZ_NOW '\(text)' is outside the years 1970 to 3999 that the history keeps")
        }
        offset = date.timeIntervalSinceNow
    }

    /// 4000-01-01T00:00:00Z.
    static let latest = Date(timeIntervalSince1970: 64_060_588_800)

    var now: Date { Date().addingTimeInterval(offset) }

    /// What makes the date and time `text` impossible (a 30th of February,
    /// hour 24, an offset of 24 hours or more), which the formatter rolls
    /// over (2026-02-30 is read as 2026-03-02); nil when nothing does. Read
    /// from the runs of digits of the shape the formatter takes: year, month,
    /// day, hour, minute, second, a fraction when written, then the offset's
    /// hours and minutes (`+02:00`, `+0200`, `+02`).
    static func impossibility(_ text: String) -> String? {
        // Any digits the formatter reads (ICU takes full-width ones too).
        let runs = text.split { $0.wholeNumberValue == nil }
        func value(_ digits: Substring) -> Int {
            digits.reduce(0) { total, digit in total > 100_000 ? total : total * 10 + (digit.wholeNumberValue ?? 0) }
        }
        guard runs.count >= 6 else { return nil }
        let numbers = runs.prefix(6).map(value)
        let (year, month, day) = (numbers[0], numbers[1], numbers[2])
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return "\(monthNames[month - 1]) \(year) has \(days) days" }
        guard numbers[3] <= 23, numbers[4] <= 59, numbers[5] <= 59 else {
            return "a time of day runs from 00:00:00 to 23:59:59"
        }
        var offset = Array(runs.dropFirst(6))
        if text.contains("."), !offset.isEmpty { offset.removeFirst() }  // the fraction of a second
        let digits = Substring(offset.joined())
        if digits.count >= 2, value(digits.prefix(2)) > 23 || value(digits.dropFirst(2)) > 59 {
            return "an offset from UTC runs from -23:59 to +23:59"
        }
        return nil
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    static func formatted(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
