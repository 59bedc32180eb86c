import Foundation
import QuizCore
import Testing

/// An archive with odd but readable values (a negative score, a date
/// in 2100, a score above its total) is no damage: every game is kept and
/// shown as it is, nothing is moved aside, and the next game keeps them all.
@Suite struct OddArchiveValuesTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func oddValuesAreShownAsTheyAreAndNothingIsMovedAside() throws {
        let scratch = Scratch()
        let in2100 = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01T00:00:00Z
        let sessions = [
            Session(date: Date(timeIntervalSince1970: 1_700_000_000), score: -2, total: 3, quiz: "mini", seed: 31),
            Session(date: in2100, score: 2, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 5, seed: 32),
            Session(date: Date(timeIntervalSince1970: 1_700_003_600), score: 7, total: 3, quiz: "mini", seed: 33),
        ]
        let bytes = KeyedArchive.data(for: sessions)
        try writeArchive(bytes, in: scratch.dataDir)

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.isEmpty, "\(history.stderr)")
        func game(_ seed: Int, in games: [[String: Any]]) -> [String: Any]? {
            games.first { $0["seed"] as? Int == seed }
        }
        #expect(games.count == 3, "\(history.stdout)")
        #expect(game(31, in: games)?["score"] as? Int == -2)
        #expect(game(32, in: games)?["date"] as? String == "2100-01-01T00:00:00Z")
        #expect(game(33, in: games)?["score"] as? Int == 7)
        #expect(game(33, in: games)?["total"] as? Int == 3)
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") }, "\(scratch.dataFiles())")
        #expect(FileManager.default.contents(atPath: scratch.archive) == bytes, "the archive is left as it was")

        let table = try runQuiz(["--history"], environment: scratch.privateEnvironment())
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("-2/3"), "\(table.stdout)")
        #expect(table.stdout.contains("7/3"), "\(table.stdout)")
        #expect(table.stdout.contains("2100-01-01"), "\(table.stdout)")
        let stats = try runQuiz(["--stats"], environment: scratch.privateEnvironment())
        #expect(stats.status == 0, "\(stats.stderr)")

        // The next game rewrites the archive: the odd games stay as they were.
        let input = try answers(bank: bank, seed: 40, right: [0]).joined(separator: "\n") + "\n"
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "40"], input: input, environment: scratch.privateEnvironment())
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.isEmpty, "\(played.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.count == 4)
        #expect(game(31, in: after)?["score"] as? Int == -2)
        #expect(game(32, in: after)?["date"] as? String == "2100-01-01T00:00:00Z")
        #expect(game(33, in: after)?["score"] as? Int == 7)
        #expect(game(40, in: after)?["score"] as? Int == 1)
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") })
    }

    /// The far edges of what is kept (about the years -1200 and 5100), huge
    /// scores and a negative duration: every command shows them, none traps.
    @Test func extremeButReadableValuesBreakNoCommand() throws {
        let scratch = Scratch()
        let sessions = [
            Session(
                date: Date(timeIntervalSinceReferenceDate: -9.9e10), score: Int.max, total: 3, quiz: "mini", seed: 81),
            Session(date: Date(timeIntervalSinceReferenceDate: 9.9e10), score: Int.min, total: Int.max, seed: 82),
            Session(date: Date(), score: 1, total: 0, quiz: "mini", duration: -5, seed: 83),
            Session(date: Date(), score: 2, total: 3, quiz: "mini", duration: 9.9e9, seed: 84),
        ]
        try writeArchive(KeyedArchive.data(for: sessions), in: scratch.dataDir)
        for arguments in [
            ["--history"], ["--history", "--format", "csv"], ["--history", "--format", "markdown"],
            ["--history", "--format", "json"], ["--stats"], ["--stats", "--format", "json"], ["--share"],
            ["--share", "--game", "2"], ["--share", "--game", "3"],
        ] {
            let result = try runQuiz(arguments, environment: scratch.privateEnvironment())
            #expect(result.status == 0, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        let (_, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == [81, 82, 83, 84])
    }
}
