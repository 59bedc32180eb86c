import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The menu's line (`ReviewWaiting`), made from the schedule's cards and
/// read straight from its file (`ScheduleFile.waiting`), is what the length
/// of `due`'s list, `nextDue` and `newToday` say of the schedule made, on
/// random histories over three banks of which one is gone from the index, at
/// random moments in five time zones.
@Suite struct DueCountTests {
    static let banks = ["a", "b", "c"].map { id in
        QuestionBank(
            id: id, title: id.uppercased(),
            questions: (0..<6).map { Question(prompt: "\(id) \($0)?", kind: .freeText(answer: "x", accepted: [])) },
            path: "")
    }
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Thirty random games, one answer each, from `start` on; the last game's date.
    static func games(_ generator: inout SeededGenerator) -> (sessions: [Session], last: Date) {
        var date = start
        let sessions = (0..<30).map { _ -> Session in
            date = date.addingTimeInterval(Double.random(in: 60...200_000, using: &generator))
            let bank = banks.randomElement(using: &generator)!
            let question = bank.questions.randomElement(using: &generator)!
            let right = Bool.random(using: &generator)
            return Session(
                date: date, score: right ? 1 : 0, total: 1, quiz: bank.id,
                results: [
                    QuestionResult(
                        prompt: question.prompt, outcome: right ? .right : .wrong, given: "x", answer: "x",
                        seconds: Double.random(in: 1...30, using: &generator))
                ])
        }
        return (sessions, date)
    }

    @Test func theFilesLinesSayWhatTheScheduleMadeSays() throws {
        var generator = SeededGenerator(seed: 43)
        let temporary = try TemporaryFolder()
        let file = ScheduleFile(store: HistoryStore(folder: temporary.file("quiz")))
        try FileManager.default.createDirectory(atPath: temporary.file("quiz"), withIntermediateDirectories: true)
        let index = QuestionIndex(banks: Array(Self.banks.prefix(2)))  // bank "c" is gone
        let zones = ["UTC", "Europe/Paris", "Pacific/Apia", "Australia/Lord_Howe", "America/St_Johns"].compactMap(
            TimeZone.init(identifier:))
        for round in 0..<30 {
            let (sessions, date) = Self.games(&generator)
            let schedule = ReviewSchedule(sessions: sessions, index: index)
            file.store.save(file.kind(nil), schedule, stamp: file.store.derivedStamp())
            for _ in 0..<8 {
                // Around the games: some due, none due, some met today.
                let now = date.addingTimeInterval(Double.random(in: -3_000_000...3_000_000, using: &generator))
                let zone = zones.randomElement(using: &generator)!
                let made = schedule.waiting(at: now, index: index, timeZone: zone)
                #expect(made.cards == schedule.cards.count)
                #expect(made.due == schedule.due(at: now, index: index).count, "round \(round)")
                #expect(made.next == schedule.nextDue(after: now, index: index), "round \(round)")
                #expect(made.newToday == schedule.newToday(at: now, timeZone: zone), "round \(round)")
                #expect(file.waiting(index: index, at: now, timeZone: zone) == made, "round \(round)")
            }
        }
        // Not fresh (another scheduler's settings, or the history changed since): nil, as `fresh` gives.
        let other = ScheduleFile(store: file.store, scheduler: try FSRS(desiredRetention: 0.8))
        #expect(other.waiting(index: index, at: Self.start, timeZone: zones[0]) == nil && other.fresh() == nil)
        try "x".write(toFile: file.store.journalPath, atomically: false, encoding: .utf8)
        #expect(file.waiting(index: index, at: Self.start, timeZone: zones[0]) == nil && file.fresh() == nil)
    }
}
