import Foundation
import QuizCore
import QuizStore

/// What time it is for quiz: the system clock, or, when `QUIZ_NOW` holds an
/// ISO 8601 date and time (`2026-03-01T09:00:00Z`), that moment at start,
/// running on from there. Games are dated by it and reviews fall due by it,
/// so tests (and a curious player) can play tomorrow today.
public struct QuizClock: Sendable {
    /// Added to the system clock.
    public let offset: TimeInterval

    public static let system = QuizClock(offset: 0)

    private init(offset: TimeInterval) { self.offset = offset }

    public init(environment: [String: String]) throws(CommandFailure) {
        guard let text = environment["QUIZ_NOW"], !text.isEmpty else {
            offset = 0
            return
        }
        // One form, read by hand (no ICU formatter, which also took trailing
        // junk and full-width digits): YYYY-MM-DDTHH:MM:SS, a fraction of a
        // second if given, then Z or an offset +HH:MM.
        // On one line: a line break in it must not split the message.
        let shown = TerminalText.safe(text)
        guard let date = InternetDateFormat.parseExact(text) else {
            if Self.hasShape(text), let impossible = Self.impossibility(text) {
                throw CommandFailure(
                    status: .usage, message: "QUIZ_NOW '\(shown)' is not a real date and time: \(impossible)")
            }
            throw CommandFailure(
                status: .usage,
                message: "QUIZ_NOW '\(shown)' is not a date and time such as 2026-03-01T09:00:00Z or "
                    + "2026-03-01T10:00:00.5+01:00")
        }
        // The history keeps games dated 1970 to 4000 only (later ones read as damage).
        guard date.timeIntervalSince1970 >= 0, date < Self.latest else {
            throw CommandFailure(
                status: .usage, message: "QUIZ_NOW '\(shown)' is outside the years 1970 to 3999 that the history keeps")
        }
        offset = date.timeIntervalSinceNow
    }

    /// 4000-01-01T00:00:00Z.
    static let latest = Date(timeIntervalSince1970: 64_060_588_800)

    public var now: Date { Date().addingTimeInterval(offset) }

    /// `text` is of the form `InternetDateFormat.parseExact` reads, whatever
    /// its numbers: `dddd-dd-ddTdd:dd:dd`, then `.` and 1 to 9 digits if
    /// given, then `Z` or `+dd:dd` / `-dd:dd`, in ASCII, and nothing after.
    static func hasShape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func take(_ pattern: String) -> Bool {
            for expected in pattern.utf8 {
                guard index < bytes.count else { return false }
                let byte = bytes[index]
                guard expected == UInt8(ascii: "d") ? (48...57).contains(byte) : byte == expected else { return false }
                index += 1
            }
            return true
        }
        guard take("dddd-dd-ddTdd:dd:dd") else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            guard (1...9).contains(index - start) else { return false }
        }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "Z"): index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            index += 1
            guard take("dd:dd") else { return false }
        default: return false
        }
        return index == bytes.count
    }

    /// What makes the date and time `text`, of the shape `hasShape` takes,
    /// impossible (a 30th of February, hour 24, an offset of 24 hours or
    /// more); nil when nothing does. Read from its runs of digits: year,
    /// month, day, hour, minute, second, a fraction when written, then the
    /// offset's hours and minutes.
    static func impossibility(_ text: String) -> String? {
        let runs = text.split { !("0"..."9").contains($0) }
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

}
