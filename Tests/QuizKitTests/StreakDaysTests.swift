import Foundation
import Testing

@testable import QuizCore

/// A day counts for the streak when anything was recorded on it, whatever the
/// quiz: a game, or a review (recorded as a game with quiz id `review`). And
/// the stats screen leaves the streak out when the player switched it off.
@Suite struct StreakDaysTests {
    typealias F = StatsFixtures

    @Test func aReviewCountsADayLikeAGame() {
        let sessions =
            F.daily([-2], quiz: "world-capitals") + F.daily([-1], quiz: "review") + F.daily([0], quiz: "flags")
        let streaks = DailyStreaks(sessions: sessions, now: F.utcDate(days: 0, hour: 20), timeZone: F.utc)
        #expect(streaks.current == 3)
        #expect(streaks.longest == 3)
        let progress = MilestoneBaseline(sessions: Array(sessions[0..<2]), timeZone: F.utc).milestones(
            of: sessions[2]
        ).streak
        #expect(progress.after == 3)
        #expect(progress.extended)
    }

    @Test func theStatsScreenLeavesTheStreakOutWhenSwitchedOff() {
        let statistics = Statistics(sessions: F.daily([-1, 0]), now: F.utcDate(days: 0, hour: 20), timeZone: F.utc)
        let on = statistics.text()
        let off = statistics.text(streaks: false)
        #expect(on.contains("Play streak: 2 days · longest 2 days"))
        #expect(!off.contains("streak"))
        #expect(
            off.split(separator: "\n", omittingEmptySubsequences: false).count
                == on.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        #expect(off.hasPrefix("2 games · 2:00 played · average 50%\n\nQuiz"))
    }
}
