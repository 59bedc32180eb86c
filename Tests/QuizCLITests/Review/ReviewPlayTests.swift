import Foundation
import QuizCore
import Testing

/// Reviews through the binary, with the clock set by `QUIZ_NOW`: what was
/// missed comes back the next day, what was right waits for its interval,
/// and a question's `"id"` keeps its schedule through a renamed prompt.
@Suite struct ReviewPlayTests {
    let bank = QuizBinary.fixture("mini.json")
    static let day1 = "2026-03-01T09:00:00Z"
    static let day2 = "2026-03-02T09:30:00Z"

    func environment(_ scratch: Scratch, at now: String) -> [String: String] {
        scratch.environment(["QUIZ_NOW": now])
    }

    /// Questions equally overdue come in the order of their identities.
    func dueOrder(_ prompts: [String]) throws -> [String] {
        let questions = try BankLoader.load(path: bank).questions
        return prompts.sorted { first, second in
            let identity = { (prompt: String) in
                QuestionIdentity.of(questions.first { $0.prompt == prompt }!, bank: "mini")
            }
            return identity(first) < identity(second)
        }
    }

    /// The lines that answer these prompts of the mini bank right.
    func rightAnswers(_ prompts: [String]) throws -> String {
        let questions = try BankLoader.load(path: bank).questions
        return prompts.map { prompt -> String in
            let question = questions.first { $0.prompt == prompt }!
            if case .trueFalse(let value) = question.kind { return value ? "true" : "false" }
            return question.answerText
        }.joined(separator: "\n") + "\n"
    }

    /// The prompts a review printed, in order (the line after each "Question N/M").
    func askedPrompts(_ output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        return lines.indices.filter { lines[$0].hasPrefix("Question ") && $0 + 1 < lines.count }.map { lines[$0 + 1] }
    }

