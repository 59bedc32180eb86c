import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--stats`' review section comes from `history.schedule` beside the
/// history: the same figures as from every game whether the file was kept
/// game by game, rebuilt after it was removed, damaged or left stale, or
/// re-stamped by a compaction; damage to the history is said once; and two
/// games waiting for the history's lock both reach the schedule.
@Suite struct KeptReviewStatsTests {
    /// The mini bank and a bank of two questions, in one folder.
    func banks(_ scratch: Scratch) throws -> String {
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: QuizBinary.fixture("mini.json"), toPath: folder + "/mini.json")
        try """
        {"title": "Own", "questions": [
          {"prompt": "Two and two?", "answer": "four"},
          {"prompt": "Three and three?", "answer": "six"}
        ]}
        """.write(toFile: folder + "/own.json", atomically: true, encoding: .utf8)
        return folder
    }

    func play(
        _ quiz: String, seed: UInt64, right: Set<Int>, at now: String, _ scratch: Scratch, banks: String
    ) throws {
        let lines = try answers(bank: banks + "/\(quiz).json", seed: seed, right: right)
        let game = try runQuiz(
            ["--questions", banks, quiz, "--seed", "\(seed)"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.privateEnvironment(["QUIZ_NOW": now]))
        #expect(game.status == 0, "\(game.stderr)")
    }

    /// The review section of `--stats --format json`, and what was said on standard error.
    func reviews(_ scratch: Scratch, banks: String, at now: String) throws -> (reviews: NSDictionary, stderr: String) {
        let stats = try runQuiz(
            ["--stats", "--format", "json", "--questions", banks],
            environment: scratch.privateEnvironment(["QUIZ_NOW": now]))
        let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        return ((object?["reviews"] as? NSDictionary) ?? [:], stats.stderr)
    }

    var schedulePath: (Scratch) -> String { { $0.dataDir + "/history.schedule" } }

    @Test func theKeptFiguresAreThoseOfEveryGameWhateverHappenedToTheFile() throws {
        let scratch = Scratch()
        let banks = try banks(scratch)
        let path = schedulePath(scratch)
        let now = "2026-03-20T12:00:00Z"
        try play("mini", seed: 1, right: [0], at: "2026-03-01T09:00:00Z", scratch, banks: banks)
        // Built by the first reader, then kept by each game.
        let first = try reviews(scratch, banks: banks, at: now).reviews
        #expect(first["seen"] as? Int == 3, "\(first)")
        #expect(FileManager.default.fileExists(atPath: path))
        let days = [("2026-03-02T09:00:00Z", 2), ("2026-03-04T09:00:00Z", 4), ("2026-03-09T10:00:00Z", 9)]
        for (date, seed) in days {
            try play("mini", seed: UInt64(seed), right: [0, 1], at: date, scratch, banks: banks)
            try play("own", seed: UInt64(seed), right: [1], at: date, scratch, banks: banks)
        }
        let kept = try reviews(scratch, banks: banks, at: now).reviews
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\ngames 7\n"), "kept by each game, not rebuilt: \(text.prefix(300))")
        #expect(kept["seen"] as? Int == 5)
        #expect((kept["dueReviews30Days"] as? Int ?? 0) > 0, "\(kept)")
        // Removed: rebuilt from every game, the same.
        unlink(path)
        #expect(try reviews(scratch, banks: banks, at: now).reviews == kept)
        // Damaged, in a way that still parses: rebuilt, the same.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let digit = try #require(bytes.lastIndex { (48...57).contains($0) })
        bytes[digit] = bytes[digit] == 57 ? 48 : bytes[digit] + 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try reviews(scratch, banks: banks, at: now).reviews == kept)
        // Stale: an old copy put back after another game.
        let old = try Data(contentsOf: URL(fileURLWithPath: path))
        try play("own", seed: 12, right: [0, 1], at: "2026-03-12T09:00:00Z", scratch, banks: banks)
        let afterGame = try reviews(scratch, banks: banks, at: now).reviews
        try old.write(to: URL(fileURLWithPath: path))
        #expect(try reviews(scratch, banks: banks, at: now).reviews == afterGame)
        unlink(path)
        #expect(try reviews(scratch, banks: banks, at: now).reviews == afterGame)
        // A compaction keeps it fresh, and its figures.
        let compact = try runQuiz(["--compact-history"], environment: scratch.privateEnvironment())
        #expect(compact.status == 0, "\(compact.stderr)")
        let restamped = try String(contentsOfFile: path, encoding: .utf8)
        #expect(restamped.contains("\ngames 8\n"))
        #expect(try reviews(scratch, banks: banks, at: now).reviews == afterGame)
    }

    @Test func damageAndWaitingGamesAreSaidOnceByStats() throws {
        let scratch = Scratch()
        let banks = try banks(scratch)
        // An archive with a game that cannot be read (its date is not a number).
        try writeArchive(
            ArchiveDamage.withGame(Session(date: Date(timeIntervalSinceReferenceDate: .nan), score: 1, total: 3)),
            in: scratch.dataDir)
        // And a game that could not be written (a folder where the journal
        // goes), waiting in a pending file.
        try FileManager.default.createDirectory(atPath: scratch.journal, withIntermediateDirectories: false)
        let lines = try answers(bank: banks + "/mini.json", seed: 2, right: [0])
        let lost = try runQuiz(
            ["--questions", banks, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.privateEnvironment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        #expect(lost.status == 74, "\(lost.stderr)")
        try FileManager.default.removeItem(atPath: scratch.journal)

        let stats = try runQuiz(
            ["--stats", "--questions", banks],
            environment: scratch.privateEnvironment(["QUIZ_NOW": "2026-03-05T09:00:00Z"]))
        #expect(stats.status == 74, "\(stats.stderr)")
        let said = nonEmptyLines(stats.stderr)
        #expect(said.count == Set(said).count, "no line twice: \(stats.stderr)")
        #expect(said.count { $0.contains("is damaged") } == 1, "one line for the damage: \(stats.stderr)")
        #expect(said.count { $0.contains("could not be written to the history yet") } == 1, "\(stats.stderr)")
        #expect(stats.stdout.contains("Reviews"), "\(stats.stdout)")
        #expect(stats.stdout.contains("3 questions seen"), "\(stats.stdout)")
    }

    @Test func twoGamesWaitingForTheLockBothReachTheSchedule() throws {
        let scratch = Scratch()
        let banks = try banks(scratch)
        let path = schedulePath(scratch)
        try play("mini", seed: 1, right: [], at: "2026-03-01T09:00:00Z", scratch, banks: banks)
        _ = try reviews(scratch, banks: banks, at: "2026-03-02T09:00:00Z")
        #expect(FileManager.default.fileExists(atPath: path), "a fresh schedule before the two games")
        // Both games end while this process holds the history's lock, so
        // each has read the schedule (fresh then) before either records.
        let lock = open(scratch.dataDir + "/history.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0)
        #expect(flock(lock, LOCK_EX) == 0)
        var held = true
        defer { if held { close(lock) } }
        var games: [BackgroundProcess] = []
        for (quiz, right) in [("mini", Set([0, 1, 2])), ("own", Set([0]))] {
            let input = scratch.path + "/\(quiz).answers"
            let lines = try answers(bank: banks + "/\(quiz).json", seed: 3, right: right)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
            let game = try BackgroundProcess(
                ["--questions", banks, quiz, "--seed", "3"], inputFile: input,
                environment: scratch.privateEnvironment(["QUIZ_NOW": "2026-03-02T10:00:00Z"]),
                outputPrefix: scratch.path + "/\(quiz)")
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline,
                !((try? String(contentsOfFile: game.stderrPath, encoding: .utf8)) ?? "").contains("waiting")
            {
                usleep(20_000)
            }
            #expect(game.process.isRunning, "\(quiz) waits for the lock")
            games.append(game)
        }
        close(lock)
        held = false
        for game in games {
            let result = try #require(game.wait(until: Date().addingTimeInterval(30)))
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Both games in the kept schedule, or none: when the second recorded
        // is dated before the first (they end within the same second), the
        // schedule, applied by date, is removed for the next reader to build.
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            #expect(text.contains("\ngames 3\n"), "both games in the kept schedule: \(text.prefix(300))")
        }
        let now = "2026-03-10T09:00:00Z"
        let kept = try reviews(scratch, banks: banks, at: now).reviews
        #expect(kept["seen"] as? Int == 5, "\(kept)")
        unlink(path)
        #expect(try reviews(scratch, banks: banks, at: now).reviews == kept)
    }
}
