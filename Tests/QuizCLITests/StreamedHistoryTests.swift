import Foundation
import QuizCore
import QuizStore
import Testing

/// `quiz --history` streams the whole history (every format) instead of
/// reading every game into memory and building the text whole: what a pipe,
/// a file or a pager gets is still, byte for byte, what `HistoryReport`
/// makes of every game `HistoryStore.load` reads (the old path), with games
/// in the archive, in the journal and waiting in a pending file.
@Suite struct StreamedHistoryTests {
    let bank = QuizBinary.fixture("mini.json")

    func play(_ seed: Int, _ scratch: Scratch) throws -> RunResult {
        let input = try answers(bank: bank, seed: UInt64(seed), right: [0]).joined(separator: "\n") + "\n"
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)"], input: input, environment: scratch.privateEnvironment())
    }

    /// `count` games in the archive (out of date order now and then, with
    /// titles to make safe), two played since (the journal) and two that
    /// could not be written (the lock was a folder: a pending file).
    func history(_ scratch: Scratch, count: Int) throws {
        let titles = ["Mini Test Quiz", "Ünïcode ✓ 世界", "Bell\u{7} and, \"quotes\"", "Line\nbreak"]
        let games = pastSessions(count).enumerated().map { index, game in
            Session(
                date: game.date.addingTimeInterval(index % 17 == 0 ? -86_400 * 3 : 0), score: game.score,
                total: index % 50 == 7 ? nil : game.total, quiz: index % 3 == 0 ? "other" : game.quiz,
                title: titles[index % titles.count], duration: index % 11 == 0 ? nil : Double(index % 700) + 0.25,
                seed: game.seed,
                results: [QuestionResult(prompt: "Prompt \(index % 5)", outcome: .right, given: "a", answer: "a")])
        }
        try writeArchive(KeyedArchive.data(for: games, journalSequence: UInt64(count)), in: scratch.dataDir)
        for seed in 1...2 { #expect(try play(seed, scratch).status == 0) }
        let lock = scratch.dataDir + "/history.lock"
        unlink(lock)
        mkdir(lock, 0o700)
        for seed in 3...4 { #expect(try play(seed, scratch).status != 0) }
        rmdir(lock)
        #expect(FileManager.default.fileExists(atPath: scratch.dataDir + "/history.pending"))
    }

    /// What the old path printed: every game read, then `HistoryReport`, on
    /// a copy of the data folder.
    func expected(_ scratch: Scratch, _ arguments: [String], format: HistoryReport.Format, quiz: String?, limit: Int?)
        throws -> String
    {
        let copy = scratch.path + "/copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: scratch.dataDir, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let loaded = try HistoryStore(folder: copy).load(
            results: format == .json, newest: limit, where: quiz.map { id in { $0.quiz == id } })
        let report = HistoryReport(
            sessions: loaded.sessions, quiz: quiz.map { QuizID($0) }, limit: limit,
            timeZone: TimeZone(identifier: "UTC")!)
        let text = report.render(format)
        return text.hasSuffix("\r\n") ? text : text + "\n"
    }

    @Test func everyFormatThroughAPipeIsWhatTheWholeHistoryGave() throws {
        let scratch = Scratch()
        try history(scratch, count: 2_500)
        for format in HistoryReport.Format.allCases {
            for (quiz, limit) in [(nil, nil), ("mini", nil), (nil, 20_000), ("other", 10_001)] as [(String?, Int?)] {
                var arguments = ["--history", "--format", format.rawValue]
                if let quiz { arguments += ["--quiz", quiz] }
                if let limit { arguments += ["--limit", "\(limit)"] }
                let shown = try runQuiz(arguments, environment: scratch.privateEnvironment())
                #expect(shown.status == 0, "\(arguments): \(shown.stderr)")
                // The two pending games (of the mini quiz) are said to be waiting.
                if quiz != "other" {
                    #expect(shown.stderr.contains("2 games in "), "\(arguments): \(shown.stderr)")
                }
                let want = try expected(scratch, arguments, format: format, quiz: quiz, limit: limit)
                #expect(shown.stdout == want, "\(arguments)")
                #expect(shown.stdout.utf8.count > 65_536 || quiz != nil, "\(arguments): more than one chunk")
            }
        }
    }

    /// More than 64 KiB of table on a terminal: the pager (a fake one that
    /// keeps what it gets) is started once the lines outnumber the screen's,
    /// and gets exactly what a pipe gets.
    @Test func aLongTableStreamsIntoThePager() throws {
        let scratch = Scratch()
        try history(scratch, count: 2_500)
        let paged = scratch.path + "/paged.txt"
        let piped = try runQuiz(["--history"], environment: scratch.privateEnvironment())
        #expect(piped.stdout.utf8.count > 2 * 65_536)
        let terminal = try PseudoTerminal(
            arguments: ["--history"],
            environment: scratch.privateEnvironment(["TERM": "xterm", "QUIZ_PAGER": "cat > '\(paged)'"]), rows: 24)
        #expect(try terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: paged, encoding: .utf8) == piped.stdout)
        #expect(!terminal.output.contains("Mini Test Quiz"), "nothing of the table went to the terminal itself")
    }

    /// A pager that quits after its first screen ends the streaming early
    /// and quietly, as `q` in less does.
    @Test func aPagerThatQuitsEarlyIsNotAnError() throws {
        let scratch = Scratch()
        try history(scratch, count: 2_500)
        let terminal = try PseudoTerminal(
            arguments: ["--history", "--format", "csv"],
            environment: scratch.privateEnvironment(["TERM": "xterm", "QUIZ_PAGER": "head -c 100 >/dev/null"]),
            rows: 24)
        #expect(try terminal.waitForExit() == 0)
        // Only the notice of the games waiting; no word of a failed write.
        #expect(!terminal.output.contains("cannot write"), "\(terminal.output)")
        #expect(!terminal.output.contains("Broken pipe"), "\(terminal.output)")
    }

    /// A write that fails (a full disk) still ends with 74 and one line.
    @Test func aFullDiskStillEndsWith74() throws {
        let scratch = Scratch()
        try history(scratch, count: 2_500)
        let full = try runProcess(
            "/bin/sh", ["-c", "exec '\(QuizBinary.path)' --history --format csv > /dev/full"],
            environment: scratch.privateEnvironment())
        #expect(full.status == 74)
        #expect(
            full.stderr.hasSuffix("quiz: cannot write to standard output: No space left on device\n"), "\(full.stderr)")
    }

    /// `--quiz ID` matching no game: counted a game at a time, said as before.
    @Test func aQuizWithNoGameIsExplained() throws {
        let scratch = Scratch()
        try history(scratch, count: 2_500)
        let typo = try runQuiz(["--history", "--quiz", "mimi"], environment: scratch.privateEnvironment())
        #expect(typo.status == 66)
        #expect(
            typo.stderr.contains(
                "--quiz mimi: no such quiz; the history has 2504 games, of mini, other. Did you mean mini?"),
            "\(typo.stderr)")
        let unplayed = try runQuiz(
            ["--history", "--quiz", "world-capitals"], environment: scratch.privateEnvironment())
        #expect(unplayed.status == 0, "\(unplayed.stderr)")
        #expect(
            unplayed.stdout
                == "No games of World Capitals (world-capitals) yet; the history has 2504 games of other quizzes.\n")
        let csv = try runQuiz(
            ["--history", "--quiz", "world-capitals", "--format", "csv"], environment: scratch.privateEnvironment())
        #expect(csv.stdout == "date,quiz,title,score,total,percent,duration_seconds,seed\r\n")
    }
}
