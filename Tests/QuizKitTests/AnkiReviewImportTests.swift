import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// Anki's reviews imported: `AnkiReviewImport` against Anki's own library.
/// `scripts/anki-review-oracle.py` answers 32 cards across simulated days
/// with Anki 26.9.3 (FSRS on, its default parameters, which are quiz's), and
/// quiz's schedule of the imported games must hold each card's memory
/// state within 1 % of Anki's `card.memory_state`, and its due time:
/// to the second for a card due in days (the start of Anki's day, 04:00),
/// and for a card in a learning step Anki's step before its fuzz (Anki adds
/// up to a quarter of the step, at most 5 minutes, which the revlog does
/// not keep).
@Suite(.enabled(if: AnkiOracle.unavailableReason == nil, AnkiOracle.skipComment))
struct AnkiReviewOracleTests {
    static let tolerance = 0.01

    @Test func importedReviewsContinueAnkisSchedule() throws {
        let oracle = try AnkiOracle.run()
        let sessions = AnkiReviewImport.sessions(
            bank: oracle.bank, quizID: AnkiOracle.quizID, cards: oracle.cardIndex, revlog: oracle.revlog)
        #expect(sessions.allSatisfy { $0.kind == .review })
        let schedule = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [oracle.bank]))
        #expect(schedule.cards.count == oracle.cards.count)
        var worst = 0.0
        for card in oracle.cards {
            let identity = QuestionIdentity.of(oracle.bank.questions[card.index], bank: AnkiOracle.quizID)
            let ours = try #require(schedule.cards[identity], "card \(card.index) was not imported")
            let stabilityError = abs(ours.stability - card.stability) / card.stability
            let difficultyError = abs(ours.difficulty - card.difficulty) / card.difficulty
            worst = max(worst, stabilityError, difficultyError)
            #expect(
                stabilityError <= Self.tolerance && difficultyError <= Self.tolerance,
                "card \(card.index): quiz S \(ours.stability) D \(ours.difficulty), Anki S \(card.stability) D \(card.difficulty)"
            )
            let due = ours.due.timeIntervalSince1970
            if card.queue == 1 {
                let step = due - ours.lastReview.timeIntervalSince1970
                #expect(card.due >= due && card.due - due <= min(300, step / 4), "card \(card.index)")
            } else {
                #expect(due == card.due, "card \(card.index): quiz due \(ours.due), Anki \(card.due)")
            }
            #expect(ours.quiz == AnkiOracle.quizID)
        }
        print("AnkiReviewOracleTests: \(oracle.cards.count) cards, max relative error \(worst)")
    }

    /// The comparison can fail: the same reviews rated as quiz rates its own
    /// answers (from the outcome and time, not Anki's button), or counted
    /// days apart by 24 hours (not Anki's days), disagree.
    @Test(arguments: [("grade", 10), ("days", 10)])
    func withoutWhatAnkiSaidTheStatesDisagree(field: String, atLeast: Int) throws {
        let oracle = try AnkiOracle.run()
        let sessions = AnkiReviewImport.sessions(
            bank: oracle.bank, quizID: AnkiOracle.quizID, cards: oracle.cardIndex, revlog: oracle.revlog
        ).map { session in
            var fields = session.fields
            fields.results = session.results.map { result in
                var fields = result.fields
                if field == "grade" { fields.grade = nil } else { fields.days = nil }
                return QuestionResult(fields)
            }
            return Session(fields)
        }
        let schedule = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [oracle.bank]))
        let disagreeing = oracle.cards.count { card in
            let identity = QuestionIdentity.of(oracle.bank.questions[card.index], bank: AnkiOracle.quizID)
            guard let ours = schedule.cards[identity] else { return true }
            return abs(ours.stability - card.stability) / card.stability > AnkiReviewOracleTests.tolerance
        }
        #expect(disagreeing >= atLeast, "\(disagreeing) cards disagree without \(field)")
        print("AnkiReviewOracleTests: without \(field), \(disagreeing) of \(oracle.cards.count) cards disagree")
    }

    /// Imported into a history through the store, twice: the second adds
    /// nothing, and the schedule rebuilt from the files is the import's.
    @Test func importingTwiceAddsNothingTwice() throws {
        let oracle = try AnkiOracle.run()
        let sessions = AnkiReviewImport.sessions(
            bank: oracle.bank, quizID: AnkiOracle.quizID, cards: oracle.cardIndex, revlog: oracle.revlog)
        let folder = try TemporaryFolder("anki-import")
        let store = HistoryStore(folder: folder.path)
        let first = try store.add(imported: sessions)
        #expect(first.added == sessions.count && first.already == 0)
        let second = try store.add(imported: sessions)
        #expect(second.added == 0 && second.already == sessions.count)
        let loaded = try store.load().sessions
        #expect(loaded == sessions)
        #expect(
            ReviewSchedule(sessions: loaded, index: QuestionIndex(banks: [oracle.bank]))
                == ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [oracle.bank])))
    }
}

