import Foundation
import QuizCore
import Testing

/// What the player sees of reviews outside one: the stats section (text and
/// JSON), the review log for the FSRS optimizer, fitted parameters.
@Suite struct ReviewProgressTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Day 1: one right of three; day 2: the two missed reviewed, one right.
    func twoDays(_ scratch: Scratch) throws {
        let first = try answers(bank: bank, seed: 5, right: [1])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"], input: first.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        let review = try runQuiz(
            ["--questions", bank, "--review"], input: "skip\n:skip\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-02T09:01:00Z"]))
        #expect(review.stdout.contains("Review: 0/2 right"), "\(review.stdout)")
    }

    @Test func statsShowSeenMatureRetentionAndAForecast() throws {
        let scratch = Scratch()
        try twoDays(scratch)
        let env = scratch.environment(["QUIZ_NOW": "2026-03-02T12:00:00Z"])
        let text = try runQuiz(["--stats", "--questions", bank], environment: env)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Reviews"), "\(text.stdout)")
        #expect(lines[start + 1] == "3 questions seen · 0 well learned (21+ days between reviews)")
        // Two due reviews are too few for a rate.
        #expect(lines[start + 2] == "Recalled when due, last 30 days: not enough reviews yet (2 so far)")
        #expect(lines[start + 3] == "Due in the next 7 days")
        // Missed again on day 2: due on day 3; the one right on day 1: due on day 3 too (2 days).
        #expect(lines[start + 4] == "  2026-03-02     0")
        #expect(lines[start + 5].hasPrefix("  2026-03-03     3 █"), "\(lines[start + 5])")
        #expect(lines.count >= start + 11)
        let json = try runQuiz(["--stats", "--format", "json", "--questions", bank], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let reviews = try #require(object["reviews"] as? [String: Any])
        #expect(reviews["seen"] as? Int == 3)
        #expect(reviews["mature"] as? Int == 0)
        #expect(reviews["dueReviews30Days"] as? Int == 2)
        #expect(reviews["retentionPercent"] as? Int == 0)
        let forecast = try #require(reviews["forecast"] as? [[String: Any]])
        #expect(forecast.map { $0["due"] as? Int } == [0, 3, 0, 0, 0, 0, 0])
        #expect(forecast.first?["date"] as? String == "2026-03-02")
        let ascii = try runQuiz(["--stats", "--ascii", "--questions", bank], environment: env)
        #expect(ascii.stdout.contains("  2026-03-03     3 #"))
    }

    @Test func theReviewLogIsTheOptimizersCSV() throws {
        let scratch = Scratch()
        try twoDays(scratch)
        let log = try runQuiz(["--history", "--format", "reviews"], environment: scratch.environment())
        #expect(log.status == 0, "\(log.stderr)")
        let rows = log.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "card_id,review_time,review_rating,review_state,review_duration")
        #expect(rows.count == 6)
        let fields = rows.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(fields.allSatisfy { $0.count == 5 && $0.allSatisfy { Int64($0) != nil } })
        // Day 1 at 09:00 UTC in ms: reviews are timed to the second of their
        // game, though the clock runs on a few ms while it is played.
        #expect(fields.prefix(3).allSatisfy { Int64($0[1])! == 1_772_355_600_000 })
        #expect(fields.allSatisfy { Int64($0[1])! % 1000 == 0 })
        #expect(fields.map { $0[2] }.sorted() == ["1", "1", "1", "1", "3"])
        #expect(fields.map { $0[3] } == ["0", "0", "0", "2", "2"])
        // The same question keeps its card id across games.
        #expect(Set(fields.map { $0[0] }).count == 3)
        let bad = try runQuiz(["--stats", "--format", "reviews"], environment: scratch.environment())
        #expect(bad.status == 64)
    }

    @Test func fittedParametersScheduleTheReviews() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 2, right: [0, 1, 2])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        let env = scratch.environment(["QUIZ_NOW": "2026-03-02T09:30:00Z"])
        #expect(try runQuiz(["--questions", bank, "--review"], environment: env).stdout.contains("Nothing due"))
        // The optimizer's output, with a Good first review worth 0.5 days: due after 1 day.
        var parameters = FSRS.defaultParameters
        parameters[2] = 0.5
        let file = scratch.path + "/parameters.txt"
        try ("[" + parameters.map { "\($0)" }.joined(separator: ", ") + "]\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        let fitted = try runQuiz(["--questions", bank, "--review", "--fsrs-parameters", file], environment: env)
        #expect(fitted.stdout.contains("Review · 3 due"), "\(fitted.stdout)\(fitted.stderr)")
        try "[1, 2, 3]".write(toFile: file, atomically: true, encoding: .utf8)
        let wrong = try runQuiz(["--questions", bank, "--review", "--fsrs-parameters", file], environment: env)
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("parameters.txt: FSRS needs 21 parameters, got 3"), "\(wrong.stderr)")
        let missing = try runQuiz(
            ["--questions", bank, "--review", "--fsrs-parameters", scratch.path + "/none"], environment: env)
        #expect(missing.status == 66)
    }
}

/// `target-recall = R` in the settings file (or `retention = R`, its
/// earlier name) schedules reviews for that recall.
@Suite struct ReviewRetentionSettingTests {
    @Test func aLowerRetentionAsksLater() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        let lines = try answers(bank: bank, seed: 2, right: [0, 1, 2])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        let env = scratch.environment(["QUIZ_NOW": "2026-03-03T09:30:00Z"])
        // At 0.9, Good on a first review is due after 2 days.
        #expect(try runQuiz(["--questions", bank, "--review"], environment: env).stdout.contains("Review · 3"))
        for key in ["target-recall", "retention"] {
            try scratch.writeConfig("\(key) = 0.75\n")
            let later = try runQuiz(["--questions", bank, "--review"], environment: env)
            #expect(later.stdout.contains("Nothing due for review; the next question is due in"), "\(later.stdout)")
        }
        try scratch.writeConfig("retention = 1.5\n")
        let bad = try runQuiz(["--questions", bank, "--review"], environment: env)
        #expect(bad.stderr.contains("target-recall must be a number from 0.70 to 0.99, not '1.5'; line ignored"))
        #expect(bad.stdout.contains("Review · 3"))
    }
}
