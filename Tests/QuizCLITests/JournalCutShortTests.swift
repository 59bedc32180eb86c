import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A journal cut short (an interrupted copy, a sync, a bad sector) lost
/// acknowledged games without a word: a last record whose length runs past
/// the end was taken for a crash inside the append. Now quiz marks how long
/// the journal was after each game it recorded (`JournalMark`, in
/// `history.lock`); a journal shorter than that is damage: a copy is kept,
/// one line says so, `--history` ends with 74, and every intact game stays.
/// A record torn by a crash, past the mark, stays silent as before.
@Suite struct JournalCutShortTests {
    let bank = QuizBinary.fixture("mini.json")
    let seeds: [UInt64] = [61, 62, 63]

    /// 500 games in the archive (so the journal is in use) and three played
    /// through quiz; returns the journal's record ranges.
    func playedHistory(_ scratch: Scratch) throws -> [Range<Int>] {
        try writeArchive(KeyedArchive.data(for: pastSessions(500), journalSequence: 500), in: scratch.dataDir)
        for seed in seeds {
            let game = try runQuiz(
                ["--questions", bank, "mini", "--seed", "\(seed)"],
                input: try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n",
                environment: scratch.privateEnvironment())
            #expect(game.status == 0, "\(game.stderr)")
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.journal)))
        var records: [Range<Int>] = []
        var offset = 16
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            records.append(offset..<(offset + 8 + length))
            offset += 8 + length
        }
        #expect(records.count == seeds.count && offset == bytes.count, "the journal holds the three games")
        return records
    }

    /// Cuts `count` bytes off the end of `path` in place, as `truncate -s -N` does.
    func cut(_ count: Int, from path: String) throws -> Data {
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(truncate(path, info.st_size - off_t(count)) == 0)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Plays one more game (seed 64), cleanly, and finds it and every game of `kept` in the history.
    func playOneMore(_ scratch: Scratch, keeping kept: Set<Int>) throws {
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "64"],
            input: try answers(bank: bank, seed: 64, right: [0]).joined(separator: "\n") + "\n",
            environment: scratch.privateEnvironment())
        #expect(game.status == 0 && game.stderr.isEmpty, "\(game.stderr)")
        let (after, all) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
        #expect(playedSeeds(all) == kept.union([64]))
    }

    func playedSeeds(_ games: [[String: Any]]) -> Set<Int> {
        Set(games.compactMap { $0["seed"] as? Int }.filter { $0 < 1_000_000 })
    }

    /// 1 and 7 bytes, most of the last record, all of it (the cut at a
    /// record's end, where nothing looks torn) and into the one before it.
    @Test(arguments: [(1, 1), (7, 1), (60, 1), (-1, 1), (-7, 2)])
    func aJournalCutShortIsDamageSaidOnceAndKeptAside(cutSize: Int, lost: Int) throws {
        let scratch = Scratch()
        let records = try playedHistory(scratch)
        let last = records[records.count - 1].count
        let count = cutSize > 0 ? cutSize : last - cutSize - 1
        let cutFile = try cut(count, from: scratch.journal)

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "cut \(count): \(history.stderr)")
        let kept = Set(seeds.dropLast(lost).map(Int.init))
        #expect(playedSeeds(games) == kept, "the intact games: \(playedSeeds(games))")
        #expect(games.count == 500 + kept.count)
        let lines = nonEmptyLines(history.stderr)
        #expect(lines.count == 1, "one line: \(history.stderr)")
        let line = lines.first ?? ""
        #expect(line.contains(scratch.journal + " ") && line.contains("cut short"), "\(line)")
        #expect(line.contains("could not be read"), "\(line)")
        let copies = scratch.dataFiles().filter { $0.hasPrefix("history.journal.damaged-") }
        #expect(copies.count == 1, "\(scratch.dataFiles())")
        #expect(line.contains(copies.first ?? "?"), "names the copy: \(line)")
        #expect(FileManager.default.contents(atPath: scratch.dataDir + "/" + (copies.first ?? "")) == cutFile)

        // Said once; the next game keeps every intact game and itself.
        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(playedSeeds(same) == kept)
        try playOneMore(scratch, keeping: kept)
        #expect(scratch.dataFiles().filter { $0.contains(".damaged-") }.count == 1)
    }

    /// A crash inside the append: part of a record after the last game
    /// acknowledged, the mark left as it was. Silent, as before, and cut by
    /// the next game.
    @Test(arguments: [7, 21, 90])
    func aRecordTornByACrashStaysSilent(partial: Int) throws {
        let scratch = Scratch()
        let records = try playedHistory(scratch)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.journal)))
        // The last record again, as the next one would start: its length runs past the end.
        let torn = Array(bytes[records[records.count - 1]].prefix(partial))
        bytes += torn
        let handle = try #require(FileHandle(forWritingAtPath: scratch.journal))
        handle.seekToEndOfFile()
        handle.write(Data(torn))
        try handle.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.journal)) == Data(bytes))

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.isEmpty, "\(history.stderr)")
        #expect(playedSeeds(games) == Set(seeds.map(Int.init)))
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") }, "\(scratch.dataFiles())")

        try playOneMore(scratch, keeping: Set(seeds.map(Int.init)))
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") })
    }
}
