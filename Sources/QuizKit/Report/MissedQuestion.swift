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
        struct Key: Hashable {
            let quiz: String?
            let prompt: String
        }
        struct Tally {
            var answer: String
            var asked = 0
            var missed = 0
            /// By normalized text: the last spelling, the count, the order first seen.
            var wrong: [String: (text: String, count: Int, first: Int)] = [:]
        }
        var tallies: [Key: Tally] = [:]
        for session in sessions {
            for result in session.results {
                let key = Key(quiz: session.quiz, prompt: result.prompt)
                var tally = tallies[key] ?? Tally(answer: result.answer)
                tally.answer = result.answer
                tally.asked += 1
                if result.outcome != .right { tally.missed += 1 }
                if result.outcome == .wrong, let typed = result.typed ?? result.given {
                    let normalized = AnswerNormalizer.normalize(typed)
                    let seen = tally.wrong[normalized]
                    tally.wrong[normalized] = (typed, (seen?.count ?? 0) + 1, seen?.first ?? tally.wrong.count)
                }
                tallies[key] = tally
            }
        }
        let missed = tallies.filter { $0.value.missed > 0 }.map { key, tally in
            let wrong = tally.wrong.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.first < $1.first }
            return MissedQuestion(
                quiz: key.quiz, prompt: key.prompt, answer: tally.answer, asked: tally.asked, missed: tally.missed,
                wrongAnswers: wrong.prefix(wrongAnswersShown).map { WrongAnswer(text: $0.text, count: $0.count) })
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