    @Test func theTwoQuestionsMissedAreExactlyTheOnesReviewedTheNextDay() throws {
        let scratch = Scratch()
        let asked = try prompts(bank: bank, seed: 5)
        let lines = try answers(bank: bank, seed: 5, right: [1])
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"], input: lines.joined(separator: "\n") + "\n",
            environment: environment(scratch, at: Self.day1))
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stdout.contains("1/3 right"))

        // Later the same day nothing is due yet.
        let sameDay = try runQuiz(
            ["--questions", bank, "--review"], environment: environment(scratch, at: "2026-03-01T12:00:00Z"))
        #expect(sameDay.status == 0)
        // And the three met for the first time today, as the menu says.
        #expect(
            sameDay.stdout.contains(
                "Nothing due for review; the next question is due in 21 hours · 3 first seen today."),
            "\(sameDay.stdout)")
        #expect(!sameDay.stdout.contains("Question 1/"))

        // The next day: exactly the two missed, equally overdue, so in the
        // order of their identities; answered right this time.
        let missed = try dueOrder([asked[0], asked[2]])
        let played = try runQuiz(
            ["--questions", bank, "--review"], input: try rightAnswers(missed),
            environment: environment(scratch, at: Self.day2))
        #expect(played.status == 0, "\(played.stderr)")
        let reviewed = askedPrompts(played.stdout)
        #expect(reviewed == missed, "\(played.stdout)")
        #expect(played.stdout.contains("Review · 2 due"))
        #expect(!played.stdout.contains(asked[1]))
        #expect(played.stdout.contains("Review: 2/2 right (100%)"), "\(played.stdout)")
        let json = try runQuiz(["--history", "--format", "json"], environment: scratch.environment())
        let games = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(games.count == 2)
        #expect(games[0]["quiz"] as? String == "review")
        let results = try #require(games[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["prompt"] as? String } == reviewed)
        for result in results {
            let identity = try #require(result["question"] as? String)
            #expect(identity.hasPrefix("mini~"), "a fingerprint identity in bank mini: \(identity)")
        }
        // A review's questions were this player's due ones: no command replays them.
        let card = try runQuiz(["--share", "--text"], environment: scratch.environment())
        #expect(card.stdout.hasPrefix("Review, 2 of 2: right, right."), "\(card.stdout)")
        #expect(!card.stdout.contains("Replay: quiz review"))
        let history = try runQuiz(["--history"], environment: scratch.environment())
        #expect(history.stdout.contains("Review"))

        // Right now, so nothing is due the same day.
        let after = try runQuiz(
            ["--questions", bank, "--review"], environment: environment(scratch, at: "2026-03-02T10:00:00Z"))
        #expect(after.stdout.contains("Nothing due for review"), "\(after.stdout)")
    }

    @Test func aQuestionAnsweredRightIsNotDueUntilItsIntervalPasses() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 2, right: [0, 1, 2])
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: environment(scratch, at: Self.day1))
        #expect(game.stdout.contains("3/3 right"), "\(game.stdout)")
        // Good on a first review: stability w[2] = 2.3065 days, an interval of 2 days.
        // Nor a second before its due time (the game's second, two days on:
        // reviews are timed to the second, so due at 09:00:00 exactly).
        for now in ["2026-03-02T09:00:00Z", "2026-03-03T08:59:00Z", "2026-03-03T08:59:59.5Z"] {
            let early = try runQuiz(["--questions", bank, "--review"], environment: environment(scratch, at: now))
            #expect(early.status == 0)
            #expect(
                early.stdout.contains("Nothing due for review; the next question is due"), "\(now): \(early.stdout)")
            #expect(!early.stdout.contains("Question 1/"))
        }
        let all = try dueOrder(try prompts(bank: bank, seed: 2))
        let due = try runQuiz(
            ["--questions", bank, "--review"], input: try rightAnswers(all),
            environment: environment(scratch, at: "2026-03-03T09:00:00Z"))
        #expect(due.stdout.contains("Review · 3 due"), "\(due.stdout)")
        #expect(askedPrompts(due.stdout) == all)
    }

    /// Games set exactly three days apart are three days apart for FSRS,
    /// whatever microseconds each took: the same history schedules the same
    /// way every time (it gave 2026-01-15 or 01-18 by chance).
    @Test func gamesSetDaysApartAreScheduledTheSameEveryTime() throws {
        var lines: Set<String> = []
        for _ in 0..<4 {
            let scratch = Scratch()
            for day in ["2026-01-01", "2026-01-04"] {
                let lines = try answers(bank: bank, seed: 3, right: [0, 1, 2])
                _ = try runQuiz(
                    ["--questions", bank, "mini", "--seed", "3"], input: lines.joined(separator: "\n") + "\n",
                    environment: environment(scratch, at: day + "T10:00:00Z"))
            }
            let next = try runQuiz(
                ["--questions", bank, "--review"], environment: environment(scratch, at: "2026-01-05T00:00:00Z"))
            lines.insert(next.stdout)
        }
        #expect(lines.count == 1, "\(lines)")
    }

    @Test func aRenamedPromptWithAnIdKeepsItsSchedule() throws {
        let scratch = Scratch()
        let file = scratch.path + "/capitals.json"
        func write(_ prompt: String) throws {
            let text = """
                {"title": "Capitals", "questions": [
                  {"id": "canada", "prompt": "\(prompt)", "answer": "Ottawa"},
                  {"id": "peru", "prompt": "What is the capital of Peru?", "answer": "Lima"}
                ]}
                """
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try write("What is the capitol of Canada?")
        // Canada missed, Peru right, in whatever order the seed deals them.
        let lines = try prompts(bank: file, seed: 1).map { $0.contains("Canada") ? "Toronto" : "Lima" }
        let first = try runQuiz(
            ["--questions", file, "capitals", "--seed", "1"], input: lines.joined(separator: "\n") + "\n",
            environment: environment(scratch, at: Self.day1))
        #expect(first.stdout.contains("1/2 right"), "\(first.stdout)")
        try write("What is the capital of Canada?")
        let review = try runQuiz(
            ["--questions", file, "--review"], environment: environment(scratch, at: Self.day2))
        #expect(askedPrompts(review.stdout) == ["What is the capital of Canada?"], "\(review.stdout)")
    }

    @Test func theMenuSaysWhatIsWaitingAndReviewPlaysIt() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 5, right: [1])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"], input: lines.joined(separator: "\n") + "\n",
            environment: environment(scratch, at: Self.day1))
        let sameDay = try runQuiz(
            ["--questions", bank], input: "quit\n", environment: environment(scratch, at: "2026-03-01T10:00:00Z"))
        #expect(
            sameDay.stdout.contains(
                "Nothing due for review; the next question is due in 23 hours · 3 first seen today."),
            "\(sameDay.stdout)")
        let menu = try runQuiz(
            ["--questions", bank], input: "review\n:quit\nquit\n", environment: environment(scratch, at: Self.day2))
        #expect(menu.stdout.contains("2 questions due for review (type review)"), "\(menu.stdout)")
        #expect(menu.stdout.contains("Review · 2 due"))
        let one = try runQuiz(
            ["--questions", bank], input: "review nosuchquiz\nquit\n", environment: environment(scratch, at: Self.day2))
        #expect(one.stdout.contains("No quiz 'nosuchquiz' to review."))
    }

    @Test func reviewOfOneQuizAndBadInput() throws {
        let scratch = Scratch()
        let none = try runQuiz(["--questions", bank, "--review"], environment: scratch.environment())
        #expect(none.status == 0)
        #expect(none.stdout.contains("Nothing to review yet"))
        let unknown = try runQuiz(
            ["--questions", bank, "--review", "--quiz", "nope"], environment: scratch.environment())
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("--quiz nope: no quiz of that id"))
        let clock = try runQuiz(
            ["--questions", bank, "--review"], environment: scratch.environment(["QUIZ_NOW": "tomorrow"]))
        #expect(clock.status == 64)
        #expect(clock.stderr.contains("QUIZ_NOW 'tomorrow' is not a date and time such as"))
        // A date the history would not keep is refused before any game is played.
        for far in ["9999-12-31T00:00:00Z", "1969-12-31T23:59:59Z"] {
            let refused = try runQuiz(
                ["--questions", bank, "mini"], input: "1\n", environment: scratch.environment(["QUIZ_NOW": far]))
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("QUIZ_NOW '\(far)' is outside the years 1970 to 3999"), "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.archive))
        let lines = try answers(bank: bank, seed: 5, right: [])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"], input: lines.joined(separator: "\n") + "\n",
            environment: environment(scratch, at: Self.day1))
        let limited = try runQuiz(
            ["--questions", bank, "--review", "--quiz", "mini", "-n", "1"],
            environment: environment(scratch, at: Self.day2))
        #expect(limited.stdout.hasPrefix("Review · 1 of 3 due · from Mini Test Quiz\n"), "\(limited.stdout)")
    }
}
