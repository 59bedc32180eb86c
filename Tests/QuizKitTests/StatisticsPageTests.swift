import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `quiz --stats --format html` and `quiz --share --format svg`, in-process:
/// what the page and the card hold, their escaping, and their bounds. The
/// page in a real browser is `StatsPageBrowserTests` (QuizCLITests).
@Suite struct StatisticsPageTests {
    static let bank = """
        {"title": "Rivers & <Seas>", "questions": [
          {"prompt": "Longest river?", "answer": "Nile", "category": "Rivers"},
          {"prompt": "Largest sea?", "answer": "Philippine", "category": "Seas"},
          {"prompt": "Deepest lake?", "answer": "Baikal", "category": "Lakes"},
          {"prompt": "Fresh or salt: the Caspian?", "answer": "salt"}
        ]}
        """

    /// Games of `rivers` over the last weeks: each answers the four questions,
    /// wrong now and then with typed answers.
    static func games(now: Date, count: Int = 30) -> [Session] {
        let prompts = ["Longest river?", "Largest sea?", "Deepest lake?", "Fresh or salt: the Caspian?"]
        let answers = ["Nile", "Philippine", "Baikal", "salt"]
        return (0..<count).map { game in
            let results = prompts.indices.map { index in
                let right = (game + index) % 3 != 0
                return QuestionResult(
                    prompt: prompts[index], outcome: right ? .right : .wrong, given: right ? answers[index] : "Amazon",
                    answer: answers[index], typed: right ? answers[index] : "Amazon")
            }
            return Session(
                date: now.addingTimeInterval(Double(game - count) * 86_400 * 2),
                score: results.count { $0.outcome == .right },
                total: 4, quiz: "rivers", title: "Rivers & <Seas>", duration: 30, seed: Int64(game + 1),
                results: results)
        }
    }

    func page(_ home: CommandHome, _ extra: [String] = []) throws -> CommandRun {
        let bank = home.folder.file("rivers.json")
        try Data(Self.bank.utf8).write(to: URL(fileURLWithPath: bank))
        return home.run(["--stats", "--format", "html", "--questions", bank] + extra) {
            (context) throws(CommandFailure) in try StatsCommandTests.written(StatsCommand.run(context), to: context)
        }
    }

    /// Each `<svg …>…</svg>` of the page.
    static func charts(_ html: String) -> [String] {
        html.components(separatedBy: "<svg ").dropFirst().map {
            "<svg " + ($0.components(separatedBy: "</svg>").first ?? "") + "</svg>"
        }
    }

    /// Whether `text` is well-formed XML (the inline SVGs are XML too).
    static func isXML(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    @Test func thePageHoldsEveryChartWithItsTitleAndTableAndFetchesNothing() throws {
        let home = try CommandHome()
        try home.record(Self.games(now: Date()))
        let run = try page(home)
        #expect(run.status == .success, "\(run.stderr)")
        let html = run.stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for id in [
            "calendar-chart", "score-1", "retention-chart", "forecast-chart", "states-chart", "accuracy-chart",
            "categories-chart",
        ] {
            #expect(html.contains("<svg id=\"\(id)\" role=\"img\" aria-labelledby=\"\(id)-title\""), "\(id)")
            #expect(html.contains("<title id=\"\(id)-title\">"), "\(id)")
        }
        let charts = Self.charts(html)
        #expect(charts.count == 7)
        // A table per chart (the two accuracy charts share one), and the missed questions'.
        #expect(html.components(separatedBy: "<table").count - 1 == charts.count)
        #expect(html.contains("The weakest categories (at least 10 answers): "))
        // The review figures in the text view's words, the 30 days' among them.
        #expect(html.contains("<p>Recalled when due, last 30 days: "))
        #expect(html.contains("Not seen yet, learning and well learned") && !html.contains("True retention"))
        for chart in charts {
            #expect(
                Self.isXML(chart.replacingOccurrences(of: "<svg ", with: "<svg xmlns=\"http://www.w3.org/2000/svg\" ")),
                "\(chart.prefix(80))")
        }
        // Self-contained: no script, nothing to fetch, and a policy that forbids fetching.
        #expect(!html.contains("<script"))
        #expect(!html.contains("src="))
        #expect(!html.contains("url("))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        #expect(html.contains("prefers-color-scheme:dark"))
        // The figures.
        #expect(html.contains("30 games"))
        #expect(html.contains("<td>Rivers</td>") && html.contains("<td>Seas</td>") && html.contains("<td>Lakes</td>"))
        #expect(html.contains("<td>\(AnswerAccuracy.noCategory)</td>"))
        #expect(html.contains("Amazon ×"), "the answers typed")
        #expect(html.contains("Due in the next 30 days"))
        #expect(html.contains("against the aim of 90%"))
    }

