import Foundation
import QuizCore
import Testing

/// A pending file with a damaged record, cut short, or replaced by garbage.
/// The first reader (a view or the next game) says it in one line naming the
/// file, keeps a copy aside as `history.pending.damaged-<time>` and writes the
/// file again with the games that can be read, which are shown and added as
/// any pending game; views and the game end with 74 then, and the next run
/// is clean: nothing is deleted or hidden unseen.
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
        #expect(next.status == 74, "\(next.stderr)")
        let said = nonEmptyLines(next.stderr).filter { $0.contains(pending + " is damaged") }
        #expect(said.count == 1 && said[0].contains("at least one game could not be read"), "\(next.stderr)")
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
        #expect(next.status == 74, "\(next.stderr)")
        #expect(nonEmptyLines(next.stderr).filter { $0.contains(pending + " is damaged") }.count == 1, "\(next.stderr)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(listed.filter { $0.hasPrefix("history.pending.damaged-") }.count == 1, "\(listed)")
        let history = try runQuiz(["--history", "--format", "json"], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(games.compactMap { $0["seed"] as? Int }.sorted() == (cut > 0 ? [81, 83] : [83]))
    }

    /// Seen by the views first: `--history` and `--stats` say it (one line
    /// naming the file), end with 74 and show every game that can still be
    /// read; a file replaced by garbage hides nothing unsaid.
    @Test(arguments: ["damagedRecord", "garbage"]) func theViewsSayADamagedPendingFile(_ damage: String) throws {
        let scratch = Scratch()
        let data = scratch.dataDir
        let pending = try keepTwoGames(scratch)
        try FileManager.default.removeItem(atPath: data + "/history.lock")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pending)))
        if damage == "garbage" {
            bytes = [UInt8](seededBytes(bytes.count, seed: 9))
        } else {
            bytes[bytes.count - 10] ^= 0xFF  // inside the second game's record
        }
        try Data(bytes).write(to: URL(fileURLWithPath: pending))
        let shown: [Int] = damage == "garbage" ? [] : [81]

        let stats = try runQuiz(["--stats"], environment: scratch.privateEnvironment())
        #expect(stats.status == 74, "\(stats.stderr)")
        let said = nonEmptyLines(stats.stderr).filter { $0.contains(pending + " is damaged") }
        #expect(said.count == 1, "\(stats.stderr)")
        let aside = scratch.dataFiles().filter { $0.hasPrefix("history.pending.damaged-") }
        #expect(aside.count == 1 && said.first?.contains(aside[0]) == true, "\(scratch.dataFiles())")
        #expect(FileManager.default.contents(atPath: data + "/" + (aside.first ?? "")) == Data(bytes))

        // Said once: then only the games waiting, a notice.
        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0, "\(history.stderr)")
        #expect(!history.stderr.contains("damaged"), "\(history.stderr)")
        #expect(games.compactMap { $0["seed"] as? Int } == shown)
        let next = try play(seed: 83, scratch)
        #expect(next.status == 0 && !next.stderr.contains("damaged"), "\(next.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.compactMap { $0["seed"] as? Int }.sorted() == shown + [83])
    }
}
