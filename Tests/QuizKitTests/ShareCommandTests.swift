import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --share` and the menu's `share`, in-process: `ShareCommand` with
/// options from the real parser and a history in a temporary data folder.
@Suite struct ShareCommandTests {
    static func share(_ arguments: [String], in home: CommandHome, output: RecordedOutput = RecordedOutput())
        -> CommandRun
    {
        home.run(["--share"] + arguments, output: output) { (context) throws(CommandFailure) in
            try ShareCommand.run(context, form: ShareCommand.form(context.options))
        }
    }

    /// Two games of the mini quiz from its own bank file: seed 1 all right, seed 2 all wrong.
    static func twoMiniGames() -> [Session] {
        [(Int64(1), QuestionOutcome.right), (2, .wrong)].enumerated().map { offset, game in
            let results = (1...3).map {
                QuestionResult(prompt: "Q\($0)", outcome: game.1, given: "x", answer: "y")
            }
            return Session(
                date: Date(timeIntervalSinceNow: Double(offset - 2) * 3_600),
                score: game.1 == .right ? 3 : 0, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 30,
                seed: game.0, results: results, source: "mini.json")
        }
    }

    @Test func aRecordedGameIsExactWithItsDurationInWords() throws {
        let home = try CommandHome()
        let results = [("Q1", "R"), ("Q2", "R"), ("Q3", "W"), ("Q4", "R"), ("Q5", "S"), ("Q6", "R")].map {
            QuestionResult(
                prompt: $0.0, outcome: $0.1 == "R" ? .right : $0.1 == "W" ? .wrong : .skipped, given: "x", answer: "y")
        }
        let older = Session(
            date: Date(timeIntervalSinceNow: -7200), score: 2, total: 3, quiz: "mini", title: "Mini Test Quiz",
            duration: 3_723, seed: 9)
        let game = Session(
            date: Date(timeIntervalSinceNow: -3600), score: 4, total: 6, quiz: "lighthouses",
            title: "Lighthouses and Tides", duration: 72, seed: 7, results: results)
        try home.record([older, game])
        let text = Self.share(["--text"], in: home)
        #expect(text.status == .success)
        #expect(text.stderr.isEmpty)
        #expect(
            text.stdout
                == "Lighthouses and Tides, 4 of 6: right, right, wrong, right, skipped, right. 1 minute 12 seconds. "
                + "Replay: quiz lighthouses --seed 7 -n 6\n")
        let earlier = Self.share(["--text", "--game", "2"], in: home)
        #expect(
            earlier.stdout == "Mini Test Quiz, 2 of 3. 1 hour 2 minutes 3 seconds. Replay: quiz mini --seed 9 -n 3\n")
    }

    @Test func shareAnEarlierGameInASCII() throws {
        let home = try CommandHome()
        try home.record(Self.twoMiniGames())
        let last = Self.share(["--ascii"], in: home)
        #expect(last.stdout.split(separator: "\n")[1] == "xxx")
        let first = Self.share(["--ascii", "--game", "2"], in: home)
        #expect(first.stdout.split(separator: "\n")[1] == "###")
        #expect(first.stdout.contains("quiz --questions mini.json mini --seed 1 -n 3"))
        #expect(!first.stdout.contains("🟩"))
        let tooFar = Self.share(["--game", "3"], in: home)
        #expect(tooFar.status == .noInput)
        #expect(tooFar.stdout.isEmpty)
        #expect(tooFar.stderr == "quiz: no game 3 back (--game 3): the history has 2 games\n")
    }

    /// The card's squares: the settings' (`--colorblind`), or the menu's word;
    /// ASCII under a locale that is not UTF-8, whatever was chosen.
    @Test func theSquaresAsChosen() throws {
        let home = try CommandHome()
        try home.record(Self.twoMiniGames())
        #expect(Self.share([], in: home).stdout.split(separator: "\n")[1] == "🟥🟥🟥")
        #expect(Self.share(["--colorblind"], in: home).stdout.split(separator: "\n")[1] != "🟥🟥🟥")
        let menuASCII = home.run([]) { (context) throws(CommandFailure) in
            try ShareCommand.run(context, form: .card(.ascii), atMenu: true)
        }
        #expect(menuASCII.stdout.split(separator: "\n")[1] == "xxx")
        let notUTF8 = Self.share(["--colorblind"], in: home, output: RecordedOutput(ascii: true))
        #expect(notUTF8.stdout.split(separator: "\n")[1] == "xxx")
    }

    @Test func textGoesWithShareAndHasNoSquares() throws {
        let home = try CommandHome()
        for arguments in [
            ["--text"], ["--stats", "--text"], ["--share", "--text", "--ascii"], ["--share", "--text", "--colorblind"],
        ] {
            let result = home.run(arguments) { _ throws(CommandFailure) in
                Issue.record("\(arguments) parsed")
                return .success
            }
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.stderr.hasPrefix("quiz: --"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasSuffix("\nTry 'quiz --help' for more information.\n"))
            #expect(result.stdout.isEmpty)
        }
        let nothing = Self.share(["--text"], in: home)
        #expect(nothing.status == .success)
        #expect(nothing.stdout == "No games yet, so nothing to share. Play one with `quiz`.\n")
        // At the menu, where quiz is already running.
        let atMenu = home.run([]) { (context) throws(CommandFailure) in
            try ShareCommand.run(context, form: .text, atMenu: true)
        }
        #expect(atMenu.stdout == "No games yet, so nothing to share.\n")
    }
}
