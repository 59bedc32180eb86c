import Foundation

@testable import QuizCore

/// Fixed instants and zones for the statistics and share-card tests: nothing
/// here reads the clock or the machine's time zone.
enum StatsFixtures {
    /// 2026-11-29T00:00:00Z, a Sunday.
    static let nov29 = 1_795_910_400.0

    static let utc = TimeZone(identifier: "UTC")!
    /// UTC−8 in November (PST), UTC−7 until 2026-11-01 (PDT).
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    /// UTC+13 in November (NZDT).
    static let auckland = TimeZone(identifier: "Pacific/Auckland")!

    /// `days` after (or before, when negative) 2026-11-29 at `hour` UTC.
    static func utcDate(days: Int, hour: Double) -> Date {
        Date(timeIntervalSince1970: nov29 + Double(days) * 86_400 + hour * 3_600)
    }

    /// Results from a pattern: `R` right, `W` wrong, `S` skipped; prompts `Q1`, `Q2`, ….
    static func results(_ pattern: String) -> [QuestionResult] {
        pattern.enumerated().map { index, letter in
            let outcome: QuestionOutcome = letter == "R" ? .right : letter == "W" ? .wrong : .skipped
            return QuestionResult(
                prompt: "Q\(index + 1)", outcome: outcome, given: outcome == .skipped ? nil : "x",
                answer: "A\(index + 1)")
        }
    }

    static func game(
        _ quiz: String?, _ score: Int, of total: Int?, at date: Date, title: String? = nil,
        duration: TimeInterval? = 60, seed: Int64? = 1, results: [QuestionResult] = []
    ) -> Session {
        Session(
            date: date, score: score, total: total, quiz: quiz, title: title, duration: duration, seed: seed,
            results: results)
    }

    /// A game of `quiz` on each of the given days at noon UTC, all 5/10.
    static func daily(_ days: [Int], quiz: String = "world-capitals") -> [Session] {
        days.map { game(quiz, 5, of: 10, at: utcDate(days: $0, hour: 12)) }
    }
}
