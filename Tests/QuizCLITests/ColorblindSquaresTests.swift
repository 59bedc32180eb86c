import Foundation
import QuizCore
import Testing

/// Orange and blue squares for players who cannot tell red from green: from
/// `--colorblind`, `share colorblind` at the menu, or `squares = colorblind`
/// in the configuration file, with the command line winning.
@Suite struct ColorblindSquaresTests {
    let bank = QuizBinary.fixture("mini.json")

    /// A game of the mini quiz, seed 5: right, skipped, wrong.
    func playGame(_ scratch: Scratch) throws {
        let lines = try answers(bank: bank, seed: 5, right: [0])
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"],
            input: [lines[0], "skip", lines[2]].joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
    }

    func squares(_ result: RunResult) -> String {
        let lines = result.stdout.split(separator: "\n")
        return lines.count > 1 ? String(lines[1]) : ""
    }

    @Test func theOptionDrawsOrangeAndBlue() throws {
        let scratch = Scratch()
        try playGame(scratch)
        #expect(squares(try runQuiz(["--share"], environment: scratch.environment())) == "🟩⬜🟥")
        let card = try runQuiz(["--share", "--colorblind"], environment: scratch.environment())
        #expect(card.status == 0)
        #expect(squares(card) == "🟧⬜🟦")
        #expect(card.stdout.contains("mini.json mini --seed 5 -n 3"), "\(card.stdout)")
        #expect(squares(try runQuiz(["--share", "--colourblind"], environment: scratch.environment())) == "🟧⬜🟦")
    }

    @Test func theFileRemembersItAndTheCommandLineWins() throws {
        let scratch = Scratch()
        try playGame(scratch)
        try scratch.writeConfig("squares = colorblind\n")
        let remembered = try runQuiz(["--share"], environment: scratch.environment())
        #expect(remembered.stderr.isEmpty)
        #expect(squares(remembered) == "🟧⬜🟦")
        #expect(squares(try runQuiz(["--share", "--ascii"], environment: scratch.environment())) == "#-x")
        let menu = try runQuiz(
            ["--questions", bank], input: "share\nshare ascii\n", environment: scratch.environment())
        #expect(menu.stdout.contains("\n🟧⬜🟦\n"))
        #expect(menu.stdout.contains("\n#-x\n"))

        // ascii = true in the file draws ASCII squares; --colorblind on the command line still wins.
        try scratch.writeConfig("squares = colorblind\nascii = true\n")
        #expect(squares(try runQuiz(["--share"], environment: scratch.environment())) == "#-x")
        #expect(squares(try runQuiz(["--share", "--colorblind"], environment: scratch.environment())) == "🟧⬜🟦")
    }

    @Test func shareColorblindAtTheMenu() throws {
        let scratch = Scratch()
        try playGame(scratch)
        let menu = try runQuiz(
            ["--questions", bank], input: "share colorblind\nshare\n", environment: scratch.environment())
        let lines = menu.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("🟧⬜🟦"))
        #expect(lines.contains("🟩⬜🟥"), "plain share keeps the standard squares")
    }

    @Test func colorblindGoesWithShareAndNotWithASCII() throws {
        let scratch = Scratch()
        for arguments in [
            ["--colorblind"], ["--stats", "--colorblind"], ["--share", "--ascii", "--colorblind"],
            ["--share", "--colorblind=yes"],
        ] {
            let result = try runQuiz(arguments, environment: scratch.environment())
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("quiz: "), "\(arguments)")
        }
    }
}
