import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// `history.schedule` is kept game by game (`HistoryStore.record(_:index:)`,
/// under the history's lock), re-stamped by compactions, and rebuilt from the
/// whole history when missing, stale or damaged: after any sequence of
/// those, the schedule and the stats' review section it gives must equal
/// those built from every game, and the retention kept per day must equal
/// the due reviews counted one by one.
@Suite struct KeptScheduleTests {
    static let bank = QuestionBank(
        id: "bank", title: "Bank",
        questions: [
            Question(prompt: "Capital of Peru?", kind: .freeText(answer: "Lima", accepted: [])),
            Question(prompt: "Capital of Chad?", kind: .freeText(answer: "N'Djamena", accepted: []), id: "chad"),
            Question(prompt: "Is ice cold?", kind: .trueFalse(true)),
            Question(prompt: "Is fire cold?", kind: .trueFalse(false), id: "fire"),
            Question(prompt: "Two and two?", kind: .multipleChoice(choices: ["3", "4"], answer: 1)),
            Question(prompt: "Three and three?", kind: .multipleChoice(choices: ["6", "7"], answer: 0)),
        ], path: "")
    static let index = QuestionIndex(banks: [bank])

    /// A game at a time from minutes to weeks after the last (now and then
    /// before it: a clock set back), of the bank, a review, a bank that is
    /// gone or no quiz, with answers right, wrong or skipped, timed or not,
    /// recorded with their identity or (older results) by prompt alone.
    static func randomGame(_ random: inout SeededGenerator, time: inout Double) -> Session {
        let gaps: [Double] = [60, 3_600, 86_400, 2 * 86_400, 9 * 86_400, 40 * 86_400]
        time += gaps[random.below(gaps.count)] * Double(1 + random.below(3))
        if random.below(12) == 0 { time -= 50 * 86_400 }
        let quizzes: [String?] = ["bank", "bank", "bank", "review", "gone", nil]
        let quiz = quizzes[random.below(quizzes.count)]
        var results: [QuestionResult] = []
        for _ in 0..<random.below(7) {
            let question = bank.questions[random.below(bank.questions.count)]
            let outcome: QuestionOutcome = [.right, .right, .wrong, .skipped][random.below(4)]
            let prompt = quiz == "gone" ? "Gone question \(random.below(3))?" : question.prompt
            let identity: String? =
                quiz == "review" || random.below(2) == 0
                ? (quiz == "gone" ? nil : QuestionIdentity.of(question, bank: "bank")) : nil
            let seconds: Double? = random.below(5) == 0 ? nil : Double(random.below(2_000)) / 100
            results.append(
                QuestionResult(
                    prompt: prompt, outcome: outcome, given: outcome == .skipped ? nil : "given",
                    answer: question.answerText, identity: identity, seconds: seconds))
        }
        return Session(
            date: Date(timeIntervalSinceReferenceDate: time), score: results.count { $0.outcome == .right },
            total: results.count, quiz: quiz, title: quiz, duration: 30, seed: Int64(random.below(1_000)),
            results: results)
    }

    /// Records as `quiz` does (the schedule kept under the history's lock),
    /// or, without `file`, without the banks' index (the schedule removed).
    static func record(_ session: Session, in store: HistoryStore, keeping file: ScheduleFile?) throws {
        _ = try SessionHistory().record(session, in: store, index: file == nil ? nil : index)
    }

    /// The retention of the 30 UTC days up to `now`'s, counted review by review.
    static func retention(_ sessions: [Session], now: Date) -> (due: Int, right: Int) {
        let today = ReviewSchedule.day(of: now)
        var counted = (due: 0, right: 0)
        _ = ReviewSchedule(sessions: sessions, index: index) { review in
            let day = ReviewSchedule.day(of: review.date)
            guard !review.wasNew, review.wasDue, day > today - ReviewProgress.retentionDays, day <= today else {
                return
            }
            counted.due += 1
            if review.outcome == .right { counted.right += 1 }
        }
        return counted
    }

