import Foundation
import QuizCore
import Testing

/// Two findings of an adversarial tester against the history store.
/// 1. A pending game already in the history (a kill after the next game
///    added it, before `history.pending` was removed; a pending file that
///    cannot be removed) is never shown twice nor added again.
/// 2. Any odd value in `history.summary` never costs a game: the summary is
///    checked when read and rebuilt from the archive.
@Suite struct AdversaryStoreTests {
    let bank = QuizBinary.fixture("mini.json")

    func play(_ seed: Int, _ scratch: Scratch) throws -> RunResult {
        let input = try answers(bank: bank, seed: UInt64(seed), right: [0]).joined(separator: "\n") + "\n"
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)"], input: input, environment: scratch.privateEnvironment())
    }

    func seeds(_ scratch: Scratch) throws -> (RunResult, [Int]) {
        let (result, games) = try historyJSON(environment: scratch.privateEnvironment())
        return (result, games.compactMap { $0["seed"] as? Int })
    }

    /// Games 2, 3 and 4 go pending (the lock is a folder), and game 5 adds
    /// them; returns the pending file as it was before game 5 removed it.
    func pendingThenAdded(_ scratch: Scratch) throws -> Data {
        #expect(try play(1, scratch).status == 0)
        let lock = scratch.dataDir + "/history.lock"
        unlink(lock)
        mkdir(lock, 0o700)
        for seed in 2...4 { #expect(try play(seed, scratch).status != 0) }
        rmdir(lock)
        let pending = scratch.dataDir + "/history.pending"
        let kept = try #require(FileManager.default.contents(atPath: pending))
        let game = try play(5, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stderr.contains("added 3 games"), "\(game.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pending))
        return kept
    }

    /// The pending file back, as a kill before its removal (or a file that
    /// cannot be removed) leaves it.
    func restore(_ kept: Data, _ scratch: Scratch) throws {
        try kept.write(to: URL(fileURLWithPath: scratch.dataDir + "/history.pending"))
    }

    @Test func aPendingFileLeftByAKillAfterTheGamesWereArchivedAddsNothing() throws {
        let scratch = Scratch()
        let kept = try pendingThenAdded(scratch)
        try restore(kept, scratch)
        let (shown, listed) = try seeds(scratch)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(listed.sorted() == [1, 2, 3, 4, 5], "\(shown.stdout)")
        #expect(!shown.stderr.contains("could not be written"), "\(shown.stderr)")
        let next = try play(6, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!next.stderr.contains("added"), "\(next.stderr)")
        #expect(try seeds(scratch).1.sorted() == [1, 2, 3, 4, 5, 6])
        #expect(!FileManager.default.fileExists(atPath: scratch.dataDir + "/history.pending"))
    }

    /// A pending file that stays (as one in a read-only folder or made
    /// immutable would): every later game still adds nothing twice.
    @Test func aPendingFileThatStaysIsNeverAddedAgain() throws {
        let scratch = Scratch()
        let kept = try pendingThenAdded(scratch)
        for seed in 6...8 {
            try restore(kept, scratch)
            let game = try play(seed, scratch)
            #expect(game.status == 0, "\(game.stderr)")
            #expect(!game.stderr.contains("added"), "\(game.stderr)")
            #expect(!game.stderr.contains("could not be written"), "\(game.stderr)")
        }
        try restore(kept, scratch)
        let (shown, listed) = try seeds(scratch)
        #expect(listed.sorted() == [1, 2, 3, 4, 5, 6, 7, 8], "\(shown.stdout)")
    }

    /// The same with games in the journal (over 500 games, so the journal is
    /// not folded at once) and the pending games already journaled.
    @Test func aPendingFileWhoseGamesAreJournaledAddsNothing() throws {
        let scratch = Scratch()
        try writeArchive(KeyedArchive.data(for: pastSessions(600), journalSequence: 600), in: scratch.dataDir)
        let kept = try pendingThenAdded(scratch)
        try restore(kept, scratch)
        let (shown, listed) = try seeds(scratch)
        #expect(listed.count == 605 && Set(listed).count == 605, "\(shown.stderr)")
        let next = try play(6, scratch)
        #expect(!next.stderr.contains("added"), "\(next.stderr)")
        let after = try seeds(scratch).1
        #expect(after.count == 606 && Set(after).count == 606)
    }

    @Test(arguments: ["[[9464,9164]]", "[[9464]]", "[[]]", "[[9464,-9464]]", "[[9464,100000000000]]"])
    func anOddSummaryIsRebuiltAndTheGameKept(dayRuns: String) throws {
        let scratch = Scratch()
        #expect(try play(1, scratch).status == 0)
        #expect(try play(2, scratch).status == 0)
        let path = scratch.dataDir + "/history.summary"
        let data = try #require(FileManager.default.contents(atPath: path))
        let payload = try #require(derivedPayload(data))
        var summary = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        summary["dayRuns"] = try JSONSerialization.jsonObject(with: Data(dayRuns.utf8))
        // The odd values behind a right CRC: the summary's own checks refuse them.
        let odd = try JSONSerialization.data(withJSONObject: summary)
        try #require(derivedFile(data, payload: odd)).write(to: URL(fileURLWithPath: path))

        let game = try play(3, scratch)
        #expect(game.status == 0, "\(dayRuns): \(game.stderr)")
        #expect(try seeds(scratch).1.sorted() == [1, 2, 3])
        let rebuiltFile = try #require(FileManager.default.contents(atPath: path))
        let rebuilt = try #require(derivedPayload(rebuiltFile))
        let object = try JSONSerialization.jsonObject(with: rebuilt) as? [String: Any]
        let runs = try #require(object?["dayRuns"] as? [[Int]])
        #expect(runs.count == 1 && runs.allSatisfy { $0.count == 2 && $0[0] == $0[1] }, "\(runs)")
        #expect(try play(4, scratch).status == 0)
    }
}
