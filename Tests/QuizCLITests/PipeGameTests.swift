import Foundation
import QuizCore
import Testing

/// A whole game played with standard input a pipe (no terminal, no libedit).
@Suite struct PipeGameTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test func aPipedGameIsScoredRecordedAndShownInTheHistory() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 3, right: [0, 2])
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Question 1/3"))
        #expect(result.stdout.contains("✓ Right!"))
        #expect(result.stdout.contains("✗ Wrong."))
        #expect(result.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
        #expect(!result.stdout.contains("\u{1B}["), "piped output has no escape codes")
        for prompt in try prompts(bank: bank, seed: 3) { #expect(result.stdout.contains(prompt)) }

        let csv = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(csv.status == 0)
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 2)
        #expect(rows[0] == "date,quiz,title,score,total,percent,duration_seconds,seed")
        #expect(rows[1].contains(",mini,Mini Test Quiz,2,3,67,"))
        #expect(rows[1].hasSuffix(",3"))
        try expectArchiveShape(scratch.archive, sessions: 1)
    }

    @Test func answersByLetterAndTextAreAccepted() throws {
        let scratch = Scratch()
        let game = Game(bank: try BankLoader.load(path: bank), seed: 11)
        let lines = game.asked.map { asked -> String in
            switch asked.question.kind {
            case .multipleChoice: return String(Character(Unicode.Scalar(UInt8(97 + asked.answerIndex!)))).uppercased()
            case .trueFalse: return "  FALSE "
            case .freeText: return "  tokio. "
            }
        }
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "11"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(result.stdout.contains("3/3 right (100%)"), "\(result.stdout)")
    }

    @Test func endOfInputAbandonsTheGameAndRecordsNothing() throws {
        let scratch = Scratch()
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: "1\n", environment: scratch.environment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("Game abandoned; nothing recorded."))
        #expect(!FileManager.default.fileExists(atPath: scratch.archive))
        let history = try runQuiz(["--history"], environment: scratch.environment())
        #expect(history.stdout.contains("No games yet"))
    }

    @Test func skipCountsAsWrongAndQuitAbandons() throws {
        let scratch = Scratch()
        let skipped = try runQuiz(
            ["--questions", bank, "mini", "-n", "2"], input: "skip\nskip\n", environment: scratch.environment())
        #expect(skipped.stdout.contains("→ Skipped."))
        #expect(skipped.stdout.contains("0/2 right (0%)"))
        let quit = try runQuiz(["--questions", bank, "mini"], input: "quit\n", environment: scratch.environment())
        #expect(quit.stdout.contains("Game abandoned"))
        let history = try runQuiz(["--history", "--format", "json"], environment: scratch.environment())
        let list = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
        #expect(list?.count == 1)
        #expect(list?.first?["score"] as? Int == 0)
        #expect(list?.first?["total"] as? Int == 2)
    }

    @Test func theMenuPlaysAGameByNumberAndQuitsAtEndOfInput() throws {
        let scratch = Scratch()
        // With only the fixture's folder, the fixture is quiz 1 after the bundled ones sort; pick it by name.
        let lines = try answers(bank: bank, seed: 5, right: [0, 1, 2])
        let input = (["list", "play mini"] + lines + ["history"]).joined(separator: "\n") + "\n"
        let result = try runQuiz(
            ["--questions", bank, "--seed", "5"], input: input, environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3/3 right (100%)"))
        #expect(result.stdout.contains("1 game · average 100% · best 3/3 (Mini Test Quiz)"))
    }
}

/// Reads `history.archive` with Foundation's `PropertyListSerialization`
/// (not through QuizKit) and checks the keyed-archive shape of the contract
/// (ARCHITECTURE.md, "The archive"): a `SessionHistory` root whose `sessions`
/// are `Session` objects, with the bare class names.
func expectArchiveShape(_ path: String, sessions: Int) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["$archiver"] as? String == "NSKeyedArchiver")
    let objects = try #require(plist["$objects"] as? [Any])
    let classNames = objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
    #expect(classNames.contains("SessionHistory"))
    #expect(classNames.contains("Session"))
    #expect(!classNames.contains { $0.contains(".") }, "no module-qualified names: \(classNames)")
    let sessionCount = objects.count { object in
        guard let dict = object as? [String: Any] else { return false }
        return dict["score"] != nil && dict["date"] != nil
    }
    #expect(sessionCount == sessions)
}