    @Test func textFromTheBanksAndTheHistoryIsEscaped() throws {
        let home = try CommandHome()
        let hostile = "<script>alert('x')</script> & \"q\" \u{1}\u{FFFE}</table>"
        let result = QuestionResult(prompt: hostile, outcome: .wrong, given: "<b>", answer: "</td>", typed: "<b>")
        try home.record([
            Session(
                date: Date(), score: 0, total: 1, quiz: "odd", title: hostile, duration: 5, seed: 1, results: [result])
        ])
        let run = try page(home)
        #expect(run.status == .success)
        let html = run.stdout
        #expect(!html.contains("<script>") && !html.contains("<b>") && !html.contains("</td></td>"))
        #expect(
            html.contains(
                "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; ^A\u{FFFD}&lt;/table&gt;"))
        for chart in Self.charts(html) {
            #expect(
                Self.isXML(chart.replacingOccurrences(of: "<svg ", with: "<svg xmlns=\"http://www.w3.org/2000/svg\" ")))
        }
    }

    @Test func theColourBlindSettingChangesThePalette() throws {
        let home = try CommandHome()
        try home.record(Self.games(now: Date(), count: 3))
        #expect(try page(home).stdout.contains("<body>\n"))
        try FileManager.default.createDirectory(
            atPath: home.folder.file("config/quiz"), withIntermediateDirectories: true)
        try Data("squares = colorblind\n".utf8).write(to: URL(fileURLWithPath: home.folder.file("config/quiz/config")))
        #expect(try page(home).stdout.contains("<body class=\"colorblind\">"))
    }

    @Test func anEmptyHistorySaysSo() throws {
        let run = try page(try CommandHome())
        #expect(run.status == .success)
        #expect(run.stdout.contains("No games yet"))
        #expect(Self.charts(run.stdout).isEmpty)
    }

    /// 32,000 games of 20 quizzes over two years, 1,000 questions: the page
    /// stays under 1 MB, and a quarter of the games makes a page of about
    /// the same size (every quiz has a game most weeks in both).
    @Test func thePageDoesNotGrowWithTheGames() {
        let zone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        func page(games: Int) -> String {
            var tally = StatisticsTally(timeZone: zone)
            var random = SeededGenerator(seed: 3)
            for game in 0..<games {
                let quiz = "quiz-\(random.below(20))"
                let results = (0..<5).map { _ in
                    QuestionResult(
                        prompt: "Question \(random.below(50)) of \(quiz)?",
                        outcome: random.below(3) == 0 ? .wrong : .right,
                        given: "g", answer: "a", typed: "typed \(random.below(4))")
                }
                tally.add(
                    Session(
                        date: now.addingTimeInterval(-2 * 365 * 86_400 * Double(games - game) / Double(games)),
                        score: results.count { $0.outcome == .right }, total: 5, quiz: quiz, title: "Title of \(quiz)",
                        duration: 40, seed: 1, results: results))
            }
            let statistics = Statistics(tally: tally, now: now, timeZone: zone, mostMissedLimit: 10, heatmapWeeks: 53)
            let accuracy = AnswerAccuracy(questions: tally.questions, statistics: statistics) { _, prompt in
                "Category \(prompt.count % 7)"
            }
            return statistics.html(
                Statistics.Page(
                    reviews: nil, targetRetention: 0.9, accuracy: accuracy, today: "2026-05-07", colorblind: false))
        }
        let large = page(games: 32_000)
        let small = page(games: 8_000)
        #expect(large.utf8.count < 1_000_000, "\(large.utf8.count) bytes")
        #expect(
            Double(large.utf8.count) < 1.05 * Double(small.utf8.count), "\(large.utf8.count) vs \(small.utf8.count)")
        #expect(Self.charts(large).count == 3 + Statistics.scoreCharts, "the calendar, the scores, the accuracy")
    }

    @Test func aQuizKeepsItsLast52WeeksInWhateverOrderTheGamesCome() {
        var random = SeededGenerator(seed: 11)
        let games = (0..<400).map { _ in (week: random.below(200), fraction: Double(random.below(11)) / 10) }
        var inOrder: [Int: StatisticsTally.Week] = [:]
        for game in games.sorted(by: { $0.week < $1.week }) {
            StatisticsTally.count(game.fraction, week: game.week, in: &inOrder)
        }
        var shuffled: [Int: StatisticsTally.Week] = [:]
        for game in games { StatisticsTally.count(game.fraction, week: game.week, in: &shuffled) }
        #expect(inOrder.count <= QuizStatistics.seriesWeeks)
        #expect(inOrder.keys.min() == (inOrder.keys.max() ?? 0) - QuizStatistics.seriesWeeks + 1)
        #expect(inOrder.mapValues(\.games) == shuffled.mapValues(\.games))
        #expect(inOrder.mapValues(\.best) == shuffled.mapValues(\.best))
        // Mondays: week 0 starts on 1969-12-29, a Monday.
        #expect(StatisticsTally.week(ofDay: -3) == 0 && StatisticsTally.week(ofDay: -4) == -1)
        #expect(StatisticsTally.week(ofDay: 3) == 0 && StatisticsTally.week(ofDay: 4) == 1)
    }

    @Test func retentionByWeekCountsTheLastEightWeeksOfDueReviews() {
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let today = ReviewSchedule.day(of: now)
        let days: [Int: ReviewSchedule.DayCount] = [
            today: .init(due: 2, right: 1), today - 6: .init(due: 1, right: 1), today - 7: .init(due: 3, right: 0),
            today - 55: .init(due: 1, right: 0), today - 56: .init(due: 5, right: 5),
        ]
        let schedule = ReviewSchedule(cards: [:], recentTimes: [:], games: 1, dueDays: days)
        let progress = ReviewProgress(
            schedule: schedule, index: QuestionIndex(), now: now, timeZone: TimeZone(identifier: "UTC")!,
            forecastLength: 30)
        #expect(progress.weeklyDue.map(\.due) == [1, 0, 0, 0, 0, 0, 3, 3])
        #expect(progress.weeklyDue.map(\.right) == [0, 0, 0, 0, 0, 0, 0, 2])
        #expect(progress.weeklyRetention.last == 2.0 / 3.0)
        #expect(progress.weekStarts.count == 8 && progress.forecast.count == 30 && progress.forecastDays.count == 30)
        #expect(progress.dueReviews == 6, "the 30-day figure is as before")
    }

    // MARK: The card

    static func card(daily: Int? = nil, colorblind: Bool = false) -> (svg: String, card: ShareCard) {
        let results = ["right", "wrong", "skipped", "right"].map { word in
            QuestionResult(
                prompt: "p", outcome: QuestionOutcome(rawValue: word) ?? .right, given: "g", answer: "a")
        }
        let session = Session(
            date: Date(timeIntervalSinceReferenceDate: 800_000_000), score: 2, total: 4, quiz: "odd",
            title: "Fish & <Chips> \"quoted\"", duration: 75, seed: 9, results: results)
        let card = ShareCard(session: session, timeZone: TimeZone(identifier: "UTC")!)
        return (card.svg(colorblind: colorblind, daily: daily), card)
    }

    @Test func theCardIsXMLWithTheEmojiCardAsItsTitle() throws {
        let (svg, card) = Self.card()
        final class Titles: NSObject, XMLParserDelegate {
            var element = ""
            var texts: [String: String] = [:]
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) { element = name }
            func parser(
                _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
            ) { element = "" }
            func parser(_ parser: XMLParser, foundCharacters string: String) { texts[element, default: ""] += string }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let titles = Titles()
        parser.delegate = titles
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(titles.texts["title"] == card.text())
        #expect(titles.texts["desc"] == ShareText(session: card.session).text)
        #expect(svg.contains("Fish &amp; &lt;Chips&gt; &quot;quoted&quot;"))
        #expect(svg.components(separatedBy: "width=\"24\" height=\"24\"").count - 1 == 4, "a square per question")
        #expect(svg.contains("#2da44e") && svg.contains("#cf222e") && !svg.contains("#f5793a"))
        #expect(svg.contains("time 1:15"))
        #expect(!svg.contains("daily"))
    }

    @Test func theCardShowsTheDailyNumberAndColourBlindSquaresWhenAsked() {
        let (svg, card) = Self.card(daily: 123, colorblind: true)
        #expect(svg.contains(" · daily #123</text>"))
        #expect(svg.contains("#f5793a") && svg.contains("#85c0f9") && !svg.contains("#2da44e"))
        #expect(svg.contains(MarkupText.escaped(card.text(colorblind: true), keepingLines: true)))
    }

    @Test func shareFormatSVGWritesTheLastGame() throws {
        let home = try CommandHome()
        try home.record(Self.games(now: Date(), count: 2))
        let run = home.run(["--share", "--format", "svg"]) { (context) throws(CommandFailure) in
            try ShareCommand.run(context, form: ShareCommand.form(context.options))
        }
        #expect(run.status == .success)
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="))
        #expect(Self.isXML(run.stdout))
        #expect(run.stdout.contains("Rivers &amp; &lt;Seas&gt;"))
    }
}