/// The JSON export keeps an imported answer's grade, time (to the second)
/// and due time: merged into an empty history it schedules as the history
/// it came from, and merged back into that history it adds nothing.
@Suite(.enabled(if: AnkiOracle.unavailableReason == nil, AnkiOracle.skipComment))
struct AnkiReviewExportTests {
    @Test func anExportOfImportedReviewsMergesOnceAndSchedulesTheSame() throws {
        let oracle = try AnkiOracle.run()
        let sessions = AnkiReviewImport.sessions(
            bank: oracle.bank, quizID: AnkiOracle.quizID, cards: oracle.cardIndex, revlog: oracle.revlog)
        let folder = try TemporaryFolder("anki-export")
        let export = folder.file("export.json")
        let utc = TimeZone(identifier: "UTC")!
        try HistoryReport(sessions: sessions, timeZone: utc).render(.json).write(
            toFile: export, atomically: true, encoding: .utf8)
        let source = MergeSource(kind: .export, path: export)
        let home = HistoryStore(folder: folder.file("home"))
        _ = try home.add(imported: sessions)
        let back = try home.merge(source)
        #expect(back.added == 0 && back.already == sessions.count)
        let elsewhere = HistoryStore(folder: folder.file("elsewhere"))
        #expect(try elsewhere.merge(source).added == sessions.count)
        let index = QuestionIndex(banks: [oracle.bank])
        let theirs = ReviewSchedule(sessions: try elsewhere.load().sessions, index: index)
        let ours = ReviewSchedule(sessions: sessions, index: index)
        #expect(theirs.cards.count == ours.cards.count)
        for (identity, card) in ours.cards {
            let other = try #require(theirs.cards[identity])
            #expect(other.stability == card.stability && other.difficulty == card.difficulty && other.due == card.due)
        }
    }
}

/// What the import keeps of a card's log: what Anki's FSRS reads.
struct AnkiReviewFilterTests {
    static func entry(_ id: Int64, ease: Int, interval: Int64 = 1, factor: Int64 = 2500, kind: Int)
        -> AnkiRevlogEntry
    {
        AnkiRevlogEntry(
            id: id, cardID: 1, ease: ease, interval: interval, lastInterval: 0, factor: factor, milliseconds: 0,
            kind: kind)
    }

    @Test func aForgetLeavesOutWhatCameBefore() {
        let log = [
            Self.entry(1, ease: 3, kind: 0), Self.entry(2, ease: 3, kind: 1),
            Self.entry(3, ease: 0, interval: 0, factor: 0, kind: 4),
            Self.entry(4, ease: 1, interval: -60, kind: 0), Self.entry(5, ease: 3, kind: 0),
            Self.entry(6, ease: 3, kind: 1),
        ]
        #expect(AnkiReviewImport.scheduling(log).map(\.id) == [4, 5, 6])
        // Forgotten after the last grade: nothing to schedule, the card is new in Anki.
        #expect(AnkiReviewImport.scheduling(Array(log.prefix(3))).isEmpty)
    }

    @Test func manualChangesRescheduleAndCramAreLeftOut() {
        let log = [
            Self.entry(1, ease: 3, kind: 0), Self.entry(2, ease: 0, interval: 30, kind: 4),
            Self.entry(3, ease: 0, interval: 12, kind: 5), Self.entry(4, ease: 1, factor: 0, kind: 3),
            Self.entry(5, ease: 2, kind: 3), Self.entry(6, ease: 4, kind: 1),
        ]
        #expect(AnkiReviewImport.scheduling(log).map(\.id) == [1, 5, 6])
    }

