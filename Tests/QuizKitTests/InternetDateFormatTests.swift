import Foundation
import Testing

@testable import QuizCore

@Suite("InternetDateFormat")
struct InternetDateFormatTests {
    @Test(arguments: [
        "UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
    ])
    func matchesISO8601DateFormatterInEveryZone(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let reference = ISO8601DateFormatter()
        reference.timeZone = timeZone
        reference.formatOptions = [.withInternetDateTime]
        var fast = InternetDateFormat(timeZone: timeZone)
        var generator = SeededGenerator(seed: 7)
        // Dates from 1960 to 2090, and every hour around two DST changes.
        var dates = (0..<3000).map { _ in
            Date(timeIntervalSince1970: Double(generator.below(4_100_000_000)) - 315_000_000 + 0.75)
        }
        for start in [1_711_846_800.0, 1_730_595_600.0] {
            dates += (-30..<30).map { Date(timeIntervalSince1970: start + Double($0) * 1800) }
        }
        for date in dates {
            #expect(fast.string(from: date) == reference.string(from: date), "\(date.timeIntervalSince1970) in \(zone)")
        }
    }
}
