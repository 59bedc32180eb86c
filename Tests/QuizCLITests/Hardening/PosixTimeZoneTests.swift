import Foundation
import Testing

/// `TZ` means what it means to `date`, POSIX strings
/// Included: `UTC-3` is three hours ahead (+03:00), `<+03>-3` and
/// `<-0330>3:30` are offsets of their own, not UTC.
@Suite struct PosixTimeZoneTests {
    let bank = QuizBinary.fixture("mini.json")

    /// What GNU `date` says of `instant` in `tz`, in `format`.
    func date(_ tz: String, _ instant: String, _ format: String) throws -> String {
        let date = try #require(Tool.find("date", path: "/usr/bin:/bin"))
        let result = try runProcess(date, ["-d", instant, format], environment: ["TZ": tz, "LC_ALL": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [
        "UTC-3", "<+03>-3", "EST5EDT", "Europe/Paris", "<-0330>3:30", ":Europe/Paris",
        "CET-1CEST,M3.5.0,M10.5.0/3", "<+0545>-5:45", "UTC0", "Nowhere/Land",
    ])
    func theHistoryShowsTimesAsDateDoes(tz: String) throws {
        let scratch = Scratch()
        let environment = scratch.environment(["TZ": tz])
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: "skip\nskip\nskip\n", environment: environment)
        #expect(game.status == 0, "\(game.stderr)")

        let csv = try runQuiz(["--history", "--format", "csv"], environment: environment)
        let row = try #require(csv.stdout.components(separatedBy: "\r\n").dropFirst().first)
        let stamp = String(row.prefix { $0 != "," })
        // The instant is the same in every zone; its offset and local time are what TZ decides.
        let offset = try date(tz, stamp, "+%:z")
        #expect(stamp.hasSuffix(offset == "+00:00" ? "Z" : offset), "\(stamp) in TZ=\(tz); date says \(offset)")
        #expect(String(stamp.prefix(19)) == (try date(tz, stamp, "+%Y-%m-%dT%H:%M:%S")))

        let table = try runQuiz(["--history"], environment: environment)
        let local = try date(tz, stamp, "+%Y-%m-%d  %H:%M")
        #expect(table.stdout.contains(local), "table:\n\(table.stdout)\ndate says \(local)")

        let json = try runQuiz(["--history", "--format", "json"], environment: environment)
        #expect(json.stdout.contains("\"\(stamp)\""))
    }
}
