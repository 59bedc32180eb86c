import Foundation
import QuizCore
import Testing

/// `--history --format reviews` honours `--limit N` (the
/// Rows of the last N games, rated as in the whole log) and `--quiz ID` as
/// the table does (66 for no such quiz); `--fsrs-parameters` goes with
/// `--history` only for the review log, the one output FSRS rates.
@Suite struct ReviewLogOptionsTests {
    let mini = QuizBinary.fixture("mini.json")

    /// Two games of mini, a day apart, every answer skipped.
    func twoGames(_ scratch: Scratch) throws {
        for (day, seed) in [("2026-03-01", "1"), ("2026-03-02", "2")] {
            let played = try runQuiz(
                ["--questions", mini, "mini", "-n", "3", "--seed", seed], input: ":skip\n:skip\n:skip\n",
                environment: scratch.environment(["QUIZ_NOW": "\(day)T09:00:00Z"]))
            #expect(played.status == 0, "\(played.stderr)")
        }
    }

    func rows(_ text: String) -> [String] {
        text.split(separator: "\r\n").map(String.init)
    }

    @Test func theReviewLogHonoursLimit() throws {
        let scratch = Scratch()
        try twoGames(scratch)
        let whole = try runQuiz(["--history", "--format", "reviews"], environment: scratch.environment())
        #expect(whole.status == 0)
        #expect(rows(whole.stdout).count == 1 + 6)
        let last = try runQuiz(
            ["--history", "--format", "reviews", "--limit", "1"], environment: scratch.environment())
        #expect(last.status == 0, "\(last.stderr)")
        // The last game's three rows, exactly as in the whole log: seen before (state 2).
        #expect(rows(last.stdout) == [ReviewLog.header] + rows(whole.stdout).suffix(3))
        #expect(rows(last.stdout).dropFirst().allSatisfy { $0.split(separator: ",")[3] == "2" })
        let more = try runQuiz(["--history", "--format", "reviews", "--limit=5"], environment: scratch.environment())
        #expect(more.stdout == whole.stdout)
    }

    @Test func theReviewLogTreatsAnUnknownQuizAsTheTableDoes() throws {
        let scratch = Scratch()
        try twoGames(scratch)
        let table = try runQuiz(["--history", "--quiz", "nosuch"], environment: scratch.environment())
        let log = try runQuiz(
            ["--history", "--format", "reviews", "--quiz", "nosuch"], environment: scratch.environment())
        #expect(table.status == 66)
        #expect(log.status == 66)
        #expect(log.stderr == table.stderr)
        #expect(log.stderr.hasPrefix("quiz: --quiz nosuch: no such quiz; the history has 2 games, of mini."))
        #expect(log.stdout.isEmpty)
        // A quiz there is but not played: the log's empty form, a header.
        let unplayed = try runQuiz(
            ["--history", "--format", "reviews", "--quiz", "animals"], environment: scratch.environment())
        #expect(unplayed.status == 0)
        #expect(unplayed.stdout == ReviewLog.header + "\r\n")
        let played = try runQuiz(
            ["--history", "--format", "reviews", "--quiz", "mini"], environment: scratch.environment())
        #expect(rows(played.stdout).count == 7)
    }

    /// `--quiz mini`: its games' rows and the rows of reviews that asked its
    /// questions, each rated as in the whole log (another quiz's rows left out).
    @Test func theReviewLogOfAQuizHoldsItsReviewsToo() throws {
        let scratch = Scratch()
        try twoGames(scratch)
        _ = try runQuiz(
            ["world-capitals", "-n", "2", "--seed", "1"], input: ":skip\n:skip\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-02T10:00:00Z"]))
        let review = try runQuiz(
            ["--questions", mini, "--review", "-n", "all"], input: ":skip\n:skip\n:skip\n:skip\n:skip\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-04T09:00:00Z"]))
        #expect(review.stdout.contains("Review · "), "\(review.stdout)")
        let whole = rows(try runQuiz(["--history", "--format", "reviews"], environment: scratch.environment()).stdout)
        let mini = rows(
            try runQuiz(["--history", "--format", "reviews", "--quiz", "mini"], environment: scratch.environment())
                .stdout)
        let capitals = rows(
            try runQuiz(
                ["--history", "--format", "reviews", "--quiz", "world-capitals"], environment: scratch.environment()
            ).stdout)
        // Every row is one quiz's or the other's, in the whole log's order, as rated there.
        #expect(mini.count > 1 + 6, "the review's rows too: \(mini)")
        #expect(mini.dropFirst().allSatisfy(whole.contains) && capitals.dropFirst().allSatisfy(whole.contains))
        #expect(Set(mini.dropFirst()).isDisjoint(with: capitals.dropFirst()))
        #expect(mini.count + capitals.count - 2 == whole.count - 1)
        // `--quiz review`: the review game's rows, of both quizzes.
        let reviews = rows(
            try runQuiz(["--history", "--format", "reviews", "--quiz", "review"], environment: scratch.environment())
                .stdout)
        #expect(reviews.count - 1 == (mini.count - 7) + (capitals.count - 3), "\(reviews)")
        #expect(reviews.dropFirst().allSatisfy(whole.contains))
        // A quiz named with --questions and never played: the log's empty form, not "no such quiz".
        let tiny = scratch.path + "/tiny.json"
        try #"{"title": "Tiny", "questions": [{"prompt": "Yes?", "answer": true}]}"#.write(
            toFile: tiny, atomically: true, encoding: .utf8)
        let unplayed = try runQuiz(
            ["--history", "--format", "reviews", "--quiz", "tiny", "--questions", tiny],
            environment: scratch.environment())
        #expect(unplayed.status == 0, "\(unplayed.stderr)")
        #expect(unplayed.stdout == ReviewLog.header + "\r\n")
    }

    @Test func fsrsParametersGoWithTheReviewLogOnly() throws {
        let scratch = Scratch()
        try twoGames(scratch)
        let file = scratch.path + "/parameters.txt"
        try ("[" + FSRS.defaultParameters.map { "\($0)" }.joined(separator: ", ") + "]\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        for format in [
            [], ["--format", "table"], ["--format", "json"], ["--format", "csv"], ["--format", "markdown"],
        ] {
            let result = try runQuiz(
                ["--history", "--fsrs-parameters", file] + format, environment: scratch.environment())
            #expect(result.status == 64, "\(format)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "quiz: --fsrs-parameters goes with --history only with --format reviews\n"
                    + "Try 'quiz --help' for more information.\n")
        }
        let log = try runQuiz(
            ["--history", "--format", "reviews", "--fsrs-parameters", file], environment: scratch.environment())
        #expect(log.status == 0, "\(log.stderr)")
        #expect(rows(log.stdout).count == 7)
    }
}
