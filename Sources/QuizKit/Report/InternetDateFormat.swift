import Foundation

/// Formats dates as `ISO8601DateFormatter` with `.withInternetDateTime` does
/// (`2026-11-29T13:34:13Z`, `2026-11-29T14:34:13+01:00`), about fifty times
/// faster: the calendar arithmetic is `CalendarDay`'s, and the time zone's offset is
/// asked once per hour of dates. Exporting 100,000 games spends most of its
/// time formatting dates otherwise.
struct InternetDateFormat {
    let timeZone: TimeZone
    private var offsets: [Int: Int] = [:]

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
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
        let offset: Int
        if let known = offsets[hour] {
            offset = known
        } else {
            offset = timeZone.secondsFromGMT(for: date)
            offsets[hour] = offset
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
        let time = date.timeIntervalSince1970
        guard time.isFinite, abs(time) < 1e13 else { return nil }
        let seconds = Int(time.rounded(.down))
        let (days, secondOfDay, _) = localDay(seconds, of: date)
        let (year, month, day) = CalendarDay(number: days).civil
        guard (1...9999).contains(year) else { return nil }
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
}
