import Foundation
import QuizKit
import Testing

/// One rule names a quiz's best game everywhere: the highest fraction, then
/// the higher score, then the earlier game. After 2/4, 4/8 and 1/4 the end of
/// the game, `--stats` and `--history` all name 4/8 (the end of the game
/// named 2/4, the first to reach a half); a summary written by the old rule
/// is made again.
@Suite struct BestGameRuleTests {
    func writeBank(_ scratch: Scratch) throws -> String {
        let path = scratch.path + "/eight.json"
        let questions = (1...8).map { number in
            "{\"id\": \"q\(number)\", \"prompt\": \"What is \(number) plus \(number)?\", \"answer\": \"\(number * 2)\"}"
        }
        try "{\"title\": \"Eight Sums\", \"questions\": [\(questions.joined(separator: ", "))]}".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func play(_ bank: String, count: Int, right: Int, at now: String, _ scratch: Scratch) throws -> RunResult {
        let input = try answers(bank: bank, seed: 3, count: count, right: Set(0..<right)).joined(separator: "\n")
        return try runQuiz(
            ["--questions", bank, "eight", "--seed", "3", "-n", "\(count)"], input: input + "\n",
            environment: scratch.environment(["QUIZ_NOW": now]))
    }

    @Test func fourOfEightIsTheBestAfterTwoOfFourEverywhere() throws {
        let scratch = Scratch()
        let bank = try writeBank(scratch)
        let first = try play(bank, count: 4, right: 2, at: "2026-03-02T12:00:00Z", scratch)
        #expect(first.stdout.contains("Your first game of Eight Sums"), "\(first.stdout)")
        let second = try play(bank, count: 8, right: 4, at: "2026-03-02T13:00:00Z", scratch)
        #expect(second.stdout.contains("New best for Eight Sums! Your best before was 2/4."), "\(second.stdout)")
        let third = try play(bank, count: 4, right: 1, at: "2026-03-02T14:00:00Z", scratch)
        #expect(third.stdout.contains("Your best is 4/8."), "\(third.stdout)")
        let again = try play(bank, count: 8, right: 4, at: "2026-03-02T15:00:00Z", scratch)
        #expect(again.stdout.contains("That equals your best."), "\(again.stdout)")
        let stats = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(stats.stdout.contains("4/8"), "\(stats.stdout)")
        let history = try runQuiz(["--history"], environment: scratch.environment())
        #expect(history.stdout.contains("4/8"), "\(history.stdout)")
    }

    /// A summary of the old rule and layout (a bare JSON file with no
    /// `bestRule`, best 2/4) is not trusted: it is made again.
    @Test func aSummaryOfTheOldRuleIsMadeAgain() throws {
        let scratch = Scratch()
        let bank = try writeBank(scratch)
        _ = try play(bank, count: 4, right: 2, at: "2026-03-02T12:00:00Z", scratch)
        _ = try play(bank, count: 8, right: 4, at: "2026-03-02T13:00:00Z", scratch)
        let summary = scratch.dataDir + "/history.summary"
        let payload = try #require(derivedPayload(try Data(contentsOf: URL(fileURLWithPath: summary))))
        // As the old rule wrote it: the JSON alone, 2/4 the best, and no rule named.
        let text = String(decoding: payload, as: UTF8.self)
            .replacingOccurrences(of: "\"total\":8", with: "\"total\":4")
            .replacingOccurrences(of: "\"score\":4", with: "\"score\":2")
        #expect(!text.contains("bestRule") && text.contains("\"total\":4"), "\(text)")
        try text.write(toFile: summary, atomically: false, encoding: .utf8)
        let third = try play(bank, count: 4, right: 1, at: "2026-03-02T14:00:00Z", scratch)
        #expect(third.stdout.contains("Your best is 4/8."), "\(third.stdout)")
    }
}
