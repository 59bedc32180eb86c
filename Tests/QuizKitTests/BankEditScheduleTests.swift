import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The kept `history.schedule` is always the schedule a rebuild from the
/// history would make with the banks as they are now, however the bank
/// changed between games: ids added and removed, prompts edited before or
/// after (the adversary's case: answers recorded under a prompt, an id
/// added, the menu opened, then the prompt edited: the kept file still
/// counted those answers for the id, a rebuild did not). After every step,
/// the schedule `current` gives, the file's glance and a rebuild agree on
/// every card.
@Suite struct BankEditScheduleTests {
    struct Item {
        var prompt: String
        var id: String?
    }

    static func bank(_ items: [Item]) -> QuestionBank {
        QuestionBank(
            id: "b", title: "B",
            questions: items.map {
                Question(prompt: $0.prompt, kind: .freeText(answer: "x", accepted: []), id: $0.id)
            }, path: "")
    }

    @Test(arguments: 1...12) func theKeptScheduleIsTheRebuiltOneAfterEveryEdit(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        let file = ScheduleFile(store: store)
        var items = (0..<4).map { Item(prompt: "Question \($0)?", id: nil) }
        var time = 800_000_000.0
        var steps: [String] = []
        for step in 0..<30 {
            let index = QuestionIndex(banks: [Self.bank(items)])
            switch random.below(6) {
            case 0, 1, 2:
                // A game as quiz records it (each answer with its identity now),
                // or as an older quiz did (by prompt alone).
                let old = random.below(3) == 0
                steps.append(old ? "old game" : "game")
                time += [60.0, 86_400, 5 * 86_400][random.below(3)]
                let asked = (0..<(1 + random.below(3))).map { _ in items[random.below(items.count)] }
                let results = asked.map { item in
                    let question = Question(
                        prompt: item.prompt, kind: .freeText(answer: "x", accepted: []), id: item.id)
                    let right = random.below(2) == 0
                    return QuestionResult(
                        prompt: item.prompt, outcome: right ? .right : .wrong, given: "g", answer: "x",
                        identity: old ? nil : QuestionIdentity.of(question, bank: "b"), seconds: 3)
                }
                let session = Session(
                    date: Date(timeIntervalSinceReferenceDate: time), score: results.count { $0.outcome == .right },
                    total: results.count, quiz: "b", title: "B", duration: 20, seed: 1, results: results)
                _ = try SessionHistory().record(session, in: store, index: index)
            case 3:
                let at = random.below(items.count)
                steps.append("id added to \(at)")
                if items[at].id == nil { items[at].id = "q\(at)" }
            case 4:
                let at = random.below(items.count)
                steps.append("prompt \(at) edited")
                items[at].prompt += " (edited \(step))"
            default:
                let at = random.below(items.count)
                steps.append("id of \(at) removed")
                items[at].id = nil
            }
            // The menu opened: the schedule read (rebuilt when it is not fresh).
            let now = QuestionIndex(banks: [Self.bank(items)])
            let current = try file.current(index: now).schedule
            let rebuilt = ReviewSchedule(sessions: try store.load().sessions, index: now)
            let trail = steps.joined(separator: ", ")
            // Each card (so what is due and shown), the aliases and the due
            // reviews per day. Not `recentTimes`: an answer's time goes to the
            // median of its question's kind as the banks had it when the game
            // was applied (a question gone since is of kind "other" to a rebuild).
            #expect(current.cards == rebuilt.cards, "seed \(seed): \(trail)")
            #expect(current.aliased == rebuilt.aliased, "seed \(seed): \(trail)")
            #expect(current.dueDays == rebuilt.dueDays, "seed \(seed): \(trail)")
            let moment = Date(timeIntervalSinceReferenceDate: time + 3 * 86_400)
            let zone = TimeZone(identifier: "UTC")!
            let glanced = file.waiting(index: now, at: moment, timeZone: zone)
            #expect(
                glanced == nil || glanced == rebuilt.waiting(at: moment, index: now, timeZone: zone),
                "seed \(seed): \(trail)")
        }
    }
}
