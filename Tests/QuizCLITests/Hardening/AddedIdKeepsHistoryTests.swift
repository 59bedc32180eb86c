import Foundation
import Testing

/// A question missed without an `"id"` keeps its history
/// and schedule once an `"id"` is added to it (a kept `history.schedule`
/// made before is rebuilt), in `--review` and in the `--stats` forecast.
@Suite struct AddedIdKeepsHistoryTests {
    func bank(_ folder: String, id: Bool) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/my.json"
        let three =
            id
            ? #"{"id": "q3", "prompt": "Three plus three?", "answer": "6"}"#
            : #"{"prompt": "Three plus three?", "answer": "6"}"#
        try """
        {"title": "My", "questions": [
          \(three),
          {"id": "q1", "prompt": "One plus one?", "answer": "2"}
        ]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func addingAnIdKeepsTheMissedQuestionDue() throws {
        let scratch = Scratch()
        let old = try bank(scratch.path + "/old", id: false)
        let new = try bank(scratch.path + "/idadd", id: true)
        for day in ["2026-03-01", "2026-03-02"] {
            let game = try runQuiz(
                ["--questions", old, "my", "--seed", "1", "-n", "all"], input: "5\n5\n",
                environment: scratch.environment(["QUIZ_NOW": day + "T09:00:00Z"]))
            #expect(game.status == 0, "\(game.stderr)")
        }
        let env = scratch.environment(["QUIZ_NOW": "2026-03-05T09:00:00Z"])
        // The schedule is kept under the question's prompt's fingerprint first.
        let before = try runQuiz(["--questions", old, "--stats"], environment: env)
        #expect(before.stdout.contains("2 questions seen"), "\(before.stdout)")

        let stats = try runQuiz(["--questions", new, "--stats"], environment: env)
        #expect(stats.stdout.contains("2 questions seen"), "\(stats.stdout)")
        #expect(stats.stdout.contains("2026-03-05     2"), "the forecast counts both: \(stats.stdout)")

        let review = try runQuiz(
            ["--questions", new, "--review", "-n", "all", "--seed", "1"], input: "6\n2\n", environment: env)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("Review · 2 due"), "\(review.stdout)")
        #expect(review.stdout.contains("Three plus three?"), "\(review.stdout)")

        // Its review went to the card its misses made: still two cards, not three.
        let stillTwo = try runQuiz(["--questions", new, "--stats"], environment: env)
        #expect(stillTwo.stdout.contains("2 questions seen"), "one card for it, not two: \(stillTwo.stdout)")

        // And so in the review log given the bank: two cards, each new once (state 0), then reviews.
        let log = try runQuiz(["--history", "--format", "reviews", "--questions", new], environment: env)
        #expect(log.status == 0, "\(log.stderr)")
        let rows = log.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",") }
        #expect(rows.count == 6, "\(log.stdout)")
        #expect(Set(rows.map { $0[0] }).count == 2, "\(log.stdout)")
        #expect(rows.filter { $0[3] == "0" }.count == 2, "\(log.stdout)")
    }

    @Test func theHistoryCheckAdviceIsTrue() throws {
        let scratch = Scratch()
        let old = try bank(scratch.path + "/old", id: false)
        let new = try bank(scratch.path + "/idadd", id: true)
        _ = try runQuiz(
            ["--questions", old, "my", "--seed", "1", "-n", "all"], input: "5\n5\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        let check = try runQuiz(["--validate", new, "--history-check"], environment: scratch.environment())
        #expect(check.status == 0)
        #expect(
            check.stdout.contains("idadd/my.json: every prompt in the history matches a question"), "\(check.stdout)")
    }
}
