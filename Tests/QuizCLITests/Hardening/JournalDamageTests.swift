import Foundation
import QuizCore
import QuizStore
import Testing

/// With more than 500 games (so the journal is in use), one corrupt
/// journal record costs that game only: `--history` shows every other game,
/// says on standard error what it skipped (one line: the file, the bytes and
/// the games) and ends with 74; the next game keeps them all. The model-based
/// test of the same invariant is `HistoryDamageModelTests` (QuizKitTests).
@Suite struct JournalDamageTests {
    let bank = QuizBinary.fixture("mini.json")

    /// 500 games in the archive and 30 in the journal, written by the store;
    /// returns the journal's record ranges.
    func largeHistory(_ scratch: Scratch) throws -> [Range<Int>] {
        try writeArchive(KeyedArchive.data(for: pastSessions(500), journalSequence: 500), in: scratch.dataDir)
        let store = HistoryStore(folder: scratch.dataDir)
        for game in pastSessions(30, firstSeed: 2_000_000, start: Date(timeIntervalSince1970: 1_760_000_000)) {
            let report = try store.record(game)
            #expect(report.recovered == 0)
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.journal)))
        var records: [Range<Int>] = []
        var offset = 16
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            records.append(offset..<(offset + 8 + length))
            offset += 8 + length
        }
        #expect(records.count == 30 && offset == bytes.count, "the journal holds the 30 games")
        return records
    }

    func flip(_ offset: Int, in path: String) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[offset] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return Data(bytes)
    }

    var expectedSeeds: Set<Int> {
        Set((0..<500).map { 1_000_000 + $0 } + (0..<30).filter { $0 != 2 }.map { 2_000_000 + $0 })
    }

    /// `--review` and the menu read the history too (to make the schedule):
    /// on a damaged one they say so and end with 74, as the views do.
    @Test func reviewAndTheMenuEndWith74OnADamagedHistory() throws {
        for menu in [false, true] {
            let scratch = Scratch()
            let records = try largeHistory(scratch)
            _ = try flip(records[2].lowerBound + 30, in: scratch.journal)
            let run = try runQuiz(
                menu ? [] : ["--review"], input: menu ? "quit\n" : "", environment: scratch.privateEnvironment())
            #expect(run.status == 74, "menu \(menu): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains(scratch.journal), "menu \(menu): \(run.stderr)")
        }
    }

    @Test func historyShowsEveryGameAfterTheDamageAndSaysWhatItSkipped() throws {
        let scratch = Scratch()
        let records = try largeHistory(scratch)
        let damaged = try flip(records[2].lowerBound + 30, in: scratch.journal)

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "\(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == expectedSeeds, "all but the damaged game")
        #expect(games.count == 529)
        let lines = nonEmptyLines(history.stderr)
        #expect(lines.count == 1, "\(history.stderr)")
        let line = lines.first ?? ""
        #expect(line.contains(scratch.journal + " "), "\(line)")
        #expect(line.contains("skipped \(records[2].count) damaged bytes"), "\(line)")
        #expect(line.contains("1 game could not be read"), "\(line)")
        let copies = scratch.dataFiles().filter { $0.hasPrefix("history.journal.damaged-") }
        #expect(copies.count == 1, "\(scratch.dataFiles())")
        #expect(line.contains(copies.first ?? "?"), "\(line)")
        #expect(FileManager.default.contents(atPath: scratch.dataDir + "/" + (copies.first ?? "")) == damaged)

        // Said once: the history is whole again (what could be read of it).
        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(Set(same.compactMap { $0["seed"] as? Int }) == expectedSeeds)

        let input = try answers(bank: bank, seed: 41, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "41"], input: input, environment: scratch.privateEnvironment())
        #expect(game.status == 0, "\(game.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(Set(after.compactMap { $0["seed"] as? Int }) == expectedSeeds.union([41]))
    }

    @Test func theNextGameKeepsTheRecordsAfterTheDamage() throws {
        let scratch = Scratch()
        let records = try largeHistory(scratch)
        _ = try flip(records[2].lowerBound + 30, in: scratch.journal)

        // The game comes first, before any --history: it must not drop the 27 games after the damage.
        let input = try answers(bank: bank, seed: 42, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "42"], input: input, environment: scratch.privateEnvironment())
        // Recorded, the damage said once, and 74 as the views end on it.
        #expect(game.status == 74, "\(game.stderr)")
        #expect(game.stdout.contains("Mini Test Quiz: 1/3 right (33%)"))
        #expect(
            nonEmptyLines(game.stderr).filter {
                $0.contains(scratch.journal + " ") && $0.contains("1 game could not")
            }.count == 1,
            "\(game.stderr)")
        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.isEmpty, "\(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == expectedSeeds.union([42]))
        #expect(games.count == 530)
    }

    /// Two whole records swapped in place, a copy of the last one appended,
    /// and a swap whose later record is then damaged: every intact record is
    /// read once whatever its place, and the line counts what was lost.
    @Test(arguments: ["swapped", "copied", "swappedThenDamaged"])
    func recordsOutOfOrderOrRepeatedAreReadOnceAndCountedTruly(_ change: String) throws {
        let scratch = Scratch()
        let records = try largeHistory(scratch)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.journal)))
        let (second, third) = (records[2], records[3])
        var expected = Set((0..<500).map { 1_000_000 + $0 } + (0..<30).map { 2_000_000 + $0 })
        if change == "copied" {
            bytes += bytes[records[29]]
        } else {
            bytes.replaceSubrange(second.lowerBound..<third.upperBound, with: bytes[third] + bytes[second])
        }
        if change == "swappedThenDamaged" {
            bytes[second.lowerBound + third.count + 30] ^= 0x20  // the third game's record, now after the fourth's
            expected.remove(2_000_002)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.journal))

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "\(history.stderr)")
        #expect(games.count == expected.count, "\(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == expected)
        let lines = nonEmptyLines(history.stderr)
        #expect(lines.count == 1 && lines[0].contains(scratch.journal + " "), "\(history.stderr)")
        let said = change == "swappedThenDamaged" ? "1 game could not be read" : "every game could still be read"
        #expect(lines.first?.contains(said) == true, "\(history.stderr)")
        #expect(scratch.dataFiles().filter { $0.hasPrefix("history.journal.damaged-") }.count == 1)

        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(same.count == expected.count)
        let input = try answers(bank: bank, seed: 44, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "44"], input: input, environment: scratch.privateEnvironment())
        #expect(game.status == 0 && game.stderr.isEmpty, "\(game.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.compactMap { $0["seed"] as? Int }.first == 44, "the newest first")
        #expect(Set(after.compactMap { $0["seed"] as? Int }) == expected.union([44]))
    }

    @Test func aDamagedHeaderLosesNoGame() throws {
        let scratch = Scratch()
        _ = try largeHistory(scratch)
        _ = try flip(2, in: scratch.journal)  // inside "QUIZJRN1"
        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "\(history.stderr)")
        #expect(games.count == 530, "every game: \(history.stderr)")
        #expect(nonEmptyLines(history.stderr).contains { $0.contains(scratch.journal + " ") && $0.contains("header") })
        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(same.count == 530)
    }

    /// One bit of the archive root's journal sequence flipped: its
    /// `journalCheck` fails, so which journal records it holds is unknown.
    /// Its 500 games stay, the journal's are compared with them by identity
    /// (none twice), said once, 74; the archive rewritten, the next read clean.
    @Test func aFlippedBitInTheArchivesJournalSequenceLosesNoGame() throws {
        let scratch = Scratch()
        _ = try largeHistory(scratch)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.archive)))
        // The integer 500 (`11 01 f4`) that is no array's count (`af 11 01 f4`): the root's journalSequence.
        let at = try #require(
            (1..<(bytes.count - 3)).first {
                bytes[$0 - 1] != 0xAF && Array(bytes[$0..<($0 + 3)]) == [0x11, 0x01, 0xF4]
            })
        bytes[at + 2] ^= 0x01  // 500 becomes 501: the journal's first game would be hidden
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.archive))
        let expected = Set((0..<500).map { 1_000_000 + $0 } + (0..<30).map { 2_000_000 + $0 })

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "\(history.stderr)")
        #expect(games.count == 530, "\(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == expected)
        let lines = nonEmptyLines(history.stderr)
        #expect(lines.count == 1 && lines[0].contains(scratch.archive + " "), "\(history.stderr)")
        let copies = scratch.dataFiles().filter { $0.hasPrefix("history.archive.damaged-") }
        #expect(copies.count == 1 && lines.first?.contains(copies[0]) == true, "\(scratch.dataFiles())")

        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(same.count == 530)
        let stats = try runQuiz(["--stats"], environment: scratch.privateEnvironment())
        #expect(stats.status == 0 && stats.stdout.contains("530"), "\(stats.stdout) \(stats.stderr)")
        let input = try answers(bank: bank, seed: 43, right: [0]).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "43"], input: input, environment: scratch.privateEnvironment())
        #expect(game.status == 0 && game.stderr.isEmpty, "\(game.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.count == 531)
        #expect(Set(after.compactMap { $0["seed"] as? Int }) == expected.union([43]))
    }

    @Test func anUnreadableArchiveIsMovedAsideAndTheJournalsGamesKept() throws {
        let scratch = Scratch()
        _ = try largeHistory(scratch)
        // The trailer's offset of the offset table: the archive cannot be read at all.
        let size = try Data(contentsOf: URL(fileURLWithPath: scratch.archive)).count
        let archive = try flip(size - 3, in: scratch.archive)
        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "\(history.stderr)")
        let seeds = Set(games.compactMap { $0["seed"] as? Int })
        #expect(seeds == Set((0..<30).map { 2_000_000 + $0 }), "the journal's games stay: \(history.stderr)")
        let line = nonEmptyLines(history.stderr).first { $0.contains(scratch.archive + " ") } ?? ""
        let copies = scratch.dataFiles().filter { $0.hasPrefix("history.archive.damaged-") }
        #expect(copies.count == 1 && line.contains(copies[0]), "\(history.stderr) \(scratch.dataFiles())")
        #expect(FileManager.default.contents(atPath: scratch.dataDir + "/" + (copies.first ?? "")) == archive)
    }
}
