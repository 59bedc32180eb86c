import Foundation
import QuizCore
import Testing

/// `quiz --history` on a terminal goes through a pager when it is longer than
/// the screen, as git's output does; a fake pager (a shell command that keeps
/// what it is given) stands in for less.
@Suite struct HistoryPagerTests {
    /// A data folder of `games` games, and the file the fake pager writes.
    func history(_ scratch: Scratch, games: Int) throws -> String {
        try writeArchive(KeyedArchive.data(for: pastSessions(games)), in: scratch.dataDir)
        return scratch.path + "/paged.txt"
    }

    func fakePager(_ file: String) -> String {
        "cat > '\(file)'; echo \"LESS=$LESS\" >> '\(file).env'"
    }

    func run(_ scratch: Scratch, _ arguments: [String], rows: UInt16, _ extra: [String: String]) throws -> (
        screen: String, status: Int32
    ) {
        let terminal = try PseudoTerminal(
            arguments: ["--history"] + arguments,
            environment: scratch.environment(["TERM": "xterm"].merging(extra) { $1 }),
            rows: rows)
        let status = try terminal.waitForExit()
        return (terminal.output, status)
    }

    @Test func aTableLongerThanTheScreenGoesThroughQuizPager() throws {
        let scratch = Scratch()
        let paged = try history(scratch, games: 40)
        let piped = try runQuiz(["--history"], environment: scratch.environment())
        let (screen, status) = try run(scratch, [], rows: 24, ["QUIZ_PAGER": fakePager(paged), "PAGER": "false"])
        #expect(status == 0)
        let got = try String(contentsOfFile: paged, encoding: .utf8)
        // The pager got the whole table, exactly what a pipe gets, newest first.
        #expect(got == piped.stdout)
        #expect(nonEmptyLines(got).count == 40 + 3)
        #expect(nonEmptyLines(got)[2].hasPrefix("2023-11-16"))
        #expect(!screen.contains("Mini Test Quiz"), "nothing of the table went to the terminal itself")
        // LESS=FRX unless set, as git does.
        #expect(try String(contentsOfFile: paged + ".env", encoding: .utf8) == "LESS=FRX\n")
    }

    @Test func pagerComesFromPagerWhenQuizPagerIsUnsetAndLessIsKept() throws {
        let scratch = Scratch()
        let paged = try history(scratch, games: 40)
        let (_, status) = try run(scratch, [], rows: 24, ["PAGER": fakePager(paged), "LESS": "R"])
        #expect(status == 0)
        #expect(nonEmptyLines(try String(contentsOfFile: paged, encoding: .utf8)).count == 43)
        #expect(try String(contentsOfFile: paged + ".env", encoding: .utf8) == "LESS=R\n")
    }

    @Test func aShortTableNoPagerAndCatAreNotPaged() throws {
        let scratch = Scratch()
        let paged = try history(scratch, games: 40)
        let pager = ["QUIZ_PAGER": fakePager(paged)]
        // Fits the screen: printed as it is.
        let short = try run(scratch, ["--limit", "5"], rows: 24, pager)
        #expect(short.status == 0)
        #expect(short.screen.contains("Mini Test Quiz"))
        // --no-pager, an empty QUIZ_PAGER and cat: printed as they are.
        for (arguments, extra) in [
            (["--no-pager"], pager), ([], ["QUIZ_PAGER": "", "PAGER": fakePager(paged)]), ([], ["QUIZ_PAGER": "cat"]),
        ] {
            let run = try run(scratch, arguments, rows: 24, extra)
            #expect(run.status == 0)
            #expect(
                nonEmptyLines(PseudoTerminal.plain(run.screen)).filter { $0.contains("Mini Test Quiz") }.count == 41)
        }
        #expect(!FileManager.default.fileExists(atPath: paged), "the fake pager never ran")
        // A pipe is never paged, and --no-pager goes only with --history and --stats.
        let piped = try runQuiz(["--history"], environment: scratch.environment(pager))
        #expect(nonEmptyLines(piped.stdout).count == 43)
        #expect(!FileManager.default.fileExists(atPath: paged))
        let misused = try runQuiz(["--list", "--no-pager"], environment: scratch.environment())
        #expect(misused.status == 64)
        #expect(misused.stderr.contains("--no-pager goes with --history or --stats"))
    }

    @Test func aPagerQuitEarlyIsNoError() throws {
        let scratch = Scratch()
        _ = try history(scratch, games: 3000)
        // Reads one line and quits, as q in less does: quiz is not killed by SIGPIPE.
        let (_, status) = try run(scratch, [], rows: 10, ["QUIZ_PAGER": "head -n 1 > /dev/null"])
        #expect(status == 0)
    }

    @Test func withoutPagerVariablesLessIsRunAsGitRunsItButNotOnADumbTerminal() throws {
        let scratch = Scratch()
        let paged = try history(scratch, games: 40)
        // A fake less first on the PATH: records its arguments and what it got.
        let bin = scratch.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let less = bin + "/less"
        try Executable.write(script: "#!/bin/sh\necho \"$@\" > '\(paged).args'\ncat > '\(paged)'\n", to: less)
        let path = ["PATH": bin + ":/usr/bin:/bin"]
        let (_, status) = try run(scratch, [], rows: 24, path)
        #expect(status == 0)
        #expect(try String(contentsOfFile: paged + ".args", encoding: .utf8) == "-FRX\n")
        #expect(nonEmptyLines(try String(contentsOfFile: paged, encoding: .utf8)).count == 43)
        try FileManager.default.removeItem(atPath: paged)
        let dumb = try run(scratch, [], rows: 24, path.merging(["TERM": "dumb"]) { $1 })
        #expect(dumb.status == 0)
        #expect(!FileManager.default.fileExists(atPath: paged), "no less on a dumb terminal")
        #expect(PseudoTerminal.plain(dumb.screen).contains("40 games"))
    }
}
