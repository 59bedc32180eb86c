import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// When another process holds the history's lock, the end of a game
/// says at once that it is waiting, for whom (the pid and its command) and
/// why, instead of blocking without a word; once the lock is free the game is
/// recorded.
@Suite struct LockWaitTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func aGameWaitingForTheLockSaysSoAndIsRecordedAfter() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // This test process holds the lock, as a long compaction would.
        let lock = open(scratch.dataDir + "/history.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0)
        #expect(flock(lock, LOCK_EX) == 0)
        var held = true
        defer { if held { close(lock) } }

        let inputFile = scratch.path + "/answers"
        let lines = try answers(bank: bank, seed: 71, right: [0])
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: inputFile))
        let game = try BackgroundProcess(
            ["--questions", bank, "mini", "--seed", "71"], inputFile: inputFile,
            environment: scratch.privateEnvironment(), outputPrefix: scratch.path + "/game")

        let deadline = Date().addingTimeInterval(20)
        var said = ""
        while Date() < deadline {
            said = (try? String(contentsOfFile: game.stderrPath, encoding: .utf8)) ?? ""
            if said.contains("waiting") { break }
            usleep(20_000)
        }
        #expect(game.process.isRunning, "still waiting for the lock")
        let line = nonEmptyLines(said).first { $0.contains("waiting") } ?? ""
        #expect(line.contains("pid \(getpid())"), "names who holds the lock: \(said)")
        #expect(line.contains(scratch.dataDir + "/history.lock"), "\(said)")
        #expect(line.contains("waiting for the history") && line.contains("holds its lock"), "says why: \(said)")
        #expect(nonEmptyLines(said).count == 1, "one line: \(said)")

        close(lock)
        held = false
        let result = try #require(
            game.wait(until: Date().addingTimeInterval(20)), "the game ends once the lock is free")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mini Test Quiz: 1/3 right (33%)"))
        let (_, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(games.compactMap { $0["seed"] as? Int } == [71])
    }

    @Test func noWordWhenNoOneHoldsTheLock() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 72, right: [0])
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "72"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.privateEnvironment())
        #expect(game.status == 0)
        #expect(!game.stderr.contains("waiting"), "\(game.stderr)")
    }
}
