import Foundation

/// A question the player got wrong or skipped, counted over every recorded
/// game: questions are the same when quiz id and prompt are equal.
public struct MissedQuestion: Sendable, Equatable {
    /// The quiz id; nil for sessions recorded without one.
    public let quiz: String?
    public let prompt: String
    /// The right answer as last recorded.
    public let answer: String
    public let asked: Int
    /// Times answered wrong or skipped.
    public let missed: Int
    /// The answers typed that were marked wrong, most often first (at most
    /// three): what the player keeps thinking the answer is.
    public let wrongAnswers: [WrongAnswer]

    /// One answer typed (as last spelled) and how many times it was marked wrong.
    public struct WrongAnswer: Sendable, Equatable {
        public let text: String
        public let count: Int
    }

    /// How many wrong answers each missed question lists.
    public static let wrongAnswersShown = 3

    public var missRate: Double { asked > 0 ? Double(missed) / Double(asked) : 0 }

    /// The `limit` questions missed most in `sessions` (oldest first), only
    /// those missed at least once: by misses, then miss rate, then prompt.
    public static func mostMissed(in sessions: [Session], limit: Int = 5) -> [MissedQuestion] {
        mostMissed(
            in: StatisticsTally(sessions: sessions, timeZone: TimeZone(identifier: "UTC") ?? .current).questions,
            limit: limit)
    }

    /// The `limit` questions missed most among counted ones.
    static func mostMissed(in questions: [StatisticsTally.Question], limit: Int) -> [MissedQuestion] {
        let missed = questions.filter { $0.missed > 0 }.map { tally in
            // Most often first; among equals, the one typed first (stable sort).
            let wrong = tally.wrong.enumerated().sorted {
                $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
            }
            return MissedQuestion(
                quiz: tally.quiz, prompt: tally.prompt, answer: tally.answer, asked: tally.asked, missed: tally.missed,
                wrongAnswers: wrong.prefix(wrongAnswersShown).map {
                    WrongAnswer(text: $0.element.text, count: $0.element.count)
                })
        }
        return Array(missed.sorted(by: ranksBefore).prefix(max(0, limit)))
    }

    private static func ranksBefore(_ a: MissedQuestion, _ b: MissedQuestion) -> Bool {
        if a.missed != b.missed { return a.missed > b.missed }
        // Exact comparison of missed/asked without rounding.
        let rateA = a.missed * b.asked
        let rateB = b.missed * a.asked
        if rateA != rateB { return rateA > rateB }
        if a.prompt != b.prompt { return a.prompt < b.prompt }
        return (a.quiz ?? "") < (b.quiz ?? "")
    }
}
