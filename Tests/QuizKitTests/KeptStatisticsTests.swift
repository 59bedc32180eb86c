import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The statistics `--stats` shows come from `history.statistics` (kept,
/// carried through compactions) and the journal; they must equal those
/// counted from the whole history after any sequence of games, crashes,
/// damage and compactions.
@Suite struct KeptStatisticsTests {
    let zone = LocalTimeZone.current

    /// A game with odd values now and then: no quiz, no title, no total, a
    /// zero total, a negative score, no duration, a date before the last.
    static func randomGame(_ random: inout SeededGenerator, time: inout Double) -> Session {
        time += Double(random.below(3 * 86_400)) - (random.below(10) == 0 ? 5 * 86_400 : 0)
        let quizzes: [String?] = ["capitals", "flags", "rivers", nil, "ünïcode ✓"]
        let quiz = quizzes[random.below(quizzes.count)]
        let totals: [Int?] = [5, 5, 10, 3, nil, 0]
        let total = totals[random.below(totals.count)]
        let score = random.below(12) - 1
        var results: [QuestionResult] = []
        for _ in 0..<random.below(6) {
            let prompt = "Question \(random.below(9))?"
            let outcome: QuestionOutcome = [.right, .wrong, .skipped][random.below(3)]
            results.append(
                QuestionResult(
                    prompt: prompt, outcome: outcome, given: outcome == .skipped ? nil : "given",
                    answer: "answer \(random.below(2))"))
        }
        return Session(
            date: Date(timeIntervalSinceReferenceDate: time), score: score, total: total, quiz: quiz,
            title: random.below(4) == 0 ? nil : quiz.map { "Title of \($0) \(random.below(2))" },
            duration: random.below(5) == 0 ? nil : Double(random.below(100_000)) / 100,
            seed: Int64(random.below(1_000_000)), results: results)
    }

    func expectSame(_ store: HistoryStore, step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let kept = try store.statistics(timeZone: zone)
        let sessions = try store.load().sessions
        let whole = StatisticsTally(sessions: sessions, timeZone: zone)
        #expect(kept.tally == whole, "\(step)", sourceLocation: sourceLocation)
        #expect(kept.tally.games == sessions.count, sourceLocation: sourceLocation)
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        #expect(
            Statistics(tally: kept.tally, now: now, timeZone: zone).text()
                == Statistics(sessions: sessions, now: now, timeZone: zone).text(), "\(step)",
            sourceLocation: sourceLocation)
        let page = Statistics.Page(
            reviews: nil, targetRetention: 0.9, accuracy: nil, today: "2026-05-07", colorblind: false)
        #expect(
            Statistics(tally: kept.tally, now: now, timeZone: zone).html(page)
                == Statistics(sessions: sessions, now: now, timeZone: zone).html(page), "\(step)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: 1...12) func randomSequencesOfGamesCrashesAndCompactions(seed: UInt64) throws {
        let temporary = try TemporaryFolder()
        var random = SeededGenerator(seed: seed)
        let limit = [0, 3, 500][random.below(3)]
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: limit)
        var time = 740_000_000.0
        var steps: [String] = []
        var saved: Data?
        for _ in 0..<30 {
            switch random.below(10) {
            case 0...3:
                steps.append("record")
                _ = try store.record(Self.randomGame(&random, time: &time))
            case 4:
                steps.append("compact")
                try store.compact()
            case 5:
                // A crash while appending: half a record at the journal's end.
                steps.append("torn record")
                try appendTornRecord(to: store.journalPath)
            case 6:
                // A crash after the archive was rewritten and before
                // history.statistics was: the file describes the old archive.
                steps.append("stale statistics")
                saved = FileManager.default.contents(atPath: store.statisticsPath)
                _ = try store.record(Self.randomGame(&random, time: &time))
                try store.compact()
                if let saved { try saved.write(to: URL(fileURLWithPath: store.statisticsPath)) }
            case 7:
                // Damage that still parses: one digit changed.
                steps.append("damaged statistics")
                if var bytes = FileManager.default.contents(atPath: store.statisticsPath).map(Array.init) {
                    if let digit = bytes.lastIndex(where: { (48...57).contains($0) }) {
                        bytes[digit] = bytes[digit] == 57 ? 48 : bytes[digit] + 1
                    }
                    try Data(bytes).write(to: URL(fileURLWithPath: store.statisticsPath))
                }
            case 8:
                steps.append("statistics removed")
                unlink(store.statisticsPath)
            default:
                steps.append("a game in another time zone's statistics")
                let other = TimeZone(identifier: zone.identifier == "Asia/Tokyo" ? "America/Denver" : "Asia/Tokyo")!
                _ = try store.statistics(timeZone: other)
            }
            try expectSame(store, step: steps.joined(separator: ", "))
        }
    }

    @Test func compactionCarriesTheTallyForwardAndStreamingRebuildsIt() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        var random = SeededGenerator(seed: 99)
        var time = 740_000_000.0
        var games: [Session] = []
        for number in 0..<40 {
            let game = Self.randomGame(&random, time: &time)
            games.append(game)
            _ = try store.record(game)
            // Made by --stats after 20 games; the 20 after are in the journal only.
            if number == 19 { _ = try store.statistics(timeZone: zone) }
        }
        try store.compact()
        #expect(store.fresh(StatisticsKind(folder: store.folder, timeZone: zone)) != nil, "carried over")
        let kept = try #require(FileManager.default.contents(atPath: store.statisticsPath))
        #expect(kept.starts(with: Array("quiz-derived statistics \(StatisticsKind.version) ".utf8)))
        #expect(try store.statistics(timeZone: zone).tally == StatisticsTally(sessions: games, timeZone: zone))
        // Removed: counted again from the archive, one session at a time, and written again.
        unlink(store.statisticsPath)
        #expect(try store.statistics(timeZone: zone).tally == StatisticsTally(sessions: games, timeZone: zone))
        #expect(FileManager.default.contents(atPath: store.statisticsPath) == kept)
    }

    /// A file of version 2 (no best days, no weeks), stamped for the history
    /// as it is and with figures no game made: read as stale, never misread,
    /// and written again as version 3.
    @Test func aStatisticsFileOfVersion2IsRebuilt() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        var random = SeededGenerator(seed: 5)
        var time = 740_000_000.0
        let games = (0..<30).map { _ in Self.randomGame(&random, time: &time) }
        for game in games { _ = try store.record(game) }
        _ = try store.statistics(timeZone: zone)
        let kept = try #require(FileManager.default.contents(atPath: store.statisticsPath))
        let stamp = try #require(DerivedFile.parse(kept)).stamp
        let old =
            #"{"days":{},"fractionSum":0,"fractions":0,"games":999,"hasQuestionResults":false,"questions":[],"#
            + #""quizzes":[{"bestScore":9,"fractionSum":0,"fractions":0,"games":999,"lastScore":0,"trend":[]}],"#
            + #""timeZone":"\#(zone.identifier)","timedGames":0,"totalDuration":0}"#
        try DerivedFile.bytes(
            kind: "statistics", version: "2", stamp: stamp, settings: DerivedFile.escape(zone.identifier),
            Data(old.utf8)
        ).write(to: URL(fileURLWithPath: store.statisticsPath))
        let read = try store.statistics(timeZone: zone).tally
        #expect(read == StatisticsTally(sessions: games, timeZone: zone))
        #expect(read.quizzes.allSatisfy { !$0.weeks.isEmpty && $0.bestDay != nil })
        let rewritten = try #require(FileManager.default.contents(atPath: store.statisticsPath))
        #expect(rewritten.starts(with: Array("quiz-derived statistics \(StatisticsKind.version) ".utf8)))
    }

    @Test func aTallyRoundTripsThroughItsFileExactly() throws {
        var random = SeededGenerator(seed: 7)
        var time = 740_000_000.0
        let tally = StatisticsTally(
            sessions: (0..<200).map { _ in Self.randomGame(&random, time: &time) }, timeZone: zone)
        let data = try JSONEncoder().encode(tally)
        #expect(StatisticsTally(json: data) == tally)
    }

    /// The hand-written reader takes only a tally's shape: a key missing, a
    /// count that is a fraction or a string read as nil
    /// (the file is then rebuilt from the history); random damage never
    /// traps, and reads as a tally only where the bytes are still JSON.
    @Test func aDamagedTallyPayloadReadsAsNilOrAsJSONSays() throws {
        var random = SeededGenerator(seed: 11)
        var time = 740_000_000.0
        let tally = StatisticsTally(
            sessions: (0..<60).map { _ in Self.randomGame(&random, time: &time) }, timeZone: zone)
        let text = try #require(String(data: try JSONEncoder().encode(tally), encoding: .utf8))
        #expect(
            StatisticsTally(json: Array(text.replacingOccurrences(of: "\"practiceDailies\":", with: "\"x\":").utf8))
                == nil)
        #expect(
            StatisticsTally(json: Array(text.replacingOccurrences(of: "\"games\":", with: "\"games\":0.5+").utf8))
                == nil)
        #expect(
            StatisticsTally(
                json: Array(text.replacingOccurrences(of: "\"asked\":", with: "\"asked\":\"1\",\"y\":").utf8)) == nil)
        let bytes = Array(text.utf8)
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0...Int(random.next() % 3) {
                damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let read = StatisticsTally(json: damaged) else { continue }
            // What was read is what Foundation's own parser sees in the same bytes.
            let object = try? JSONSerialization.jsonObject(with: Data(damaged))
            #expect(object != nil, "read a tally from bytes that are not JSON")
            #expect(read.quizzes.count <= tally.quizzes.count && read.questions.count <= tally.questions.count)
        }
    }
}
