import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two terminals at once, and eight: every game of every process sharing one
/// data folder is kept exactly once, whether each record folds the journal
/// into the archive at once (a small history) or background compactions do
/// (a large one).
@Suite struct ConcurrencyTests {
    let bank = QuizBinary.fixture("mini.json")
    static let players = 8
    static let gamesEach = 25

    /// Starts `players` menus at the same time on one data folder, each
    /// playing `gamesEach` games of the mini quiz (every question skipped)
    /// from its standard input, and checks that each played them all.
    func playAtOnce(_ scratch: Scratch) throws {
        let input = scratch.path + "/games.txt"
        try String(repeating: "mini\nskip\nskip\nskip\n", count: Self.gamesEach)
            .write(toFile: input, atomically: true, encoding: .utf8)
        let processes = try (0..<Self.players).map { index in
            try BackgroundProcess(
                ["--questions", bank], inputFile: input, environment: scratch.privateEnvironment(),
                outputPrefix: scratch.path + "/player-\(index)")
        }
        let deadline = Date().addingTimeInterval(240)
        for (index, process) in processes.enumerated() {
            guard let result = process.wait(until: deadline) else {
                Issue.record("player \(index) was still running after 4 minutes and was killed")
                continue
            }
            #expect(result.status == 0, "player \(index): \(result.stderr)")
            #expect(saidBesidesWaiting(result.stderr).isEmpty, "player \(index) said: \(result.stderr)")
            let summaries = result.stdout.components(separatedBy: "Mini Test Quiz: 0/3 right (0%)").count - 1
            #expect(summaries == Self.gamesEach, "player \(index) finished \(summaries) games")
        }
    }

