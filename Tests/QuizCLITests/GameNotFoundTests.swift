import Foundation
import QuizCore
import Testing

/// `quiz --share --game N` beyond the history's games was a usage error (64),
/// as if the option were wrong; the option is fine and the game is not
/// there: one line says which game and how many the history has, and the
/// status is 66, as for a quiz or a file not found.
@Suite struct GameNotFoundTests {
    @Test(arguments: [(["--share", "--game", "99"], 99), (["--share", "--text", "--game", "4"], 4)])
    func aGameBeyondTheHistoryIsNotFound(arguments: [String], back: Int) throws {
        let scratch = Scratch()
        try scratch.recordHistory(pastSessions(3))
        let result = try runQuiz(arguments, environment: scratch.environment())
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(
            nonEmptyLines(result.stderr) == ["quiz: no game \(back) back (--game \(back)): the history has 3 games"],
            "\(result.stderr)")
        // The oldest is there.
        let oldest = try runQuiz(["--share", "--text", "--game", "3"], environment: scratch.environment())
        #expect(oldest.status == 0 && oldest.stdout.contains("--seed 1000000 "), "\(oldest.stdout)")
    }
}
