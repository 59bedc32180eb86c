import Foundation
import QuizCore
import Testing

/// The lines the end of a game adds about the games before it (a first game,
/// a new best, equal to or below the best, a longer daily streak), exactly as
/// printed, whether those games come from the whole archive (no summary of it
/// yet) or from `history.summary` and the journal.
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

    @Test(arguments: [false, true])
    func theLinesAreTheSameWithAndWithoutTheSummary(removeSummary: Bool) throws {
        let scratch = Scratch()
        let summary = scratch.dataDir + "/history.summary"
        let games: [(right: Set<Int>, at: String, lines: [String])] = [
            ([0], "2026-03-02T12:00:00Z", ["Your first game of Mini Test Quiz: a best to beat next time."]),
            ([0, 1], "2026-03-02T13:00:00Z", ["New best for Mini Test Quiz! Your best before was 1/3."]),
            ([1, 2], "2026-03-02T14:00:00Z", ["That equals your best."]),
            (
                [], "2026-03-03T10:00:00Z",
                ["Your best is 2/3.", "Daily streak: 2 days! Come back tomorrow to keep it going."]
            ),
            ([0, 1, 2], "2026-03-03T11:00:00Z", ["New best for Mini Test Quiz! Your best before was 2/3."]),
            (
                [0, 1, 2], "2026-03-04T09:00:00Z",
                ["That equals your best.", "Daily streak: 3 days! Come back tomorrow to keep it going."]
            ),
            ([0, 1, 2], "2026-03-06T09:00:00Z", ["That equals your best."]),
        ]
        for (number, game) in games.enumerated() {
            if removeSummary { unlink(summary) }
            let result = try play(game.right, at: game.at, scratch)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "game \(number + 1): \(result.stderr)")
            #expect(milestoneLines(result) == game.lines, "game \(number + 1)")
            #expect(FileManager.default.fileExists(atPath: summary), "game \(number + 1)")
        }
    }

    /// 2/3 equals 4/6 and beats 66/100: fractions compared exactly.
    @Test func twoThirdsEqualsFourSixthsAndBeatsSixtySixPercent() throws {
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
        let equal = try play([0, 2], at: "2026-03-05T12:00:00Z", scratch)
        #expect(milestoneLines(equal) == ["That equals your best."])
        let again = try play([1, 2], at: "2026-03-05T13:00:00Z", scratch)
        #expect(milestoneLines(again) == ["That equals your best."])
    }

    /// Of two earlier games with the same fraction, the first to reach it is
    /// the best the end of a game names, from the archive or the summary alike.
    @Test func onATieTheFirstGameToReachTheFractionIsTheBest() throws {
        let scratch = Scratch()
        let day = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!
        try scratch.recordHistory([
            Session(date: day, score: 2, total: 4, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1),
            Session(
                date: day.addingTimeInterval(60), score: 4, total: 8, quiz: "mini", title: "Mini Test Quiz",
                duration: 30, seed: 2),
        ])
        let below = try play([0], at: "2026-03-05T12:00:00Z", scratch)
        #expect(milestoneLines(below) == ["Your best is 2/4."])
        try scratch.recordHistory([
            Session(date: day, score: 2, total: 4, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1),
            Session(
                date: day.addingTimeInterval(60), score: 4, total: 8, quiz: "mini", title: "Mini Test Quiz",
                duration: 30, seed: 2),
        ])
        let whole = try play([0, 1, 2], at: "2026-03-05T12:00:00Z", scratch)
        #expect(milestoneLines(whole) == ["New best for Mini Test Quiz! Your best before was 2/4."])
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
                "Daily streak: 2 days! Come back tomorrow to keep it going.",
            ])
    }
}
