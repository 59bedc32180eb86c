import Foundation
import QuizCore
import Testing

/// The lines the end of a game adds about the games before it (a first game,
/// a new best, equal to the best, a longer daily streak), as printed after a
/// game really played. What they say, from the archive or the summary, is
/// tested in-process (QuizKitTests/GameEndTests).
@Suite struct MilestoneLinesTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Plays the mini quiz at `now`, answering the questions numbered `right` (0-based) right.
    func play(_ right: Set<Int>, at now: String, _ scratch: Scratch, seed: UInt64 = 4) throws -> RunResult {
        let input = try answers(bank: bank, seed: seed, right: right).joined(separator: "\n") + "\n"
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)"], input: input,
            environment: scratch.environment(["QUIZ_NOW": now]))
    }

    /// The lines between the score line and the share offer.
    func milestoneLines(_ result: RunResult) -> [String] {
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let score = lines.firstIndex(where: { $0.hasPrefix("Mini Test Quiz: ") && $0.contains(" right (") }),
            let share = lines.firstIndex(where: { $0.hasPrefix("Share this game") })
        else { return ["(no summary) " + result.stdout + result.stderr] }
        return Array(lines[(score + 1)..<share])
    }

    /// 2/3 beats 66/100 (a rounded percentage would not tell them apart);
    /// after 4/6, 2/3 is below it: the same fraction with a lower score.
    @Test func twoThirdsBeatsSixtySixPercentAndIsBelowFourSixths() throws {
        let scratch = Scratch()
        let day = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!
        try scratch.recordHistory([
            Session(date: day, score: 66, total: 100, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1)
        ])
        let beaten = try play([0, 1], at: "2026-03-05T12:00:00Z", scratch)
        #expect(milestoneLines(beaten) == ["New best for Mini Test Quiz! Your best before was 66/100."])
        try scratch.recordHistory([
            Session(date: day, score: 4, total: 6, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1)
        ])
        let lower = try play([0, 2], at: "2026-03-05T12:00:00Z", scratch)
        #expect(milestoneLines(lower) == ["Your best is 4/6."])
        let again = try play([1, 2], at: "2026-03-05T13:00:00Z", scratch)
        #expect(milestoneLines(again) == ["Your best is 4/6."])
    }

    /// An earlier review counts its day for the streak, not as a game of this quiz.
    @Test func anEarlierReviewCountsOnlyItsDay() throws {
        let scratch = Scratch()
        let day = ISO8601DateFormatter().date(from: "2026-03-04T12:00:00Z")!
        try scratch.recordHistory([
            Session(date: day, score: 1, total: 3, quiz: "review", title: "Review", duration: 30, seed: 1)
        ])
        let game = try play([0], at: "2026-03-05T12:00:00Z", scratch)
        #expect(
            milestoneLines(game) == [
                "Your first game of Mini Test Quiz: a best to beat next time.",
                "Play streak: 2 days! Come back tomorrow to keep it going.",
            ])
    }
}
