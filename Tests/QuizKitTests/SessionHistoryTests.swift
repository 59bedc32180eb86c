import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

private func entry(_ n: Int) -> Session {
    Session(
        date: Date(timeIntervalSinceReferenceDate: 740_000_000 + Double(n) * 60), score: n, total: 10, quiz: "q\(n)")
}

@Suite("SessionHistory")
struct SessionHistoryTests {
    @Test func recordAndLoadGoThroughTheStore() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"))
        let history = SessionHistory()
        #expect(history.sessions.isEmpty)
        try history.record(entry(1), in: store)
        try history.record(entry(2), in: store)
        #expect(history.sessions == [entry(1), entry(2)])

        let later = SessionHistory(sessions: [entry(9)])
        try later.load(from: store)
        #expect(later.sessions == [entry(1), entry(2)])
    }
}
