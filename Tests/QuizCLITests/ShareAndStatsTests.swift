import Foundation
import QuizCore
import Testing

/// The share card and the statistics, from games really played.
@Suite struct ShareAndStatsTests {
    let bank = QuizBinary.fixture("mini.json")

    /// The prompts a run printed, in the order asked.
    func askedPrompts(_ output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        return lines.indices.compactMap { index in
            lines[index].hasPrefix("Question ") && index + 1 < lines.count ? lines[index + 1] : nil
        }
    }

    @Test func theShareCardsReplayCommandAsksTheSameQuestionsInTheSameOrder() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 48213, count: 2, right: [0])
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "48213", "-n", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(played.status == 0)
        #expect(played.stdout.contains("Share this game"))

        let card = try runQuiz(["--share"], environment: scratch.environment())
        #expect(card.status == 0)
        let cardLines = card.stdout.split(separator: "\n").map(String.init)
        #expect(cardLines.count == 4, "\(card.stdout)")
        let today = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        #expect(cardLines[0] == "quiz · Mini Test Quiz 1/2 · \(today)")
        #expect(cardLines[1] == "🟩🟥")
        #expect(cardLines[2].hasPrefix("⏱ 0:0"))
        #expect(cardLines[2].hasSuffix(" · quiz --questions mini.json mini --seed 48213 -n 2"))
        #expect(cardLines[3] == "(replaying needs the same bank file, mini.json)")

        // A friend with the same bank file runs the command from the card, in
        // the file's folder, and gets the same game.
        let command = try #require(cardLines[2].components(separatedBy: " · ").last)
        let words = command.split(separator: " ").map(String.init).dropFirst()
        let friend = Scratch()
        let replay = try runProcess(
            QuizBinary.path, Array(words), in: (bank as NSString).deletingLastPathComponent,
            environment: friend.environment(), input: lines.joined(separator: "\n") + "\n")
        #expect(replay.status == 0)
        #expect(askedPrompts(replay.stdout) == askedPrompts(played.stdout))
        #expect(askedPrompts(replay.stdout).count == 2)
        let choices = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("  1) ") || $0.hasPrefix("  2) ") }
        }
        #expect(choices(replay.stdout) == choices(played.stdout), "choices in the same order too")
    }
}
