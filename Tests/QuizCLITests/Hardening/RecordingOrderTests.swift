import Foundation
import QuizCore
import Testing

/// "the last game" is the last one recorded, whatever its date: after
/// The clock slipped (a game recorded with a date in the future, then the
/// clock set right), `--share` shows the game just played, and `--game 2`
/// the one before it.
@Suite struct RecordingOrderTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func shareShowsTheLastGameRecordedNotTheNewestDate() throws {
        let scratch = Scratch()
        // Recorded while the clock was a year ahead.
        let ahead = Session(
            date: Date().addingTimeInterval(365 * 86_400), score: 3, total: 3, quiz: "mini", title: "Mini Test Quiz",
            duration: 20, seed: 61)
        try writeArchive(KeyedArchive.data(for: [ahead]), in: scratch.dataDir)

        let input = try answers(bank: bank, seed: 62, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "62"], input: input, environment: scratch.privateEnvironment())
        #expect(game.status == 0, "\(game.stderr)")

        let last = try runQuiz(["--share", "--ascii"], environment: scratch.privateEnvironment())
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout.contains("1/3"), "the game just played: \(last.stdout)")
        #expect(last.stdout.contains("--seed 62"), "\(last.stdout)")
        let before = try runQuiz(["--share", "--ascii", "--game", "2"], environment: scratch.privateEnvironment())
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("3/3") && before.stdout.contains("--seed 61"), "\(before.stdout)")

        // The statistics' "last" score is the last recorded too.
        let stats = try runQuiz(["--stats", "--format", "json"], environment: scratch.privateEnvironment())
        let object = (try? JSONSerialization.jsonObject(with: Data(stats.stdout.utf8))) as? [String: Any]
        let quiz = (object?["quizzes"] as? [[String: Any]])?.first
        #expect(quiz?["lastScore"] as? Int == 1, "\(stats.stdout)")
    }
}
