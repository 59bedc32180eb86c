import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// The lines the end of a game adds about the games before it (a first game,
/// a new best, equal to or below the best, a longer daily streak), as
/// `GameEnd` makes them for the executable to print, whether those games
/// come from the whole archive (no summary of it yet) or from
/// `history.summary` and the journal.
@Suite struct GameEndTests {
    /// The lines between the score line and the share offer, as printed.
    static func milestoneLines(_ end: GameEnd) -> [String] {
        end.lines.compactMap { line in
            switch line {
            case .score, .share: nil
            case .news(let text), .best(let text): text
            case .streak(let days): "Play streak: \(days) days! Come back tomorrow to keep it going."
            }
        }
    }

    /// A game of the mini quiz finished at `now`, `right` of its 3 questions right, recorded.
    static func play(_ right: Int, at now: String, _ home: CommandHome) throws -> GameEnd {
        let date = try #require(ISO8601DateFormatter().date(from: now))
        let session = Session(
            date: date, score: right, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 4,
            source: "mini.json")
        let output = RecordedOutput()
        let end = GameEnd.record(
            session, bank: try BankLoader.load(path: MiniBank.path), store: HistoryStore(folder: home.dataDir),
            streaks: true, atMenu: false, output: output)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(end.failure == nil)
        return end
    }

    /// Writes `sessions` as the whole archive (the journal left as it is).
    static func writeArchive(_ sessions: [Session], in home: CommandHome) throws {
        try FileManager.default.createDirectory(
            atPath: home.dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = home.dataDir + "/history.archive"
        try KeyedArchive.data(for: sessions).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
    }

    @Test(arguments: [false, true])
    func theLinesAreTheSameWithAndWithoutTheSummary(removeSummary: Bool) throws {
        let home = try CommandHome()
        let summary = home.dataDir + "/history.summary"
        let games: [(right: Int, at: String, lines: [String])] = [
            (1, "2026-03-02T12:00:00Z", ["Your first game of Mini Test Quiz: a best to beat next time."]),
            (2, "2026-03-02T13:00:00Z", ["New best for Mini Test Quiz! Your best before was 1/3."]),
            (2, "2026-03-02T14:00:00Z", ["That equals your best."]),
            (
                0, "2026-03-03T10:00:00Z",
                ["Your best is 2/3.", "Play streak: 2 days! Come back tomorrow to keep it going."]
            ),
            (3, "2026-03-03T11:00:00Z", ["New best for Mini Test Quiz! Your best before was 2/3."]),
            (
                3, "2026-03-04T09:00:00Z",
                ["That equals your best.", "Play streak: 3 days! Come back tomorrow to keep it going."]
            ),
            (3, "2026-03-06T09:00:00Z", ["That equals your best."]),
        ]
        for (number, game) in games.enumerated() {
            if removeSummary { unlink(summary) }
            let end = try Self.play(game.right, at: game.at, home)
            #expect(Self.milestoneLines(end) == game.lines, "game \(number + 1)")
            #expect(FileManager.default.fileExists(atPath: summary), "game \(number + 1)")
        }
    }

    /// 2/3 beats 66/100 (a rounded percentage would not tell them apart);
    /// after 4/6, 2/3 is below it: the same fraction with a lower score.
    @Test func twoThirdsBeatsSixtySixPercentAndIsBelowFourSixths() throws {
        let home = try CommandHome()
        let day = utcDate(2026, 3, 1, 12)
        try Self.writeArchive(
            [Session(date: day, score: 66, total: 100, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1)],
            in: home)
        let beaten = try Self.play(2, at: "2026-03-05T12:00:00Z", home)
        #expect(Self.milestoneLines(beaten) == ["New best for Mini Test Quiz! Your best before was 66/100."])
        try Self.writeArchive(
            [Session(date: day, score: 4, total: 6, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1)],
            in: home)
        let lower = try Self.play(2, at: "2026-03-05T12:00:00Z", home)
        #expect(Self.milestoneLines(lower) == ["Your best is 4/6."])
        let again = try Self.play(2, at: "2026-03-05T13:00:00Z", home)
        #expect(Self.milestoneLines(again) == ["Your best is 4/6."])
    }

    /// Of two earlier games with the same fraction, the one with the higher
    /// score is the best the end of a game names (as `--stats` does), from
    /// the archive or the summary alike.
    @Test func onAnEqualFractionTheHigherScoreIsTheBest() throws {
        let home = try CommandHome()
        let day = utcDate(2026, 3, 1, 12)
        let earlier = [
            Session(date: day, score: 2, total: 4, quiz: "mini", title: "Mini Test Quiz", duration: 30, seed: 1),
            Session(
                date: day.addingTimeInterval(60), score: 4, total: 8, quiz: "mini", title: "Mini Test Quiz",
                duration: 30, seed: 2),
        ]
        try Self.writeArchive(earlier, in: home)
        let below = try Self.play(1, at: "2026-03-05T12:00:00Z", home)
        #expect(Self.milestoneLines(below) == ["Your best is 4/8."])
        try Self.writeArchive(earlier, in: home)
        let whole = try Self.play(3, at: "2026-03-05T12:00:00Z", home)
        #expect(Self.milestoneLines(whole) == ["New best for Mini Test Quiz! Your best before was 4/8."])
    }

    /// An earlier review counts its day for the streak, not as a game of this quiz.
    @Test func anEarlierReviewCountsOnlyItsDay() throws {
        let home = try CommandHome()
        try Self.writeArchive(
            [
                Session(
                    date: utcDate(2026, 3, 4, 12), score: 1, total: 3, quiz: "review", title: "Review", duration: 30,
                    seed: 1)
            ], in: home)
        let game = try Self.play(1, at: "2026-03-05T12:00:00Z", home)
        #expect(
            Self.milestoneLines(game) == [
                "Your first game of Mini Test Quiz: a best to beat next time.",
                "Play streak: 2 days! Come back tomorrow to keep it going.",
            ])
    }

    /// The score line, and where to share from: the menu's `share`, or also `quiz --share`.
    @Test func theScoreAndTheShareOffer() throws {
        let home = try CommandHome()
        let end = try Self.play(2, at: "2026-03-05T12:00:00Z", home)
        #expect(end.lines.first == .score("Mini Test Quiz: 2/3 right (67%)", time: " in 0:30"))
        #expect(end.lines.last == .share("Share this game: type share at the menu, or run quiz --share."))
        let session = Session(date: Date(), score: 0, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 30)
        let milestones = MilestoneBaseline(timeZone: TimeZone(identifier: "UTC")!).milestones(of: session)
        let atMenu = GameEnd.summary(session, milestones: milestones, streaks: true, atMenu: true)
        #expect(atMenu.last == .share("Share this game: type share."))
    }
}
