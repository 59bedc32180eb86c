import Foundation
import QuizCore
import Testing

/// The views of the whole history read no more than they need: `--stats`
/// from the kept statistics (`history.statistics`) and the journal, `--share`
/// only the newest games. What they print must not depend on that.
@Suite struct WholeHistoryViewsTests {
    /// `count` past games of the mini quiz with per-question results, in the archive.
    func archive(_ scratch: Scratch, count: Int) throws {
        let games = pastSessions(count).enumerated().map { index, game in
            Session(
                date: game.date, score: game.score, total: game.total, quiz: game.quiz, title: game.title,
                duration: game.duration, seed: game.seed,
                results: [
                    QuestionResult(
                        prompt: "What is the capital of Australia?", outcome: index % 3 == 0 ? .wrong : .right,
                        given: "Sydney", answer: "Canberra"),
                    QuestionResult(
                        prompt: "Istanbul is the capital of Turkey.", outcome: index % 2 == 0 ? .skipped : .right,
                        given: nil, answer: "False"),
                ])
        }
        try writeArchive(KeyedArchive.data(for: games), in: scratch.dataDir)
    }

    func play(_ scratch: Scratch, seed: Int) throws {
        let bank = QuizBinary.fixture("mini.json")
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)", "-n", "3"], input: "a\nb\na\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
    }

    @Test func statsAreTheSameFromTheKeptStatisticsAndFromEveryGame() throws {
        let scratch = Scratch()
        try archive(scratch, count: 600)
        let statisticsFile = scratch.dataDir + "/history.statistics"
        let environment = scratch.environment()
        let first = try runQuiz(["--stats", "--format", "json"], environment: environment)
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdout.contains("\"games\" : 600"))
        // Counted once, and kept.
        #expect(FileManager.default.fileExists(atPath: statisticsFile))
        #expect(try runQuiz(["--stats", "--format", "json"], environment: environment).stdout == first.stdout)
        // Games recorded since (in the journal) count; so they do after a compaction.
        try play(scratch, seed: 5)
        try play(scratch, seed: 6)
        let after = try runQuiz(["--stats"], environment: environment)
        #expect(after.stdout.hasPrefix("602 games"), "\(after.stdout)")
        let json = try runQuiz(["--stats", "--format", "json"], environment: environment).stdout
        #expect(try runQuiz(["--compact-history"], environment: environment).status == 0)
        #expect(try runQuiz(["--stats", "--format", "json"], environment: environment).stdout == json)
        // Removed or damaged: counted again from the archive, with the same figures.
        unlink(statisticsFile)
        #expect(try runQuiz(["--stats", "--format", "json"], environment: environment).stdout == json)
        var bytes = try #require(FileManager.default.contents(atPath: statisticsFile))
        let digit = try #require(bytes.lastIndex { (49...57).contains($0) })
        bytes[digit] -= 1
        try bytes.write(to: URL(fileURLWithPath: statisticsFile))
        let repaired = try runQuiz(["--stats", "--format", "json"], environment: environment)
        #expect(repaired.stdout == json)
        #expect(repaired.stderr.isEmpty)
        #expect(try runQuiz(["--stats"], environment: environment).stdout == after.stdout)
    }

    @Test func shareReadsTheNewestGamesAndCountsBackInRecordedOrder() throws {
        let scratch = Scratch()
        try archive(scratch, count: 30)
        let environment = scratch.environment()
        let last = try runQuiz(["--share", "--text"], environment: environment)
        #expect(last.status == 0)
        // pastSessions(30): the last has seed 1,000,029 and score 29 % 4 = 1.
        #expect(last.stdout.contains("1 of 3"), "\(last.stdout)")
        #expect(last.stdout.contains("--seed 1000029 "), "\(last.stdout)")
        let third = try runQuiz(["--share", "--text", "--game", "3"], environment: environment)
        #expect(third.stdout.contains("--seed 1000027 "), "\(third.stdout)")
        let oldest = try runQuiz(["--share", "--text", "--game", "30"], environment: environment)
        #expect(oldest.stdout.contains("--seed 1000000 "), "\(oldest.stdout)")
        let beyond = try runQuiz(["--share", "--game", "31"], environment: environment)
        #expect(beyond.status == 66)
        #expect(beyond.stderr.contains("no game 31 back (--game 31): the history has 30 games"), "\(beyond.stderr)")
        // A game in the journal is the newest.
        try play(scratch, seed: 7)
        let played = try runQuiz(["--share", "--text"], environment: environment)
        #expect(played.stdout.contains("--seed 7 "), "\(played.stdout)")
        #expect(try runQuiz(["--share", "--text", "--game", "2"], environment: environment).stdout == last.stdout)
    }
}
