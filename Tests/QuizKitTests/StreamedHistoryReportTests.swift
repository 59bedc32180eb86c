import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// `quiz --history` streams every format from a `HistoryStream` read off the
/// files (`StreamedHistoryReport`); what it writes must be, byte for byte,
/// what the same renderer makes of the model of those files: the sessions
/// `HistoryStore.load()` reads whole (another reader of the archive), in
/// memory, through `HistoryReport`. For any history: games out of date order
/// and on the same second, the journal's games (some already folded),
/// pending games (some already in the history), odd values, titles to make
/// safe, `--quiz` and `--limit` (which reads only the newest games off the
/// archive), and damage, where the stream gives way to `load()`.
@Suite struct StreamedHistoryReportTests {
    let zone = TimeZone(identifier: "Europe/Paris")!

    static let titles = [
        "World Capitals", "Flags\u{1B}[31m red", "Ünïcode ✓ 世界の首都", "Tab\there", nil,
        String(repeating: "A very long title ", count: 8), "Comma, \"quoted\"", "Line\r\nbreak",
    ]

    /// A game with odd values now and then (no total, a zero one, a negative
    /// score, no duration, a result whose time is not a number).
    static func randomGame(_ random: inout SeededGenerator, time: inout Double, results: Bool = true) -> Session {
        // Mostly later than the last, sometimes earlier, sometimes the same second.
        switch random.below(10) {
        case 0: time -= Double(random.below(5 * 86_400))
        case 1: break
        default: time += Double(random.below(3 * 86_400))
        }
        let quizzes: [String?] = ["capitals", "flags", "ünïcode", nil, "rivers|pipes"]
        let quiz = quizzes[random.below(quizzes.count)]
        let totals: [Int?] = [5, 5, 10, 3, nil, 0]
        var list: [QuestionResult] = []
        if results {
            for _ in 0..<random.below(4) {
                let outcome: QuestionOutcome = [.right, .wrong, .skipped][random.below(3)]
                list.append(
                    QuestionResult(
                        prompt: "Question \(random.below(9))? \u{7}", outcome: outcome,
                        given: outcome == .skipped ? nil : "given \"/\"", answer: "answer \(random.below(2))",
                        identity: random.below(2) == 0 ? nil : "q\(random.below(5))",
                        seconds: random.below(3) == 0 ? nil : Double(random.below(10_000)) / 100))
            }
        }
        return Session(
            date: Date(timeIntervalSinceReferenceDate: time), score: random.below(12) - 1,
            total: totals[random.below(totals.count)], quiz: quiz, title: titles[random.below(titles.count)],
            duration: random.below(5) == 0 ? nil : Double(random.below(1_000_000)) / 100,
            seed: random.below(6) == 0 ? nil : Int64(random.below(1_000_000)), results: list)
    }

