import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The automatic rating's two timed grades through the binary, read back from
/// the review log (`--history --format reviews`, whose third column is the
/// rating): a right answer clearly slower than the player's median for the
/// kind is Hard (2); a right answer no slower than it, on a question already
/// mature, is Easy (4). The answers are timed by the real clock while
/// `QUIZ_NOW` moves the days.
@Suite struct RatingByTimeTests {
    /// A bank of one free-text question, in the scratch folder.
    func oneQuestionBank(_ scratch: Scratch) throws -> String {
        let path = scratch.path + "/sums.json"
        try """
        {"title": "Sums", "questions": [{"prompt": "Two and two?", "answer": "four"}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Plays the one question at `now`, answering right after `delay` seconds.
    func play(_ bank: String, _ scratch: Scratch, at now: String, delay: Double) throws {
        let game = try SpawnedQuiz(
            ["--questions", bank, "sums", "--seed", "1"], environment: scratch.environment(["QUIZ_NOW": now]))
        try game.wait(for: "Two and two?")
        if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
        game.write("four\n")
        game.closeInput()
        #expect(try game.waitForExit() == 0, "\(game.output)\n\(game.errors)")
        #expect(game.output.contains("1/1 right"), "\(game.output)")
    }

    /// The review log's rows as (rating, duration in ms), oldest first.
    func reviews(_ scratch: Scratch) throws -> [(rating: Int, milliseconds: Int)] {
        let log = try runQuiz(["--history", "--format", "reviews"], environment: scratch.environment())
        #expect(log.status == 0, "\(log.stderr)")
        let rows = log.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
        return rows.map { row in
            let fields = row.split(separator: ",").map { Int($0) ?? -1 }
            return (fields.count > 4 ? fields[2] : -1, fields.count > 4 ? fields[4] : -1)
        }
    }

    @Test func aSlowRightAnswerIsHard() throws {
        let scratch = Scratch()
        let bank = try oneQuestionBank(scratch)
        // Day 1, answered after 0.4 s: Good (no median yet), and the median
        // now (times are kept to a tenth of a second; a median of 0 is none).
        try play(bank, scratch, at: "2026-03-01T09:00:00Z", delay: 0.4)
        // Day 4, answered right after 1.5 s: more than 1.5 × the median.
        try play(bank, scratch, at: "2026-03-04T09:00:00Z", delay: 1.5)
        let rows = try reviews(scratch)
        #expect(rows.map(\.rating) == [3, 2], "\(rows)")
        #expect(rows.last.map { $0.milliseconds >= 1_500 } == true, "the time is recorded: \(rows)")
    }

    @Test func aFastRightAnswerOnAMatureQuestionIsEasy() throws {
        let scratch = Scratch()
        let bank = try oneQuestionBank(scratch)
        // Three right answers of about 0.8 s each, 3 and 20 days apart: the
        // last interval is 31 days or more (45 to 69 as FSRS rates them Good
        // or Hard), so the question is mature; none of them can be Easy.
        for now in ["2026-03-01T09:00:00Z", "2026-03-04T09:00:00Z", "2026-03-24T09:00:00Z"] {
            try play(bank, scratch, at: now, delay: 0.8)
        }
        let stats = try runQuiz(
            ["--stats", "--format", "json", "--questions", bank],
            environment: scratch.environment(["QUIZ_NOW": "2026-07-01T09:00:00Z"]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let progress = try #require(object["reviews"] as? [String: Any])
        #expect(progress["mature"] as? Int == 1, "\(stats.stdout)")
        // Months later, answered at once: no slower than the median, on a mature question.
        try play(bank, scratch, at: "2026-07-01T09:00:00Z", delay: 0)
        let rows = try reviews(scratch)
        #expect(rows.count == 4)
        #expect(rows.first?.rating == 3, "\(rows)")
        #expect(rows.dropFirst().dropLast().allSatisfy { $0.rating == 2 || $0.rating == 3 }, "\(rows)")
        #expect(rows.last?.rating == 4, "\(rows)")
    }
}
