import Foundation
import Testing

@testable import QuizCore

@Suite struct StatisticsTests {
    typealias F = StatsFixtures

    /// Now: 2026-11-29 12:00Z.
    let now = F.utcDate(days: 0, hour: 12)

    /// World Capitals 6/10, 8/10, 7/10; Flags 3/4 untimed; one classic session
    /// with only a date and a score.
    var history: [Session] {
        [
            Session(date: F.utcDate(days: -10, hour: 12), score: 5),
            F.game(
                "world-capitals", 6, of: 10, at: F.utcDate(days: -2, hour: 12), title: "World Capitals",
                duration: 60,
                results: [
                    QuestionResult(
                        prompt: "What is the capital of Australia?", outcome: .wrong, given: "Sydney",
                        answer: "Canberra")
                ]),
            F.game(
                "world-capitals", 8, of: 10, at: F.utcDate(days: -1, hour: 12), title: "World Capitals",
                duration: 90,
                results: [
                    QuestionResult(
                        prompt: "What is the capital of Australia?", outcome: .skipped, given: nil,
                        answer: "Canberra")
                ]),
            F.game("flags", 3, of: 4, at: F.utcDate(days: -1, hour: 18), title: "Flags", duration: nil),
            F.game(
                "world-capitals", 7, of: 10, at: F.utcDate(days: 0, hour: 10), title: "World Capitals",
                duration: 30,
                results: [
                    QuestionResult(
                        prompt: "What is the capital of Australia?", outcome: .right, given: "Canberra",
                        answer: "Canberra")
                ]),
        ]
    }

    @Test func totalsAndAverages() {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        #expect(stats.games == 5)
        #expect(stats.totalDuration == 180)
        #expect(stats.timedGames == 3)
        // (60% + 80% + 75% + 70%) / 4; the classic session has no total.
        #expect(stats.averagePercent == 71)
        #expect(stats.streaks.current == 3)
        #expect(stats.streaks.longest == 3)
    }

    @Test func perQuizFigures() throws {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        #expect(stats.quizzes.map(\.quiz) == ["world-capitals", "flags", nil])
        let capitals = stats.quizzes[0]
        #expect(capitals.title == "World Capitals")
        #expect(capitals.games == 3)
        #expect([capitals.bestScore, capitals.bestTotal, capitals.bestPercent] == [8, 10, 80])
        #expect(capitals.averagePercent == 70)
        #expect([capitals.lastScore, capitals.lastTotal] == [7, 10])
        #expect(capitals.trend == [0.6, 0.8, 0.7])
        #expect(Sparkline.render(capitals.trend) == "▅▇▆")
        let unknown = stats.quizzes[2]
        #expect(unknown.title == "unknown quiz")
        #expect(unknown.bestScore == 5)
        #expect(unknown.bestTotal == nil)
        #expect(unknown.averagePercent == nil)
        #expect(Sparkline.render(unknown.trend) == " ")
    }

    @Test func theTrendKeepsTheLastTwentyGames() {
        let sessions = (0..<25).map { F.game("geo", $0 % 11, of: 10, at: F.utcDate(days: $0 - 30, hour: 12)) }
        let stats = Statistics(sessions: sessions, now: now, timeZone: F.utc)
        #expect(stats.quizzes[0].trend.count == 20)
        #expect(stats.quizzes[0].trend.first == 0.5)
        #expect(Sparkline.render(stats.quizzes[0].trend) == "▅▅▆▇██▁▁▂▃▄▅▅▆▇██▁▁▂")
        #expect(stats.quizzes[0].lastScore == 24 % 11)
    }

    @Test func titlesComeFromTheSessionsThenTheBanks() {
        let sessions = [F.game("geo", 1, of: 2, at: now), F.game("music", 1, of: 2, at: now, title: "Music")]
        let stats = Statistics(
            sessions: sessions, now: now, timeZone: F.utc, titles: ["geo": "Geography", "music": "x"])
        #expect(stats.quizzes.map(\.title) == ["Geography", "Music"])
    }

    @Test func mostMissedIsPartOfTheFigures() {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        #expect(stats.mostMissed.count == 1)
        #expect(stats.mostMissed.first?.missed == 2)
        #expect(stats.mostMissed.first?.asked == 3)
    }

    @Test func textMatchesTheFixture() throws {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        let expected = try String(contentsOf: Self.fixture("stats-screen.txt"), encoding: .utf8)
        #expect(stats.text() + "\n" == expected)
    }

