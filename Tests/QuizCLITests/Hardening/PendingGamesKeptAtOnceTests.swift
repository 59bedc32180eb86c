import Foundation
import QuizCore
import Testing

/// Eight games ending at the same moment while the
/// history cannot be written (its lock is a folder) are all kept, each said
/// so, and all added by the next game once it can be: appending to the
/// pending file under its lock, where rewriting it whole kept one in three.
@Suite struct PendingGamesKeptAtOnceTests {
    @Test func gamesKeptAtTheSameMomentAreAllAdded() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        try FileManager.default.createDirectory(
            atPath: scratch.dataDir + "/history.lock", withIntermediateDirectories: true)
        let environment = scratch.privateEnvironment()
        // Eight at once.
        let input = scratch.path + "/skips"
        try Data("skip\nskip\nskip\n".utf8).write(to: URL(fileURLWithPath: input))
        let games = try (1...8).map { seed in
            try BackgroundProcess(
                ["--questions", bank, "mini", "--seed", "\(seed)"], inputFile: input, environment: environment,
                outputPrefix: scratch.path + "/game\(seed)")
        }
        for game in games {
            let ended = game.wait(until: Date().addingTimeInterval(60))
            #expect(ended?.status == 74, "\(ended?.stderr ?? "still running")")
            #expect(ended?.stderr.contains("the game is kept in") == true, "\(ended?.stderr ?? "")")
        }
        try FileManager.default.removeItem(atPath: scratch.dataDir + "/history.lock")
        let next = try playMini(seed: 9, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("added 8 games"), "\(next.stderr)")
        let history = try runQuiz(["--history", "--format", "json"], environment: environment)
        let played = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(played.compactMap { $0["seed"] as? Int }.sorted() == Array(1...9))
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.dataDir)
        #expect(!left.contains { $0.hasPrefix("history.pending") }, "\(left)")
    }
}
