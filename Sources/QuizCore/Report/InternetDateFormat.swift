import Foundation

/// Formats dates as `ISO8601DateFormatter` with `.withInternetDateTime` does
/// (`2026-11-29T13:34:13Z`, `2026-11-29T14:34:13+01:00`), without its cost
/// per date (CONTRIBUTING.md, "Measured choices in the code"): the calendar
/// arithmetic is `CalendarDay`'s, and the time zone's offset is asked once
/// per hour of dates.
package struct InternetDateFormat {
    let timeZone: TimeZone
    /// The zone's offset for an hour of dates, in a slot by the hour's low
    /// bits (a later hour of the same slot takes it): a table of fixed size,
    /// where a dictionary grew by an entry for each hour of a history.
    private var offsets: [(hour: Int, offset: Int)]
    private static let slots = 1024

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        offsets = Array(repeating: (.min, 0), count: Self.slots)
    }

    mutating func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The local day (days since 1970-01-01), second of that day and the
    /// zone's offset in seconds for `seconds` since 1970, the offset asked
    /// once per hour of dates.
    private mutating func localDay(_ seconds: Int, of date: Date) -> (days: Int, secondOfDay: Int, offset: Int) {
        let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
        let slot = hour & (Self.slots - 1)
        let offset: Int
        if offsets[slot].hour == hour {
            offset = offsets[slot].offset
        } else {
            offset = timeZone.secondsFromGMT(for: date)
            offsets[slot] = (hour, offset)
        }
        let local = seconds + offset
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        return (days, local - days * 86400, offset)
    }

    /// `string(from:)`'s UTF-8 bytes, appended to `out`.
    mutating func append(_ date: Date, to out: inout [UInt8]) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay, offset) = localDay(seconds, of: date)
        let (year, month, day) = CalendarDay(number: days).civil
        func two(_ value: Int) {
            out.append(UInt8(48 + value / 10))
            out.append(UInt8(48 + value % 10))
        }
        if (0...9999).contains(year) {
            two(year / 100)
            two(year % 100)
        } else {
            out += String(year).utf8
        }
        out.append(45)
        two(month)
        out.append(45)
        two(day)
        out.append(84)
        two(secondOfDay / 3600)
        out.append(58)
        two(secondOfDay / 60 % 60)
        out.append(58)
        two(secondOfDay % 60)
        if offset == 0 {
            out.append(90)
        } else {
            out.append(offset < 0 ? 45 : 43)
            let minutes = abs(offset) / 60
            two(minutes / 60)
            out.append(58)
            two(minutes % 60)
        }
    }

    /// `yyyy-MM-dd` and `HH:mm` as `DateFormatter` gives them, for years 1
    /// to 9999 (nil otherwise: ask `DateFormatter`).
    mutating func dayAndTime(from date: Date) -> (day: String, time: String)? {
        guard let (year, month, day, secondOfDay) = localDate(date) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        func two(_ value: Int) {
            bytes.append(UInt8(48 + value / 10))
            bytes.append(UInt8(48 + value % 10))
        }
        two(year / 100)
        two(year % 100)
        bytes.append(45)
        two(month)
        bytes.append(45)
        two(day)
        let dayText = String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
        two(secondOfDay / 3600)
        bytes.append(58)
        two(secondOfDay / 60 % 60)
        return (dayText, String(decoding: bytes, as: UTF8.self))
    }

    /// The local year, month, day and second of the day, for years 1 to 9999.
    private mutating func localDate(_ date: Date) -> (year: Int, month: Int, day: Int, secondOfDay: Int)? {
        let time = date.timeIntervalSince1970
        guard time.isFinite, abs(time) < 1e13 else { return nil }
        let seconds = Int(time.rounded(.down))
        let (days, secondOfDay, _) = localDay(seconds, of: date)
        let (year, month, day) = CalendarDay(number: days).civil
        guard (1...9999).contains(year) else { return nil }
        return (year, month, day, secondOfDay)
    }
}

extension InternetDateFormat {
    /// `text` read when it is exactly `YYYY-MM-DDTHH:MM:SS`, an optional
    /// fraction of 1 to 9 digits, then `Z` or `±HH:MM`, every field in its
    /// range and the day one the month has; nil for anything else (the caller
    /// then asks Foundation's `ISO8601DateFormatter`, which reads more forms).
    /// By hand because that formatter is ICU's, and making one cost the menu
    /// a millisecond under `QUIZ_NOW` (make bench's due and review rows).
    package static func parseExact(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func at(_ index: Int, _ character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard let year = digits(0, 4), at(4, "-"), let month = digits(5, 2), at(7, "-"), let day = digits(8, 2),
            at(10, "T"), let hour = digits(11, 2), at(13, ":"), let minute = digits(14, 2), at(16, ":"),
            let second = digits(17, 2), (1...12).contains(month), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        var index = 19
        var fraction = 0.0
        if at(index, ".") {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard (1...9).contains(index - start) else { return nil }
        }
        var offset = 0
        if at(index, "Z") {
            index += 1
        } else if at(index, "+") || at(index, "-") {
            guard let hours = digits(index + 1, 2), at(index + 3, ":"), let minutes = digits(index + 4, 2),
                hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (at(index, "-") ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds =
            CalendarDay(year: year, month: month, day: day).number * 86400 + hour * 3600 + minute * 60
            + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
