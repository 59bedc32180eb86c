import Foundation
import Testing

@testable import QuizCore
@testable import QuizFormats
@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// The three derived files share one layout, one stamp and one rule
/// (`DerivedFile`): whatever happened to one (a byte changed, cut short,
/// another history's stamp, the layout of an older quiz, larger than
/// 64 MiB), its view is the view of every game and the file is made again;
/// and a game recorded leaves every one usable (the summary and the
/// schedule caught up, the statistics describing the archive and part of
/// the journal), so the next view reads it without rebuilding it.
@Suite struct DerivedFileTests {
    let zone = LocalTimeZone.current
    static let index = KeptScheduleTests.index

    /// A store with some games recorded as quiz records them, every derived file made by its view.
    func history(_ temporary: TemporaryFolder, seed: UInt64) throws -> (HistoryStore, SeededGenerator, Double) {
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 4)
        var random = SeededGenerator(seed: seed)
        var time = 740_000_000.0
        for _ in 0..<(3 + random.below(8)) {
            _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time), index: Self.index)
        }
        try expectViewsRight(store, step: "made")
        return (store, random, time)
    }

    /// Each view equals the same figure made from every game.
    func expectViewsRight(_ store: HistoryStore, step: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let sessions = try store.load().sessions
        #expect(
            try store.milestoneHistory(timeZone: zone).baseline
                == MilestoneBaseline(sessions: sessions, timeZone: zone),
            "summary, \(step)", sourceLocation: sourceLocation)
        #expect(
            try store.statistics(timeZone: zone).tally == StatisticsTally(sessions: sessions, timeZone: zone),
            "statistics, \(step)", sourceLocation: sourceLocation)
        #expect(
            try ScheduleFile(store: store).current(index: Self.index).schedule
                == ReviewSchedule(sessions: sessions, index: Self.index), "schedule, \(step)",
            sourceLocation: sourceLocation)
    }

    func kinds(_ store: HistoryStore) -> [DerivedFile.Kind] { DerivedFile.Kind.allCases }

    /// Whether `kind`'s file is usable for `store` now: the summary and the
    /// schedule hold every game (`fresh`, what the cheap readers need), the
    /// statistics the archive and part of the journal (`kept`).
    func isFresh(_ kind: DerivedFile.Kind, _ store: HistoryStore) -> Bool {
        switch kind {
        case .summary: store.fresh(SummaryKind(folder: store.folder, timeZone: zone)) != nil
        case .statistics: isKept(store)
        case .schedule: ScheduleFile(store: store).fresh(index: Self.index) != nil
        }
    }

    /// Whether the statistics file describes the archive and part of the journal.
    func isKept(_ store: HistoryStore) -> Bool {
        let kind = StatisticsKind(folder: store.folder, timeZone: zone)
        return (try? store.reading { snapshot in store.kept(kind, in: snapshot) != nil }.value) ?? false
    }

    func path(_ kind: DerivedFile.Kind, _ store: HistoryStore) -> String { store.folder + "/" + kind.fileName }

    /// Each file as the quiz before this layout wrote it, stamped for the
    /// history as it is and with figures no game made: read as stale, never misread.
    func oldLayout(_ kind: DerivedFile.Kind, _ store: HistoryStore) -> Data {
        var info = stat()
        _ = stat(store.archivePath, &info)
        let size = Int(info.st_size)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        func checked(_ magic: String, _ body: String) -> Data {
            let check = Data(body.utf8).withUnsafeBytes { CRC32.checksum($0) }
            return Data((magic + " " + String(check, radix: 16) + "\n" + body).utf8)
        }
        switch kind {
        case .summary:
            return Data(
                (#"{"bestRule":2,"archiveSize":\#(size),"archiveModified":\#(modified),"journalSequence":99,"#
                    + #""timeZone":"\#(zone.identifier)","bests":{"capitals":{"score":999,"total":999,"time":0}},"#
                    + #""dayRuns":[[1,2]]}"#).utf8)
        case .statistics:
            return checked(
                "quiz-statistics 2",
                #"{"archiveModified":\#(modified),"archiveSize":\#(size),"journalSequence":99,"tally":{"#
                    + #""days":{},"fractionSum":0,"fractions":0,"games":999,"hasQuestionResults":false,"#
                    + #""questions":[],"quizzes":[],"timeZone":"\#(zone.identifier)","timedGames":0,"#
                    + #""totalDuration":0},"version":2}"#)
        case .schedule:
            let stamp = ([store.archivePath, store.journalPath] + store.pendingPaths).flatMap { path -> [String] in
                var info = stat()
                guard stat(path, &info) == 0 else { return ["-1.0", "-1.0"] }
                return [
                    "\(Double(info.st_size))",
                    "\(Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)",
                ]
            }
            let settings = (FSRS.standard.parameters + [FSRS.standard.desiredRetention, 36_500]).map(\.description)
            return checked(
                "quiz-schedule 4",
                "stamp " + stamp.joined(separator: " ") + "\nsettings " + settings.joined(separator: " ")
                    + "\ngames 999\n")
        }
    }

    enum Harm: CaseIterable { case byte, truncated, otherStamp, oldLayout, huge }

    @Test(arguments: Harm.allCases)
    func aHarmedFileOfEachKindIsRebuiltAndTheViewsAreRight(harm: Harm) throws {
        for seed in UInt64(1)...6 {
            let temporary = try TemporaryFolder()
            var (store, random, time) = try history(temporary, seed: seed)
            for kind in kinds(store) {
                let file = path(kind, store)
                #expect(isFresh(kind, store), "\(kind) made fresh")
                let data = try #require(FileManager.default.contents(atPath: file))
                switch harm {
                case .byte:
                    var bytes = Array(data)
                    bytes[random.below(bytes.count)] ^= UInt8(1 + random.below(255))
                    try Data(bytes).write(to: URL(fileURLWithPath: file))
                case .truncated:
                    try data.prefix(random.below(data.count)).write(to: URL(fileURLWithPath: file))
                case .otherStamp:
                    // This very file put back after another game (recorded by
                    // another program) and a compaction: of another archive.
                    _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time))
                    try store.compact()
                    try data.write(to: URL(fileURLWithPath: file))
                    #expect(!isFresh(kind, store), "\(kind) of another stamp")
                case .oldLayout:
                    try oldLayout(kind, store).write(to: URL(fileURLWithPath: file))
                    #expect(!isFresh(kind, store), "\(kind) of the old layout")
                case .huge:
                    // The file, and then zeros past 64 MiB (sparse): never read.
                    #expect(truncate(file, off_t(DerivedFile.maximumSize + 1)) == 0)
                }
                try expectViewsRight(store, step: "\(harm) \(kind), seed \(seed)")
                #expect(isFresh(kind, store), "\(harm) \(kind) rebuilt, seed \(seed)")
                let rebuilt = try #require(FileManager.default.contents(atPath: file))
                #expect(rebuilt.starts(with: Array("quiz-derived \(kind.rawValue) ".utf8)))
                #expect(rebuilt.count < DerivedFile.maximumSize)
            }
        }
    }

    /// The modification time of `path`, to the nanosecond.
    func modified(_ path: String) -> timespec? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mtim : nil
    }

    @Test(arguments: [0, 4, 500])
    func aGameRecordedLeavesEveryFileFreshAndTheNextViewRebuildsNone(inline: Int) throws {
        let temporary = try TemporaryFolder()
        var (store, random, time) = try history(temporary, seed: UInt64(inline + 7))
        store = HistoryStore(folder: store.folder, inlineCompactionLimit: inline)
        for round in 0..<6 {
            if round == 3 { try store.compact() }
            let game = KeptScheduleTests.randomGame(&random, time: &time)
            // A game dated before one of the history (a clock set back) goes
            // before games the schedule applied: it is built again by the next view.
            let back = try store.load().sessions.contains { ReviewSchedule.Order($0) > ReviewSchedule.Order(game) }
            _ = try store.record(game, index: Self.index)
            let times = kinds(store).map { modified(path($0, store)) }
            for kind in kinds(store) {
                #expect(isFresh(kind, store) == !(back && kind == .schedule), "\(kind) after game \(round)")
            }
            try expectViewsRight(store, step: "game \(round)")
            // The views read the files: none was written again.
            for (kind, before) in zip(kinds(store), times) where !(back && kind == .schedule) {
                let after = modified(path(kind, store))
                #expect(
                    before?.tv_sec == after?.tv_sec && before?.tv_nsec == after?.tv_nsec,
                    "\(kind) not rebuilt after game \(round)")
            }
        }
        // Recorded without the banks' index (as quiz-bench or a test does):
        // the schedule is removed, the others stay fresh.
        _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time))
        #expect(!FileManager.default.fileExists(atPath: path(.schedule, store)))
        #expect(isFresh(.summary, store) && isFresh(.statistics, store))
        try expectViewsRight(store, step: "a game without the index")
    }

    /// Games recorded after `--stats` made the statistics leave the file
    /// alone; `--stats` adds the journal's games to it, equal to the whole
    /// history's, without writing it, until they are more than
    /// `DerivedFile.rewritesAfter` allows; a compaction carries it over.
    @Test func gamesRecordedAfterStatsLeaveTheStatisticsFileAlone() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        var random = SeededGenerator(seed: 31)
        var time = 740_000_000.0
        for _ in 0..<40 { _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time)) }
        let kind = StatisticsKind(folder: store.folder, timeZone: zone)
        let file = path(.statistics, store)
        func whole() throws -> StatisticsTally { StatisticsTally(sessions: try store.load().sessions, timeZone: zone) }
        #expect(try store.statistics(timeZone: zone).tally == whole())
        #expect(store.fresh(kind) != nil, "made by --stats, holding every game")
        let made = try #require(modified(file))
        var added = 0
        while !DerivedFile.rewritesAfter(added: added + 1, games: 41 + added) {
            _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time))
            added += 1
            #expect(modified(file)?.tv_nsec == made.tv_nsec && modified(file)?.tv_sec == made.tv_sec)
            #expect(store.fresh(kind) == nil && isKept(store), "behind the journal by \(added)")
            #expect(try store.statistics(timeZone: zone).tally == whole(), "after \(added) games")
            #expect(modified(file)?.tv_nsec == made.tv_nsec && modified(file)?.tv_sec == made.tv_sec)
        }
        #expect(added == 16)
        // One more: --stats adds them and writes the file again, caught up.
        _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time))
        #expect(try store.statistics(timeZone: zone).tally == whole())
        #expect(store.fresh(kind) != nil, "written again, holding every game")
        // A compaction carries a file behind the journal over: adds its games.
        for _ in 0..<3 { _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time)) }
        try store.compact()
        #expect(store.fresh(kind) == (try whole()), "carried over the compaction")
        // A game recorded with pending games waiting, or another journal
        // (a repair's, a copy's), leaves it stale: rebuilt, right.
        _ = try store.record(KeptScheduleTests.randomGame(&random, time: &time))
        let journal = try #require(FileManager.default.contents(atPath: store.journalPath))
        try journal.write(to: URL(fileURLWithPath: store.journalPath + ".copy"))
        #expect(rename(store.journalPath + ".copy", store.journalPath) == 0)
        #expect(!isKept(store), "another journal file")
        #expect(try store.statistics(timeZone: zone).tally == whole())
        #expect(store.fresh(kind) != nil, "rebuilt")
    }

    @Test func theFirstLineNamesKindVersionCheckStampAndSettings() throws {
        let file = DerivedFile(.summary, version: 7, folder: "/x", settings: "Odd Zone/100%\n")
        let stamp = DerivedStamp(
            archive: "1:2.3", journal: DerivedStamp.Journal(device: 8, inode: 9, size: 16, modified: "4.5"),
            sequence: 5)
        let bytes = file.bytes(Data("{}".utf8), stamp: stamp)
        let line = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
        // The CRC-32 of the line's other fields, then the payload.
        let covered = Data("summary 7 1:2.3,8:9:16:4.5,5 Odd%20Zone/100%25%0A\n{}".utf8)
        let check = String(covered.withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
        #expect(line == "quiz-derived summary 7 \(check) 1:2.3,8:9:16:4.5,5 Odd%20Zone/100%25%0A")
        let parsed = try #require(DerivedFile.parse(bytes))
        #expect(parsed.payload == Data("{}".utf8) && DerivedStamp(parsed.stamp) == stamp)
        let none = DerivedStamp(archive: "-", journal: nil, sequence: 0)
        #expect(none.text == "-,-,0" && DerivedStamp(none.text) == none)
        // The stamps of the layout before (every file's size and mtime) are none.
        let before = ["1:2.3,4:5.6,-", "-,-,-", "1:2.3,4:5.6,7:8.9", "1:2.3,4:5.6,-,-,-"]
        for odd in ["", "1:2.3,-", "1:2.3,8:9,5", "1:2.3,-,x", ",-,0", "1:2.3,-,5,6"] + before {
            #expect(DerivedStamp(odd) == nil, "\(odd)")
        }
    }
}

extension HistoryStore {
    /// The stamp of a payload holding every game now but the pending ones
    /// (the journal read for its last sequence), as `record` writes it.
    func derivedStamp() -> DerivedStamp {
        let journal = (try? readJournal())??.lastSequence ?? 0
        return derivedStamp(sequence: max(journal, foldedSequence() ?? 0))
    }
}