    func expectSame(
        _ file: ScheduleFile, _ store: HistoryStore, latest: Double, step: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let current = try file.current(index: Self.index)
        let sessions = try store.load().sessions
        let whole = ReviewSchedule(sessions: sessions, index: Self.index)
        #expect(current.schedule == whole, "\(step)", sourceLocation: sourceLocation)
        #expect(current.schedule.games == sessions.count, "\(step)", sourceLocation: sourceLocation)
        // What a rebuild stored reads back as the same schedule.
        if let stored = file.fresh() {
            #expect(stored == whole, "stored: \(step)", sourceLocation: sourceLocation)
        }
        let zone = TimeZone(identifier: "America/Denver")!
        for offset in [0.0, 0.4, 6.0, 29.9, 45.0, -20.0] {
            let now = Date(timeIntervalSinceReferenceDate: latest + offset * 86_400)
            let kept = ReviewProgress(schedule: current.schedule, index: Self.index, now: now, timeZone: zone)
            #expect(
                kept == ReviewProgress(sessions: sessions, index: Self.index, now: now, timeZone: zone), "\(step)",
                sourceLocation: sourceLocation)
            // Counted one by one: the same, for a clock up to 30 days behind the latest game.
            let counted = Self.retention(sessions, now: now)
            #expect(
                (kept.dueReviews, kept.dueRight) == (counted.due, counted.right), "\(step), now +\(offset) days",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 1...10) func randomSequencesOfGamesCrashesAndCompactions(seed: UInt64) throws {
        let temporary = try TemporaryFolder()
        var random = SeededGenerator(seed: seed)
        let limit = [0, 4, 500][random.below(3)]
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: limit)
        let file = ScheduleFile(store: store)
        var time = 740_000_000.0
        var latest = time
        var steps: [String] = []
        for _ in 0..<36 {
            switch random.below(12) {
            case 0...3:
                steps.append("record")
                let game = Self.randomGame(&random, time: &time)
                try Self.record(game, in: store, keeping: file)
            case 4:
                // Another program (or an older quiz) records: the schedule goes stale.
                steps.append("record without the schedule")
                try Self.record(Self.randomGame(&random, time: &time), in: store, keeping: nil)
            case 5:
                steps.append("compact")
                try store.compact()
            case 6:
                // A compaction by an older quiz: the schedule left as it was, stale.
                steps.append("compact leaving the schedule stale")
                let saved = FileManager.default.contents(atPath: file.path)
                try store.compact()
                if let saved { try saved.write(to: URL(fileURLWithPath: file.path)) }
            case 7:
                // A crash while appending: half a record at the journal's end.
                steps.append("torn record")
                try appendTornRecord(to: store.journalPath)
            case 8:
                // A crash after the game was recorded, before the schedule was
                // written: the old file, stamped for the history without it.
                steps.append("stale schedule")
                let saved = FileManager.default.contents(atPath: file.path)
                try Self.record(Self.randomGame(&random, time: &time), in: store, keeping: file)
                if let saved { try saved.write(to: URL(fileURLWithPath: file.path)) }
            case 9:
                // Damage that still parses: one digit changed.
                steps.append("damaged schedule")
                if var bytes = FileManager.default.contents(atPath: file.path).map(Array.init),
                    let digit = bytes.lastIndex(where: { (48...57).contains($0) })
                {
                    bytes[digit] = bytes[digit] == 57 ? 48 : bytes[digit] + 1
                    try Data(bytes).write(to: URL(fileURLWithPath: file.path))
                }
            case 10:
                steps.append("schedule removed")
                unlink(file.path)
            default:
                // A game that could not be written waits in a pending file.
                steps.append("pending game")
                let game = Self.randomGame(&random, time: &time)
                let bytes = HistoryJournal.header(base: 0) + HistoryJournal.record(game, sequence: 1)
                if !FileManager.default.fileExists(atPath: store.folder + "/history.pending") {
                    try? FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
                    try Data(bytes).write(to: URL(fileURLWithPath: store.folder + "/history.pending"))
                }
            }
            latest = max(latest, time)
            try expectSame(file, store, latest: latest, step: steps.joined(separator: ", "))
        }
    }

    @Test func gamesRecordedOneAfterAnotherKeepItFresh() throws {
        // The store reads the schedule under the lock, so a game recorded by
        // another process between this one's start and its record is kept.
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        let file = ScheduleFile(store: store)
        var random = SeededGenerator(seed: 3)
        var time = 740_000_000.0
        // Recorded in the order of their dates: a game dated before one the
        // file holds has it built again (the schedule applies games by date).
        let games = (0..<3).map { _ in Self.randomGame(&random, time: &time) }
            .sorted { ReviewSchedule.Order($0) < ReviewSchedule.Order($1) }
        let (other, mine) = (games[1], games[2])
        try Self.record(games[0], in: store, keeping: nil)
        _ = try file.current(index: Self.index)
        #expect(file.fresh() != nil)
        try Self.record(other, in: store, keeping: file)
        try Self.record(mine, in: store, keeping: file)
        let fresh = try #require(file.fresh(), "kept fresh by both records")
        #expect(fresh == ReviewSchedule(sessions: try store.load().sessions, index: Self.index))
        #expect(fresh.games == 3)
    }

    @Test func aRebuildStampsTheHistoryItRead() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 0)
        let file = ScheduleFile(store: store)
        var random = SeededGenerator(seed: 5)
        var time = 740_000_000.0
        for _ in 0..<5 { try Self.record(Self.randomGame(&random, time: &time), in: store, keeping: nil) }
        let before = store.derivedStamp()
        _ = try file.current(index: Self.index)
        let text = try #require(FileManager.default.contents(atPath: file.path))
        let first = String(decoding: text.prefix { $0 != 10 }, as: UTF8.self)
        #expect(first.split(separator: " ", omittingEmptySubsequences: false)[4] == before.text)
        // That stamp, taken before the read: any game recorded since (here
        // after the write; in a race, between the read and the write) leaves
        // the file stale, never fresh without that game.
        try Self.record(Self.randomGame(&random, time: &time), in: store, keeping: nil)
        #expect(file.fresh() == nil)
        #expect(try file.current(index: Self.index).schedule.games == 6)
    }

    @Test func theDueDaysKeptAreTheLatestSixtyWhateverTheOrder() {
        var schedule = ReviewSchedule()
        var random = SeededGenerator(seed: 11)
        let days = Array(0..<200).shuffled(using: &random)
        var ordered = ReviewSchedule()
        for day in days { schedule.countDue(on: day, right: day % 3 == 0) }
        for day in days.sorted() { ordered.countDue(on: day, right: day % 3 == 0) }
        #expect(schedule.dueDays == ordered.dueDays)
        #expect(schedule.dueDays.keys.sorted() == Array(140..<200))
        #expect(schedule.dueDays[150] == ReviewSchedule.DayCount(due: 1, right: 1))
    }
}
