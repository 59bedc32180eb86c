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
                "Unknown share form 'texts'. Type share, share text, share colorblind or share ascii, "
                    + "and a number for a game further back."))
        let help = try runQuiz([], input: "help\n", environment: scratch.environment())
        #expect(help.stdout.contains("share text"))
    }
}
