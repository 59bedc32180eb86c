import Foundation
import Testing

@testable import QuizCore

private let utc = TimeZone(identifier: "UTC")!

/// Three games, stored oldest first as the history keeps them.
private let computing = Session(
    date: utcDate(2024, 2, 28, 23, 59), score: 10, total: 10, quiz: "computing", duration: 3_723, seed: -3)
private let capitals = Session(
    date: utcDate(2024, 3, 1, 9, 5), score: 7, total: 10, quiz: "world-capitals", title: "World Capitals", duration: 95)
private let elements = Session(
    date: utcDate(2024, 3, 2, 18, 30), score: 3, total: 4, quiz: "elements", title: "Chemical Elements",
    duration: 42.4, seed: 7)
private let stored = [computing, capitals, elements]

private let legacyOld = Session(date: utcDate(2024, 1, 5, 12), score: 7)
private let legacyNew = Session(date: utcDate(2024, 1, 6, 12), score: 3)

@Suite("HistoryReport: table")
struct HistoryReportTableTests {
    @Test func tableLayoutNewestFirst() {
        let report = HistoryReport(sessions: stored, timeZone: utc)
        #expect(report.sessions == [elements, capitals, computing])
        let expected = [
            "Date        Time   Quiz               Score     %     Took",
            "──────────  ─────  ─────────────────  ─────  ────  ───────",
            "2024-03-02  18:30  Chemical Elements    3/4   75%     0:42",
            "2024-03-01  09:05  World Capitals      7/10   70%     1:35",
            "2024-02-28  23:59  computing          10/10  100%  1:02:03",
            "",
            "3 games · average 82% · best 10/10 (computing)",
        ].joined(separator: "\n")
        #expect(report.render(.table) == expected)
    }

    @Test func knownTitlesNameQuizzesThatRecordedNone() {
        let report = HistoryReport(sessions: [computing], timeZone: utc, titles: ["computing": "Computing"])
        #expect(report.render(.table).contains("2024-02-28  23:59  Computing  10/10  100%  1:02:03"))
        #expect(report.summary() == "1 game · average 100% · best 10/10 (Computing)")
    }

