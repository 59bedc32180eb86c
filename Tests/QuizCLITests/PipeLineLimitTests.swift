import Foundation
import QuizCore
import Testing

/// A piped line is at most 4,096 bytes: a longer one, or one holding a NUL
/// byte, is read to its end in bounded memory, refused with one line, and the
/// next line read; nothing of it reaches the answers or the history.
@Suite struct PipeLineLimitTests {
    let bank = QuizBinary.fixture("mini.json")

    /// 100 MB of NULs with no line end: the game ends promptly, with exit
    /// status 0 and nothing recorded, in a process held to 1 GB of address
    /// space and 60 s of CPU time (a bound on its work, which a loaded
    /// machine does not move as it moves the wall clock; SIGXCPU past it).
    @Test func aHundredMegabytesOfNULsEndPromptlyInBoundedMemory() throws {
        let scratch = Scratch()
        let result = try runProcess(
            "/bin/sh",
            [
                "-c",
                "ulimit -v 1000000; ulimit -t 60; head -c 100000000 /dev/zero | \"$0\" --questions \"$1\" mini --seed 3",
                QuizBinary.path, bank,
            ], environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "quiz: that line is longer than 4096 bytes; it was not read as an answer\n",
            "\(result.stderr)")
        #expect(result.stdout.contains("Game abandoned; nothing recorded."), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.archive))
    }

    /// An over-long line and a line with a NUL byte are refused and asked
    /// again: the next lines answer the same questions, and the history keeps
    /// only what was read as answers.
    @Test func anOverLongLineIsRefusedAndTheQuestionAskedAgain() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 3, right: [0, 1, 2])
        let long = String(repeating: "x", count: 5000)
        let input = long + "\n" + "Tok\u{0}yo\n" + lines.joined(separator: "\n") + "\n"
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: input, environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("quiz: that line is longer than 4096 bytes; it was not read as an answer\n"))
        #expect(result.stderr.contains("quiz: that line holds a NUL byte; it was not read as an answer\n"))
        #expect(result.stdout.contains("Mini Test Quiz: 3/3 right (100%)"), "\(result.stdout)")
        let games = try historyJSON(environment: scratch.environment()).games
        let results = try #require(games.first?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results { #expect((result["typed"] as? String ?? "").count < 100, "\(result)") }
    }

    /// Lines of exactly 4,096 bytes (answers padded with spaces) are still read.
    @Test func linesOfExactlyTheLimitAreRead() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 3, right: [0, 1, 2]).map {
            $0 + String(repeating: " ", count: 4096 - $0.utf8.count)
        }
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("Mini Test Quiz: 3/3 right (100%)"), "\(result.stdout)")
    }
}
