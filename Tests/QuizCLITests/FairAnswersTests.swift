import Foundation
import QuizCore
import Testing

/// The "Fair answers" issue through the binary: a close spelling accepted and
/// said so, the player's `!` after a wrong mark (in the JSON history and on
/// the share card), the wrong answers in `--stats`, and 10 questions a game.
@Suite struct FairAnswersTests {
    /// A bank of free-text questions: (prompt, answer) pairs.
    static func bank(_ questions: [(String, String)], in scratch: Scratch, name: String = "fair") throws -> String {
        let items = questions.map { "{ \"prompt\": \"\($0.0)\", \"answer\": \"\($0.1)\" }" }
        let path = scratch.path + "/\(name).json"
        try "{ \"title\": \"Fair\", \"questions\": [\(items.joined(separator: ", "))] }".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let questions = [
        ("What is the capital of Cuba?", "Havana"), ("Which muscle drives breathing?", "Diaphragm"),
        ("How many legs has a dog?", "4"),
    ]

    /// The line to type for each question of `path` dealt by `seed`, from `typed` by answer.
    static func lines(_ path: String, seed: UInt64, _ typed: [String: String]) throws -> String {
        try prompts(bank: path, seed: seed).map { prompt in
            let answer = questions.first { $0.0 == prompt }?.1 ?? ""
            return typed[answer] ?? answer
        }.joined(separator: "\n") + "\n"
    }

    @Test func aSlipIsAcceptedAndSaysHowTheAnswerIsSpelled() throws {
        let scratch = Scratch()
        let path = try Self.bank(Self.questions, in: scratch)
        let input = try Self.lines(path, seed: 1, ["Havana": "Havanna", "Diaphragm": "the diaphragm", "4": "four"])
        let result = try runQuiz([path, "--seed", "1"], input: input, environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✓ Right! (spelled Havana)"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ Right! Diaphragm"))
        #expect(result.stdout.contains("✓ Right! 4"))
        #expect(result.stdout.contains("Fair: 3/3 right"))
        // The history keeps what was typed.
        let games = try historyJSON(environment: scratch.environment()).games
        let results = try #require(games.first?["results"] as? [[String: Any]])
        let cuba = try #require(results.first { $0["prompt"] as? String == "What is the capital of Cuba?" })
        #expect(cuba["given"] as? String == "Havanna")
        #expect(cuba["outcome"] as? String == "right")
        #expect(cuba["overridden"] as? Bool == false)
    }

    @Test func aFalseFriendAndATooShortAnswerAreStillWrong() throws {
        let scratch = Scratch()
        let path = try Self.bank([("What do we breathe?", "Air"), ("Capital of Italy?", "Rome")], in: scratch)
        let order = try prompts(bank: path, seed: 2)
        let input = order.map { $0.hasPrefix("What") ? "chair" : "Roma" }.joined(separator: "\n") + "\n"
        let result = try runQuiz([path, "--seed", "2"], input: input, environment: scratch.environment())
        #expect(result.stdout.contains("Fair: 0/2 right"), "\(result.stdout)")
    }

    /// One letter that is the whole point (a roman numeral, a short word, a
    /// sign) is no slip: `World War I` is not `World War II`.
    @Test func aChangedRomanNumeralOrSignIsWrongNotASlip() throws {
        let scratch = Scratch()
        let path = try Self.bank(
            [("Which war ended in 1945?", "World War II"), ("Celsius that equals Fahrenheit?", "-40")], in: scratch)
        let order = try prompts(bank: path, seed: 4)
        let input = order.map { $0.hasPrefix("Which") ? "World War I" : "40" }.joined(separator: "\n") + "\n"
        let result = try runQuiz([path, "--seed", "4"], input: input, environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("spelled"), "\(result.stdout)")
        #expect(!result.stdout.contains("✓ Right!"), "\(result.stdout)")
        #expect(result.stdout.contains("Fair: 0/2 right"), "\(result.stdout)")
        let games = try historyJSON(environment: scratch.environment()).games
        let results = try #require(games.first?["results"] as? [[String: Any]])
        let war = try #require(results.first { $0["prompt"] as? String == "Which war ended in 1945?" })
        #expect(war["given"] as? String == "World War I")
        #expect(war["outcome"] as? String == "wrong")
    }

