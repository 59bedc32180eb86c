import Foundation
import QuizCore
import Testing

/// `quiz --share --text` and `share text` at the menu: a game as one plain
/// sentence a screen reader reads well, with the card's replay command.
@Suite struct ShareTextTests {
    let bank = QuizBinary.fixture("mini.json")

    /// A game of the mini quiz with seed 48213, two questions, the first right.
    func playFixedGame(_ scratch: Scratch) throws -> RunResult {
        let lines = try answers(bank: bank, seed: 48213, count: 2, right: [0])
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "48213", "-n", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
    }

    @Test func aPlayedGameReadsBackAsASentenceWithTheCardsReplayCommand() throws {
        let scratch = Scratch()
        #expect(try playFixedGame(scratch).status == 0)
        let text = try runQuiz(["--share", "--text"], environment: scratch.environment())
        #expect(text.status == 0)
        #expect(text.stderr.isEmpty)
        // A piped game takes well under a second; allow a slow machine one more.
        // A bank file of the player's own: the command names it, and says replaying needs it.
        let expected =
            /Mini Test Quiz, 1 of 2: right, wrong\. (0 seconds|1 second)\. Replay: quiz --questions mini.json mini --seed 48213 -n 2 \(replaying needs the same bank file, mini.json\)\n/
        #expect(text.stdout.wholeMatch(of: expected) != nil, "\(text.stdout)")
        let card = try runQuiz(["--share"], environment: scratch.environment()).stdout.split(separator: "\n")
        let replay = try #require(card.first { $0.hasPrefix("⏱") }?.components(separatedBy: " · ").last)
        let caveat = try #require(card.last)
        #expect(text.stdout.hasSuffix("Replay: \(replay) \(caveat)\n"), "the same command as the card")
    }

    @Test func aRecordedGameIsExactWithItsDurationInWords() throws {
        let scratch = Scratch()
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
        try scratch.recordHistory([older, game])
        let text = try runQuiz(["--share", "--text"], environment: scratch.environment())
        #expect(
            text.stdout
                == "Lighthouses and Tides, 4 of 6: right, right, wrong, right, skipped, right. 1 minute 12 seconds. "
                + "Replay: quiz lighthouses --seed 7 -n 6\n")
        let earlier = try runQuiz(["--share", "--text", "--game", "2"], environment: scratch.environment())
        #expect(
            earlier.stdout == "Mini Test Quiz, 2 of 3. 1 hour 2 minutes 3 seconds. Replay: quiz mini --seed 9 -n 3\n")
    }

    @Test func shareTextAtTheMenu() throws {
        let scratch = Scratch()
        #expect(try playFixedGame(scratch).status == 0)
        let menu = try runQuiz(
            ["--questions", bank], input: "share text\nSHARE TEXT\nshare texts\nquit\n",
            environment: scratch.environment())
        #expect(menu.status == 0)
        let sentences = menu.stdout.split(separator: "\n").filter {
            $0.hasPrefix("Mini Test Quiz, 1 of 2: right, wrong.")
        }
        #expect(sentences.count == 2, "\(menu.stdout)")
        #expect(
            menu.stdout.contains(
                "Unknown share form 'texts'. Type share, share text, share colorblind or share ascii."))
        let help = try runQuiz([], input: "help\n", environment: scratch.environment())
        #expect(help.stdout.contains("share text"))
    }

    @Test func textGoesWithShareAndHasNoSquares() throws {
        let scratch = Scratch()
        for arguments in [
            ["--text"], ["--stats", "--text"], ["--share", "--text", "--ascii"], ["--share", "--text", "--colorblind"],
        ] {
            let result = try runQuiz(arguments, environment: scratch.environment())
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("quiz: --"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let nothing = try runQuiz(["--share", "--text"], environment: scratch.environment())
        #expect(nothing.status == 0)
        #expect(nothing.stdout == "No games yet, so nothing to share. Play one with `quiz`.\n")
    }
}
