import Foundation
import QuizCore
import Testing

/// The smaller findings of a hardening pass: an impossible `QUIZ_NOW`, the
/// Settings' `count` for reviews, a pager that cannot start, a reader that
/// went away, and `--stats` at 40 columns and under `LC_ALL=C`.
@Suite struct ClockPagerAndNarrowStatsTests {
    @Test func anImpossibleQuizNowIsRefused() throws {
        let scratch = Scratch()
        for (now, why) in [
            ("2026-02-30T00:00:00Z", "February 2026 has 28 days"),
            ("2100-02-29T09:00:00Z", "February 2100 has 28 days"),
            ("2026-04-31T10:00:00Z", "April 2026 has 30 days"),
            ("2026-01-01T24:00:00Z", "a time of day runs from 00:00:00 to 23:59:59"),
            ("2026-01-01T10:00:00+25:00", "an offset from UTC runs from -23:59 to +23:59"),
        ] {
            let result = try runQuiz(["--stats"], environment: scratch.environment(["QUIZ_NOW": now]))
            #expect(result.status == 64, "\(now)")
            #expect(result.stderr == "quiz: QUIZ_NOW '\(now)' is not a real date and time: \(why)\n")
            #expect(result.stdout.isEmpty)
        }
        for now in ["2028-02-29T09:00:00Z", "2000-02-29T09:00:00Z", "2026-03-01T09:00:00.5+02:30"] {
            let result = try runQuiz(["--stats"], environment: scratch.environment(["QUIZ_NOW": now]))
            #expect(result.status == 0, "\(now): \(result.stderr)")
        }
        // One form only, in ASCII, and nothing after it (the adversary's
        // junk after Z, an escape sequence, full-width digits).
        for now in [
            "２０２６-02-30T00:00:00Z", "2026-03-01T09:00:00Zabc", "2026-03-01T09:00:00Z+05:00",
            "2026-03-01T09:00:00Z\u{1B}[31m", "2026-03-01T09:00:00+0200", "2026-03-01 09:00:00Z", "tomorrow",
            "2026-03-01T09:00:00Z\nquiz: forged line",
        ] {
            let result = try runQuiz(["--stats"], environment: scratch.environment(["QUIZ_NOW": now]))
            #expect(result.status == 64, "\(now)")
            #expect(result.stderr.contains("is not a date and time such as 2026-03-01T09:00:00Z"), "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}") && result.stdout.isEmpty, "\(now)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
    }

    @Test func reviewsDealTheSettingsCountAndNStillWins() throws {
        let scratch = Scratch()
        let bank = scratch.path + "/six.json"
        let questions = (1...6).map { "{\"prompt\": \"Question number \($0)?\", \"answer\": \"answer \($0)\"}" }
        try Data("{\"title\": \"Six\", \"questions\": [\(questions.joined(separator: ","))]}".utf8).write(
            to: URL(fileURLWithPath: bank))
        let played = try runQuiz(
            ["--questions", bank, "six", "-n", "all", "--seed", "1"], input: String(repeating: ":skip\n", count: 6),
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        #expect(played.status == 0, "\(played.stderr)")
        let later = scratch.environment(["QUIZ_NOW": "2026-03-03T09:00:00Z"])
        func review(_ extra: [String] = []) throws -> String {
            try runQuiz(["--questions", bank, "--review", "--seed", "1"] + extra, environment: later).stdout
        }
        #expect(try review().contains("Review · 6 due"))
        try scratch.writeConfig("count = 4\n")
        #expect(try review().contains("Review · 4 of 6 due"))
        #expect(try review(["-n", "2"]).contains("Review · 2 of 6 due"))
        // And at the menu.
        let menu = try runQuiz(["--questions", bank, "--seed", "1"], input: "review\n", environment: later)
        #expect(menu.stdout.contains("Review · 4 of 6 due"), "\(menu.stdout)")
    }

    /// A history of `games` games on a terminal of 24 rows, with `pager`.
    func pagedHistory(pager: String, games: Int = 40) throws -> (screen: String, status: Int32) {
        let scratch = Scratch()
        try scratch.recordHistory(pastSessions(games))
        let terminal = try PseudoTerminal(
            arguments: ["--history"], environment: scratch.environment(["TERM": "xterm", "QUIZ_PAGER": pager]),
            rows: 24)
        let status = try terminal.waitForExit()
        return (PseudoTerminal.plain(terminal.output), status)
    }

    @Test func aPagerThatCannotStartIsSaidAndTheHistoryPrinted() throws {
        for (pager, why) in [
            ("nonexistent-pager", "nonexistent-pager: command not found"),
            ("nonexistent-pager -R", "nonexistent-pager: command not found"),
            ("/nowhere/less", "/nowhere/less: command not found"),
            ("LESS=R nonexistent-pager", "the shell could not run it (status 127)"),
        ] {
            let (screen, status) = try pagedHistory(pager: pager)
            #expect(status == 0, "\(pager)")
            let said = "quiz: cannot start the pager '\(pager)' (\(why)); printing the history here"
            #expect(screen.contains(said), "\(pager): \(screen)")
            #expect(nonEmptyLines(screen).filter { $0.contains("Mini Test Quiz") }.count == 41, "\(pager)")
            #expect(screen.contains("40 games"))
        }
        // A pager given as plain words is run without a shell, with its arguments.
        let scratch = Scratch()
        let out = scratch.path + "/paged.txt"
        let script = scratch.path + "/pager.sh"
        try Executable.write(script: "#!/bin/sh\necho \"$@\" > '\(out).args'\ncat > '\(out)'\n", to: script)
        let (screen, status) = try pagedHistory(pager: script + " -R  --quiet")
        #expect(status == 0)
        #expect(!screen.contains("cannot start the pager"))
        #expect(try String(contentsOfFile: out + ".args", encoding: .utf8) == "-R --quiet\n")
        #expect(nonEmptyLines(try String(contentsOfFile: out, encoding: .utf8)).count == 43)
    }

    /// `quiz ARGUMENTS | head -c 1` in a shell: quiz's status and standard error.
    func intoHead(_ scratch: Scratch, _ arguments: [String], defaultSignal: Bool) throws -> (
        status: String, stderr: String
    ) {
        let status = scratch.path + "/status"
        let errors = scratch.path + "/stderr"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The test runner's children ignore SIGPIPE (CONTRIBUTING.md): the
        // write fails with EPIPE; `env --default-signal=PIPE` is a shell's case.
        let program = defaultSignal ? "env --default-signal=PIPE \"$0\"" : "\"$0\""
        shell.arguments =
            [
                "-c", "{ \(program) \"$@\" 2>'\(errors)'; echo $? >'\(status)'; } | head -c 1 >/dev/null",
                QuizBinary.path,
            ] + arguments
        shell.environment = scratch.environment()
        try shell.run()
        shell.waitUntilExit()
        return (
            try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            try String(contentsOfFile: errors, encoding: .utf8)
        )
    }

    @Test func aReaderThatWentAwayEndsQuizQuietlyAsSigpipeDoes() throws {
        let scratch = Scratch()
        try scratch.recordHistory(pastSessions(3000))
        for defaultSignal in [false, true] {
            for arguments in [["--history"], ["--history", "--format", "csv"], ["--help"]] {
                let (status, stderr) = try intoHead(scratch, arguments, defaultSignal: defaultSignal)
                // --help is short: written whole before head exits, or not.
                if arguments != ["--help"] { #expect(status == "141", "\(arguments) \(defaultSignal)") }
                #expect(status == "141" || status == "0")
                #expect(stderr.isEmpty, "\(arguments): \(stderr)")
            }
        }
        // Another failed write is still said, with 74.
        let full = Process()
        full.executableURL = URL(fileURLWithPath: QuizBinary.path)
        full.arguments = ["--history"]
        full.environment = scratch.environment()
        full.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        full.standardError = errors
        try full.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        full.waitUntilExit()
        #expect(full.terminationStatus == 74)
        #expect(
            String(decoding: said, as: UTF8.self) == "quiz: cannot write to standard output: No space left on device\n")
    }

    /// Games on `days` days in a row, the last today, the first and one
    /// more with a title too long for 40 columns.
    func dailyHistory(_ scratch: Scratch, days: Int) throws -> [String: String] {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let sessions = (0..<days).map { day in
            Session(
                date: start.addingTimeInterval(Double(day) * 86_400), score: day % 4, total: 3, quiz: "mini",
                title: day == 0
                    ? "A Quiz Title Far Too Long For Forty Columns, And For The Eighty Of A Share Card Too"
                    : "Mini Test Quiz",
                duration: 12.5, seed: 1_000_000 + Int64(day))
        }
        try scratch.recordHistory(sessions)
        let now = start.addingTimeInterval(Double(days - 1) * 86_400 + 3600)
        let formatter = ISO8601DateFormatter()
        return ["QUIZ_NOW": formatter.string(from: now), "COLUMNS": "40"]
    }

    @Test func statsFitFortyColumnsAndTruncateInAsciiUnderTheCLocale() throws {
        let scratch = Scratch()
        let extra = try dailyHistory(scratch, days: 251)
        let stats = try runQuiz(["--stats"], environment: scratch.environment(extra))
        #expect(stats.status == 0, "\(stats.stderr)")
        for line in stats.stdout.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 40, "'\(line)' is \(DisplayWidth.of(String(line))) wide")
        }
        #expect(stats.stdout.contains("Play streak: 251 days · longest 251 days\n"), "\(stats.stdout)")
        #expect(stats.stdout.contains("…"))
        // Under LC_ALL=C the drawings are ASCII, and so is the truncation mark.
        for arguments in [["--stats"], ["--history"], ["--share", "--game", "251"]] {
            let plain = try runQuiz(arguments, environment: scratch.environment(extra.merging(["LC_ALL": "C"]) { $1 }))
            #expect(plain.status == 0, "\(arguments): \(plain.stderr)")
            #expect(plain.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(arguments): \(plain.stdout)")
            #expect(plain.stdout.contains("..."), "\(arguments): \(plain.stdout)")
            #expect(!plain.stdout.contains("?"), "\(arguments): no mark turned into '?'")
        }
    }
}
