import Foundation
import QuizCore
import Testing

/// `streaks = off` in the configuration file takes the daily streak out of
/// `--stats` and the end of a game; every recorded session counts its day,
/// a review (quiz id `review`) as much as a game.
@Suite struct StreakSettingTests {
    let bank = QuizBinary.fixture("mini.json")

    /// A review recorded yesterday, so that a game today makes a streak of two.
    func reviewedYesterday(_ scratch: Scratch) throws {
        try scratch.recordHistory([
            Session(
                date: Date(timeIntervalSinceNow: -86_400), score: 3, total: 5, quiz: "review", title: "Review",
                duration: 30, seed: 1)
        ])
    }

    func playToday(_ scratch: Scratch) throws -> RunResult {
        try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: "skip\nskip\nskip\n",
            environment: scratch.environment())
    }

    @Test func aReviewYesterdayAndAGameTodayAreAStreakOfTwo() throws {
        let scratch = Scratch()
        try reviewedYesterday(scratch)
        let played = try playToday(scratch)
        #expect(played.status == 0)
        #expect(played.stdout.contains("Play streak: 2 days! Come back tomorrow to keep it going."))
        let stats = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(stats.stdout.contains("Play streak: 2 days · longest 2 days"))
    }

    @Test func streaksOffHidesThemAfterAGameAndInTheStats() throws {
        let scratch = Scratch()
        try reviewedYesterday(scratch)
        try scratch.writeConfig("streaks = off\n")
        let played = try playToday(scratch)
        #expect(played.status == 0)
        #expect(played.stderr.isEmpty)
        #expect(played.stdout.contains("Mini Test Quiz: 0/3 right"))
        #expect(!played.stdout.lowercased().contains("streak"))
        let stats = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(stats.status == 0)
        #expect(stats.stdout.hasPrefix("2 games · "))
        #expect(!stats.stdout.lowercased().contains("streak"))
        let menu = try runQuiz(["--questions", bank], input: "stats\nquit\n", environment: scratch.environment())
        #expect(menu.stdout.contains("2 games · "))
        #expect(!menu.stdout.lowercased().contains("streak"))
        // Scripts still get the figures.
        let json = try runQuiz(["--stats", "--format", "json"], environment: scratch.environment())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["currentStreak"] as? Int == 2)

        try scratch.writeConfig("streaks = on\n")
        let back = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(back.stdout.contains("Play streak: 2 days"))
    }
}