    @Test func aTypedChoiceTextWithASlipPicksThatChoice() throws {
        let scratch = Scratch()
        let mini = QuizBinary.fixture("mini.json")
        let game = Game(bank: try BankLoader.load(path: mini), seed: 6)
        let input =
            game.asked.map { asked -> String in
                switch asked.question.kind {
                case .multipleChoice: "Canbera"
                case .trueFalse: "false"
                case .freeText: "Tokyo"
                }
            }.joined(separator: "\n") + "\n"
        let result = try runQuiz(
            ["--questions", mini, "mini", "--seed", "6"], input: input, environment: scratch.environment())
        #expect(result.stdout.contains("✓ Right! (spelled Canberra)"), "\(result.stdout)")
        let games = try historyJSON(environment: scratch.environment()).games
        let results = try #require(games.first?["results"] as? [[String: Any]])
        let australia = try #require(results.first { ($0["prompt"] as? String)?.contains("Australia") == true })
        #expect(australia["given"] as? String == "Canberra")
        #expect(australia["typed"] as? String == "Canbera")
    }

    @Test func bangAfterAWrongMarkCountsItRightAndSaysSoEverywhere() throws {
        let scratch = Scratch()
        let path = try Self.bank(Self.questions, in: scratch)
        let order = try prompts(bank: path, seed: 3)
        // The first answer is wrong (and not a slip), then ! at the next prompt.
        let first = try #require(Self.questions.first { $0.0 == order[0] })
        var lines = ["Atlantis", "!"]
        for prompt in order.dropFirst() { lines.append(Self.questions.first { $0.0 == prompt }!.1) }
        let result = try runQuiz(
            [path, "--seed", "3"], input: lines.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✗ Wrong. The answer is \(first.1)."), "\(result.stdout)")
        #expect(result.stdout.contains("type ! at the next prompt"))
        #expect(result.stdout.contains("✓ Counted as right: Atlantis"), "\(result.stdout)")
        #expect(result.stdout.contains("Fair: 3/3 right"), "counted right in the score: \(result.stdout)")

        let games = try historyJSON(environment: scratch.environment()).games
        #expect(games.first?["score"] as? Int == 3)
        let results = try #require(games.first?["results"] as? [[String: Any]])
        let overridden = results.filter { $0["overridden"] as? Bool == true }
        #expect(overridden.count == 1)
        #expect(overridden.first?["given"] as? String == "Atlantis")
        #expect(overridden.first?["outcome"] as? String == "right")
        #expect(overridden.first?["prompt"] as? String == first.0)

        let card = try runQuiz(["--share"], environment: scratch.environment())
        #expect(card.stdout.contains("🟨🟩🟩"), "\(card.stdout)")
        #expect(card.stdout.contains("🟨 1 answer marked wrong, counted right by the player"))
        let ascii = try runQuiz(["--share", "--ascii"], environment: scratch.environment())
        #expect(ascii.stdout.contains("!##"), "\(ascii.stdout)")
    }

    @Test func atATerminalTheLastAnswerCanBeCountedRightToo() throws {
        let scratch = Scratch()
        let mini = QuizBinary.fixture("mini.json")
        // A seed whose one question is the free-text one.
        let bank = try BankLoader.load(path: mini)
        let seed = try #require(
            (1...200).map(UInt64.init).first { Game(bank: bank, count: 1, seed: $0).asked[0].choices.isEmpty })
        let terminal = try PseudoTerminal(
            arguments: ["--questions", mini, "mini", "-n", "1", "--seed", "\(seed)"],
            environment: scratch.environment(["TERM": "xterm", "NO_COLOR": "1"]))
        let asked = try terminal.wait(for: "1/1> ")
        terminal.send("Kyoto" + PseudoTerminal.enter)
        let offered = try terminal.wait(for: "Enter to finish, ! to count your answer right> ", after: asked)
        terminal.send("!" + PseudoTerminal.enter)
        let counted = try terminal.wait(for: "Counted as right: Kyoto", after: offered)
        try terminal.wait(for: "Mini Test Quiz: 1/1 right", after: counted)
        #expect(try terminal.waitForExit() == 0)
        let card = try runQuiz(["--share", "--ascii"], environment: scratch.environment())
        #expect(card.stdout.split(separator: "\n")[1] == "!", "\(card.stdout)")
        #expect(card.stdout.contains("! 1 answer marked wrong, counted right by the player"))
    }

