import Foundation
import QuizCore
import Testing

@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// `--sync-dir DIR` through the binary: two data folders and one synced
/// folder see every game once; the engines' leftovers (conflict copies, a
/// file still arriving, an old copy, a file of another program) lose or
/// double nothing; damage is said once; a sync killed at any moment leaves
/// the history as before or as after; the option, the variable and the
/// settings file in that order; and a git repository shared by two clones.
@Suite struct SyncFolderTests {
    /// One game of the mini quiz with `seed`, in `dataDir`, syncing with `sync`.
    func play(_ seed: UInt64, dataDir: String, sync: String, _ scratch: Scratch) throws -> RunResult {
        let bank = QuizBinary.fixture("mini.json")
        let input = try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n"
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)", "--data-dir", dataDir, "--sync-dir", sync],
            input: input, environment: scratch.privateEnvironment())
    }

    /// `--history --format json` with the synced folder: the games' seeds, sorted, and the run.
    func seeds(_ dataDir: String, sync: String?, _ scratch: Scratch) throws -> (seeds: [Int], run: RunResult) {
        let (result, games) = try historyJSON(
            environment: scratch.privateEnvironment(
                ["QUIZ_DATA_DIR": dataDir].merging(sync.map { ["QUIZ_SYNC_DIR": $0] } ?? [:]) { $1 }))
        #expect(result.status == 0, "\(result.stderr)")
        return (games.compactMap { $0["seed"] as? Int }.sorted(), result)
    }

    /// A sync file holding `games`, as a machine writes it.
    func syncFile(_ games: [Session]) -> [UInt8] {
        var bytes = HistoryJournal.header(base: 0)
        for (index, game) in games.enumerated() { bytes += HistoryJournal.record(game, sequence: UInt64(index + 1)) }
        return bytes
    }

    func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func twoMachinesSeeEveryGameOnceAndOldGamesTravelToo() throws {
        let scratch = Scratch()
        let (a, b, sync) = (scratch.path + "/A", scratch.path + "/B", scratch.path + "/S")
        // A has five games from before it synced.
        try writeArchive(KeyedArchive.data(for: pastSessions(5, firstSeed: 7_000_000)), in: a)
        for seed: UInt64 in [11, 12] {
            let result = try play(seed, dataDir: a, sync: sync, scratch)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = try play(21, dataDir: b, sync: sync, scratch)
        #expect(first.stderr.contains("7 games added from the sync folder"), "\(first.stderr)")
        _ = try play(22, dataDir: b, sync: sync, scratch)
        let expected = [11, 12, 21, 22] + (7_000_000..<7_000_005).map { $0 }
        #expect(try seeds(a, sync: sync, scratch).seeds == expected.sorted())
        #expect(try seeds(b, sync: sync, scratch).seeds == expected.sorted())
        // Again, and with nothing new: the same games, nothing said.
        let again = try seeds(a, sync: sync, scratch)
        #expect(again.seeds == expected.sorted())
        #expect(again.run.stderr == "")
        // Each machine wrote only its own file.
        let files = try FileManager.default.contentsOfDirectory(atPath: sync).sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("quiz-") && $0.hasSuffix(".journal") }, "\(files)")
    }

    /// Two machines whose clocks are hours apart each play while their
    /// engine is not copying (each its own copy of the synced folder), so
    /// each records its own games first; then the engine brings each file to
    /// the other. After both have synced, their `history.schedule` holds the
    /// same cards byte for byte (its first line names each folder's own
    /// files), and `--stats` says the same review figures on both.
    @Test func twoMachinesWithClocksApartHoldOneSchedule() throws {
        let scratch = Scratch()
        let (a, b) = (scratch.path + "/A", scratch.path + "/B")
        let (syncA, syncB) = (scratch.path + "/SA", scratch.path + "/SB")
        let bank = QuizBinary.fixture("mini.json")
        // B's clock is hours behind A's: its games fall between A's.
        for (turn, (dataDir, sync, now)) in [
            (a, syncA, "2026-03-01T12:00:00Z"), (b, syncB, "2026-03-01T08:00:00Z"),
            (a, syncA, "2026-03-02T12:00:00Z"), (b, syncB, "2026-03-02T07:30:00Z"),
            (b, syncB, "2026-03-04T09:00:00Z"), (a, syncA, "2026-03-03T13:00:00Z"),
        ].enumerated() {
            let seed = UInt64(turn + 1)
            let input = try answers(bank: bank, seed: seed, right: turn % 2 == 0 ? [0, 1] : [2])
            let game = try runQuiz(
                ["--questions", bank, "mini", "--seed", "\(seed)", "--data-dir", dataDir, "--sync-dir", sync],
                input: input.joined(separator: "\n") + "\n", environment: scratch.privateEnvironment(["QUIZ_NOW": now]))
            #expect(game.status == 0, "\(game.stderr)")
        }
        // The engine: each machine's file to the other's copy.
        for (from, to) in [(syncA, syncB), (syncB, syncA)] {
            for name in try FileManager.default.contentsOfDirectory(atPath: from) where name.hasPrefix("quiz-") {
                try? FileManager.default.removeItem(atPath: to + "/" + name)
                try FileManager.default.copyItem(atPath: from + "/" + name, toPath: to + "/" + name)
            }
        }
        var payloads: [String] = []
        var reviews: [NSDictionary] = []
        for (dataDir, sync) in [(a, syncA), (b, syncB)] {
            let stats = try runQuiz(
                ["--stats", "--format", "json", "--questions", bank, "--data-dir", dataDir, "--sync-dir", sync],
                environment: scratch.privateEnvironment(["QUIZ_NOW": "2026-03-05T12:00:00Z"]))
            #expect(stats.status == 0, "\(stats.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
            reviews.append(try #require(object?["reviews"] as? NSDictionary))
            let text = try String(contentsOfFile: dataDir + "/history.schedule", encoding: .utf8)
            payloads.append(String(text.drop { $0 != "\n" }))
        }
        #expect(payloads[0] == payloads[1], "A's schedule:\n\(payloads[0])\nB's:\n\(payloads[1])")
        #expect(payloads[0].contains("\ngames 6\n"), "\(payloads[0])")
        #expect(reviews[0] == reviews[1])
    }

    @Test func conflictCopiesATornFileAnOldCopyAndAForeignFileLoseAndDoubleNothing() throws {
        let scratch = Scratch()
        let (a, sync) = (scratch.path + "/A", scratch.path + "/S")
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
        let games = pastSessions(6, firstSeed: 8_000_000)
        try write(
            syncFile(Array(games[0..<3])), sync + "/quiz-x-00000001.sync-conflict-20261202-050000-ABCDEFG.journal")
        try write(syncFile(Array(games[1..<4])), sync + "/quiz-x-00000001 (conflicted copy 2026-12-02).journal")
        // Still arriving: the fifth game whole, the sixth cut mid-record.
        let whole = syncFile(Array(games[4..<6]))
        let cut = syncFile(Array(games[4..<5])).count + 20
        try write(Array(whole.prefix(cut)), sync + "/quiz-y-00000002.journal")
        try write(Array("not a journal\n".utf8), sync + "/quiz-notes.journal")
        try write(Array("hello\n".utf8), sync + "/readme.txt")
        var read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == (8_000_000..<8_000_005).map { $0 })
        #expect(nonEmptyLines(read.run.stderr) == ["quiz: 5 games added from the sync folder \(sync)"])
        // The rest arrives.
        try write(whole, sync + "/quiz-y-00000002.journal")
        read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == (8_000_000..<8_000_006).map { $0 })
        // An old copy comes back: nothing is lost.
        try write(syncFile(Array(games[4..<5])), sync + "/quiz-y-00000002.journal")
        read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == (8_000_000..<8_000_006).map { $0 })
        #expect(read.run.stderr == "")
    }

    @Test func damageIsSaidOnceAndNeverStopsPlay() throws {
        let scratch = Scratch()
        let (a, sync) = (scratch.path + "/A", scratch.path + "/S")
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
        var bytes = syncFile(pastSessions(3, firstSeed: 9_000_000))
        bytes[HistoryJournal.headerSize + 12] ^= 0xFF  // the first record's checksum no longer holds
        let damaged = sync + "/quiz-z-00000003.journal"
        try write(bytes, damaged)
        var read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == [9_000_001, 9_000_002])
        #expect(read.run.stderr.components(separatedBy: damaged).count == 2, "\(read.run.stderr)")
        #expect(read.run.status == 0)
        // A game is played and recorded; the damage is not said again.
        let game = try play(31, dataDir: a, sync: sync, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(!game.stderr.contains(damaged), "\(game.stderr)")
        // The file grows, still damaged: its new game is taken, the damage not said again.
        bytes += HistoryJournal.record(pastSessions(1, firstSeed: 9_000_010)[0], sequence: 4)
        try write(bytes, damaged)
        read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == [31, 9_000_001, 9_000_002, 9_000_010])
        #expect(!read.run.stderr.contains("damaged"), "\(read.run.stderr)")
    }

    /// A sync file of more than 1 GiB (sparse here) is not read into memory:
    /// said once, left alone, the other files' games taken.
    @Test func aSyncFileTooLargeToReadIsSaidOnceAndLeftAlone() throws {
        let scratch = Scratch()
        let (a, sync) = (scratch.path + "/A", scratch.path + "/S")
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
        try write(syncFile(pastSessions(2, firstSeed: 9_100_000)), sync + "/quiz-y-00000001.journal")
        let huge = sync + "/quiz-z-00000002.journal"
        try write(syncFile(pastSessions(1, firstSeed: 9_200_000)), huge)
        #expect(truncate(huge, off_t(1 << 30) + 4096) == 0)
        var read = try seeds(a, sync: sync, scratch)
        #expect(read.run.status == 0, "\(read.run.stderr)")
        #expect(read.seeds == [9_100_000, 9_100_001])
        #expect(read.run.stderr.contains("the sync file \(huge) holds more than 1 GiB"), "\(read.run.stderr)")
        read = try seeds(a, sync: sync, scratch)
        #expect(read.seeds == [9_100_000, 9_100_001] && !read.run.stderr.contains(huge), "\(read.run.stderr)")
    }

    @Test func aSyncFolderThatCannotBeWrittenIsSaidOnceAndTheGameKept() throws {
        let scratch = Scratch()
        let a = scratch.path + "/A"
        // A file where the folder should be.
        let sync = scratch.path + "/S"
        try write(Array("x".utf8), sync)
        let first = try play(41, dataDir: a, sync: sync, scratch)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(nonEmptyLines(first.stderr).count == 1, "\(first.stderr)")
        #expect(first.stderr.contains(sync))
        let second = try play(42, dataDir: a, sync: sync, scratch)
        #expect(second.stderr == "", "\(second.stderr)")
        // The folder comes: the games go there.
        unlink(sync)
        #expect(try seeds(a, sync: sync, scratch).seeds == [41, 42])
        let files = try FileManager.default.contentsOfDirectory(atPath: sync)
        #expect(files.count == 1)
        #expect(try seeds(scratch.path + "/B", sync: sync, scratch).seeds == [41, 42])
    }

    /// This machine's own file holds games a restored data folder lacks: they come back.
    @Test func aRestoredDataFolderGetsItsOwnGamesBack() throws {
        let scratch = Scratch()
        let (a, sync) = (scratch.path + "/A", scratch.path + "/S")
        _ = try play(51, dataDir: a, sync: sync, scratch)
        let backup = scratch.path + "/backup"
        try FileManager.default.copyItem(atPath: a, toPath: backup)
        _ = try play(52, dataDir: a, sync: sync, scratch)
        try FileManager.default.removeItem(atPath: a)
        try FileManager.default.moveItem(atPath: backup, toPath: a)
        #expect(try seeds(a, sync: sync, scratch).seeds == [51, 52])
    }

    /// A data folder copied to another machine (a migration, a cloned VM)
    /// keeps `sync.machine`, but is another folder: it writes a file of its
    /// own, so the engine never has two writers of one file, and each
    /// replica of the folder, once synced, holds every game once.
    @Test func aCopiedDataFolderWritesAFileOfItsOwn() throws {
        let scratch = Scratch()
        let (a, d, sync) = (scratch.path + "/A", scratch.path + "/D", scratch.path + "/S")
        _ = try play(61, dataDir: a, sync: sync, scratch)
        try FileManager.default.copyItem(atPath: a, toPath: d)
        let (replicaA, replicaD) = (scratch.path + "/Sa", scratch.path + "/Sd")
        try FileManager.default.copyItem(atPath: sync, toPath: replicaA)
        try FileManager.default.copyItem(atPath: sync, toPath: replicaD)
        #expect(try play(62, dataDir: a, sync: replicaA, scratch).status == 0)
        #expect(try play(63, dataDir: d, sync: replicaD, scratch).status == 0)
        let ownA = Set(try FileManager.default.contentsOfDirectory(atPath: replicaA))
        let ownD = Set(try FileManager.default.contentsOfDirectory(atPath: replicaD))
        #expect(ownD.subtracting(ownA).count == 1, "the copy wrote a file of its own: \(ownA) \(ownD)")
        let ids = try ["A", "D"].map { name in
            try String(contentsOfFile: scratch.path + "/\(name)/sync.machine", encoding: .utf8)
        }
        #expect(ids[0].split(separator: "\n").first != ids[1].split(separator: "\n").first, "\(ids)")
        // The engine brings each machine's file, new or grown, to the other replica.
        for name in ownD.subtracting(ownA) {
            try FileManager.default.copyItem(atPath: replicaD + "/" + name, toPath: replicaA + "/" + name)
        }
        for name in ownA {  // A's own file, grown since the copy
            try FileManager.default.removeItem(atPath: replicaD + "/" + name)
            try FileManager.default.copyItem(atPath: replicaA + "/" + name, toPath: replicaD + "/" + name)
        }
        #expect(try seeds(a, sync: replicaA, scratch).seeds == [61, 62, 63])
        #expect(try seeds(d, sync: replicaD, scratch).seeds == [61, 62, 63])
    }

    @Test func theOptionThenTheVariableThenTheSettingsFile() throws {
        let scratch = Scratch()
        try scratch.writeConfig("sync = ~/fromFile\n")
        func ran(_ arguments: [String], _ environment: [String: String]) throws {
            let result = try runQuiz(
                ["--history"] + arguments, environment: scratch.privateEnvironment(environment))
            #expect(result.status == 0, "\(result.stderr)")
        }
        func made(_ name: String) -> Bool { FileManager.default.fileExists(atPath: scratch.path + "/" + name) }
        try ran([], [:])
        #expect(made("fromFile") && !made("fromVariable"))
        try ran([], ["QUIZ_SYNC_DIR": scratch.path + "/fromVariable"])
        #expect(made("fromVariable") && !made("fromOption"))
        try ran(["--sync-dir", scratch.path + "/fromOption"], ["QUIZ_SYNC_DIR": scratch.path + "/other"])
        #expect(made("fromOption") && !made("other"))
        let list = try runQuiz(["--list", "--sync-dir", "x"], environment: scratch.privateEnvironment())
        #expect(list.status == 64)
    }

    /// SIGKILL at a random moment of a sync: the history is as before or as after, never doubled.
    @Test func aKilledSyncLeavesTheHistoryAsBeforeOrAsAfter() throws {
        let scratch = Scratch()
        let kills = Int(ProcessInfo.processInfo.environment["QUIZ_CRASH_KILLS"] ?? "") ?? 12
        var outcomes: Set<Int> = []
        for kill in 0..<kills {
            let (a, sync) = (scratch.path + "/A", scratch.path + "/S")
            try writeArchive(KeyedArchive.data(for: pastSessions(kill % 2 == 0 ? 200 : 550)), in: a)
            try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
            try write(syncFile(pastSessions(150, firstSeed: 6_000_000)), sync + "/quiz-b-0000000b.journal")
            let before = try seeds(a, sync: nil, scratch).seeds.count
            let process = try BackgroundProcess(
                ["--history", "--format", "csv"],
                environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": a, "QUIZ_SYNC_DIR": sync]),
                outputPrefix: scratch.path + "/kill")
            usleep(UInt32.random(in: 0...150_000))
            Glibc.kill(process.process.processIdentifier, SIGKILL)
            _ = process.wait(until: Date().addingTimeInterval(30))
            let after = try seeds(a, sync: nil, scratch).seeds
            #expect(after.count == before || after.count == before + 150, "kill \(kill): \(after.count)")
            #expect(Set(after).count == after.count)
            outcomes.insert(after.count - before)
            // Synced afterwards: everything, once.
            let finished = try seeds(a, sync: sync, scratch).seeds
            #expect(finished.count == before + 150 && Set(finished).count == finished.count)
            try FileManager.default.removeItem(atPath: a)
            try FileManager.default.removeItem(atPath: sync)
        }
        #expect(outcomes.isSubset(of: [0, 150]))
    }

    /// Two clones of a bare repository as the synced folder: each commits its
    /// own file, pulls and pushes, and both end with every game once.
    @Test func aGitRepositorySharedByTwoClones() throws {
        guard let git = Tool.find("git") else {
            print("SyncFolderTests: git is not installed; the git test is skipped")
            return
        }
        let scratch = Scratch()
        var environment = scratch.privateEnvironment()
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "quiz"
        environment["GIT_AUTHOR_EMAIL"] = "quiz@example.org"
        environment["GIT_COMMITTER_NAME"] = "quiz"
        environment["GIT_COMMITTER_EMAIL"] = "quiz@example.org"
        @discardableResult
        func run(_ arguments: [String], in folder: String = "/", mayFail: Bool = false) throws -> Int32 {
            let result = try runProcess(git, arguments, in: folder, environment: environment)
            #expect(mayFail || result.status == 0, "git \(arguments): \(result.stderr)")
            return result.status
        }
        let (bare, one, two) = (scratch.path + "/remote.git", scratch.path + "/one", scratch.path + "/two")
        try run(["init", "-q", "--bare", "-b", "main", bare])
        try run(["clone", "-q", bare, one])
        try run(["symbolic-ref", "HEAD", "refs/heads/main"], in: one)
        // The repository's first commit, then the second machine's clone.
        try Data("quiz games\n".utf8).write(to: URL(fileURLWithPath: one + "/README"))
        try run(["add", "README"], in: one)
        try run(["commit", "-q", "-m", "start"], in: one)
        try run(["push", "-q", "origin", "main"], in: one)
        try run(["clone", "-q", "-b", "main", bare, two])
        func publish(_ clone: String) throws {
            try run(["add", "-A"], in: clone)
            try run(["commit", "-q", "-m", "games"], in: clone)
            // Rejected when the other clone pushed first: pull (its own file
            // only changed, so the merge has no conflict) and push again.
            if try run(["push", "-q", "origin", "main"], in: clone, mayFail: true) != 0 {
                try pull(clone)
                try run(["push", "-q", "origin", "main"], in: clone)
            }
        }
        func pull(_ clone: String) throws {
            try run(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: clone)
        }
        _ = try play(61, dataDir: scratch.path + "/A", sync: one, scratch)
        try publish(one)
        _ = try play(62, dataDir: scratch.path + "/B", sync: two, scratch)
        try publish(two)
        _ = try play(63, dataDir: scratch.path + "/A", sync: one, scratch)
        try publish(one)
        try pull(two)
        try pull(one)
        #expect(try seeds(scratch.path + "/A", sync: one, scratch).seeds == [61, 62, 63])
        #expect(try seeds(scratch.path + "/B", sync: two, scratch).seeds == [61, 62, 63])
    }
}
