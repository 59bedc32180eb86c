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

    @Test func theFirstGameOfAQuizIsItsOwnCase() {
        let first = F.game("music", 1, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: first, history: earlier) == .firstGame)
        #expect(Milestones.personalBest(of: first, history: []) == .firstGame)
    }

    @Test func aStrictlyHigherPercentageIsANewBest() {
        let game = F.game("geo", 8, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: game, history: earlier) == .newBest(previous: earlier[1]))
    }

    @Test func anEqualPercentageIsNotANewBest() {
        let same = F.game("geo", 7, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: same, history: earlier) == .notBest)
        // 14/20 is 70% too, with more questions.
        let scaled = F.game("geo", 14, of: 20, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: scaled, history: earlier) == .notBest)
        let lower = F.game("geo", 2, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: lower, history: earlier) == .notBest)
    }

    @Test func percentagesAreComparedExactly() {
        // 2/3 is 66.67%, above 66/100 although both round to 67% or so.
        let before = [F.game("geo", 66, of: 100, at: F.utcDate(days: -1, hour: 12))]
        let game = F.game("geo", 2, of: 3, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: game, history: before) == .newBest(previous: before[0]))
        let reverse = [game]
        let lower = F.game("geo", 66, of: 100, at: F.utcDate(days: 1, hour: 12))
        #expect(Milestones.personalBest(of: lower, history: reverse) == .notBest)
    }

    @Test func theNewSessionInTheHistoryIsIgnored() {
        let game = F.game("geo", 8, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: game, history: earlier + [game]) == .newBest(previous: earlier[1]))
        let alone = F.game("music", 5, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: alone, history: [alone]) == .firstGame)
    }

    @Test func earlierGamesWithoutATotalDoNotCountAsScores() {
        let legacy = [Session(date: F.utcDate(days: -5, hour: 12), score: 9)]
        let game = F.game(nil, 3, of: 10, at: F.utcDate(days: 0, hour: 12))
        #expect(Milestones.personalBest(of: game, history: legacy) == .newBest(previous: nil))
    }

    @Test func theFirstGameOfADayAfterYesterdayExtendsTheStreak() {
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 9))
        let progress = Milestones.streakProgress(of: game, history: earlier, timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 3, after: 4, isFirstGameOfDay: true))
        #expect(progress.extended)
    }

    @Test func aSecondGameTheSameDayDoesNotExtendIt() {
        let morning = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 9))
        let evening = F.game("geo", 6, of: 10, at: F.utcDate(days: 0, hour: 20))
        let progress = Milestones.streakProgress(of: evening, history: earlier + [morning], timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 4, after: 4, isFirstGameOfDay: false))
        #expect(!progress.extended)
    }

    @Test func aGameAfterABreakStartsAStreakOfOne() {
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 5, hour: 9))
        let progress = Milestones.streakProgress(of: game, history: earlier, timeZone: F.utc)
        #expect(progress == Milestones.StreakProgress(before: 0, after: 1, isFirstGameOfDay: true))
    }

    @Test func whetherItIsTheSameDayDependsOnTheTimeZone() {
        // 2026-11-29 02:00Z follows a game at 2026-11-28 20:00Z: the next day
        // in UTC, the same evening (the 28th) in Los Angeles.
        let before = [F.game("geo", 5, of: 10, at: F.utcDate(days: -1, hour: 20))]
        let game = F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 2))
        #expect(Milestones.streakProgress(of: game, history: before, timeZone: F.utc).extended)
        let inLosAngeles = Milestones.streakProgress(of: game, history: before, timeZone: F.losAngeles)
        #expect(!inLosAngeles.extended)
        #expect(inLosAngeles == Milestones.StreakProgress(before: 1, after: 1, isFirstGameOfDay: false))
    }
}
