import Foundation
import Testing

/// The wait until the next question is exact: whole hours
/// rounded down within a day, then calendar days (`tomorrow`, `in N days`);
/// reviews are timed to the second of their game, and a question is due
/// from the start of the minute shown, its due time rounded up: never
/// before it is due.
@Suite struct DueWordingTests {
    func line(_ scratch: Scratch, _ bank: String, at now: String, tz: String = "UTC") throws -> String {
        let result = try runQuiz(
            ["--questions", bank, "--review", "--seed", "1"], input: "",
            environment: scratch.environment(["QUIZ_NOW": now, "TZ": tz]))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test func theWaitIsSaidExactly() throws {
        let scratch = Scratch()
        let bank = scratch.path + "/one.json"
        try #"{"title": "One", "questions": [{"id": "a", "prompt": "Say yes.", "answer": "yes"}]}"#.write(
            toFile: bank, atomically: true, encoding: .utf8)
        // Right at 09:01 and 400 ms, a review at 09:01:00: due 2 days later, at 09:01.
        let game = try runQuiz(
            ["--questions", bank, "one"], input: "yes\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-01-03T09:01:00.400Z"]))
        #expect(game.status == 0, "\(game.stderr)")
        let next = "Nothing due for review; the next question is due"
        // The same day: also the question met for the first time today.
        #expect(
            try line(scratch, bank, at: "2026-01-03T09:01:30Z")
                == "\(next) in 2 days (2026-01-05 09:01) \u{B7} 1 first seen today.")
        #expect(try line(scratch, bank, at: "2026-01-04T09:01:00Z") == "\(next) tomorrow (2026-01-05 09:01).")
        #expect(try line(scratch, bank, at: "2026-01-04T00:00:00Z") == "\(next) tomorrow (2026-01-05 09:01).")
        #expect(try line(scratch, bank, at: "2026-01-04T10:00:00Z") == "\(next) in 23 hours.")
        #expect(try line(scratch, bank, at: "2026-01-05T08:00:00Z") == "\(next) in 1 hour.")
        #expect(try line(scratch, bank, at: "2026-01-05T09:00:00Z") == "\(next) within the hour.")
        // Not a moment before; at its due minute, due.
        #expect(try line(scratch, bank, at: "2026-01-05T09:00:59.9Z") == "\(next) within the hour.")
        #expect(try line(scratch, bank, at: "2026-01-05T09:01:00Z") == "Review · 1 due · from One")
        // Calendar days of the local time zone: 2026-01-05 09:01 UTC is 18:01 in Tokyo.
        #expect(
            try line(scratch, bank, at: "2026-01-03T20:00:00Z", tz: "Asia/Tokyo")
                == "\(next) tomorrow (2026-01-05 18:01).")
    }
}
