import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --compact-history`, in-process: the journal folded into the archive,
/// nothing said, every game kept. Started detached after a game, which the
/// binary's tests cover (`ConcurrencyTests`).
@Suite struct CompactCommandTests {
    @Test func theJournalIsFoldedIntoTheArchiveAndEveryGameKept() throws {
        let home = try CommandHome()
        // Recorded without the inline compaction of a small history: the games stay in the journal.
        try home.writeArchive(Array(CommandHome.pastSessions(5).prefix(3)))
        let store = HistoryStore(folder: home.dataDir, inlineCompactionLimit: 0)
        for session in CommandHome.pastSessions(5).suffix(2) { _ = try store.record(session) }
        let journal = home.dataDir + "/history.journal"
        let journalBefore = try #require(FileManager.default.contents(atPath: journal))
        let before = try HistoryStore(folder: home.dataDir).load(results: false).sessions
        #expect(before.count == 5)
        let compacted = home.run(["--compact-history"]) { (context) throws(CommandFailure) in
            try CompactCommand.run(context)
        }
        #expect(compacted.status == .success)
        #expect(compacted.stdout.isEmpty)
        #expect(compacted.stderr.isEmpty, "\(compacted.stderr)")
        let archive = try Data(contentsOf: URL(fileURLWithPath: home.dataDir + "/history.archive"))
        #expect(try KeyedArchive.sessions(from: archive).count == 5, "the journal's games are in the archive")
        let journalAfter = FileManager.default.contents(atPath: journal) ?? Data()
        #expect(journalAfter.count < journalBefore.count, "the journal holds its games no more")
        #expect(try HistoryStore(folder: home.dataDir).load(results: false).sessions == before)
    }

    /// A data folder that is a file: said, 74.
    @Test func aDataFolderThatIsAFileIsAnIOError() throws {
        let home = try CommandHome()
        try home.folder.write("not a folder", to: "data")
        let compacted = home.run(["--compact-history"]) { (context) throws(CommandFailure) in
            try CompactCommand.run(context)
        }
        #expect(compacted.status == .ioError, "\(compacted.stderr)")
        #expect(compacted.stderr.contains(home.dataDir), "\(compacted.stderr)")
    }
}