    @Test func asciiTextIsASCIIOutsideRecordedText() {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        let text = stats.text(ascii: true)
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("World Capitals      3  8/10 80%  70%  7/10  =*+"))
        #expect(text.contains("Mon . . . . . . . . . . . ."))
        #expect(text.contains("-> Canberra (World Capitals)"))
    }

    @Test func missedSectionSaysWhyItIsEmpty() {
        let allRight = [
            F.game(
                "geo", 1, of: 1, at: now,
                results: [QuestionResult(prompt: "P", outcome: .right, given: "a", answer: "a")])
        ]
        let right = Statistics(sessions: allRight, now: now, timeZone: F.utc).text()
        #expect(right.hasSuffix("Questions you miss most\n  None: every recorded answer was right."))
        let classic = Statistics(sessions: [Session(date: now, score: 3)], now: now, timeZone: F.utc).text()
        #expect(classic.hasSuffix("Questions you miss most\n  No answers recorded yet."))
    }

    @Test func noGamesYet() {
        let stats = Statistics(sessions: [], now: now, timeZone: F.utc)
        #expect(stats.text() == "No games yet. Play one with `quiz`, and it will show here.")
        #expect(stats.averagePercent == nil)
    }

    @Test func longAndWideTitlesFitEightyColumns() throws {
        let long = String(repeating: "An Extremely Long Quiz Title ", count: 5)
        let wide = "世界の首都と国旗のクイズ・アジア編とヨーロッパ編"
        let sessions = [
            F.game("long", 9, of: 10, at: F.utcDate(days: -1, hour: 12), title: long),
            F.game("wide", 10, of: 10, at: F.utcDate(days: 0, hour: 12), title: wide),
            F.game(
                "wide", 3, of: 10, at: F.utcDate(days: 0, hour: 13), title: wide,
                results: [
                    QuestionResult(
                        prompt: String(repeating: "なぜ空は青いのですか", count: 10), outcome: .wrong, given: "x",
                        answer: String(repeating: "Rayleigh scattering ", count: 6))
                ]),
        ]
        let stats = Statistics(sessions: sessions, now: now, timeZone: F.utc)
        for ascii in [false, true] {
            let lines = stats.text(ascii: ascii).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(lines.map { DisplayWidth.of($0) })")
            let header = try #require(lines.first { $0.hasPrefix("Quiz ") })
            let rows = lines.filter { $0.hasPrefix("世界") || $0.hasPrefix("An Extremely") }
            #expect(rows.count == 2)
            // The truncation mark is ASCII too where the drawings are.
            #expect(rows.allSatisfy { $0.contains(ascii ? "..." : "…") && (ascii ? !$0.contains("…") : true) })
            // The Trend column starts at the same column on every row.
            let trendColumn = DisplayWidth.of(header) - DisplayWidth.of("Trend")
            let trends = [Sparkline.render([1, 0.3], ascii: ascii), Sparkline.render([0.9], ascii: ascii)]
            for (row, trend) in zip(rows, trends) {
                #expect(DisplayWidth.of(row) - DisplayWidth.of(trend) == trendColumn, "\(row)")
            }
        }
    }

    @Test func jsonHasTheDocumentedKeysAndValues() throws {
        let stats = Statistics(sessions: history, now: now, timeZone: F.utc)
        let text = stats.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "games", "totalSeconds", "averagePercent", "currentStreak", "longestStreak", "quizzes", "heatmap",
                "mostMissed", "daily",
            ])
        #expect(object["games"] as? Int == 5)
        #expect(object["totalSeconds"] as? Int == 180)
        #expect(object["averagePercent"] as? Int == 71)
        #expect(object["currentStreak"] as? Int == 3)
        #expect(object["longestStreak"] as? Int == 3)

        let quizzes = try #require(object["quizzes"] as? [[String: Any]])
        #expect(quizzes.count == 3)
        #expect(
            Set(quizzes[0].keys) == [
                "quiz", "title", "games", "bestScore", "bestTotal", "bestPercent", "averagePercent", "lastScore",
                "lastTotal", "trend",
            ])
        #expect(quizzes[0]["quiz"] as? String == "world-capitals")
        #expect(quizzes[0]["title"] as? String == "World Capitals")
        #expect(quizzes[0]["games"] as? Int == 3)
        #expect(quizzes[0]["bestScore"] as? Int == 8)
        #expect(quizzes[0]["bestTotal"] as? Int == 10)
        #expect(quizzes[0]["bestPercent"] as? Int == 80)
        #expect(quizzes[0]["averagePercent"] as? Int == 70)
        #expect(quizzes[0]["lastScore"] as? Int == 7)
        #expect(quizzes[0]["lastTotal"] as? Int == 10)
        #expect(quizzes[0]["trend"] as? [Int] == [60, 80, 70])
        #expect(quizzes[2]["quiz"] is NSNull)
        #expect(quizzes[2]["bestTotal"] is NSNull)
        #expect((quizzes[2]["trend"] as? [Any])?.first is NSNull)

        let heatmap = try #require(object["heatmap"] as? [[String: Any]])
        #expect(heatmap.count == 84)
        #expect(heatmap.first?["date"] as? String == "2026-09-07")
        #expect(heatmap.last?["date"] as? String == "2026-11-29")
        #expect(heatmap.last?["games"] as? Int == 1)
        #expect(heatmap[82]["games"] as? Int == 2)
        #expect(heatmap.map { $0["games"] as? Int ?? -1 }.reduce(0, +) == 5)

        let missed = try #require(object["mostMissed"] as? [[String: Any]])
        #expect(missed.count == 1)
        #expect(Set(missed[0].keys) == ["quiz", "prompt", "answer", "asked", "missed", "wrongAnswers"])
        #expect(missed[0]["quiz"] as? String == "world-capitals")
        #expect(missed[0]["prompt"] as? String == "What is the capital of Australia?")
        #expect(missed[0]["answer"] as? String == "Canberra")
        #expect(missed[0]["asked"] as? Int == 3)
        #expect(missed[0]["missed"] as? Int == 2)

        // Sorted keys: the text is stable from run to run.
        let keys = ["averagePercent", "currentStreak", "games", "heatmap", "longestStreak", "mostMissed"]
        let offsets = keys.map { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(offsets.allSatisfy { $0 != nil })
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
    }

    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
            .appendingPathComponent(name)
    }
}
