import Foundation
import QuizCore
import Testing

/// `--history --quiz` on a history without that quiz,
/// A data folder that is a file, options that would do nothing, and the
/// menu's suggestions and numbers.
@Suite struct ModesAndMenuTests {
    let mini = QuizBinary.fixture("mini.json")

    /// A scratch folder whose history holds 600 games of the mini quiz.
    func sixHundredGames() throws -> Scratch {
        let scratch = Scratch()
        try writeArchive(KeyedArchive.data(for: pastSessions(600)), in: scratch.dataDir)
        return scratch
    }

    @Test func aQuizThatIsNotThereIsAnErrorNotAnEmptyHistory() throws {
        let scratch = try sixHundredGames()
        let result = try runQuiz(["--history", "--quiz", "nosuch"], environment: scratch.environment())
        #expect(result.status == 66)
        #expect(result.stderr == "quiz: --quiz nosuch: no such quiz; the history has 600 games, of mini.\n")
        #expect(!result.stdout.contains("No games yet"))
        let typo = try runQuiz(["--history", "--quiz", "mni", "--format", "json"], environment: scratch.environment())
        #expect(typo.status == 66)
        #expect(typo.stderr.contains("Did you mean mini?"))
    }

    @Test func aQuizNeverPlayedSaysSoAndExportsStayEmpty() throws {
        let scratch = try sixHundredGames()
        let table = try runQuiz(["--history", "--quiz", "world-capitals"], environment: scratch.environment())
        #expect(table.status == 0)
        #expect(
            table.stdout
                == "No games of World Capitals (world-capitals) yet; the history has 600 games of other quizzes.\n")
        let csv = try runQuiz(
            ["--history", "--quiz", "world-capitals", "--format", "csv"], environment: scratch.environment())
        #expect(csv.status == 0)
        #expect(csv.stdout == "date,quiz,title,score,total,percent,duration_seconds,seed\r\n")
        let played = try runQuiz(["--history", "--quiz", "mini", "--limit", "2"], environment: scratch.environment())
        #expect(played.stdout.contains("Mini Test Quiz"))
    }

    @Test(arguments: [["--history"], ["--stats"], ["--share"], ["--history", "--format", "json"]])
    func aDataFolderThatIsAFileExits74(arguments: [String]) throws {
        let scratch = Scratch()
        let file = scratch.path + "/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let result = try runQuiz(arguments + ["--data-dir", file], environment: scratch.environment())
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "quiz: \(file): the data folder (--data-dir, QUIZ_DATA_DIR, XDG_DATA_HOME) is a file, not a folder\n"
        )
        #expect(result.stdout.isEmpty)
        let inside = try runQuiz(["--history", "--data-dir", file + "/sub"], environment: scratch.environment())
        #expect(inside.status == 74)
        #expect(inside.stderr.contains("is inside a file, not a folder"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is left alone")
        // A loop of links (it said "No games yet" and exited 0).
        let loop = scratch.path + "/loop"
        symlink(loop, loop)
        let looped = try runQuiz(arguments + ["--data-dir", loop], environment: scratch.environment())
        #expect(looped.status == 74, "\(looped.stderr)")
        #expect(looped.stderr.contains("\(loop): the data folder"), "\(looped.stderr)")
        #expect(looped.stderr.contains("is a loop of symbolic links"), "\(looped.stderr)")
        #expect(!looped.stdout.contains("No games yet"))
    }

    @Test(arguments: [
        (["--history", "-n", "1"], "-n/--count goes with playing"),
        (["--stats", "--seed", "3"], "--seed goes with playing"),
        (["--list", "-n", "2"], "-n/--count goes with playing"),
        (
            ["--history", "--questions", "x.json"],
            "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews"
        ),
        (
            ["--validate", "x.json", "--questions", "y.json"],
            "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews"
        ),
        (["--list", "--data-dir", "/tmp"], "--data-dir goes with playing, --history, --share and --stats"),
        (["--validate", "x.json", "--data-dir", "/tmp"], "--data-dir goes with playing"),
        (["--history", "--data-dir="], "option --data-dir needs a value, not an empty one"),
        (["--history", "--data-dir", ""], "option --data-dir needs a value, not an empty one"),
        (["--history", "--quiz="], "option --quiz needs a value, not an empty one"),
        (["--questions=", "--list"], "option --questions needs a value, not an empty one"),
        (["mini", "--category", ""], "option --category needs a value, not an empty one"),
    ])
    func anOptionThatWouldDoNothingIsAUsageError(arguments: [String], message: String) throws {
        let result = try runQuiz(arguments, environment: Scratch().environment())
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theMenuSuggestsTheCommandATypedWordBegins() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "hist\nsta\nlst\nquit\n", environment: Scratch().environment())
        #expect(result.stdout.contains("Unknown command or quiz 'hist'. Did you mean history?"), "\(result.stdout)")
        #expect(result.stdout.contains("Unknown command or quiz 'sta'. Did you mean stats?"))
        #expect(result.stdout.contains("Unknown command or quiz 'lst'. Did you mean list?"))
    }

    @Test func reviewOfAMistypedQuizSuggestsTheQuiz() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "review wrld-capitals\nreview zzzzzzzz\nquit\n",
            environment: Scratch().environment())
        #expect(
            result.stdout.contains("No quiz 'wrld-capitals' to review. Did you mean review world-capitals?"),
            "\(result.stdout)")
        #expect(result.stdout.contains("No quiz 'zzzzzzzz' to review. Type review alone for every quiz."))
    }

    /// What the player typed is quoted on one line, made safe: a carriage
    /// return or U+2028 does not break the message, an escape is shown;
    /// spaces after the command word are not part of its argument.
    @Test func typedTextIsQuotedOnOneLine() throws {
        let result = try runQuiz(
            ["--questions", mini], input: "line\rcr\nplay a\u{2028}b\nshare \u{1B}[31mX\nreview  wrld-capitals\nquit\n",
            environment: Scratch().environment())
        #expect(result.stdout.contains("Unknown command or quiz 'line cr'."), "\(result.stdout)")
        #expect(result.stdout.contains("No quiz 'a b'."), "\(result.stdout)")
        #expect(result.stdout.contains("Unknown share form '^[[31mX'."), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("No quiz 'wrld-capitals' to review. Did you mean review world-capitals?"))
    }

    @Test func aBankNamedWithANumberIsPlayedByItsName() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bank = #"{"title": "Number Seven", "questions": [{"prompt": "Seven?", "answer": true}]}"#
        try Data(bank.utf8).write(to: URL(fileURLWithPath: folder + "/7.json"))
        let result = try runQuiz(
            ["--questions", folder, "--seed", "1"], input: "play 7\ntrue\n7\ntrue\nquit\n",
            environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let games = result.stdout.components(separatedBy: "Number Seven · 1 question · seed 1").count - 1
        #expect(games == 2, "play 7 and 7 both play the bank called 7:\n\(result.stdout)")
        // A number that is no bank's name still picks by position.
        let byNumber = try runQuiz(
            ["--questions", folder], input: "2\nquit\nquit\n", environment: scratch.environment())
        // The list's second line names the bank that `2` plays: "  2  id  Title (count)".
        let second = try #require(
            byNumber.stdout.split(separator: "\n").first { $0.hasPrefix("  2  ") }, "\(byNumber.stdout)")
        let title = try #require(second.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first)
        #expect(byNumber.stdout.contains("\n\(title) "), "\(byNumber.stdout)")
        #expect(!byNumber.stdout.contains("Number Seven · "), "\(byNumber.stdout)")
    }
}