    @Test func withoutLearningStepsFromTheFirstGradeOfADayOrMore() {
        let log = [
            Self.entry(1, ease: 3, interval: -600, kind: 2), Self.entry(2, ease: 3, interval: 3, kind: 2),
            Self.entry(3, ease: 2, interval: 5, kind: 1),
        ]
        #expect(AnkiReviewImport.scheduling(log).map(\.id) == [2, 3])
    }

    @Test func oneGameAnAnkiDayEachAnswerAtItsOwnTime() throws {
        let bank = QuestionBank(
            id: "deck", title: "Deck",
            questions: [
                Question(prompt: "One?", kind: .freeText(answer: "1", accepted: [])),
                Question(prompt: "Two?", kind: .freeText(answer: "2", accepted: [])),
            ], path: "deck.json")
        // 2026-01-05 03:00 UTC is still Anki's day of the 4th; 05:00 the 5th's.
        let early: Int64 = 1_767_582_000_250
        let log = [
            AnkiRevlogEntry(
                id: early, cardID: 10, ease: 3, interval: 2, lastInterval: 0, factor: 2500, milliseconds: 4_000,
                kind: 0),
            AnkiRevlogEntry(
                id: early + 7_200_000, cardID: 11, ease: 1, interval: -600, lastInterval: 0, factor: 2500,
                milliseconds: 9_000, kind: 0),
            AnkiRevlogEntry(
                id: early + 7_260_000, cardID: 99, ease: 3, interval: 1, lastInterval: 0, factor: 2500,
                milliseconds: 1, kind: 0),
        ]
        let sessions = AnkiReviewImport.sessions(bank: bank, quizID: "deck", cards: [10: 0, 11: 1], revlog: log)
        try #require(sessions.count == 2)
        #expect(sessions.map(\.score) == [1, 0])
        #expect(sessions.map(\.total) == [1, 1])
        let first = sessions[0].results[0]
        #expect(
            first.grade == 3 && first.seconds == 4 && first.identity == "deck~" + QuestionIdentity.fingerprint("One?"))
        #expect(first.answered == Date(timeIntervalSince1970: 1_767_582_000.25) && first.days == nil)
        // Due at 04:00 two of Anki's days on: the 6th.
        #expect(first.scheduled == Double(1_767_672_000 - 1_767_582_000))
        // A learning step from the second Anki's clock counted.
        #expect(sessions[1].results[0].outcome == .wrong && sessions[1].results[0].scheduled == 600)
        #expect(sessions[1].date == Date(timeIntervalSince1970: 1_767_589_200.25))
    }
}

extension AnkiReviewFilterTests {
    /// Days apart as Anki counts them: 03:00 is still the day before (its
    /// day begins at 04:00), so 03:00 then 05:00 the next day are two days,
    /// and 05:00 then 03:00 the next day none; in Paris, 04:00 is Paris's 04:00.
    @Test func daysApartAreAnkisDays() {
        let bank = QuestionBank(
            id: "deck", title: "Deck",
            questions: [Question(prompt: "One?", kind: .freeText(answer: "1", accepted: []))],
            path: "deck.json")
        func days(_ times: [Int64], zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> [Int?] {
            let log = times.map {
                AnkiRevlogEntry(
                    id: $0 * 1000, cardID: 1, ease: 3, interval: 1, lastInterval: 0, factor: 2500, milliseconds: 0,
                    kind: $0 == times[0] ? 0 : 1)
            }
            return AnkiReviewImport.sessions(bank: bank, quizID: "deck", cards: [1: 0], revlog: log, timeZone: zone)
                .flatMap { $0.results.map(\.days) }
        }
        // 2026-01-05 03:00 UTC.
        let night: Int64 = 1_767_582_000
        #expect(days([night, night + 26 * 3_600]) == [nil, 2])
        #expect(days([night + 2 * 3_600, night + 24 * 3_600]) == [nil, 0])
        #expect(days([night, night + 3_600]) == [nil, 1])
        // 03:00 UTC is 04:00 in Paris, a new Anki day there; 02:30 UTC the day before.
        let paris = TimeZone(identifier: "Europe/Paris")!
        #expect(days([night - 1_800, night], zone: paris) == [nil, 1])
        #expect(days([night - 3_600, night - 1_800], zone: paris) == [nil, 0])
        #expect(days([night, night + 1_800], zone: paris) == [nil, 0])
    }
}

/// `scripts/anki-review-oracle.py` through python3.
enum AnkiOracle {
    static let quizID = "anki-oracle"
    static let script = Repository.root.appendingPathComponent("scripts/anki-review-oracle.py").path