    /// A data folder with `archived` games in the archive, `journaled` after
    /// it in the journal (with the archive's last few again, as a crash
    /// between folding and the new journal leaves them), and `pending` games
    /// in a pending file, half of them already in the history.
    func history(
        _ folder: TemporaryFolder, seed: UInt64, archived: Int, journaled: Int, pending: Int
    ) throws -> HistoryStore {
        var random = SeededGenerator(seed: seed)
        var time = 700_000_000.0
        let games = (0..<(archived + journaled)).map { _ in Self.randomGame(&random, time: &time) }
        let store = HistoryStore(folder: folder.path + "/data", inlineCompactionLimit: 0)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        if archived > 0 {
            try KeyedArchive.data(for: Array(games.prefix(archived)), journalSequence: UInt64(archived))
                .write(to: URL(fileURLWithPath: store.archivePath))
        }
        if journaled > 0 || archived > 0 {
            let folded = max(0, archived - 3)
            var bytes = HistoryJournal.header(base: UInt64(folded))
            for (index, game) in games.enumerated() where index >= folded {
                bytes += HistoryJournal.record(game, sequence: UInt64(index + 1))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: store.journalPath))
        }
        if pending > 0 {
            var bytes = HistoryJournal.header(base: 0)
            for number in 0..<pending {
                // Every other one already in the history (a crash after it was added).
                let game =
                    number % 2 == 0 && !games.isEmpty
                    ? games[random.below(games.count)] : Self.randomGame(&random, time: &time)
                bytes += HistoryJournal.record(game, sequence: UInt64(number + 1))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: store.folder + "/history.pending"))
        }
        return store
    }

    /// The model: every game read whole, then rendered from memory.
    func whole(
        _ store: HistoryStore, _ format: HistoryReport.Format, quiz: String?, limit: Int?, width: Int, ascii: Bool
    ) throws -> (text: String, diagnostics: [Diagnostic]) {
        let loaded = try store.load(
            results: format == .json, newest: limit, where: quiz.map { id in { $0.quiz == id } })
        let report = HistoryReport(
            sessions: loaded.sessions, quiz: quiz.map { QuizID($0) }, limit: limit, timeZone: zone)
        return (report.render(format, width: width, ascii: ascii), loaded.diagnostics)
    }

    /// What the stream writes, the chunks joined; nil when it gives way.
    /// `keeping`: bytes of rows the first pass keeps for the second at most
    /// (the others' games are read again).
    func streamed(
        _ store: HistoryStore, _ format: HistoryReport.Format, quiz: String?, limit: Int?, width: Int, ascii: Bool,
        keeping: Int = StreamedHistoryReport.keptBytes
    ) throws -> (text: String, diagnostics: [Diagnostic], chunks: [String])? {
        guard let stream = store.stream(where: quiz.map { id in { $0.quiz == id } }, newest: limit),
            let report = StreamedHistoryReport(
                stream, format: format, quiz: quiz.map { QuizID($0) }, limit: limit, timeZone: zone, keeping: keeping)
        else { return nil }
        var chunks: [String] = []
        try report.write(width: width, ascii: ascii) { chunk in
            chunks.append(chunk)
            return true
        }
        return (chunks.joined(), stream.diagnostics, chunks)
    }

    func expectSame(
        _ store: HistoryStore, _ label: String, quizzes: [String?] = [nil, "flags", "rivers|pipes", "absent"],
        limits: [Int?] = [nil, 1, 7, 100_000], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for format in HistoryReport.Format.allCases {
            for quiz in quizzes {
                for limit in limits {
                    for (width, ascii) in [(80, false), (40, true), (200, false)] {
                        let what =
                            "\(label) \(format) --quiz \(quiz ?? "-") --limit \(limit.map(String.init) ?? "-") \(width)"
                        let old = try whole(store, format, quiz: quiz, limit: limit, width: width, ascii: ascii)
                        #expect(old.diagnostics.whole, "\(what): \(old.diagnostics)", sourceLocation: sourceLocation)
                        // At 40 columns the first pass keeps a few rows, at
                        // 200 none: the others' games are read again in the second.
                        let keeping = [40: 400, 200: 0][width] ?? StreamedHistoryReport.keptBytes
                        let new = try #require(
                            try streamed(
                                store, format, quiz: quiz, limit: limit, width: width, ascii: ascii, keeping: keeping),
                            "\(what)",
                            sourceLocation: sourceLocation)
                        #expect(new.text == old.text, "\(what)", sourceLocation: sourceLocation)
                        #expect(new.diagnostics == old.diagnostics, "\(what)", sourceLocation: sourceLocation)
                        // Every chunk but the last ends at a line's end.
                        for chunk in new.chunks.dropLast() {
                            #expect(chunk.utf8.last == 10, "\(what)", sourceLocation: sourceLocation)
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func aRandomHistoryStreamsAsItPrintedWhole(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let store = try history(folder, seed: seed, archived: 40 + Int(seed) * 7, journaled: 9, pending: 6)
        try expectSame(store, "seed \(seed)")
    }

    /// `fold` reads the same stream one game at a time: every game of the
    /// model, results and all, in order, with what the model says; damage
    /// (a flipped byte in the archive) goes to `load()`, which repairs it.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func foldGivesEveryGameOfTheModel(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let store = try history(folder, seed: seed, archived: 30 + Int(seed) * 5, journaled: 7, pending: 4)
        let model = try store.load()
        let folded = try store.fold([Session]()) { $0.append($1) }
        #expect(folded.value == model.sessions)
        #expect(folded.value.contains { !$0.results.isEmpty })
        #expect(folded.diagnostics == model.diagnostics)
        #expect(folded.diagnostics.whole)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.archivePath))
        let title = try #require(bytes.range(of: Data("World Capitals".utf8)))
        bytes[title.lowerBound] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: store.archivePath))
        let damaged = try store.fold([Session]()) { $0.append($1) }
        #expect(!damaged.diagnostics.whole)
        #expect(damaged.value.count < folded.value.count)
        #expect(try store.fold([Session]()) { $0.append($1) }.value == damaged.value)
    }

    @Test func onlyAJournalOnlyPendingGamesOrNothingAtAll() throws {
        for (archived, journaled, pending) in [(0, 12, 0), (0, 0, 5), (0, 0, 0), (30, 0, 0), (1, 0, 0)] {
            let folder = try TemporaryFolder()
            let store = try history(folder, seed: 9, archived: archived, journaled: journaled, pending: pending)
            try expectSame(
                store, "\(archived)+\(journaled)+\(pending)", quizzes: [nil, "flags"], limits: [nil, 3])
        }
    }

    /// Enough rows for many chunks: each about 64 KiB, cut at a line's end.
    @Test func aLongHistoryIsWrittenInChunks() throws {
        let folder = try TemporaryFolder()
        let store = try history(folder, seed: 11, archived: 3_000, journaled: 20, pending: 4)
        try expectSame(store, "long", quizzes: [nil, "capitals"], limits: [nil, 20_000])
        let chunks = try #require(try streamed(store, .csv, quiz: nil, limit: nil, width: 80, ascii: false)).chunks
        #expect(chunks.count > 2)
        for chunk in chunks.dropLast() {
            #expect(chunk.utf8.count >= StreamedHistoryReport.chunkSize)
            #expect(chunk.utf8.count < StreamedHistoryReport.chunkSize + 1024)
        }
    }

    @Test func aReaderThatGoesStopsTheWriting() throws {
        let folder = try TemporaryFolder()
        let store = try history(folder, seed: 12, archived: 3_000, journaled: 0, pending: 0)
        let stream = try #require(store.stream())
        let report = try #require(StreamedHistoryReport(stream, format: .table, timeZone: zone))
        var calls = 0
        try report.write { _ in
            calls += 1
            return false
        }
        #expect(calls == 1)
    }

    /// A result's time that JSON cannot hold: the whole export is `[]`, as before.
    @Test func aNumberJSONCannotHoldGivesWhatItGaveBefore() throws {
        let folder = try TemporaryFolder()
        let store = try history(folder, seed: 13, archived: 20, journaled: 0, pending: 0)
        var bytes = HistoryJournal.header(base: 20)
        let odd = Session(
            date: Date(timeIntervalSinceReferenceDate: 800_000_000), score: 1, total: 2, quiz: "flags",
            results: [QuestionResult(prompt: "P", outcome: .right, given: "a", answer: "a", seconds: .infinity)])
        bytes += HistoryJournal.record(odd, sequence: 21)
        try Data(bytes).write(to: URL(fileURLWithPath: store.journalPath))
        try expectSame(store, "infinite time", quizzes: [nil, "capitals"], limits: [nil])
    }

    /// Damage: the stream gives way (nil), the old path repairs and reports
    /// it, and from then on the stream prints what the old path does.
    @Test func damageGivesWayToTheOldPathThenStreamsAgain() throws {
        for damaged in ["archive", "journal"] {
            let folder = try TemporaryFolder()
            let store = try history(folder, seed: 14, archived: 50, journaled: 10, pending: 4)
            let path = damaged == "archive" ? store.archivePath : store.journalPath
            var bytes = try #require(FileManager.default.contents(atPath: path))
            if damaged == "archive" {
                // A session's title changed: its checksum no longer matches.
                let at = try #require(bytes.range(of: Data("World Capitals".utf8))).lowerBound
                bytes[at] = UInt8(ascii: "V")
            } else {
                bytes[bytes.count / 2] ^= 0xFF
            }
            try bytes.write(to: URL(fileURLWithPath: path))
            let stream = store.stream()
            let report = stream.flatMap { StreamedHistoryReport($0, format: .table, timeZone: zone) }
            #expect(report == nil, "\(damaged)")
            let repaired = try whole(store, .table, quiz: nil, limit: nil, width: 80, ascii: false)
            #expect(!repaired.diagnostics.whole, "\(damaged)")
            try expectSame(store, "after \(damaged) damage", quizzes: [nil, "capitals"], limits: [nil, 5])
        }
    }
}
