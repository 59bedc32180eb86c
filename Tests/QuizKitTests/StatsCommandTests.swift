import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --stats` and the menu's `stats`, in-process: `StatsCommand` with
/// options from the real parser and a history in a temporary data folder.
@Suite struct StatsCommandTests {
    static func stats(_ arguments: [String], in home: CommandHome, library: QuestionLibrary? = nil) -> CommandRun {
        home.run(["--stats"] + arguments) { (context) throws(CommandFailure) in
            try Self.written(StatsCommand.run(context, library: library), to: context)
        }
    }

    /// The text written to the context's output, as the executable writes it; its status.
    static func written(_ text: HistoryCommand.Text, to context: CommandContext) throws(CommandFailure)
        -> QuizKit.ExitStatus
    {
        context.output.write(try text.joined())
        return text.status
    }

    /// Two games of the mini quiz today: one right of three, then all three.
    static func twoGames() -> [Session] {
        let prompts = ["What is the capital of Australia?", "Istanbul is the capital of Turkey.", "Capital of Japan?"]
        return [(4, 1), (5, 3)].enumerated().map { offset, game in
            let results = prompts.enumerated().map { index, prompt in
                QuestionResult(prompt: prompt, outcome: index < game.1 ? .right : .wrong, given: "x", answer: "y")
            }
            return Session(
                date: Date(timeIntervalSinceNow: Double(offset - 2) * 60), score: game.1, total: 3, quiz: "mini",
                title: "Mini Test Quiz", duration: 20, seed: Int64(game.0), results: results, source: "mini.json")
        }
    }

    @Test func statsShowStreaksBestsAndMissedQuestionsAndFitEightyColumns() throws {
        let home = try CommandHome()
        try home.record(Self.twoGames())
        let stats = Self.stats(["--questions", MiniBank.path], in: home)
        #expect(stats.status == .success)
        #expect(stats.stderr.isEmpty, "\(stats.stderr)")
        #expect(stats.stdout.contains("2 games"))
        #expect(stats.stdout.contains("Play streak: 1 day"))
        #expect(stats.stdout.contains("Mini Test Quiz"))
        #expect(stats.stdout.contains("3/3 100%"))
        #expect(stats.stdout.contains("Questions you miss most"))
        #expect(!stats.stdout.contains("\u{1B}["))
        for line in stats.stdout.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 80, "\(line)") }

        let json = Self.stats(["--format", "json"], in: home)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["games"] as? Int == 2)
        #expect(object["currentStreak"] as? Int == 1)
        let quizzes = try #require(object["quizzes"] as? [[String: Any]])
        #expect(quizzes.first?["bestScore"] as? Int == 3)
        #expect((object["mostMissed"] as? [[String: Any]])?.count == 2)
    }

    /// The menu's `stats` is this command with the menu's banks: the same
    /// text as `--stats` with the same banks named.
    @Test func theMenusStatsAreTheCommandLines() throws {
        let home = try CommandHome()
        try home.record(Self.twoGames())
        let commandLine = Self.stats(["--questions", MiniBank.path], in: home)
        var library = QuestionLibrary()
        if let bundled = BankLocator.bundledFolder() { try? library.add(path: bundled) }
        try library.add(path: MiniBank.path)
        let menu = home.run(["--questions", MiniBank.path]) { (context) throws(CommandFailure) in
            try Self.written(StatsCommand.run(context, library: library), to: context)
        }
        #expect(menu.stdout == commandLine.stdout)
        #expect(menu.status == commandLine.status)
    }

    @Test func noGamesYet() throws {
        let home = try CommandHome()
        let stats = Self.stats([], in: home)
        #expect(stats.status == .success)
        #expect(stats.stdout.hasPrefix("No games yet."))
        #expect(!stats.stdout.contains("review"))
    }

    /// A data folder that is a file: one line, 74, nothing on standard output.
    @Test func aDataFolderThatIsAFile() throws {
        let home = try CommandHome()
        try home.folder.write("not a folder", to: "data")
        let stats = Self.stats([], in: home)
        #expect(stats.status == .ioError)
        #expect(stats.stdout.isEmpty)
        #expect(stats.stderr.hasPrefix("quiz: "))
        #expect(stats.stderr.split(separator: "\n").count == 1)
    }

    /// A bad QUIZ_NOW is bad usage (64), said in one line.
    @Test func aBadClockIsUsage() throws {
        var home = try CommandHome()
        try home.record(Self.twoGames())
        home.now = "2026-02-30T09:00:00Z"
        let stats = Self.stats([], in: home)
        #expect(stats.status == .usage)
        #expect(
            stats.stderr
                == "quiz: QUIZ_NOW '2026-02-30T09:00:00Z' is not a real date and time: February 2026 has 28 days\n")
    }
}
