import Foundation
import Testing

@testable import QuizCore

/// `Percent` and `QuizTitle`: the one rounding and the one title fallback
/// every screen uses.
@Suite struct PercentTests {
    @Test func roundsHalfAwayFromZero() {
        #expect(Percent.of(0.5) == 50)
        #expect(Percent.of(0.125) == 13)
        #expect(Percent.of(0.005) == 1)
        #expect(Percent.of(2.0 / 3.0) == 67)
        #expect(Percent.of(-0.125) == -13)
        #expect(Percent.of(.nan) == nil)
        #expect(Percent.of(.infinity) == nil)
    }

    /// 66/100 and three games of 2/3 average 66.5%, whichever order the
    /// fractions are summed in (the history's line sums newest first,
    /// `--stats` oldest first): both say 67%.
    @Test func anAverageOnAHalfRoundsTheSameInEitherOrder() throws {
        let fractions = [0.66, 2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0]
        let forward = fractions.reduce(0, +) / 4
        let backward = fractions.reversed().reduce(0, +) / 4
        #expect(forward != backward)  // the premise: two different Doubles
        #expect(Percent.of(forward) == 67 && Percent.of(backward) == 67)
        let day = Date(timeIntervalSinceReferenceDate: 780_000_000)
        let games = [(66, 100), (2, 3), (2, 3), (2, 3)].enumerated().map { index, game in
            Session(date: day.addingTimeInterval(Double(index) * 60), score: game.0, total: game.1, quiz: "q")
        }
        let statistics = Statistics(sessions: games, now: day.addingTimeInterval(600), timeZone: .gmt)
        #expect(statistics.averagePercent == 67)
        let table = HistoryReport(sessions: games, timeZone: .gmt).render(.table)
        #expect(table.contains("average 67%"), "\(table)")
    }

    @Test func partOfWhole() {
        #expect(Percent.rounded(7, of: 8) == 88)
        #expect(Percent.rounded(1, of: 3) == 33)
        #expect(Percent.rounded(0, of: 4) == 0)
        #expect(Percent.rounded(3, of: 0) == nil)
        #expect(Percent.rounded(3, of: -2) == nil)
    }

    @Test func theTitleFallsBackToTheIdThenUnknown() {
        #expect(QuizTitle.shown(title: "Rivers", quiz: "rivers", titles: ["rivers": "Other"]) == "Rivers")
        #expect(QuizTitle.shown(title: nil, quiz: "rivers", titles: ["rivers": "Great Rivers"]) == "Great Rivers")
        #expect(QuizTitle.shown(title: nil, quiz: "rivers") == "rivers")
        #expect(QuizTitle.shown(title: nil, quiz: nil) == Statistics.unknownQuizTitle)
        #expect(QuizTitle.shown(title: nil, quiz: nil, unknown: "quiz") == "quiz")
    }
}
