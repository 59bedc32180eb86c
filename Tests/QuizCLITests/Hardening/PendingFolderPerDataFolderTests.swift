import Foundation
import QuizCore
import Testing

/// A game that could not be saved in data folder A waits in the
/// shared state folder for A alone: `--history --data-dir B` neither shows it
/// nor mentions it, B's next game does not take it, and A, once it can be
/// written, shows it and adds it.
@Suite struct PendingFolderPerDataFolderTests {
    let bank = QuizBinary.fixture("mini.json")

    func play(seed: UInt64, dataDir: String, _ scratch: Scratch) throws -> RunResult {
        try playMini(seed: seed, dataDir: dataDir, scratch)
    }

    func seeds(dataDir: String, _ scratch: Scratch) throws -> (RunResult, [Int]) {
        let result = try runQuiz(
            ["--history", "--format", "json", "--data-dir", dataDir], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return (result, games.compactMap { $0["seed"] as? Int })
    }

    @Test func aPendingGameBelongsToItsOwnDataFolder() throws {
        let scratch = Scratch()
        // A cannot be created: a file stands where its parent should be.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: scratch.path + "/blocked"))
        let folderA = scratch.path + "/blocked/quiz"
        let folderB = scratch.path + "/other"

        let lost = try play(seed: 51, dataDir: folderA, scratch)
        #expect(lost.status == 74, "\(lost.stderr)")
        let state = scratch.path + "/.local/state/quiz"
        let pending = ((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter {
            $0.hasPrefix("quiz-pending-")
        }
        #expect(pending.count == 1, "kept in the state folder: \(lost.stderr)")
        #expect(lost.stderr.contains(state + "/" + (pending.first ?? "?")), "\(lost.stderr)")

        // B: not shown, not mentioned, not taken.
        let (shownB, seedsB) = try seeds(dataDir: folderB, scratch)
        #expect(shownB.status == 0, "\(shownB.stderr)")
        #expect(seedsB.isEmpty, "\(shownB.stdout)")
        #expect(shownB.stderr.isEmpty, "\(shownB.stderr)")
        let gameB = try play(seed: 52, dataDir: folderB, scratch)
        #expect(gameB.status == 0, "\(gameB.stderr)")
        #expect(gameB.stderr.isEmpty, "\(gameB.stderr)")
        #expect(try seeds(dataDir: folderB, scratch).1 == [52])
        #expect(FileManager.default.fileExists(atPath: state + "/" + (pending.first ?? "?")), "still waiting for A")

        // A, spelled another way (a trailing slash, a `.`), still finds it.
        let (shownA, seedsA) = try seeds(dataDir: folderA + "/./", scratch)
        #expect(seedsA == [51], "\(shownA.stdout) \(shownA.stderr)")
        #expect(shownA.stderr.contains("could not be written to the history yet"), "\(shownA.stderr)")

        // Once A can be written, its next game adds the pending one.
        try FileManager.default.removeItem(atPath: scratch.path + "/blocked")
        let gameA = try play(seed: 53, dataDir: folderA, scratch)
        #expect(gameA.status == 0, "\(gameA.stderr)")
        #expect(gameA.stderr.contains("added 1 game that could not be written before"), "\(gameA.stderr)")
        #expect(Set(try seeds(dataDir: folderA, scratch).1) == [51, 53])
        #expect(try seeds(dataDir: folderB, scratch).1 == [52])
        #expect(!FileManager.default.fileExists(atPath: state + "/" + (pending.first ?? "?")))
    }

    /// A pending file of an older quiz (`quiz-pending-UID.journal`, no folder
    /// in its name) is not lost: the player's default data folder (no
    /// --data-dir, no QUIZ_DATA_DIR) shows it and adds it; a named folder does not.
    @Test func anOlderUntaggedPendingFileIsAddedByTheDefaultFolderOnly() throws {
        let scratch = Scratch()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: scratch.path + "/blocked"))
        #expect(try play(seed: 61, dataDir: scratch.path + "/blocked/quiz", scratch).status == 74)
        let state = scratch.path + "/.local/state/quiz"
        let tagged = try #require(
            (try FileManager.default.contentsOfDirectory(atPath: state)).first { $0.hasPrefix("quiz-pending-") })
        let untagged = state + "/quiz-pending-\(getuid()).journal"
        try FileManager.default.moveItem(atPath: state + "/" + tagged, toPath: untagged)

        // A folder named with --data-dir neither shows nor takes it.
        let named = scratch.path + "/named"
        #expect(try seeds(dataDir: named, scratch).1.isEmpty)
        #expect(try play(seed: 62, dataDir: named, scratch).status == 0)
        #expect(FileManager.default.fileExists(atPath: untagged))

        // The default folder (HOME's, with QUIZ_DATA_DIR unset) shows it, then adds it.
        var environment = scratch.privateEnvironment()
        environment["QUIZ_DATA_DIR"] = nil
        let shown = try runQuiz(["--history", "--format", "json"], environment: environment)
        let games = (try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(games.compactMap { $0["seed"] as? Int } == [61], "\(shown.stdout) \(shown.stderr)")
        let input = try answers(bank: bank, seed: 63, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(["--questions", bank, "mini", "--seed", "63"], input: input, environment: environment)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stderr.contains("added 1 game that could not be written before"), "\(game.stderr)")
        #expect(!FileManager.default.fileExists(atPath: untagged))
        let after = try runQuiz(["--history", "--format", "json"], environment: environment)
        let seeds = ((try? JSONSerialization.jsonObject(with: Data(after.stdout.utf8))) as? [[String: Any]] ?? [])
            .compactMap { $0["seed"] as? Int }
        #expect(Set(seeds) == [61, 63])
    }
}