    @Test func aRejectedAnswerCannotBeCountedRight() throws {
        let scratch = Scratch()
        let path = scratch.path + "/reject.json"
        try """
        { "title": "Reject", "questions": [
          { "prompt": "Capital of Japan?", "answer": "Tokyo", "reject": ["Kyoto"] },
          { "prompt": "Capital of Peru?", "answer": "Lima" } ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        // A seed that asks about Japan first, so that ! has a next prompt.
        let bank = try BankLoader.load(path: path)
        let seed = try #require(
            (1...100).map(UInt64.init).first { Game(bank: bank, seed: $0).asked[0].question.prompt.contains("Japan") })
        let result = try runQuiz(
            [path, "--seed", "\(seed)"], input: "Kyoto\n!\nLima\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The quiz never accepts Kyoto for that question; it stays wrong."))
        #expect(result.stdout.contains("Reject: 1/2 right"), "\(result.stdout)")
        #expect(!result.stdout.contains("Counted as right"))
    }

    @Test func bangWithNothingToCountIsRefused() throws {
        let scratch = Scratch()
        let path = try Self.bank(Self.questions, in: scratch)
        let order = try prompts(bank: path, seed: 3)
        // ! at the first prompt, then a right answer and ! again: nothing to count.
        var lines = ["!"]
        for prompt in order { lines += [Self.questions.first { $0.0 == prompt }!.1, "!"] }
        let result = try runQuiz(
            [path, "--seed", "3"], input: lines.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(result.stdout.components(separatedBy: "There is no answer just marked wrong").count == 4)
        #expect(result.stdout.contains("Fair: 3/3 right"))
        let games = try historyJSON(environment: scratch.environment()).games
        let results = try #require(games.first?["results"] as? [[String: Any]])
        #expect(results.allSatisfy { $0["overridden"] as? Bool == false })
    }

    @Test func statsListTheWrongAnswersTypedMostOften() throws {
        let scratch = Scratch()
        let path = try Self.bank(Self.questions, in: scratch)
        for (seed, guess) in [(UInt64(1), "Madrid"), (2, "madrid"), (3, "Lima")] {
            let input = try Self.lines(path, seed: seed, ["Havana": guess])
            _ = try runQuiz([path, "--seed", String(seed)], input: input, environment: scratch.environment())
        }
        let stats = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("missed 3 of 3  What is the capital of Cuba?"), "\(stats.stdout)")
        #expect(stats.stdout.contains("typed: madrid ×2, Lima"), "\(stats.stdout)")
        let json = try runQuiz(["--stats", "--format", "json"], environment: scratch.environment())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let missed = try #require((object["mostMissed"] as? [[String: Any]])?.first)
        let wrong = try #require(missed["wrongAnswers"] as? [[String: Any]])
        #expect(wrong.first?["text"] as? String == "madrid")
        #expect(wrong.first?["count"] as? Int == 2)
    }

    @Test func aGameDealsTenQuestionsUnlessToldOtherwise() throws {
        let scratch = Scratch()
        let bank = try BankLoader.load(path: QuizBinary.repositoryRoot + "/Questions/world-capitals.json")
        #expect(bank.questions.count > 10)
        let ten = try runQuiz(["world-capitals", "--seed", "1"], input: "", environment: scratch.environment())
        #expect(ten.stdout.contains("World Capitals · 10 questions · seed 1"), "\(ten.stdout)")
        let all = try runQuiz(["world-capitals", "-n", "all", "--seed", "1"], environment: scratch.environment())
        #expect(all.stdout.contains("World Capitals · \(bank.questions.count) questions"), "\(all.stdout)")
        let allInline = try runQuiz(
            ["world-capitals", "--count=ALL", "--seed", "1"], environment: scratch.environment())
        #expect(allInline.stdout.contains("· \(bank.questions.count) questions"))
        let three = try runQuiz(["world-capitals", "-n3", "--seed", "1"], environment: scratch.environment())
        #expect(three.stdout.contains("World Capitals · 3 questions"))
        let bad = try runQuiz(["world-capitals", "-n", "every"], environment: scratch.environment())
        #expect(bad.status == 64)
    }
}
