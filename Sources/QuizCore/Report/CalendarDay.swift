import Foundation

/// A day of the Gregorian calendar, numbered from 1970-01-01 so that consecutive
/// days differ by one whatever daylight saving does; statistics count days with it.
struct CalendarDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    let number: Int

    init(number: Int) {
        self.number = number
    }

    init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146097 + dayOfEra - 719468
    }

    /// The day on which `date` falls in the time zone of `calendar` (a Gregorian calendar).
    init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// A Gregorian calendar in `timeZone`, independent of the user's locale.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.number < rhs.number }

    func adding(_ days: Int) -> CalendarDay { CalendarDay(number: number + days) }

    /// Year, month (1–12) and day of the month; Howard Hinnant's civil_from_days.
    var civil: (year: Int, month: Int, day: Int) {
        let z = number + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Monday through 6 for Sunday.
    var weekday: Int {
        ((number + 3) % 7 + 7) % 7
    }

    /// `yyyy-MM-dd`.
    var iso: String {
        let (year, month, day) = civil
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