    /// The closing line scores a daily as the game it is, as `--stats`
    /// does, and leaves a review's score out (it is counted, not scored).
    @Test func theSummaryScoresDailiesAndNotReviews() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var daily = Session.Fields(date: start, score: 9)
        daily.total = 10
        daily.daily = 3
        let sessions = [
            Session(daily),
            Session(date: start.addingTimeInterval(60), score: 3, total: 10, quiz: "capitals", title: "Capitals"),
            Session(date: start.addingTimeInterval(120), score: 8, total: 8, quiz: Session.Kind.reviewQuizID),
        ]
        let summary = HistoryReport(sessions: sessions, timeZone: utc).summary()
        #expect(summary.hasPrefix("3 games · average 60% · best 9/10 ("), "\(summary)")
    }

    /// The best game as `--stats` has it: among equal fractions the higher
    /// score (5/5 over an earlier 3/3), then the earlier game.
    @Test func theBestIsStatsBest() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func game(_ score: Int, _ total: Int, _ day: Double, _ quiz: String) -> Session {
            Session(date: start.addingTimeInterval(day * 86_400), score: score, total: total, quiz: quiz, title: quiz)
        }
        let sessions = [
            game(3, 3, 0, "first"), game(5, 5, 1, "larger"), game(2, 2, 2, "later"), game(5, 5, 3, "again"),
        ]
        #expect(HistoryReport(sessions: sessions, timeZone: utc).summary().hasSuffix("best 5/5 (larger)"))
    }

    @Test func datesFollowTheTimeZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let report = HistoryReport(sessions: [elements], timeZone: tokyo)
        #expect(report.render(.table).split(separator: "\n")[2].hasPrefix("2024-03-03  03:30  Chemical Elements"))
    }

    @Test func wideCharactersAlignByDisplayWidth() {
        let wide = Session(
            date: utcDate(2024, 5, 1, 8), score: 4, total: 5, quiz: "beijing", title: "北京の首都クイズ", duration: 120)
        let narrow = Session(
            date: utcDate(2024, 4, 30, 20, 15), score: 1, total: 5, quiz: "capitals", title: "Capitals", duration: 30)
        let table = HistoryReport(sessions: [narrow, wide], timeZone: utc).render(.table)
        let expected = [
            "Date        Time   Quiz              Score    %  Took",
            "──────────  ─────  ────────────────  ─────  ───  ────",
            "2024-05-01  08:00  北京の首都クイズ    4/5  80%  2:00",
            "2024-04-30  20:15  Capitals            1/5  20%  0:30",
            "",
            "2 games · average 50% · best 4/5 (北京の首都クイズ)",
        ].joined(separator: "\n")
        #expect(table == expected)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).prefix(4)
        #expect(Set(lines.map { DisplayWidth.of(String($0)) }) == [53])
    }

    @Test func longTitleIsShortenedToFitEightyColumns() {
        let title = "The Extraordinarily Long and Winding Quiz About Every Capital City Ever Recorded in History"
        let long = Session(date: utcDate(2024, 6, 1, 10), score: 5, total: 10, quiz: "long", title: title, duration: 60)
        let lines = HistoryReport(sessions: [long], timeZone: utc).render(.table).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        #expect(lines.count == 5)
        let rows = Array(lines.prefix(3))
        for line in rows {
            #expect(DisplayWidth.of(line) == 80, "\(line)")
        }
        #expect(rows[2] == "2024-06-01  10:00  " + title.prefix(42) + "…   5/10  50%  1:00")
        #expect(lines[3] == "")
        // The summary names the best game's title; it must fit too.
        do {
            for line in lines {
                #expect(DisplayWidth.of(line) <= 80, "\(line)")
            }
        }
    }

    @Test func narrowWidthShortensTheQuizColumnFurther() {
        let report = HistoryReport(sessions: [capitals], timeZone: utc)
        let lines = report.render(.table, width: 45).split(separator: "\n").map(String.init)
        #expect(lines[2] == "2024-03-01  09:05  World C…   7/10  70%  1:35")
        #expect(lines.prefix(3).allSatisfy { DisplayWidth.of($0) == 45 })
    }

    @Test func legacySessionsShowUnknownsAsQuestionMarks() {
        let table = HistoryReport(sessions: [legacyOld, legacyNew], timeZone: utc).render(.table)
        let expected = [
            "Date        Time   Quiz          Score  %  Took",
            "──────────  ─────  ────────────  ─────  ─  ────",
            "2024-01-06  12:00  unknown quiz    3/?  ?     ?",
            "2024-01-05  12:00  unknown quiz    7/?  ?     ?",
            "",
            "2 games",
        ].joined(separator: "\n")
        #expect(table == expected)
    }

    @Test func emptyHistoryGivesTheFriendlyLine() {
        let friendly = "No games yet. Play one with `quiz`, and it will show here."
        #expect(HistoryReport(sessions: [], timeZone: utc).render(.table) == friendly)
        #expect(HistoryReport(sessions: stored, quiz: "nonexistent", timeZone: utc).render(.table) == friendly)
        #expect(HistoryReport(sessions: stored, limit: 0, timeZone: utc).render(.table) == friendly)
    }

    @Test func limitKeepsTheNewest() {
        #expect(HistoryReport(sessions: stored, limit: 2, timeZone: utc).sessions == [elements, capitals])
        #expect(HistoryReport(sessions: stored, limit: 10, timeZone: utc).sessions == [elements, capitals, computing])
        #expect(HistoryReport(sessions: stored, limit: -1, timeZone: utc).sessions == [])
    }

    @Test func quizFilterKeepsOneQuiz() {
        let again = Session(date: utcDate(2024, 3, 5), score: 4, total: 4, quiz: "elements", title: "Chemical Elements")
        let all = stored + [again, legacyOld]
        #expect(HistoryReport(sessions: all, quiz: "elements", timeZone: utc).sessions == [again, elements])
        #expect(HistoryReport(sessions: all, quiz: "elements", limit: 1, timeZone: utc).sessions == [again])
        let table = HistoryReport(sessions: all, quiz: "elements", timeZone: utc).render(.table)
        #expect(!table.contains("World Capitals"))
        #expect(table.hasSuffix("2 games · average 88% · best 4/4 (Chemical Elements)"))
    }

    @Test func gamesFinishedAtTheSameMomentShowTheLaterRecordedFirst() {
        let date = utcDate(2024, 7, 1, 12)
        let first = Session(date: date, score: 1, total: 2, quiz: "a")
        let second = Session(date: date, score: 2, total: 2, quiz: "b")
        #expect(HistoryReport(sessions: [first, second], timeZone: utc).sessions.map(\.quiz) == ["b", "a"])
    }

    @Test func bestGameTieGoesToTheEarliest() {
        let early = Session(date: utcDate(2024, 1, 1), score: 5, total: 5, quiz: "early")
        let late = Session(date: utcDate(2024, 2, 1), score: 3, total: 3, quiz: "late")
        #expect(
            HistoryReport(sessions: [early, late], timeZone: utc).summary()
                == "2 games · average 100% · best 5/5 (early)")
    }
}

