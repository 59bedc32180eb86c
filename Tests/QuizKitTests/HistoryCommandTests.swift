import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --history` and the menu's `history`, in-process: `HistoryCommand`
/// with options from the real parser, its text joined as a pipe gets it.
/// The pager, a terminal and a full disk stay with the binary
/// (Tests/QuizCLITests: `HistoryPagerTests`, `StreamedHistoryTests`).
@Suite struct HistoryCommandTests {
    /// `quiz ARGUMENTS` (`--history` among them) in `home`: its text, then its status.
    static func history(_ arguments: [String], in home: CommandHome) -> CommandRun {
        home.run(arguments) { (context) throws(CommandFailure) in
            let text = try HistoryCommand.run(context)
            context.output.write(try text.joined())
            return text.status
        }
    }

    /// A home whose history holds 600 games of the mini quiz, in the archive.
    static func sixHundredGames(_ label: String = #function) throws -> CommandHome {
        let home = try CommandHome(label)
        try home.writeArchive(CommandHome.pastSessions(600))
        return home
    }

    // Moved from CommandLineTests (through the binary).
    @Test func anEmptyHistoryIsFriendly() throws {
        let history = Self.history(["--history"], in: try CommandHome())
        #expect(history.status == .success)
        #expect(history.stdout.contains("No games yet"))
        #expect(history.stdout == HistoryReport.noGames + "\n")
    }

    // Moved from ModesAndMenuTests (through the binary).
    @Test func aQuizThatIsNotThereIsAnErrorNotAnEmptyHistory() throws {
        let home = try Self.sixHundredGames()
        let result = Self.history(["--history", "--quiz", "nosuch"], in: home)
        #expect(result.status.rawValue == 66)
        #expect(result.stderr == "quiz: --quiz nosuch: no such quiz; the history has 600 games, of mini.\n")
        #expect(!result.stdout.contains("No games yet"))
        let typo = Self.history(["--history", "--quiz", "mni", "--format", "json"], in: home)
        #expect(typo.status.rawValue == 66)
        #expect(typo.stderr.contains("Did you mean mini?"))
    }

    // Moved from ModesAndMenuTests (through the binary).
    @Test func aQuizNeverPlayedSaysSoAndExportsStayEmpty() throws {
        let home = try Self.sixHundredGames()
        let table = Self.history(["--history", "--quiz", "world-capitals"], in: home)
        #expect(table.status == .success)
        #expect(
            table.stdout
                == "No games of World Capitals (world-capitals) yet; the history has 600 games of other quizzes.\n")
        let csv = Self.history(["--history", "--quiz", "world-capitals", "--format", "csv"], in: home)
        #expect(csv.status == .success)
        #expect(csv.stdout == "date,quiz,title,score,total,percent,duration_seconds,seed\r\n")
        let played = Self.history(["--history", "--quiz", "mini", "--limit", "2"], in: home)
        #expect(played.stdout.contains("Mini Test Quiz"))
    }

    // Moved from ModesAndMenuTests (through the binary): each command that
    // reads the history, with a data folder that is a file, inside one, a
    // loop of links.
    @Test(arguments: [["--history"], ["--stats"], ["--share"], ["--history", "--format", "json"]])
    func aDataFolderThatIsAFileExits74(arguments: [String]) throws {
        func run(_ arguments: [String], _ home: CommandHome) -> CommandRun {
            home.run(arguments) { (context) throws(CommandFailure) in
                switch context.options.mode {
                case .stats: return try StatsCommandTests.written(StatsCommand.run(context), to: context)
                case .share: return try ShareCommand.run(context, form: ShareCommand.form(context.options))
                default:
                    let text = try HistoryCommand.run(context)
                    context.output.write(try text.joined())
                    return text.status
                }
            }
        }
        let home = try CommandHome()
        let file = home.folder.file("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let result = run(arguments + ["--data-dir", file], home)
        #expect(result.status == .ioError)
        #expect(
            result.stderr
                == "quiz: \(file): the data folder (--data-dir, QUIZ_DATA_DIR, XDG_DATA_HOME) is a file, not a folder\n"
        )
        #expect(result.stdout.isEmpty)
        let inside = run(["--history", "--data-dir", file + "/sub"], home)
        #expect(inside.status == .ioError)
        #expect(inside.stderr.contains("is inside a file, not a folder"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is left alone")
        // A loop of links (it said "No games yet" and exited 0).
        let loop = home.folder.file("loop")
        symlink(loop, loop)
        let looped = run(arguments + ["--data-dir", loop], home)
        #expect(looped.status == .ioError, "\(looped.stderr)")
        #expect(looped.stderr.contains("\(loop): the data folder"), "\(looped.stderr)")
        #expect(looped.stderr.contains("is a loop of symbolic links"), "\(looped.stderr)")
        #expect(!looped.stdout.contains("No games yet"))
    }

    // MARK: --quiz ignores case, as the menu does

    @Test func theQuizIsFoundWhateverItsCase() throws {
        let home = try Self.sixHundredGames()
        let exact = Self.history(["--history", "--quiz", "mini", "--limit", "3"], in: home)
        #expect(exact.stdout.contains("Mini Test Quiz"))
        for typed in ["MINI", "Mini", "mINi"] {
            for format in ["table", "csv", "json", "markdown"] {
                let shown = Self.history(["--history", "--quiz", typed, "--limit", "3", "--format", format], in: home)
                let same = Self.history(["--history", "--quiz", "mini", "--limit", "3", "--format", format], in: home)
                #expect(shown.status == .success, "\(typed) \(format): \(shown.stderr)")
                #expect(shown.stdout == same.stdout, "\(typed) \(format)")
                #expect(shown.stderr.isEmpty, "\(typed) \(format): \(shown.stderr)")
            }
        }
        // A quiz there is but not played, named in capitals: its own id in the note.
        let unplayed = Self.history(["--history", "--quiz", "WORLD-capitals"], in: home)
        #expect(unplayed.status == .success, "\(unplayed.stderr)")
        #expect(
            unplayed.stdout
                == "No games of World Capitals (world-capitals) yet; the history has 600 games of other quizzes.\n")
        // Still no such quiz whatever the case.
        let none = Self.history(["--history", "--quiz", "NOSUCH"], in: home)
        #expect(none.status.rawValue == 66)
    }

    /// The whole-history path (the stream gives way to a damaged game,
    /// which `load` skips and says) matches the quiz ignoring case too.
    @Test func theWholeHistoryPathIgnoresCaseToo() throws {
        let home = try CommandHome()
        try home.writeArchive(CommandHome.pastSessions(3))
        // The second game's seed, 1,000,001 (a binary property list's 4-byte integer), changed:
        // its checksum fails.
        let path = home.dataDir + "/history.archive"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let seed = try #require(bytes.firstRange(of: Data([0x12, 0x00, 0x0F, 0x42, 0x41])))
        bytes[seed.upperBound - 1] = 0x45
        try bytes.write(to: URL(fileURLWithPath: path))
        let upper = Self.history(["--history", "--quiz", "MINI", "--format", "csv"], in: home)
        #expect(upper.stderr.contains("skipped 1 game"), "the damage is said: \(upper.stderr)")
        #expect(upper.stdout.split(separator: "\r\n").count == 1 + 2, "\(upper.stdout)")
        let exact = Self.history(["--history", "--quiz", "mini", "--format", "csv"], in: home)
        #expect(exact.stdout == upper.stdout)
    }

    // MARK: The closing line with --limit

    /// `--limit 1` showed "best 1/4" as if it were the player's best: the
    /// line is of the games shown, and says so.
    @Test func theSummaryOfLimitedGamesSaysItIsOfThoseGames() throws {
        let home = try CommandHome()
        let sessions = [3, 1].enumerated().map { index, score in
            Session(
                date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600), score: score, total: 4,
                quiz: "mini", title: "Mini Test Quiz", duration: 10, seed: Int64(index))
        }
        try home.writeArchive(sessions)
        let last = Self.history(["--history", "--limit", "1"], in: home)
        let summary = try #require(last.stdout.split(separator: "\n").last.map(String.init))
        #expect(summary == "last 1 game · average 25% · best of these 1/4 (Mini Test Quiz)", "\(last.stdout)")
        let whole = Self.history(["--history"], in: home)
        #expect(whole.stdout.hasSuffix("2 games · average 50% · best 3/4 (Mini Test Quiz)\n"), "\(whole.stdout)")
    }
}
