import Foundation
import Testing

@testable import QuizCore

@Suite struct CalendarHeatmapTests {
    typealias F = StatsFixtures

    /// Now: Thursday 2026-11-26 15:00Z. The map runs from Monday 2026-09-07
    /// (column 0) to Sunday 2026-11-29 (column 11).
    let now = F.utcDate(days: -3, hour: 15)

    var dates: [Date] {
        [F.utcDate(days: -84, hour: 12)]  // Sunday Sep 6: before the map
            + [12, 13].map { F.utcDate(days: -83, hour: $0) }  // Monday Sep 7: 2 games
            + [9, 10, 11].map { F.utcDate(days: -46, hour: $0) }  // Wednesday Oct 14: 3 games
            + [F.utcDate(days: -6, hour: 2)]  // Monday Nov 23 02:00Z (Sunday evening in Los Angeles)
            + [1, 2, 3, 4, 5].map { F.utcDate(days: -3, hour: $0) }  // Thursday Nov 26: 5 games
    }

    @Test func cellsAreShadedByGamesThatDay() {
        let map = CalendarHeatmap(dates: dates, now: now, timeZone: F.utc)
        #expect(map.days.count == 84)
        #expect(map.day(row: 0, column: 0).date == "2026-09-07")
        #expect(map.day(row: 6, column: 11).date == "2026-11-29")
        #expect(map.cell(row: 0, column: 0) == "▒")
        #expect(map.cell(row: 2, column: 5) == "▓")
        #expect(map.day(row: 2, column: 5).date == "2026-10-14")
        #expect(map.cell(row: 0, column: 11) == "░")
        #expect(map.cell(row: 3, column: 11) == "█")
        #expect(map.day(row: 3, column: 11).games == 5)
        #expect(map.cell(row: 1, column: 11) == "·")
        #expect(map.days.map(\.games).reduce(0, +) == 11)
    }

    @Test func daysAfterTodayAreBlank() {
        let map = CalendarHeatmap(dates: dates, now: now, timeZone: F.utc)
        #expect((4...6).map { map.cell(row: $0, column: 11) } == [" ", " ", " "])
        #expect((4...6).allSatisfy { map.day(row: $0, column: 11).isFuture })
        #expect(!map.day(row: 3, column: 11).isFuture)
    }

    @Test func theTimeZoneMovesGamesToOtherDays() {
        let map = CalendarHeatmap(dates: dates, now: now, timeZone: F.losAngeles)
        // Nov 23 02:00Z is Sunday Nov 22 in Los Angeles; Nov 26 01:00–05:00Z is Wednesday the 25th.
        #expect(map.cell(row: 0, column: 11) == "·")
        #expect(map.cell(row: 6, column: 10) == "░")
        #expect(map.cell(row: 3, column: 11) == "·")
        #expect(map.cell(row: 2, column: 11) == "█")
    }

    @Test func asciiShades() {
        let map = CalendarHeatmap(dates: dates, now: now, timeZone: F.utc)
        let cells = [(1, 11), (0, 11), (0, 0), (2, 5), (3, 11), (5, 11)].map {
            map.cell(row: $0, column: $1, ascii: true)
        }
        #expect(cells == [".", "-", "+", "*", "#", " "])
    }

    @Test func textIsExact() {
        let map = CalendarHeatmap(dates: dates, now: now, timeZone: F.utc)
        #expect(
            map.text() == """
                    Sep   Oct     Nov
                Mon ▒ · · · · · · · · · · ░
                    · · · · · · · · · · · ·
                Wed · · · · · ▓ · · · · · ·
                    · · · · · · · · · · · █
                Fri · · · · · · · · · · ·
                    · · · · · · · · · · ·
                    · · · · · · · · · · ·
                    · none  ░ 1  ▒ 2  ▓ 3  █ 4+
                """)
        #expect(map.text(ascii: true).split(separator: "\n")[1] == "Mon + . . . . . . . . . . -")
    }

    @Test func aMonthStartingInTheSecondColumnLeavesTheFirstUnlabelled() {
        // Now: Wednesday 2026-12-09. The map starts Monday 2026-09-21; Oct 1 is in column 1.
        let map = CalendarHeatmap(dates: [], now: F.utcDate(days: 10, hour: 12), timeZone: F.utc)
        #expect(map.day(row: 0, column: 0).date == "2026-09-21")
        #expect(map.text().split(separator: "\n")[0] == "      Oct     Nov       Dec")
    }
}