    struct Card {
        let index: Int
        let queue: Int
        let stability: Double
        let difficulty: Double
        let due: Double
    }

    struct Output {
        let bank: QuestionBank
        let cardIndex: [Int64: Int]
        let revlog: [AnkiRevlogEntry]
        let cards: [Card]
    }

    static let unavailableReason: String? = {
        guard let python = FSRSOracle.python else { return "python3 is not installed" }
        guard let probe = try? FSRSOracle.run(python, ["-c", "import anki.collection"], input: Data()) else {
            return "python3 could not be started"
        }
        guard probe.status == 0 else {
            let last = String(decoding: probe.error, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return "python3 cannot import anki (\(last))"
        }
        let libraries = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]
        guard libraries.contains(where: { FileManager.default.fileExists(atPath: $0 + "/faketime/libfaketime.so.1") })
        else { return "libfaketime is not installed" }
        return nil
    }()

    static var skipComment: Comment {
        Comment(
            rawValue:
                "Anki review import NOT checked against Anki: \(unavailableReason ?? ""); run `make test-deps` (pip anki, apt faketime)"
        )
    }

    /// The oracle run once for the suite.
    nonisolated(unsafe) private static var cached: Output?
    private static let lock = NSLock()

    static func run() throws -> Output {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        guard let python = FSRSOracle.python else { throw FSRSOracle.OracleError(description: "no python3") }
        let folder = try TemporaryFolder("anki-oracle")
        let out = folder.file("oracle.json")
        let result = try FSRSOracle.run(python, [script, out], input: Data())
        guard result.status == 0 else {
            throw FSRSOracle.OracleError(
                description:
                    "anki-review-oracle.py exited \(result.status): \(String(decoding: result.error, as: UTF8.self))")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rows = object["revlog"] as? [[String: Any]], let cards = object["cards"] as? [[String: Any]]
        else { throw FSRSOracle.OracleError(description: "anki-review-oracle.py wrote something unexpected") }
        func number(_ row: [String: Any], _ key: String) throws -> NSNumber {
            guard let value = row[key] as? NSNumber else {
                throw FSRSOracle.OracleError(description: "anki-review-oracle.py: no \(key) in \(row)")
            }
            return value
        }
        let revlog = try rows.map { row in
            AnkiRevlogEntry(
                id: try number(row, "id").int64Value, cardID: try number(row, "cardID").int64Value,
                ease: try number(row, "ease").intValue, interval: try number(row, "interval").int64Value,
                lastInterval: try number(row, "lastInterval").int64Value, factor: try number(row, "factor").int64Value,
                milliseconds: try number(row, "milliseconds").int64Value, kind: try number(row, "kind").intValue)
        }
        var questions: [Question] = []
        var index: [Int64: Int] = [:]
        var compared: [Card] = []
        for card in cards {
            let position = try number(card, "index").intValue
            guard let prompt = card["question"] as? String, let answer = card["answer"] as? String,
                position == questions.count
            else { throw FSRSOracle.OracleError(description: "anki-review-oracle.py: a card out of order") }
            questions.append(Question(prompt: prompt, kind: .freeText(answer: answer, accepted: [])))
            index[try number(card, "id").int64Value] = position
            compared.append(
                Card(
                    index: position, queue: try number(card, "queue").intValue,
                    stability: try number(card, "stability").doubleValue,
                    difficulty: try number(card, "difficulty").doubleValue, due: try number(card, "due").doubleValue))
        }
        let output = Output(
            bank: QuestionBank(id: quizID, title: "Anki oracle", questions: questions, path: quizID + ".json"),
            cardIndex: index, revlog: revlog, cards: compared)
        cached = output
        return output
    }
}
