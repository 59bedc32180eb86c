import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

private func session(_ n: Int, results: Bool = false) -> Session {
    Session(
        date: Date(timeIntervalSinceReferenceDate: 740_000_000 + Double(n) * 3_600), score: n % 5, total: 5,
        quiz: "quiz-\(n)", title: "Quiz \(n) – Ünïcode", duration: Double(n) + 0.25, seed: Int64(n),
        results: results
            ? [
                QuestionResult(prompt: "Q\(n)?", outcome: .right, given: "A", answer: "A"),
                QuestionResult(prompt: "Skipped \(n)?", outcome: .skipped, given: nil, answer: "北京"),
            ] : [])
}

private let garbage = Data("this is not an archive \u{0}\u{1}\u{2} ✗".utf8)

private func contents(of folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

@Suite("HistoryStore")
struct HistoryStoreTests {
    @Test func absentHistoryIsEmptyAndCreatesNothing() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("never-created"))
        #expect(try store.load().sessions == [])
        #expect(!FileManager.default.fileExists(atPath: store.folder))
    }

    @Test func recordIsDurableInTheJournalAndLoadReturnsEverything() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("data/quiz"), inlineCompactionLimit: 0)
        let report = try store.record(session(1, results: true))
        #expect(report.recovered == 0)
        #expect(!report.needsCompaction)
        _ = try store.record(session(2))
        // Another terminal's store on the same folder appends to what is on disk.
        _ = try HistoryStore(folder: store.folder, inlineCompactionLimit: 0).record(session(3))
        #expect(try store.load().sessions == [session(1, results: true), session(2), session(3)])
        let journal = try #require(HistoryJournal.parse(try Data(contentsOf: URL(fileURLWithPath: store.journalPath))))
        #expect(journal.entries.map(\.sequence) == [1, 2, 3])
        #expect(journal.tail == .clean)
    }

    @Test func compactionFoldsTheJournalIntoAKeyedArchive() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        for n in 1...3 { _ = try store.record(session(n, results: true)) }
        try store.compact()
        let data = try Data(contentsOf: URL(fileURLWithPath: store.archivePath))
        #expect(data.starts(with: Array("bplist00".utf8)))
        let archive = try KeyedArchive.decode(data)
        #expect(archive.sessions == (1...3).map { session($0, results: true) })
        #expect(archive.journalSequence == 3)
        let journal = try #require(HistoryJournal.parse(try Data(contentsOf: URL(fileURLWithPath: store.journalPath))))
        #expect(journal.entries.isEmpty)
        #expect(journal.baseSequence == 3)
        // Recording goes on after the folded records, and nothing is counted twice.
        _ = try store.record(session(4))
        #expect(try store.load().sessions == (1...3).map { session($0, results: true) } + [session(4)])
        #expect(!contents(of: store.folder).contains { $0.contains(".tmp-") })
    }

    @Test func aCrashBetweenArchiveAndJournalNeverCountsAGameTwice() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        for n in 1...3 { _ = try store.record(session(n)) }
        // As if compaction wrote the archive, then died before the new journal.
        try store.writeAtomically(
            KeyedArchive.data(for: [session(1), session(2)], journalSequence: 2), to: store.archivePath)
        #expect(try store.load().sessions == [session(1), session(2), session(3)])
        try store.compact()
        #expect(try store.load().sessions == [session(1), session(2), session(3)])
    }

    @Test func aTornLastRecordIsIgnoredAndCut() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        _ = try store.record(session(1))
        let handle = try #require(FileHandle(forWritingAtPath: store.journalPath))
        handle.seekToEndOfFile()
        handle.write(Data(HistoryJournal.record(session(2), sequence: 2).prefix(21)))
        try handle.close()
        #expect(try store.load().sessions == [session(1)])
        _ = try store.record(session(3))
        #expect(try store.load().sessions == [session(1), session(3)])
        #expect(!contents(of: store.folder).contains { $0.contains("damaged") })
    }

    @Test func aCorruptRecordKeepsACopyAndTheRecordsBeforeIt() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        for n in 1...3 { _ = try store.record(session(n)) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store.journalPath)))
        bytes[bytes.count - 5] ^= 0xFF  // inside the last record's payload
        try Data(bytes).write(to: URL(fileURLWithPath: store.journalPath))
        let loaded = try store.load()
        #expect(loaded.sessions == [session(1), session(2)])
        #expect(loaded.diagnostics.problems.count == 1)
        #expect(contents(of: store.folder).filter { $0.hasPrefix("history.journal.damaged-") }.count == 1)
        _ = try store.record(session(4))
        #expect(try store.load().sessions == [session(1), session(2), session(4)])
    }

    /// A journal started after 500 folded games whose first record is
    /// damaged lost that one game, not 501: the count starts from the
    /// header's sequence; with the header damaged too, it is "at least one".
    @Test func damageBeforeTheFirstRecordIsCountedFromTheHeader() throws {
        var bytes = HistoryJournal.header(base: 500)
        let first = bytes.count
        for n in 501...504 { bytes += HistoryJournal.record(session(Int(n)), sequence: UInt64(n)) }
        bytes[first + 20] ^= 0x55
        let parsed = try #require(HistoryJournal.parse(Data(bytes)))
        #expect(parsed.entries.map(\.sequence) == [502, 503, 504])
        #expect(parsed.damage.map(\.records) == [1])
        bytes[0] ^= 0x55
        let headless = try #require(HistoryJournal.parse(Data(bytes)))
        #expect(headless.entries.map(\.sequence) == [502, 503, 504])
        #expect(headless.damage.last?.records == nil)
    }

    /// Every whole record once, whatever its place: swapped records are put
    /// back in order, a copy is dropped, and what is said lost is counted
    /// from the sequences read (the record of 503, damaged after the swap).
    @Test func recordsOutOfOrderOrRepeatedAreReadOnce() throws {
        var bytes = HistoryJournal.header(base: 500)
        let records = (501...505).map { HistoryJournal.record(session($0), sequence: UInt64($0)) }
        bytes += records[0] + records[1] + records[3] + records[2] + records[4] + records[4]
        let parsed = try #require(HistoryJournal.parse(Data(bytes)))
        #expect(parsed.entries.map(\.sequence) == [501, 502, 503, 504, 505])
        #expect(parsed.disordered && parsed.repeated.count == 1 && parsed.damage.isEmpty)
        #expect(parsed.lost == (0, false))
        bytes[16 + records[0].count + records[1].count + records[3].count + 30] ^= 0x55
        let damaged = try #require(HistoryJournal.parse(Data(bytes)))
        #expect(damaged.entries.map(\.sequence) == [501, 502, 504, 505])
        #expect(damaged.lost == (1, false))
    }

    /// A crash between folding the journal into the archive and writing a
    /// fresh journal leaves folded records in it: an archive game lost to
    /// damage is read again from there, in its place, and said.
    @Test func anArchiveGameLostToDamageIsReadAgainFromTheJournalThatStillHoldsIt() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        for n in 1...4 { _ = try store.record(session(n)) }
        let journal = try Data(contentsOf: URL(fileURLWithPath: store.journalPath))
        try store.compact()
        try journal.write(to: URL(fileURLWithPath: store.journalPath))
        var archive = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store.archivePath)))
        let name = Array("quiz-3".utf8)
        let at = try #require(
            (0..<(archive.count - name.count)).first { Array(archive[$0..<($0 + name.count)]) == name })
        archive[at + 5] = UInt8(ascii: "8")  // session 3's quiz id: its checksum fails
        try Data(archive).write(to: URL(fileURLWithPath: store.archivePath))

        let loaded = try store.load()
        #expect(loaded.sessions == (1...4).map { session($0) })
        #expect(loaded.diagnostics.problems.map(\.message).contains { $0.contains("read again from the journal") })
        #expect(try KeyedArchive.sessions(from: Data(contentsOf: URL(fileURLWithPath: store.archivePath))).count == 4)
        let again = try store.load()
        #expect(again.diagnostics.whole && again.sessions == (1...4).map { session($0) })
    }

    @Test func recordsAfterADamagedOneAreFoundAgainAndKeptByTheNextGame() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        for n in 1...5 { _ = try store.record(session(n, results: n % 2 == 0)) }
        let original = try Data(contentsOf: URL(fileURLWithPath: store.journalPath))
        let records = try #require(HistoryJournal.parse(original)).entries
        var bytes = [UInt8](original)
        bytes[records[1].bytes.lowerBound + 20] ^= 0x40  // inside the second record
        try Data(bytes).write(to: URL(fileURLWithPath: store.journalPath))

        let parsed = try #require(HistoryJournal.parse(Data(bytes)))
        #expect(parsed.entries.map(\.sequence) == [1, 3, 4, 5])
        #expect(parsed.damage == [HistoryJournal.Damage(bytes: records[1].bytes, records: 1)])
        // The next game (not a reader) meets the damage: it keeps a copy and
        // every readable record, says so, and records.
        let report = try store.record(session(6))
        let line = try #require(report.diagnostics.first { $0.file == store.journalPath }).message
        #expect(line.contains("skipped \(records[1].bytes.count) damaged bytes, 1 game could not be read"))
        let copy = try #require(contents(of: store.folder).first { $0.hasPrefix("history.journal.damaged-") })
        #expect(line.contains(copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.folder + "/" + copy)) == Data(bytes))
        let loaded = try store.load()
        #expect(loaded.diagnostics.whole)
        #expect(
            loaded.sessions == [session(1), session(3), session(4, results: true), session(5), session(6)])
    }

    @Test func folderIsCreated0700AndFiles0600AndWiderOnesAreTightened() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("deep/data/quiz"))
        _ = try store.record(session(1))
        try store.compact()
        #expect(permissions(of: store.folder) == 0o700)
        for name in contents(of: store.folder) {
            #expect(permissions(of: store.folder + "/" + name) == 0o600, "\(name)")
        }
        chmod(store.folder, 0o755)
        chmod(store.archivePath, 0o644)
        let report = try store.record(session(2))
        #expect(permissions(of: store.folder) == 0o700)
        #expect(permissions(of: store.archivePath) == 0o600)
        #expect(
            report.diagnostics.contains {
                $0.file == store.folder
                    && $0.message.contains("tightened the permissions of \(store.folder) from 755 to 700")
            })
        #expect(report.diagnostics.contains { $0.file == store.archivePath && $0.message.contains("from 644 to 600") })
    }

    @Test func damagedArchiveIsMovedAsideAndTheJournalStillCounts() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        try garbage.write(to: URL(fileURLWithPath: store.archivePath))
        // A game still records while the archive is damaged.
        _ = try store.record(session(4))

        // Only the archive is moved aside; the journal's game is shown, and
        // the problem named.
        let loaded = try store.load()
        #expect(loaded.sessions == [session(4)])
        let kept = try #require(contents(of: store.folder).first { $0.hasPrefix("history.archive.damaged-") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.folder + "/" + kept)) == garbage)
        #expect(loaded.diagnostics.problems.count == 1)
        #expect(loaded.diagnostics.problems.first?.message.contains(store.archivePath + " ") == true)
        #expect(loaded.diagnostics.problems.first?.file == store.archivePath)
        #expect(
            loaded.diagnostics.problems.first?.message.contains("not a keyed archive (not a binary property list)")
                == true)
        #expect(loaded.diagnostics.problems.first?.message.contains(kept) == true)
        let again = try store.load()
        #expect(again.sessions == [session(4)])
        #expect(again.diagnostics.whole)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.folder + "/" + kept)) == garbage)
    }

    @Test func aGameThatCannotBeWrittenIsKeptAndAddedNextTime() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("just a file", to: "afile")
        let state = temporary.file("state")
        let blocked = HistoryStore(folder: temporary.file("afile/quiz"), pendingFolders: [state])
        let failure = #expect(throws: HistoryStore.RecordFailure.self) { try blocked.record(session(1, results: true)) }
        guard case .cannotCreateFolder(let path, let reason) = failure?.error else {
            Issue.record("expected .cannotCreateFolder, got \(String(describing: failure))")
            return
        }
        #expect(path == temporary.file("afile/quiz"))
        #expect(!reason.isEmpty)
        let kept = try #require(failure?.keptIn)
        #expect(kept.hasPrefix(state + "/"))
        #expect(permissions(of: kept) == 0o600)
        // Reading shows the pending game, and says where it waits.
        let loaded = try blocked.load()
        #expect(loaded.sessions == [session(1, results: true)])
        #expect(loaded.diagnostics.first?.message.contains(kept) == true)
        #expect(loaded.diagnostics.first?.file == kept && loaded.diagnostics.first?.severity == .notice)

        // Another data folder sharing the state folder neither shows nor takes it.
        let other = HistoryStore(folder: temporary.file("quiz"), pendingFolders: [state])
        #expect(try other.load().sessions == [])
        let report = try other.record(session(2))
        #expect(report.recovered == 0)
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(try other.load().sessions == [session(2)])

        // Its own folder, once it can be written, adds it.
        try FileManager.default.removeItem(atPath: temporary.file("afile"))
        let mended = try blocked.record(session(3))
        #expect(mended.recovered == 1)
        #expect(mended.diagnostics.contains { $0.message.contains("added 1 game") })
        #expect(!FileManager.default.fileExists(atPath: kept))
        #expect(try blocked.load().sessions == [session(1, results: true), session(3)])
    }

    @Test func aSmallHistoryIsWholeInTheArchiveAfterEveryGame() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        for n in 1...3 {
            _ = try store.record(session(n))
            let archive = try KeyedArchive.decode(try Data(contentsOf: URL(fileURLWithPath: store.archivePath)))
            #expect(archive.sessions == (1...n).map { session($0) })
        }
    }

    @Test func aLargeHistoryAsksForCompactionOnlyAfterManyGames() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 2)
        var asked: [Bool] = []
        for n in 1...40 { asked.append(try store.record(session(n)).needsCompaction) }
        // 2 folded inline, then 16 journal records (the floor) before the first request.
        #expect(asked.firstIndex(of: true) == 17)
        try store.compact()
        #expect(try store.load().sessions == (1...40).map { session($0) })
    }

    /// An archive another program wrote has no journal sequence: the rule
    /// counts its games, so beyond the limit each game is one journal record
    /// and the archive is left as it is until a compaction folds them in.
    @Test func aLargeArchiveWithoutAJournalSequenceIsNotRewrittenByEachGame() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 10)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let original = KeyedArchive.data(for: (1...20).map { session($0) })
        try original.write(to: URL(fileURLWithPath: store.archivePath))
        for n in 21...25 {
            _ = try store.record(session(n))
            #expect(try Data(contentsOf: URL(fileURLWithPath: store.archivePath)) == original, "game \(n)")
        }
        #expect(try store.load().sessions == (1...25).map { session($0) })
        try store.compact()
        let archive = try KeyedArchive.decode(try Data(contentsOf: URL(fileURLWithPath: store.archivePath)))
        #expect(archive.sessions == (1...25).map { session($0) })
    }

    @Test func theSummaryGivesTheSameMilestonesAsTheWholeHistory() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        // Games of two quizzes on several days; the summary is written with the archive.
        let games = (0..<12).map { n in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 780_000_000 + Double(n) * 40_000), score: (n * 7) % 6,
                total: 5 + n % 2, quiz: n % 3 == 0 ? "b" : "a", title: "Quiz", duration: 30, seed: Int64(n))
        }
        for game in games { _ = try store.record(game) }
        #expect(FileManager.default.fileExists(atPath: store.folder + "/history.summary"))
        let whole = try store.load().sessions
        let summarised = try store.milestoneHistory(timeZone: .current).baseline
        let wholeBaseline = MilestoneBaseline(sessions: whole, timeZone: .current)
        #expect(summarised == wholeBaseline)
        for candidate in [
            Session(date: games.last!.date.addingTimeInterval(3600), score: 6, total: 6, quiz: "a"),
            Session(date: games.last!.date.addingTimeInterval(90_000), score: 1, total: 6, quiz: "b"),
            Session(date: games.last!.date.addingTimeInterval(200_000), score: 3, total: 5, quiz: "new"),
        ] {
            // The same standing and streak as the whole history's baseline gives.
            #expect(summarised.milestones(of: candidate) == wholeBaseline.milestones(of: candidate))
        }
        // An archive replaced behind the summary's back is read whole instead.
        try store.writeAtomically(KeyedArchive.data(for: Array(games.prefix(2))), to: store.archivePath)
        #expect(
            try store.milestoneHistory().baseline
                == MilestoneBaseline(sessions: Array(games.prefix(2)), timeZone: LocalTimeZone.current))
    }

    @Test func staleTemporaryFilesAreRemovedUnderTheLock() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        _ = try store.record(session(1))
        try temporary.write("half", to: "quiz/history.archive.tmp-99999")
        _ = try store.record(session(2))
        #expect(!contents(of: store.folder).contains { $0.contains(".tmp-") })
    }

    @Test func concurrentRecordsAreAllKept() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.file("quiz")
        DispatchQueue.concurrentPerform(iterations: 16) { n in
            _ = try? HistoryStore(folder: folder).record(session(n))
        }
        let loaded = try HistoryStore(folder: folder).load().sessions
        #expect(loaded.count == 16)
        #expect(Set(loaded.compactMap(\.seed)) == Set(0..<16))
    }

    /// The damage line counts games in words that agree with the count
    /// ("kept 1 game without their per-question results" was said).
    @Test(arguments: [
        (1, "kept 1 game without its per-question results, which could not be read"),
        (2, "kept 2 games without their per-question results, which could not be read"),
    ])
    func theDamageLineAgreesWithItsCount(lost: Int, words: String) throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(folder: folder.path)
        var read = HistoryStore.ArchiveRead(sessions: [], journalSequence: 0)
        read.resultsLost = lost
        let line = store.archiveDamage(read)
        #expect(line.contains(words), "\(line)")
        read.skipped = 1
        #expect(store.archiveDamage(read).contains("skipped 1 game that could not be read, " + words))
    }
}
