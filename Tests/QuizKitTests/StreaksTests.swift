import Foundation
import Testing

@testable import QuizCore

@Suite struct StreaksTests {
    typealias F = StatsFixtures

    @Test func aGameYesterdayKeepsTheStreakGoing() {
        let streaks = DailyStreaks(sessions: F.daily([-3, -2, -1]), now: F.utcDate(days: 0, hour: 10), timeZone: F.utc)
        #expect(streaks.figures == [3, 3])
    }

    @Test func aGameTodayCountsToday() {
        let streaks = DailyStreaks(sessions: F.daily([-1, 0]), now: F.utcDate(days: 0, hour: 23), timeZone: F.utc)
        #expect(streaks.figures == [2, 2])
    }

    @Test func aLastGameBeforeYesterdayEndsTheStreak() {
        let streaks = DailyStreaks(
            sessions: F.daily([-9, -8, -7, -6, -3, -2]), now: F.utcDate(days: 0, hour: 10), timeZone: F.utc)
        #expect(streaks.figures == [0, 4])
    }

    @Test func noGamesNoStreak() {
        let streaks = DailyStreaks(sessions: [], now: F.utcDate(days: 0, hour: 10), timeZone: F.utc)
        #expect(streaks.figures == [0, 0])
    }

    @Test func secondsEitherSideOfMidnightAreTwoDays() {
        let dates = [F.utcDate(days: -1, hour: 24 - 1.0 / 3600), F.utcDate(days: 0, hour: 0)]
        let streaks = DailyStreaks(dates: dates, now: F.utcDate(days: 0, hour: 0.01), timeZone: F.utc)
        #expect(streaks.figures == [2, 2])
        // A minute past midnight, a game just before it is yesterday's and
        // still counts; a day later it is two days old and does not.
        let justAfter = DailyStreaks(dates: [dates[0]], now: F.utcDate(days: 0, hour: 0.02), timeZone: F.utc)
        #expect(justAfter.current == 1)
        let dayAfter = DailyStreaks(dates: [dates[0]], now: F.utcDate(days: 1, hour: 0.02), timeZone: F.utc)
        #expect(dayAfter.current == 0)
    }

    @Test func theSameInstantsMakeDifferentStreaksInDifferentZones() {
        // 2026-11-28 20:00Z and 2026-11-29 02:00Z: two days in UTC, one
        // evening in Los Angeles (12:00 and 18:00 on the 28th), one day in
        // Auckland (09:00 and 15:00 on the 29th).
        let dates = [F.utcDate(days: -1, hour: 20), F.utcDate(days: 0, hour: 2)]
        let now = F.utcDate(days: 0, hour: 3)
        #expect(DailyStreaks(dates: dates, now: now, timeZone: F.utc).figures == [2, 2])
        #expect(
            DailyStreaks(dates: dates, now: now, timeZone: F.losAngeles).figures == [1, 1])
        #expect(
            DailyStreaks(dates: dates, now: now, timeZone: F.auckland).figures == [1, 1])
    }

    @Test func aucklandSeesTwoDaysWhereUTCSeesOne() {
        // 2026-11-28 10:00Z and 12:00Z are 23:00 on the 28th and 01:00 on the 29th in Auckland.
        let dates = [F.utcDate(days: -1, hour: 10), F.utcDate(days: -1, hour: 12)]
        let now = F.utcDate(days: -1, hour: 13)
        #expect(DailyStreaks(dates: dates, now: now, timeZone: F.utc).figures == [1, 1])
        #expect(
            DailyStreaks(dates: dates, now: now, timeZone: F.auckland).figures == [2, 2])
    }

    @Test func theStreakIsBrokenInUTCButAliveInLosAngeles() {
        // Last game 2026-11-27 22:00Z, now 2026-11-29 07:00Z: two days ago in
        // UTC; in Los Angeles the game was on the 27th and today is the 28th.
        let dates = [F.utcDate(days: -2, hour: 22)]
        let now = F.utcDate(days: 0, hour: 7)
        #expect(DailyStreaks(dates: dates, now: now, timeZone: F.utc).current == 0)
        #expect(DailyStreaks(dates: dates, now: now, timeZone: F.losAngeles).current == 1)
        #expect(DailyStreaks(dates: dates, now: now, timeZone: F.auckland).current == 1)
    }

    @Test func daylightSavingTimeDoesNotBreakAStreak() {
        // 23:30 in Los Angeles on Oct 31 (PDT), Nov 1 (the clocks go back) and Nov 2 (PST).
        let base = Date(timeIntervalSince1970: 1_793_514_600)  // 2026-10-31T23:30:00-07:00
        let dates = [base, base.addingTimeInterval(25 * 3_600), base.addingTimeInterval(49 * 3_600)]
        let now = base.addingTimeInterval(49 * 3_600 + 1_800)  // 2026-11-03 00:00 PST
        #expect(
            DailyStreaks(dates: dates, now: now, timeZone: F.losAngeles).figures == [3, 3])
    }

    @Test func orderOfDatesDoesNotMatter() {
        let sessions = F.daily([-1, -5, 0, -4, -2])
        let streaks = DailyStreaks(sessions: sessions, now: F.utcDate(days: 0, hour: 13), timeZone: F.utc)
        #expect(streaks.figures == [3, 3])
    }
}

extension DailyStreaks {
    /// `[current, longest]`, to compare both at once.
    var figures: [Int] { [current, longest] }
}