@Suite("HistoryReport: exports")
struct HistoryReportExportTests {
    @Test func csvFollowsRFC4180() {
        let quoted = Session(
            date: utcDate(2024, 3, 3, 7, 45, 30), score: 2, total: 3, quiz: "capitals-hard",
            title: "Capitals, \"hard\" mode", duration: 12.34, seed: 0)
        let report = HistoryReport(sessions: stored + [quoted, legacyOld], timeZone: utc)
        let expected =
            "date,quiz,title,score,total,percent,duration_seconds,seed\r\n"
            + "2024-03-03T07:45:30Z,capitals-hard,\"Capitals, \"\"hard\"\" mode\",2,3,67,12.3,0\r\n"
            + "2024-03-02T18:30:00Z,elements,Chemical Elements,3,4,75,42.4,7\r\n"
            + "2024-03-01T09:05:00Z,world-capitals,World Capitals,7,10,70,95.0,\r\n"
            + "2024-02-28T23:59:00Z,computing,,10,10,100,3723.0,-3\r\n"
            + "2024-01-05T12:00:00Z,,,7,,,,\r\n"
        #expect(report.render(.csv) == expected)
    }

    @Test func csvQuotesLineBreaks() {
        let session = Session(date: utcDate(2024, 1, 1), score: 1, total: 1, quiz: "q", title: "Two\nLines")
        let csv = HistoryReport(sessions: [session], timeZone: utc).render(.csv)
        #expect(csv.hasSuffix("2024-01-01T00:00:00Z,q,\"Two\nLines\",1,1,100,,\r\n"))
    }

    @Test func csvDatesCarryTheTimeZoneOffset() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let csv = HistoryReport(sessions: [elements], timeZone: tokyo).render(.csv)
        #expect(csv.contains("\r\n2024-03-03T03:30:00+09:00,elements,"))
    }

    @Test func jsonParsesBackWithISODates() throws {
        let report = HistoryReport(sessions: stored + [legacyOld], timeZone: utc)
        let json = report.render(.json)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let objects = try #require(parsed as? [[String: Any]])
        #expect(objects.count == 4)

        let first = objects[0]
        #expect(first["date"] as? String == "2024-03-02T18:30:00Z")
        #expect(first["quiz"] as? String == "elements")
        #expect(first["title"] as? String == "Chemical Elements")
        #expect((first["score"] as? NSNumber)?.intValue == 3)
        #expect((first["total"] as? NSNumber)?.intValue == 4)
        #expect((first["percent"] as? NSNumber)?.intValue == 75)
        #expect((first["duration"] as? NSNumber)?.doubleValue == 42.4)
        #expect((first["seed"] as? NSNumber)?.intValue == 7)

        let iso = ISO8601DateFormatter()
        let dates = objects.compactMap { ($0["date"] as? String).flatMap(iso.date(from:)) }
        #expect(dates == [elements.date, capitals.date, computing.date, legacyOld.date])

        let legacy = objects[3]
        // A title neither recorded nor known from a bank is unknown: null, not "unknown quiz".
        #expect(legacy["title"] is NSNull)
        #expect((legacy["score"] as? NSNumber)?.intValue == 7)
        for key in ["quiz", "total", "percent", "duration", "seed"] {
            #expect(legacy[key] is NSNull, "\(key)")
        }
        #expect(
            Set(legacy.keys) == [
                "date", "quiz", "title", "score", "total", "percent", "duration", "seed", "daily", "practice",
                "results",
            ])
        #expect(legacy["daily"] is NSNull)
        #expect(legacy["practice"] as? Bool == false)
        #expect((legacy["results"] as? [Any])?.isEmpty == true, "a classic session has no results")
    }

    @Test func emptyJSONIsAnEmptyArray() throws {
        let json = HistoryReport(sessions: [], timeZone: utc).render(.json)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect((parsed as? [Any])?.isEmpty == true)
    }

    @Test func markdownTable() {
        let report = HistoryReport(sessions: [capitals, elements], timeZone: utc)
        let expected = [
            "| Date | Quiz | Score | % | Took |",
            "| --- | --- | ---: | ---: | ---: |",
            "| 2024-03-02 18:30 | Chemical Elements | 3/4 | 75% | 0:42 |",
            "| 2024-03-01 09:05 | World Capitals | 7/10 | 70% | 1:35 |",
        ].joined(separator: "\n")
        #expect(report.render(.markdown) == expected)
    }

    @Test func markdownEscapesPipesBackslashesAndLineBreaks() {
        let session = Session(
            date: utcDate(2024, 1, 2, 3, 4), score: 1, total: 2, quiz: "x", title: "Cats | Dogs \\ Birds\nFish")
        let markdown = HistoryReport(sessions: [session], timeZone: utc).render(.markdown)
        #expect(markdown.hasSuffix("\n| 2024-01-02 03:04 | Cats \\| Dogs \\\\ Birds Fish | 1/2 | 50% | ? |"))
    }
}
