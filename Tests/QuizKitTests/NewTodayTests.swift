import Foundation
import Testing

@testable import QuizCore

/// `ReviewSchedule.newToday` counts the cards first seen on the local day of
/// a moment by day numbers; `Calendar`'s start of that day and the next, as it
/// was counted before, is the oracle, on random cards around daylight-saving
/// changes in zones that have them (and one whose day starts at 1:00 on the
/// day it changes, and one that skipped a whole day).
@Suite struct NewTodayTests {
    private static func byCalendar(_ schedule: ReviewSchedule, at date: Date, timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: date)
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return schedule.cards.values.count { $0.firstSeen >= start && $0.firstSeen < end }
    }

    @Test func theCountAgreesWithTheCalendars() throws {
        var generator = SeededGenerator(seed: 30)
        let zones = [
            "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "America/Havana", "Pacific/Apia", "Asia/Kolkata",
        ]
        // 2011-12-29 (Apia skipped the 30th), 2026-03-08 and -03-29 (DST in New York, Paris), 2026-10-04 (Lord Howe).
        let centres: [TimeInterval] = [1_325_160_000, 1_772_942_400, 1_774_749_600, 1_791_072_000, 1_790_000_000]
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            for _ in 0..<60 {
                let centre = centres.randomElement(using: &generator)!
                let sessions = (0..<12).map { index -> Session in
                    let seen = Date(
                        timeIntervalSince1970: centre + Double.random(in: -200_000...200_000, using: &generator))
                    let result = QuestionResult(
                        prompt: "Q\(index)", outcome: .right, given: "a", answer: "a", identity: "bank#q\(index)")
                    return Session(
                        date: seen, score: 1, total: 1, quiz: "bank", title: "Bank", duration: 3, seed: 1,
                        results: [result])
                }
                let schedule = ReviewSchedule(sessions: sessions.sorted { $0.date < $1.date }, index: QuestionIndex())
                try #require(schedule.cards.count == 12)
                let now = Date(timeIntervalSince1970: centre + Double.random(in: -150_000...150_000, using: &generator))
                #expect(
                    schedule.newToday(at: now, timeZone: zone) == Self.byCalendar(schedule, at: now, timeZone: zone),
                    "\(name) at \(now)")
            }
        }
    }
}
