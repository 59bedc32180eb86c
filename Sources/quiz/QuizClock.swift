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
        guard let date = Self.parse(text) else {
            throw CommandFailure(
                status: .usage,
                message: "QUIZ_NOW '\(text)' is not an ISO 8601 date and time such as 2026-03-01T09:00:00Z")
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

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
