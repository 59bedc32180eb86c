import Foundation
import QuizCore
import QuizStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file-size limit (`ulimit -f`) that the history's write crosses is met
/// as a full disk is: quiz ignores SIGXFSZ, so the write fails with EFBIG
/// instead of killing quiz (153, no score, a temporary archive left). The
/// game is shown whole, one line says which file and why, the status is 74,
/// the game waits in its pending file, and no temporary file is left.
@Suite struct FileSizeLimitTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Plays the mini quiz dealt by `seed` (the first answer right) under
    /// `ulimit -f` of `blocks` 512-byte blocks (dash's unit), with SIGXFSZ's
    /// default action as in a login shell (the test runner's children start
    /// with it ignored, which would hide the kill).
    func playLimited(_ scratch: Scratch, seed: UInt64, blocks: Int) throws -> RunResult {
        try runProcess(
            "/usr/bin/env",
            [
                "--default-signal=XFSZ", "/bin/sh", "-c",
                "ulimit -f \(blocks) && exec \"$1\" --questions \"$2\" mini --seed \(seed)", "sh",
                QuizBinary.path, bank,
            ],
            environment: scratch.privateEnvironment(),
            input: try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n")
    }

    func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// What a full disk gives: the whole game and its score, one line naming
    /// `path` and the system's reason for EFBIG, 74, no temporary file; then,
    /// the limit lifted, the game is in the history.
    func expectKeptAsOnAFullDisk(
        _ result: RunResult, _ scratch: Scratch, seed: UInt64, path: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 74, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        for prompt in try prompts(bank: bank, seed: seed) {
            #expect(result.stdout.contains(prompt), sourceLocation: sourceLocation)
        }
        #expect(
            result.stdout.contains("Mini Test Quiz: 1/3 right (33%)"), "the score: \(result.stdout)",
            sourceLocation: sourceLocation)
        let lines = nonEmptyLines(result.stderr)
        #expect(lines.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        let reason = String(cString: strerror(EFBIG))
        #expect(
            lines.first.map { $0.contains(path) && $0.contains(reason) && $0.contains("kept in") } == true,
            "names \(path) and says \(reason): \(result.stderr)", sourceLocation: sourceLocation)
        let temporary = scratch.dataFiles().filter { $0.contains(".tmp-") }
        #expect(temporary.isEmpty, "no temporary file left: \(scratch.dataFiles())", sourceLocation: sourceLocation)

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0, "\(history.stderr)", sourceLocation: sourceLocation)
        #expect(
            games.contains { $0["seed"] as? Int == Int(seed) }, "the game is in the history",
            sourceLocation: sourceLocation)
        // And the next game without a limit adds it for good.
        let next = try runQuiz(
            ["--questions", bank, "mini", "--seed", "77"],
            input: try answers(bank: bank, seed: 77, right: [0]).joined(separator: "\n") + "\n",
            environment: scratch.privateEnvironment())
        #expect(next.status == 0, "\(next.stderr)", sourceLocation: sourceLocation)
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        let seeds = after.compactMap { $0["seed"] as? Int }
        #expect(
            seeds.filter { $0 == Int(seed) }.count == 1 && seeds.contains(77), "kept once: \(seeds.suffix(3))",
            sourceLocation: sourceLocation)
    }

    /// More than 500 games: a game is one append to the journal, which the
    /// limit refuses.
    @Test func aJournalAppendOverTheLimitKeepsTheGamePending() throws {
        let scratch = Scratch()
        try writeArchive(KeyedArchive.data(for: pastSessions(500), journalSequence: 500), in: scratch.dataDir)
        let store = HistoryStore(folder: scratch.dataDir)
        for game in pastSessions(20, firstSeed: 2_000_000, start: Date(timeIntervalSince1970: 1_760_000_000)) {
            _ = try store.record(game)
        }
        let journalSize = size(scratch.journal)
        #expect(journalSize > 1_024, "a limit above the pending file")
        let result = try playLimited(scratch, seed: 51, blocks: journalSize / 512)
        #expect(size(scratch.journal) == journalSize, "nothing of the record stays")
        try expectKeptAsOnAFullDisk(result, scratch, seed: 51, path: scratch.journal)
    }

    /// Fewer than 500 games: a game is folded into the archive at once, and
    /// the limit refuses the archive's rewrite.
    @Test func anArchiveRewriteOverTheLimitKeepsTheGamePending() throws {
        let scratch = Scratch()
        try writeArchive(KeyedArchive.data(for: pastSessions(60), journalSequence: 60), in: scratch.dataDir)
        let archive = try Data(contentsOf: URL(fileURLWithPath: scratch.archive))
        #expect(archive.count > 2_048)
        let result = try playLimited(scratch, seed: 52, blocks: archive.count / 512)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.archive)) == archive, "the archive as it was")
        try expectKeptAsOnAFullDisk(result, scratch, seed: 52, path: scratch.archive)
    }
}
