import Foundation
import Testing

@testable import QuizCore

@Suite struct MissedQuestionTests {
    typealias F = StatsFixtures

    static func result(_ prompt: String, _ letter: Character, answer: String? = nil) -> QuestionResult {
        let outcome: QuestionOutcome = letter == "R" ? .right : letter == "W" ? .wrong : .skipped
        return QuestionResult(
            prompt: prompt, outcome: outcome, given: outcome == .skipped ? nil : "x", answer: answer ?? "ans \(prompt)")
    }

    static func session(_ quiz: String?, day: Int, _ results: [(String, Character)]) -> Session {
        F.game(
            quiz, 0, of: results.count, at: F.utcDate(days: day, hour: 12),
            results: results.map { result($0.0, $0.1) })
    }

    /// Tallies in quiz "geo": B 3 of 3, A 3 of 4, C 2 of 2, D 2 of 2, G 1 of 1,
    /// E 1 of 3, F never missed; in quiz "other": A 1 of 1.
    static let history: [Session] = [
        session("geo", day: -5, [("A", "W"), ("B", "W"), ("C", "W"), ("D", "S"), ("E", "R"), ("F", "R")]),
        session("geo", day: -4, [("A", "W"), ("B", "S"), ("C", "W"), ("D", "W"), ("E", "W"), ("F", "R")]),
        session("geo", day: -3, [("A", "R"), ("B", "W"), ("E", "R"), ("F", "R"), ("G", "W")]),
        F.game(
            "geo", 1, of: 2, at: F.utcDate(days: -2, hour: 12),
            results: [result("A", "W", answer: "Canberra, corrected"), result("F", "R")]),
        session("other", day: -1, [("A", "W")]),
        session("geo", day: 0, [("F", "R")]),
    ]

    @Test func orderedByMissesThenMissRateThenPrompt() {
        let all = MissedQuestion.mostMissed(in: Self.history, limit: 10)
        #expect(
            all.map { "\($0.quiz ?? "-") \($0.prompt) \($0.missed)/\($0.asked)" } == [
                "geo B 3/3", "geo A 3/4", "geo C 2/2", "geo D 2/2", "other A 1/1", "geo G 1/1", "geo E 1/3",
            ])
    }

    @Test func keepsTheTopFiveByDefault() {
        let top = MissedQuestion.mostMissed(in: Self.history)
        #expect(top.map(\.prompt) == ["B", "A", "C", "D", "A"])
        #expect(MissedQuestion.mostMissed(in: Self.history, limit: 1).map(\.prompt) == ["B"])
    }

    @Test func carriesTheLastRecordedAnswer() {
        let a = MissedQuestion.mostMissed(in: Self.history).first { $0.quiz == "geo" && $0.prompt == "A" }
        #expect(a?.answer == "Canberra, corrected")
        #expect(a?.missRate == 0.75)
    }

    @Test func questionsNeverMissedAreLeftOut() {
        let sessions = [Self.session("geo", day: 0, [("F", "R"), ("H", "R")])]
        #expect(MissedQuestion.mostMissed(in: sessions).isEmpty)
        #expect(MissedQuestion.mostMissed(in: [Session(date: F.utcDate(days: 0, hour: 1), score: 3)]).isEmpty)
    }

    /// A review's answers count for the question in its own quiz (by the
    /// identity each carries), not as another question of quiz `review`
    /// (the adversary's "missed 1 of 1 (World Capitals)" beside "(Review)").
    @Test func aReviewsAnswersCountForTheirOwnQuiz() {
        func answered(_ prompt: String, _ outcome: QuestionOutcome, identity: String?) -> QuestionResult {
            QuestionResult(prompt: prompt, outcome: outcome, given: "x", answer: "y", identity: identity)
        }
        let sessions = [
            F.game(
                "geo", 0, of: 1, at: F.utcDate(days: -2, hour: 12),
                results: [answered("Capital of Peru?", .wrong, identity: "geo~0123456789abcdef")]),
            F.game(
                Session.Kind.reviewQuizID, 0, of: 2, at: F.utcDate(days: -1, hour: 12),
                results: [
                    answered("Capital of Peru?", .wrong, identity: "geo~0123456789abcdef"),
                    answered("Old one?", .wrong, identity: nil),
                ]),
        ]
        #expect(
            MissedQuestion.mostMissed(in: sessions, limit: 10).map {
                "\($0.quiz ?? "-") \($0.prompt) \($0.missed)/\($0.asked)"
            }
                == ["geo Capital of Peru? 2/2", "review Old one? 1/1"])
    }
}
