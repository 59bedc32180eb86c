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

    public var missRate: Double { asked > 0 ? Double(missed) / Double(asked) : 0 }

    /// The `limit` questions missed most in `sessions` (oldest first), only
    /// those missed at least once: by misses, then miss rate, then prompt.
    public static func mostMissed(in sessions: [Session], limit: Int = 5) -> [MissedQuestion] {
        struct Key: Hashable {
            let quiz: String?
            let prompt: String
        }
        var tallies: [Key: (answer: String, asked: Int, missed: Int)] = [:]
        for session in sessions {
            for result in session.results {
                let key = Key(quiz: session.quiz, prompt: result.prompt)
                var tally = tallies[key] ?? (result.answer, 0, 0)
                tally.answer = result.answer
                tally.asked += 1
                if result.outcome != .right { tally.missed += 1 }
                tallies[key] = tally
            }
        }
        let missed = tallies.filter { $0.value.missed > 0 }.map { key, tally in
            MissedQuestion(
                quiz: key.quiz, prompt: key.prompt, answer: tally.answer, asked: tally.asked, missed: tally.missed)
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
