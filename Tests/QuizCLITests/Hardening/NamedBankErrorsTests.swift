import Foundation
import Testing

/// A bank named with `--questions` that is not there or
/// cannot be read gives its one-line error and 66 (65 for bad data) in every
/// mode that takes `--questions`: playing, the menu, `--list`, `--review`
/// (also when the due questions come from other banks) and `--stats`.
@Suite struct NamedBankErrorsTests {
    let mini = QuizBinary.fixture("mini.json")

    /// Every mode that takes --questions, with `paths` given to it.
    func everyMode(_ paths: [String]) -> [[String]] {
        let named = paths.flatMap { ["--questions", $0] }
        return [named + ["animals"], named, named + ["--list"], named + ["--review"], named + ["--stats"]]
    }

    func expectRefused(_ result: RunResult, status: Int32, _ line: String, _ arguments: [String]) {
        #expect(result.status == status, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(result.stderr == "quiz: \(line)\n", "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments): nothing played or shown")
    }

    @Test func aMissingBankIs66InEveryMode() throws {
        let scratch = Scratch()
        let missing = scratch.path + "/nonexist.json"
        for arguments in everyMode([mini, missing]) {
            let result = try runQuiz(arguments, environment: scratch.environment())
            expectRefused(result, status: 66, "\(missing): no such file", arguments)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.dataDir + "/history.archive"), "no game recorded")
    }

    @Test func aBrokenBankIs65InEveryModeWithItsPlace() throws {
        let scratch = Scratch()
        let broken = scratch.path + "/broken.json"
        try Data("{\"title\": \"x\",\n".utf8).write(to: URL(fileURLWithPath: broken))
        for arguments in everyMode([broken]) {
            let result = try runQuiz(arguments, environment: scratch.environment())
            expectRefused(
                result, status: 65, "\(broken):2:1: unexpected end of file, expected a key in double quotes", arguments)
        }
    }

    @Test func withAHistoryStatsAndAQuickReviewStillCheckTheNamedBanks() throws {
        let scratch = Scratch()
        // Three questions of mini skipped on day 1: due on day 3, from mini's own file.
        let played = try runQuiz(
            ["--questions", mini, "mini", "-n", "3", "--seed", "1"], input: ":skip\n:skip\n:skip\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        #expect(played.status == 0, "\(played.stderr)")
        let later = scratch.environment(["QUIZ_NOW": "2026-03-03T09:00:00Z"])
        // The quick review (a fresh schedule, only mini's file read) plays them...
        let review = try runQuiz(["--questions", mini, "--review", "--seed", "1"], environment: later)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("Review · 3 due"), "\(review.stdout)")
        // ...but not when another bank named is missing, nor do the stats.
        let missing = scratch.path + "/gone.json"
        for arguments in [
            ["--questions", mini, "--questions", missing, "--review"], ["--questions", missing, "--stats"],
            ["--questions", missing, "--stats", "--format", "json"], ["--questions", missing, "mini"],
        ] {
            expectRefused(try runQuiz(arguments, environment: later), status: 66, "\(missing): no such file", arguments)
        }
        let json = try historyJSON(environment: scratch.environment())
        #expect(json.games.count == 1, "nothing more recorded")
    }

    @Test func aGoodFolderAndGoodFilesStillPlay() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: mini, toPath: folder + "/mini.json")
        let played = try runQuiz(
            ["--questions", folder, "--questions", mini, "animals", "-n", "1", "--seed", "3"], input: ":skip\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.isEmpty)
        let stats = try runQuiz(["--questions", folder, "--stats"], environment: scratch.environment())
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("1 game"))
    }
}
