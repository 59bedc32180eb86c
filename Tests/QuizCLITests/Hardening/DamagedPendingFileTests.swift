import Foundation
import QuizCore
import Testing

/// A pending file with a damaged record. The next game
/// adds the games that can be read, says the file was damaged, and keeps it
/// aside as `history.pending.damaged-<time>`: nothing is deleted unseen.
@Suite struct DamagedPendingFileTests {
    func play(seed: UInt64, _ scratch: Scratch) throws -> RunResult {
        try playMini(seed: seed, scratch)
    }

    /// Games 81 and 82 kept in `history.pending` (the history locked by a
    /// folder in the lock's place); its path.
    func keepTwoGames(_ scratch: Scratch) throws -> String {
        let data = scratch.dataDir
        try FileManager.default.createDirectory(atPath: data + "/history.lock", withIntermediateDirectories: true)
        for seed: UInt64 in [81, 82] {
            let kept = try play(seed: seed, scratch)
            #expect(kept.status == 74, "\(kept.stderr)")
        }
        return data + "/history.pending"
    }

    @Test func theReadableGamesAreAddedAndTheDamagedFileIsKeptAside() throws {
        let scratch = Scratch()
        let data = scratch.dataDir
        let pending = try keepTwoGames(scratch)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pending)))
        bytes[bytes.count - 10] ^= 0xFF  // inside the second game's record
        try Data(bytes).write(to: URL(fileURLWithPath: pending))
        try FileManager.default.removeItem(atPath: data + "/history.lock")

        let next = try play(seed: 83, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("history.pending was damaged"), "\(next.stderr)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: data)
        let aside = listed.filter { $0.hasPrefix("history.pending.damaged-") }
        #expect(aside.count == 1, "\(listed)")
        #expect(next.stderr.contains(aside.first ?? "?"), "\(next.stderr)")
        #expect(!listed.contains("history.pending"))
        let history = try runQuiz(["--history", "--format", "json"], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(games.compactMap { $0["seed"] as? Int }.sorted() == [81, 83])
    }

    /// Cut short (a crash while it was copied, a full disk): mid-record, or
    /// inside its header. What can be read is added, and the cut is said,
    /// the file kept aside: a game that was kept is never dropped unseen.
    @Test(arguments: [10, -5]) func aFileCutShortIsSaidAndKeptAside(cut: Int) throws {
        let scratch = Scratch()
        let data = scratch.dataDir
        let pending = try keepTwoGames(scratch)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pending)))
        // 10: the last 10 bytes gone (inside the second game); -5: only 5 bytes left (inside the header).
        let left = cut > 0 ? bytes.count - cut : -cut
        try Data(bytes.prefix(left)).write(to: URL(fileURLWithPath: pending))
        try FileManager.default.removeItem(atPath: data + "/history.lock")

        let next = try play(seed: 83, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("history.pending was damaged"), "\(next.stderr)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(listed.filter { $0.hasPrefix("history.pending.damaged-") }.count == 1, "\(listed)")
        let history = try runQuiz(["--history", "--format", "json"], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(games.compactMap { $0["seed"] as? Int }.sorted() == (cut > 0 ? [81, 83] : [83]))
    }
}
