import Foundation
import QuizCore
import Testing

@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --merge-history PATH` through the binary: every kind of source,
/// each game once, the same games whichever way two histories are merged,
/// a damaged source said, and a merge killed at any moment leaving the
/// history as before or as after.
@Suite struct MergeHistoryTests {
    /// The games of `--history --format json`, each as sorted-key JSON, sorted.
    func games(_ scratch: Scratch, dataDir: String) throws -> [String] {
        let (result, games) = try historyJSON(environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": dataDir]))
        #expect(result.status == 0, "\(result.stderr)")
        return try games.map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
        }.sorted()
    }

    func merge(_ path: String, into dataDir: String, _ scratch: Scratch) throws -> RunResult {
        try runQuiz(["--merge-history", path], environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": dataDir]))
    }

    /// Two histories sharing `shared` games: A has 0..<a, B has the last `shared` of A and `b` of its own.
    func twoHistories(_ scratch: Scratch, a: Int, b: Int, shared: Int) throws -> (String, String) {
        let folderA = scratch.path + "/A"
        let folderB = scratch.path + "/B"
        let own = pastSessions(a)
        let theirs = Array(own.suffix(shared)) + pastSessions(b, firstSeed: 2_000_000)
        try writeArchive(KeyedArchive.data(for: own), in: folderA)
        try writeArchive(KeyedArchive.data(for: theirs), in: folderB)
        return (folderA, folderB)
    }

    @Test func aFolderIsMergedOnceAndBothWaysGiveTheSameGames() throws {
        let scratch = Scratch()
        let (folderA, folderB) = try twoHistories(scratch, a: 30, b: 20, shared: 5)
        let first = try merge(folderB, into: folderA, scratch)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "merged \(folderB): 20 games added, 5 already in the history\n")
        let again = try merge(folderB, into: folderA, scratch)
        #expect(again.stdout == "merged \(folderB): 0 games added, 25 already in the history\n")
        let back = try merge(folderA, into: folderB, scratch)
        #expect(back.stdout == "merged \(folderA): 25 games added, 25 already in the history\n")
        let gamesA = try games(scratch, dataDir: folderA)
        #expect(gamesA.count == 50)
        #expect(gamesA == (try games(scratch, dataDir: folderB)))
        let itself = try merge(folderA, into: folderA, scratch)
        #expect(itself.status == 0)
        #expect(itself.stdout == "merged \(folderA): 0 games added, 50 already in the history\n")
    }

    @Test func anArchiveAJournalAndAnExportAreMergedOnce() throws {
        let scratch = Scratch()
        let (folderA, folderB) = try twoHistories(scratch, a: 10, b: 1, shared: 2)
        // A lone archive.
        var result = try merge(folderB + "/history.archive", into: scratch.path + "/C", scratch)
        #expect(result.stdout.hasSuffix(": 3 games added, 0 already in the history\n"), "\(result.stderr)")
        // A lone journal: a game recorded in A beyond its archive.
        let journalGame = pastSessions(1, firstSeed: 3_000_000)[0]
        let journal = scratch.path + "/lone.journal"
        try Data(HistoryJournal.header(base: 0) + HistoryJournal.record(journalGame, sequence: 1))
            .write(to: URL(fileURLWithPath: journal))
        result = try merge(journal, into: scratch.path + "/C", scratch)
        #expect(result.stdout.hasSuffix(": 1 game added, 0 already in the history\n"), "\(result.stderr)")
        result = try merge(journal, into: scratch.path + "/C", scratch)
        #expect(result.stdout.hasSuffix(": 0 games added, 1 already in the history\n"))
        // An export of A: its 10 games, the 2 C holds already among them.
        let export = scratch.path + "/a.json"
        let exported = try runQuiz(
            ["--history", "--format", "json"], environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": folderA]))
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: export))
        result = try merge(export, into: scratch.path + "/C", scratch)
        #expect(result.stdout.hasSuffix(": 8 games added, 2 already in the history\n"), "\(result.stderr)")
        result = try merge(export, into: scratch.path + "/C", scratch)
        #expect(result.stdout.hasSuffix(": 0 games added, 10 already in the history\n"))
        #expect(try games(scratch, dataDir: scratch.path + "/C").count == 12)
    }

    /// Games as a player's are: dates and durations with fractions, a category and a difficulty, all of which
    /// the export drops or rounds.
    func playedGames(_ count: Int) -> [Session] {
        (0..<count).map { index in
            Session(
                date: Date(timeIntervalSince1970: 1_700_000_000.123 + Double(index) * 3600.25), score: index % 4,
                total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 12.345 + Double(index),
                seed: 5_000_000 + Int64(index), category: "Science", difficulty: "easy")
        }
    }

    func exportHistory(_ dataDir: String, to path: String, _ scratch: Scratch) throws {
        let exported = try runQuiz(
            ["--history", "--format", "json"], environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": dataDir]))
        #expect(exported.status == 0, "\(exported.stderr)")
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// An export keeps less than the history (dates to the second, no
    /// category), yet it and the folder it came from, merged in either
    /// order, add each game once; the same export twice adds nothing.
    @Test func anExportAndItsFolderAddEachGameOnceInEitherOrder() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/played"
        try writeArchive(KeyedArchive.data(for: playedGames(12)), in: folder)
        let export = scratch.path + "/played.json"
        try exportHistory(folder, to: export, scratch)
        // The export first, then the folder.
        let first = scratch.path + "/first"
        var result = try merge(export, into: first, scratch)
        #expect(result.stdout == "merged \(export): 12 games added, 0 already in the history\n", "\(result.stderr)")
        result = try merge(folder, into: first, scratch)
        #expect(result.stdout == "merged \(folder): 0 games added, 12 already in the history\n", "\(result.stderr)")
        result = try merge(export, into: first, scratch)
        #expect(result.stdout == "merged \(export): 0 games added, 12 already in the history\n", "\(result.stderr)")
        #expect(try games(scratch, dataDir: first).count == 12)
        // The folder first, then the export, twice.
        let second = scratch.path + "/second"
        result = try merge(folder, into: second, scratch)
        #expect(result.stdout == "merged \(folder): 12 games added, 0 already in the history\n", "\(result.stderr)")
        for _ in 0..<2 {
            result = try merge(export, into: second, scratch)
            #expect(result.stdout == "merged \(export): 0 games added, 12 already in the history\n")
        }
        #expect(try games(scratch, dataDir: second) == (try games(scratch, dataDir: folder)))
        // Other games are still told apart: a game one second later is new.
        let later = playedGames(1).map { game in
            var fields = game.fields
            fields.date += 1
            return Session(fields)
        }
        let other = scratch.path + "/other"
        try writeArchive(KeyedArchive.data(for: later), in: other)
        result = try merge(other, into: first, scratch)
        #expect(result.stdout == "merged \(other): 1 game added, 0 already in the history\n", "\(result.stderr)")
    }

    @Test func aMissingPathIs66AndAFileThatIsNoHistory65() throws {
        let scratch = Scratch()
        #expect(try merge(scratch.path + "/nowhere", into: scratch.dataDir, scratch).status == 66)
        let text = scratch.path + "/notes.txt"
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        let result = try merge(text, into: scratch.dataDir, scratch)
        #expect(result.status == 65)
        #expect(result.stderr.contains("is not a quiz history"))
    }

    /// An edited export: a game with a duration no game can have is skipped
    /// and said (74), never written into the history where its own reader
    /// would refuse it; the others are added, oldest first, so the newest is
    /// the last game; merged again, nothing is added and the history stays
    /// whole. The path is printed made safe.
    @Test func anExportsAbsurdGameIsSkippedAndItsGamesKeepTheirOrder() throws {
        let scratch = Scratch()
        let source = scratch.path + "/S"
        try writeArchive(KeyedArchive.data(for: playedGames(3)), in: source)
        let export = scratch.path + "/odd\u{1B}[31mname.json"
        try exportHistory(source, to: export, scratch)
        var objects = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: export))) as? [[String: Any]])
        #expect(objects.count == 3)
        objects[1]["duration"] = 1e12
        try JSONSerialization.data(withJSONObject: objects).write(to: URL(fileURLWithPath: export))
        let into = scratch.path + "/C"
        for (round, added) in [(1, 2), (2, 0)] {
            let result = try merge(export, into: into, scratch)
            #expect(result.status == 74, "round \(round): \(result.stderr)")
            #expect(
                result.stdout.hasSuffix(
                    ": \(added) game\(added == 1 ? "" : "s") added, \(2 - added) already in the history\n"),
                "round \(round): \(result.stdout)")
            #expect(!result.stdout.contains("\u{1B}"), "round \(round): the path is made safe")
            #expect(result.stderr.contains("duration is 1000000000000"), "round \(round): \(result.stderr)")
            #expect(!result.stderr.contains("journal"), "round \(round): \(result.stderr)")
        }
        let environment = scratch.privateEnvironment(["QUIZ_DATA_DIR": into])
        let (history, games) = try historyJSON(environment: environment)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(games.count == 2)
        let share = try runQuiz(["--share", "--text"], environment: environment)
        #expect(share.status == 0, "\(share.stderr)")
        // playedGames: the newest of the three, seed 5000002, scored 2 of 3.
        #expect(share.stdout.contains("2 of 3") && share.stdout.contains("--seed 5000002"), "\(share.stdout)")
    }

    /// A number token that is no JSON (a NaN, edited in or written by another
    /// tool) costs its game, not the export: the others are added, and the
    /// one skipped is counted in the one line said of the source (74).
    @Test func aNaNInAnExportCostsItsGameOnly() throws {
        let scratch = Scratch()
        let source = scratch.path + "/S"
        try writeArchive(KeyedArchive.data(for: playedGames(3)), in: source)
        let export = scratch.path + "/export.json"
        try exportHistory(source, to: export, scratch)
        var text = try String(contentsOfFile: export, encoding: .utf8)
        // The second game's duration (the export lists the newest first).
        let durations = text.ranges(of: "\"duration\"")
        #expect(durations.count == 3)
        let value = try #require(text[durations[1].upperBound...].firstIndex { $0 == "," || $0 == "}" })
        text.replaceSubrange(durations[1].upperBound..<value, with: ": NaN")
        try Data(text.utf8).write(to: URL(fileURLWithPath: export))
        let into = scratch.path + "/C"
        let result = try merge(export, into: into, scratch)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stdout == "merged \(export): 2 games added, 0 already in the history\n")
        let said = result.stderr.split(separator: "\n").filter { $0.contains(export) }
        #expect(said.count == 1 && said[0].contains("1 game could not be read"), "\(result.stderr)")
        #expect(try games(scratch, dataDir: into).count == 2)
    }

    /// A merge never writes into its source: no lock file made there, nothing changed.
    @Test func aMergeWritesNothingIntoItsSource() throws {
        let scratch = Scratch()
        let (folderA, folderB) = try twoHistories(scratch, a: 4, b: 3, shared: 1)
        func listing() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folderB) {
                files[name] = FileManager.default.contents(atPath: folderB + "/" + name) ?? Data()
            }
            return files
        }
        let before = try listing()
        #expect(before["history.lock"] == nil)
        let result = try merge(folderB, into: folderA, scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try listing() == before)
    }

    /// Every --merge-history is merged, in the order given, a line each; a
    /// path not there among them stops all of them before any is merged (66).
    @Test func repeatedSourcesAreAllMergedInOrder() throws {
        let scratch = Scratch()
        let (folderA, folderB) = try twoHistories(scratch, a: 4, b: 3, shared: 1)
        let folderC = scratch.path + "/C"
        try writeArchive(KeyedArchive.data(for: pastSessions(2, firstSeed: 3_000_000)), in: folderC)
        let into = scratch.path + "/D"
        let environment = scratch.privateEnvironment(["QUIZ_DATA_DIR": into])
        let missing = try runQuiz(
            ["--merge-history", folderA, "--merge-history", scratch.path + "/nowhere"], environment: environment)
        #expect(missing.status == 66 && missing.stdout.isEmpty, "\(missing.stderr)")
        #expect(missing.stderr.contains(scratch.path + "/nowhere"))
        let result = try runQuiz(
            ["--merge-history", folderA, "--merge-history", folderB, "--merge-history=\(folderC)"],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "merged \(folderA): 4 games added, 0 already in the history\n"
                + "merged \(folderB): 3 games added, 1 already in the history\n"
                + "merged \(folderC): 2 games added, 0 already in the history\n")
        #expect(try games(scratch, dataDir: into).count == 9)
    }

    /// A source folder that cannot be read is 66 (not there or unreadable),
    /// named in the line, not 65 (no history). Run as nobody when root.
    @Test func anUnreadableSourceFolderIs66() throws {
        let scratch = Scratch()
        let (_, folderB) = try twoHistories(scratch, a: 1, b: 1, shared: 0)
        chmod(folderB, 0)
        defer { chmod(folderB, 0o700) }
        chmod(scratch.path, 0o755)
        let into = scratch.path + "/into"
        try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: true)
        chmod(into, 0o777)
        var command = [QuizBinary.path]
        if getuid() == 0 {
            let setpriv = try #require(Tool.find("setpriv", path: "/usr/bin:/bin"), "setpriv is needed as root")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", QuizBinary.path]
        }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "QUIZ_DATA_DIR": into, "TZ": "UTC"]
        let result = try runProcess(
            command[0], Array(command.dropFirst()) + ["--merge-history", folderB], environment: environment)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("cannot read \(folderB)"), "\(result.stderr)")
    }

    /// An export over 1 GiB (sparse here) is refused in one line before a
    /// byte of it is read, and the history is left as it was.
    @Test func anExportTooLargeToReadWholeIsRefusedUnread() throws {
        let scratch = Scratch()
        let huge = scratch.path + "/huge.json"
        try Data("[\n".utf8).write(to: URL(fileURLWithPath: huge))
        #expect(truncate(huge, (1 << 30) + 1) == 0)
        let result = try merge(huge, into: scratch.dataDir, scratch)
        #expect(result.status == 74)
        #expect(result.stderr.contains("more than 1 GiB"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.dataDir + "/history.journal"))
    }

    @Test func aDamagedSourceIsReadAsFarAsItCanBeAndSaid() throws {
        let scratch = Scratch()
        let journal = scratch.path + "/torn.journal"
        var bytes = HistoryJournal.header(base: 0)
        for (index, game) in pastSessions(3).enumerated() {
            bytes += HistoryJournal.record(game, sequence: UInt64(index + 1))
        }
        bytes[HistoryJournal.headerSize + 12] ^= 0xFF  // the first record's checksum no longer holds
        try Data(bytes).write(to: URL(fileURLWithPath: journal))
        let result = try merge(journal, into: scratch.dataDir, scratch)
        #expect(result.status == 74)
        #expect(nonEmptyLines(result.stderr).count == 1)
        #expect(result.stderr.contains(journal))
        #expect(result.stdout.hasSuffix(": 2 games added, 0 already in the history\n"))
        // The source is only read: left as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == Data(bytes))
    }

    /// SIGKILL at a random moment of the merge: the history is as before or
    /// as after, never half, and reads clean.
    @Test func aKilledMergeLeavesTheHistoryAsBeforeOrAsAfter() throws {
        let scratch = Scratch()
        let kills = Int(ProcessInfo.processInfo.environment["QUIZ_CRASH_KILLS"] ?? "") ?? 12
        var outcomes: Set<Int> = []
        for kill in 0..<kills {
            // Half of them small (folded into one archive at once), half beyond 500 games (the journal).
            let (folderA, folderB) = try twoHistories(
                scratch, a: kill % 2 == 0 ? 200 : 550, b: 150, shared: 10)
            let before = try games(scratch, dataDir: folderA)
            let process = try BackgroundProcess(
                ["--merge-history", folderB], environment: scratch.privateEnvironment(["QUIZ_DATA_DIR": folderA]),
                outputPrefix: scratch.path + "/kill")
            usleep(UInt32.random(in: 0...120_000))
            Glibc.kill(process.process.processIdentifier, SIGKILL)
            _ = process.wait(until: Date().addingTimeInterval(30))
            let after = try games(scratch, dataDir: folderA)
            #expect(after == before || after.count == before.count + 150, "kill \(kill): \(after.count) games")
            outcomes.insert(after.count - before.count)
            // Finished afterwards, it adds what is left.
            let finished = try merge(folderB, into: folderA, scratch)
            #expect(finished.status == 0, "\(finished.stderr)")
            #expect(try games(scratch, dataDir: folderA).count == before.count + 150)
            try FileManager.default.removeItem(atPath: folderA)
            try FileManager.default.removeItem(atPath: folderB)
        }
        #expect(outcomes.isSubset(of: [0, 150]))
    }
}