    /// The history as `--history --format json` shows it: `count` games, no
    /// two with the same date and seed, read with nothing to report.
    @discardableResult
    func expectGames(_ count: Int, _ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [[String: Any]]
    {
        let (result, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            saidBesidesWaiting(result.stderr).isEmpty, "reading the history said: \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(games.count == count, "games in the history", sourceLocation: sourceLocation)
        let pairs = dateSeedPairs(games)
        let repeated = Dictionary(grouping: pairs) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(Set(pairs).count == count, "games kept twice: \(repeated)", sourceLocation: sourceLocation)
        return games
    }

    /// Only the archive, the journal and the lock, and the summary the ends
    /// of games read (and the schedule and statistics, when a game found them
    /// fresh or a reader made them): nothing moved aside as damaged, no
    /// pending game, no temporary file left. A review schedule the games
    /// kept says what one rebuilt from the history says.
    func expectCleanFolder(_ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = scratch.dataFiles().filter { $0 != "history.schedule" && $0 != "history.statistics" }
        try expectTrueSchedule(scratch, sourceLocation: sourceLocation)
        #expect(
            names == ["history.archive", "history.journal", "history.lock", "history.summary"],
            sourceLocation: sourceLocation)
        let journal = FileManager.default.contents(atPath: scratch.journal) ?? Data()
        #expect(journal.starts(with: Array("QUIZJRN1".utf8)), "a journal header", sourceLocation: sourceLocation)
        let state = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/.local/state/quiz")) ?? []
        #expect(!state.contains { $0.contains("pending") }, "no pending game: \(state)", sourceLocation: sourceLocation)
    }

    /// When the games left `history.schedule`, `--stats`' review figures
    /// from it equal those from a rebuild.
    func expectTrueSchedule(_ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = scratch.dataDir + "/history.schedule"
        guard FileManager.default.fileExists(atPath: path) else { return }
        func reviews() throws -> NSDictionary? {
            let stats = try runQuiz(
                ["--stats", "--format", "json", "--questions", bank],
                environment: scratch.privateEnvironment(["QUIZ_NOW": "2030-01-01T00:00:00Z"]))
            let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
            return object?["reviews"] as? NSDictionary
        }
        let kept = try reviews()
        unlink(path)
        let rebuilt = try reviews()
        #expect(kept != nil && kept == rebuilt, "\(String(describing: kept))", sourceLocation: sourceLocation)
    }

    /// `quiz --compact-history`, then the archive alone holds every game.
    func compactAndCheckArchive(_ scratch: Scratch, games: Int) throws {
        let compacted = try runQuiz(
            ["--compact-history", "--data-dir", scratch.dataDir], environment: scratch.privateEnvironment())
        #expect(compacted.status == 0, "\(compacted.stderr)")
        #expect(saidBesidesWaiting(compacted.stderr).isEmpty, "\(compacted.stderr)")
        try expectSessionObjects(scratch.archive, count: games)
        let journal = FileManager.default.contents(atPath: scratch.journal) ?? Data()
        #expect(journal.count == 16, "the journal is only its header after compaction, \(journal.count) bytes")
        try expectGames(games, scratch)
        try expectCleanFolder(scratch)
    }

    @Test func eightProcessesRecordingAtOnceKeepEveryGameOnce() throws {
        let scratch = Scratch()
        try playAtOnce(scratch)
        let total = Self.players * Self.gamesEach
        try expectGames(total, scratch)
        try expectCleanFolder(scratch)
        // A small history is folded into the archive at every record.
        try expectSessionObjects(scratch.archive, count: total)
        try compactAndCheckArchive(scratch, games: total)
    }

    @Test func eightProcessesOnALargeHistoryWithBackgroundCompactionsKeepEveryGameOnce() throws {
        let scratch = Scratch()
        // 600 games as quiz itself leaves them: folded into the archive up to
        // journal record 600, so records go to the journal and long journals
        // are folded by background `quiz --compact-history` processes.
        let earlier = pastSessions(600)
        try writeArchive(KeyedArchive.data(for: earlier, journalSequence: 600), in: scratch.dataDir)
        try playAtOnce(scratch)

        // Background compactions may still be running: wait for them, then
        // take the lock once, so none is halfway through when the history is read.
        #expect(waitForCompactions(of: scratch.dataDir, timeout: 60), "compactions still running after a minute")
        #expect(holdLockBriefly(scratch.dataDir + "/history.lock", timeout: 30), "history.lock not free after 30 s")

        let total = 600 + Self.players * Self.gamesEach
        let games = try expectGames(total, scratch)
        let seeds = Set(games.compactMap { $0["seed"] as? Int })
        #expect(earlier.allSatisfy { seeds.contains(Int($0.seed!)) }, "every earlier game is still there")
        let sequence = try ArchiveTable(path: scratch.archive).root?["journalSequence"] as? Int ?? 0
        #expect(sequence > 600, "background compactions folded journal records into the archive (up to \(sequence))")
        try expectCleanFolder(scratch)
        try compactAndCheckArchive(scratch, games: total)
    }
}

/// Waits until no `quiz --compact-history` for `folder` is running; false after `timeout`.
func waitForCompactions(of folder: String, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if !compactionRunning(for: folder) { return true }
        usleep(50_000)
    }
    return false
}

/// A process whose command line is `… --compact-history … folder`, found in /proc.
func compactionRunning(for folder: String) -> Bool {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.contains { entry in
        guard Int(entry) != nil, let handle = FileHandle(forReadingAtPath: "/proc/\(entry)/cmdline") else {
            return false
        }
        defer { try? handle.close() }
        let arguments = ((try? handle.readToEnd()) ?? Data()).split(separator: 0).map {
            String(decoding: $0, as: UTF8.self)
        }
        return arguments.contains("--compact-history") && arguments.contains(folder)
    }
}

/// Takes `flock(LOCK_EX)` on `path` and lets it go at once, trying until `timeout`.
func holdLockBriefly(_ path: String, timeout: TimeInterval) -> Bool {
    let fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return true
        }
        usleep(20_000)
    }
    return false
}

/// Standard error without the lines that say a process waited more than a
/// second for another's lock (LockWaitTests): on a loaded machine a background
/// compaction can take that long, and saying so is right.
func saidBesidesWaiting(_ stderr: String) -> [String] {
    nonEmptyLines(stderr).filter { !$0.contains("waiting for the history in ") }
}
