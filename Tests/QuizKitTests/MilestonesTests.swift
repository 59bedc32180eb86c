import Foundation
import Testing

@testable import QuizCore

@Suite struct MilestonesTests {
    typealias F = StatsFixtures

    let earlier = [
        F.game("geo", 6, of: 10, at: F.utcDate(days: -3, hour: 12)),
        F.game("geo", 7, of: 10, at: F.utcDate(days: -2, hour: 12)),
        F.game("flags", 10, of: 10, at: F.utcDate(days: -1, hour: 12)),
    ]

    /// `session`'s standing among `history` (a copy of it there ignored).
    func standing(of session: Session, history: [Session]) -> Milestones.Standing {
        let earlier = history.filter { $0 !== session && !$0.isEqual(session) }
        return MilestoneBaseline(sessions: earlier, timeZone: F.utc).milestones(of: session).standing
    }

    func best(_ session: Session) -> MilestoneBaseline.Best {
        MilestoneBaseline.Best(score: session.score, total: session.total!, date: session.date, title: session.title)
    }

    func streakProgress(of session: Session, history: [Session], timeZone: TimeZone) -> Milestones.StreakProgress {
        MilestoneBaseline(sessions: history.filter { !$0.isEqual(session) }, timeZone: timeZone).milestones(of: session)
            .streak
    }

    @Test func theFirstGameOfAQuizIsItsOwnCase() {
        let first = F.game("music", 1, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: first, history: earlier) == .firstGame)
        #expect(standing(of: first, history: []) == .firstGame)
    }

    @Test func aStrictlyHigherPercentageIsANewBest() {
        let game = F.game("geo", 8, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: game, history: earlier) == .newBest(previous: best(earlier[1])))
    }

    /// The rule `--stats` uses: the same fraction with a higher score is
    /// better (14/20 over 7/10); the same score of the same total equals it.
    @Test func anEqualPercentageIsANewBestOnlyWithAHigherScore() {
        let same = F.game("geo", 7, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: same, history: earlier) == .equalsBest)
        let scaled = F.game("geo", 14, of: 20, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: scaled, history: earlier) == .newBest(previous: best(earlier[1])))
        let smaller = F.game("geo", 7, of: 10, at: F.utcDate(days: 1, hour: 12))
        #expect(standing(of: smaller, history: earlier + [scaled]) == .belowBest(best(scaled)))
        let lower = F.game("geo", 2, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: lower, history: earlier) == .belowBest(best(earlier[1])))
    }

    @Test func percentagesAreComparedExactly() {
        // 2/3 is 66.67%, above 66/100 although both round to 67% or so.
        let before = [F.game("geo", 66, of: 100, at: F.utcDate(days: -1, hour: 12))]
        let game = F.game("geo", 2, of: 3, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: game, history: before) == .newBest(previous: best(before[0])))
        let reverse = [game]
        let lower = F.game("geo", 66, of: 100, at: F.utcDate(days: 1, hour: 12))
        #expect(standing(of: lower, history: reverse) == .belowBest(best(game)))
    }

    @Test func theNewSessionInTheHistoryIsIgnored() {
        let game = F.game("geo", 8, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: game, history: earlier + [game]) == .newBest(previous: best(earlier[1])))
        let alone = F.game("music", 5, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: alone, history: [alone]) == .firstGame)
    }

    @Test func earlierGamesWithoutATotalDoNotCountAsScores() {
        let legacy = [Session(date: F.utcDate(days: -5, hour: 12), score: 9)]
        let game = F.game(nil, 3, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(standing(of: game, history: legacy) == .newBest(previous: nil))
    }

    @Test func theFirstGameOfADayAfterYesterdayExtendsTheStreak() {
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 9))
        let progress = streakProgress(of: game, history: earlier, timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 3, after: 4, isFirstGameOfDay: true))
        #expect(progress.extended)
    }

    @Test func aSecondGameTheSameDayDoesNotExtendIt() {
        let morning = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 9))
        let evening = F.game("geo", 6, of: 10, at: F.utcDate(days: 0, hour: 20))
        let progress = streakProgress(of: evening, history: earlier + [morning], timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 4, after: 4, isFirstGameOfDay: false))
        #expect(!progress.extended)
    }

    @Test func aGameAfterABreakStartsAStreakOfOne() {
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 5, hour: 9))
        let progress = streakProgress(of: game, history: earlier, timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 0, after: 1, isFirstGameOfDay: true))
    }

    @Test func whetherItIsTheSameDayDependsOnTheTimeZone() {
        // 2026-11-29 02:00Z follows a game at 2026-11-28 20:00Z: the next day
        // in UTC, the same evening (the 28th) in Los Angeles.
        let before = [F.game("geo", 5, of: 10, at: F.utcDate(days: -1, hour: 20))]
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 2))
        #expect(streakProgress(of: game, history: before, timeZone: F.utc).extended)
        let inLosAngeles = streakProgress(of: game, history: before, timeZone: F.losAngeles)
        #expect(!inLosAngeles.extended)
        #expect(inLosAngeles == Milestones.StreakProgress(before: 1, after: 1, isFirstGameOfDay: false))
    }
}
