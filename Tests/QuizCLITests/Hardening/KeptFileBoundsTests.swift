import Foundation
import QuizCore
import QuizStore
import Testing

/// Found by the adversarial pass: a huge (even sparse) file in place of a
/// File quiz derives was read whole (`truncate -s 3G history.schedule`, then
/// `--stats`: 6.3 GB), a damaged sparse journal was read whole and its
/// damaged copy written out as 3 GB of zeros, and a folder or a pipe in place
/// of `history.summary` or `history.statistics` made the whole history
/// unusable (exit 74, every game pending). Now a derived file is read only
/// when it is a regular file of at most 64 MiB, else ignored (never read
/// nor written over) and the history read instead, with the same figures;
/// the journal is read without its holes and its damaged copy keeps them.
@Suite struct KeptFileBoundsTests {
    let bank = QuizBinary.fixture("mini.json")

    /// What one run printed and its peak resident memory in KiB.
    struct Measured {
        var result: RunResult
        var kilobytes: Int
    }

    /// `quiz` under /usr/bin/time (its figure to a file) and timeout(1), so
    /// a hang fails the test instead of stalling it.
    func measured(_ arguments: [String], _ scratch: Scratch, input: String = "") throws -> Measured {
        let figure = scratch.path + "/time-\(UUID().uuidString)"
        let result = try runProcess(
            "/usr/bin/time", ["-f", "%M", "-o", figure, "/usr/bin/timeout", "60", QuizBinary.path] + arguments,
            environment: scratch.privateEnvironment(["QUIZ_NOW": "2025-10-20T12:00:00Z"]), input: input)
        let text = (try? String(contentsOfFile: figure, encoding: .utf8)) ?? ""
        let kilobytes = text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.last
        return Measured(result: result, kilobytes: kilobytes ?? Int.max)
    }

    /// Far below what reading a 3 GB file whole costs, far above a run's own (about 30 MiB).
    let memoryBound = 200 * 1024

    /// 500 games in the archive and 30 in the journal, written by the store.
    func history(_ scratch: Scratch) throws {
        try writeArchive(KeyedArchive.data(for: pastSessions(500), journalSequence: 500), in: scratch.dataDir)
        let store = HistoryStore(folder: scratch.dataDir)
        for game in pastSessions(30, firstSeed: 2_000_000, start: Date(timeIntervalSince1970: 1_760_000_000)) {
            _ = try store.record(game)
        }
    }

