import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Games killed with SIGKILL at random moments, the write included: after
/// every kill the history loads, holds every game whose summary was shown, and
/// holds no game twice. One test per way of choosing the moment, a third of
/// the kills each; `make test` kills 50 times in all, `make stress` sets
/// QUIZ_CRASH_KILLS=500. One test at a time, as each times its own games.
@Suite(.serialized) struct CrashTests {
    static let kills = Int(ProcessInfo.processInfo.environment["QUIZ_CRASH_KILLS"] ?? "") ?? 50
    let bank = QuizBinary.fixture("mini.json")

    /// How a kill's moment is chosen; kill number `n` of `kills` is the
    /// strategy `n % 3`'s.
    enum Strategy: Int {
        /// Any moment of the game.
        case anyMoment
        /// Inside the rewrite of the archive: as soon as its temporary file appears.
        case insideArchiveRewrite
        /// Just after the journal grew, before the summary.
        case afterJournalGrew
    }

    /// What one strategy's kills did.
    struct Tally {
        var kills = 0
        var killedBeforeSummary = 0
        var killedInsideWrite = 0
        var shownAfterKill = 0
    }

    /// Seeds of the games in the history, read back as a user would.
    func recordedSeeds(_ scratch: Scratch) throws -> [Int64] {
        let csv = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(csv.status == 0, "the history loads: \(csv.stderr)")
        return csv.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.compactMap {
            Int64($0.split(separator: ",").last.map(String.init) ?? "")
        }
    }

    func names(_ scratch: Scratch) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: scratch.dataDir)) ?? []
    }

    func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// Polls `condition` every 100 µs until it holds or the time is up.
    func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && !condition() { usleep(100) }
    }

    /// Kills this strategy's games, checking the history after each kill and
    /// that a later run trips on nothing left behind.
    func killGames(_ strategy: Strategy) throws -> Tally {
        let scratch = Scratch()
        // A history of 400 games with results, so rewriting the archive takes a
        // while and many kills land inside the write.
        let earlier = (0..<400).map { n in
            Session(
                date: Date(timeIntervalSinceNow: Double(n - 1000) * 60), score: 1, total: 3, quiz: "mini",
                title: "Mini Test Quiz", duration: 10, seed: Int64(100_000 + n),
                results: (0..<3).map {
                    QuestionResult(prompt: "Earlier \($0)?", outcome: .wrong, given: "x", answer: "y")
                })
        }
        try FileManager.default.createDirectory(atPath: scratch.dataDir, withIntermediateDirectories: true)
        try KeyedArchive.data(for: earlier).write(to: URL(fileURLWithPath: scratch.archive))

        // When the summary shows, here: any-moment kills are spread over the
        // whole game and a little past it.
        var lengths: [Double] = []
        for seed in 1...3 {
            let lines = try answers(bank: bank, seed: UInt64(seed), right: [0])
            let started = Date()
            let quiz = try SpawnedQuiz(
                ["--questions", bank, "mini", "--seed", "\(seed)"], environment: scratch.environment())
            quiz.write(lines.joined(separator: "\n") + "\n")
            quiz.closeInput()
            try quiz.wait(for: "right (")
            lengths.append(Date().timeIntervalSince(started))
            _ = try quiz.waitForExit()
        }
        let summaryAt = lengths.sorted()[1]
        var shown: Set<Int64> = [1, 2, 3]
        var attempted: Set<Int64> = [1, 2, 3]
        var tally = Tally()
        var generator = SeededGenerator(seed: 2026)
        for kill in stride(from: strategy.rawValue, to: Self.kills, by: 3) {
            let seed = Int64(10_000 + kill)
            let lines = try answers(bank: bank, seed: UInt64(seed), right: [1])
            let quiz = try SpawnedQuiz(
                ["--questions", bank, "mini", "--seed", "\(seed)"], environment: scratch.environment())
            quiz.write(lines.joined(separator: "\n") + "\n")
            quiz.closeInput()
            switch strategy {
            case .anyMoment:
                usleep(useconds_t(Double(generator.below(1000)) / 1000 * 1.2 * summaryAt * 1_000_000))
            case .insideArchiveRewrite:
                waitUntil(timeout: 2 * summaryAt + 1) { names(scratch).contains { $0.contains(".tmp-") } }
            case .afterJournalGrew:
                let size = fileSize(scratch.dataDir + "/history.journal")
                waitUntil(timeout: 2 * summaryAt + 1) { fileSize(scratch.dataDir + "/history.journal") != size }
            }
            Glibc.kill(quiz.pid, SIGKILL)
            _ = try quiz.waitForExit()
            tally.kills += 1
            attempted.insert(seed)
            if quiz.output.contains("right (") {
                shown.insert(seed)
                tally.shownAfterKill += 1
            } else {
                tally.killedBeforeSummary += 1
            }
            if names(scratch).contains(where: { $0.contains(".tmp-") }) { tally.killedInsideWrite += 1 }

            let recorded = try recordedSeeds(scratch)
            let mine = recorded.filter { $0 < 100_000 }
            #expect(Set(mine).isSuperset(of: shown), "kill \(kill): a game whose summary was shown is missing")
            #expect(Set(mine).isSubset(of: attempted), "kill \(kill): a game that was never played appeared")
            #expect(mine.count == Set(mine).count, "kill \(kill): a game is there twice")
            #expect(recorded.filter { $0 >= 100_000 }.count == 400, "kill \(kill): the earlier games stay")
        }
        // A later run does not trip on anything a kill left behind.
        let lines = try answers(bank: bank, seed: 99, right: [0, 1, 2])
        let last = try runQuiz(
            ["--questions", bank, "mini", "--seed", "99"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try recordedSeeds(scratch).contains(99))
        #expect(!names(scratch).contains { $0.contains(".tmp-") }, "\(names(scratch))")
        print(
            "crash harness (\(strategy)): \(tally.kills) kills, \(tally.killedBeforeSummary) before the summary, "
                + "\(tally.killedInsideWrite) leaving a temporary file (inside a write), \(tally.shownAfterKill) "
                + "after the summary; no game lost")
        return tally
    }

    @Test func killedAtAnyMomentTheHistoryLosesNoGameItShowed() throws {
        let tally = try killGames(.anyMoment)
        #expect(tally.killedBeforeSummary > 0, "kills landed before the summary")
    }

    @Test func killedInsideAnArchiveRewriteTheHistoryLosesNoGameItShowed() throws {
        let tally = try killGames(.insideArchiveRewrite)
        #expect(tally.killedInsideWrite > 0, "kills landed inside a write")
    }

    @Test func killedJustAfterTheJournalGrewTheHistoryLosesNoGameItShowed() throws {
        let tally = try killGames(.afterJournalGrew)
        #expect(tally.kills > 0, "the journal strategy killed no game")
    }
}