    /// Puts `kind` in place of `path`: a 3 GB sparse file, a folder or a pipe.
    func put(_ kind: String, at path: String) throws {
        unlink(path)
        switch kind {
        case "sparse":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 3 << 30) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default: #expect(mkfifo(path, 0o600) == 0)
        }
    }

    static let cases: [(String, String)] = ["history.summary", "history.statistics", "history.schedule"].flatMap {
        name in ["sparse", "folder", "pipe"].map { (name, $0) }
    }

    @Test(arguments: cases)
    func aDerivedFileThatIsHugeOrNotAFileIsIgnoredWithTheSameFigures(_ name: String, _ kind: String) throws {
        let scratch = Scratch()
        try history(scratch)
        let views = [["--stats"], ["--history"], ["--history", "--format", "json"], ["--share"]]
        // The figures with every derived file made by quiz itself.
        let expected = try views.map { try measured($0, scratch).result }
        for result in expected { #expect(result.status == 0, "\(result.stderr)") }
        let path = scratch.dataDir + "/" + name
        try put(kind, at: path)
        for (view, before) in zip(views, expected) {
            let now = try measured(view, scratch)
            #expect(now.result.status == 0, "\(view) with \(kind) \(name): \(now.result.stderr)")
            #expect(now.result.stdout == before.stdout, "\(view) with \(kind) \(name) shows the same")
            #expect(now.result.stderr.isEmpty, "\(view): \(now.result.stderr)")
            #expect(now.kilobytes < memoryBound, "\(view) with \(kind) \(name): \(now.kilobytes) KiB")
        }
        // A game is recorded, not kept pending, and its end knows the quiz's 530 games.
        let input = try answers(bank: bank, seed: 3, right: [0, 1, 2]).joined(separator: "\n") + "\n"
        let game = try measured(["--questions", bank, "mini", "--seed", "3"], scratch, input: input)
        #expect(game.result.status == 0, "\(game.result.stderr)")
        #expect(game.result.stdout.contains("Mini Test Quiz: 3/3 right"), "\(game.result.stdout)")
        #expect(!game.result.stdout.contains("first game"), "\(game.result.stdout)")
        #expect(!game.result.stderr.contains("next time"), "\(game.result.stderr)")
        #expect(game.kilobytes < memoryBound, "a game with \(kind) \(name): \(game.kilobytes) KiB")
        let (listed, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(listed.status == 0 && games.count == 531, "\(listed.stderr)")
        // A folder or a pipe is left as it was; a sparse file quiz may replace.
        var info = stat()
        #expect(lstat(path, &info) == 0)
        switch kind {
        case "folder": #expect(info.st_mode & S_IFMT == S_IFDIR)
        case "pipe": #expect(info.st_mode & S_IFMT == S_IFIFO)
        default: break
        }
    }

    @Test func aSparseDamagedJournalCostsItsDataAndItsCopyStaysSparse() throws {
        let scratch = Scratch()
        try history(scratch)
        let (_, before) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(before.count == 530)
        #expect(truncate(scratch.journal, 3 << 30) == 0)
        let damaged = try measured(["--history", "--format", "json"], scratch)
        #expect(damaged.result.status == 74, "\(damaged.result.stderr)")
        #expect(damaged.kilobytes < memoryBound, "\(damaged.kilobytes) KiB")
        let games = (try? JSONSerialization.jsonObject(with: Data(damaged.result.stdout.utf8))) as? [[String: Any]]
        #expect(dateSeedPairs(games ?? []) == dateSeedPairs(before), "every game is kept")
        let line = nonEmptyLines(damaged.result.stderr)
        #expect(line.count == 1 && line[0].contains(scratch.journal + " is damaged"), "\(line)")
        let copies = scratch.dataFiles().filter { $0.hasPrefix("history.journal.damaged-") }
        #expect(copies.count == 1)
        var info = stat()
        #expect(stat(scratch.dataDir + "/" + (copies.first ?? ""), &info) == 0)
        #expect(info.st_size == 3 << 30, "the copy is the file as it was")
        #expect(Int(info.st_blocks) * 512 < 4 << 20, "its holes stay holes: \(info.st_blocks) blocks")
        let again = try measured(["--stats"], scratch)
        #expect(again.result.status == 0 && again.result.stderr.isEmpty, "\(again.result.stderr)")
        #expect(again.result.stdout.hasPrefix("530 games"), "\(again.result.stdout)")
    }

    /// A pending file is a journal too: a sparse one costs its data. Holding
    /// no game (zeros), it is damage: said once, set aside, 74.
    @Test func aSparsePendingFileCostsItsData() throws {
        let scratch = Scratch()
        try history(scratch)
        let before = try measured(["--stats"], scratch)
        let pending = scratch.dataDir + "/history.pending"
        #expect(FileManager.default.createFile(atPath: pending, contents: nil))
        #expect(truncate(pending, 3 << 30) == 0)
        let now = try measured(["--stats"], scratch)
        #expect(now.result.status == 74 && now.result.stdout == before.result.stdout, "\(now.result.stderr)")
        let said = nonEmptyLines(now.result.stderr)
        #expect(said.count == 1 && said[0].contains(pending + " is damaged"), "\(now.result.stderr)")
        #expect(now.kilobytes < memoryBound, "\(now.kilobytes) KiB")
        #expect(scratch.dataFiles().filter { $0.hasPrefix("history.pending.damaged-") }.count == 1)
        let again = try measured(["--stats"], scratch)
        #expect(again.result.status == 0 && again.result.stderr.isEmpty, "\(again.result.stderr)")
        let input = try answers(bank: bank, seed: 3, right: [0]).joined(separator: "\n") + "\n"
        let game = try measured(["--questions", bank, "mini", "--seed", "3"], scratch, input: input)
        #expect(game.result.status == 0 && game.kilobytes < memoryBound, "\(game.kilobytes) KiB \(game.result.stderr)")
    }

    @Test func aHugeParsedBankCopyIsIgnoredAndWrittenAgain() throws {
        let scratch = Scratch()
        let first = try measured(["--list"], scratch)
        #expect(first.result.status == 0, "\(first.result.stderr)")
        let folder = scratch.path + "/.cache/quiz/parsed"
        let copies = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".bank")
        }
        #expect(!copies.isEmpty, "--list keeps parsed copies in \(folder)")
        for copy in copies { #expect(truncate(folder + "/" + copy, 2 << 30) == 0) }
        let listed = try measured(["--list"], scratch)
        #expect(listed.result.status == 0 && listed.result.stdout == first.result.stdout, "\(listed.result.stderr)")
        #expect(listed.kilobytes < memoryBound, "\(listed.kilobytes) KiB")
        for copy in copies {
            var info = stat()
            #expect(stat(folder + "/" + copy, &info) == 0 && info.st_size < 64 << 20, "\(copy) is written again")
        }
    }
}
