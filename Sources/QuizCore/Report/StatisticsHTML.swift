import Foundation

extension Statistics {
    /// What the page shows beside the statistics: the review section (nil
    /// when there are no games), the retention the schedule aims at, the
    /// accuracy by quiz and category, the day it was made, the palette.
    public struct Page: Sendable {
        public var reviews: ReviewProgress?
        /// The desired retention, 0 to 1.
        public var targetRetention: Double
        public var accuracy: AnswerAccuracy?
        /// `yyyy-MM-dd` of the day the page was made.
        public var today: String
        /// Colours that hold for colour-blind readers (the `colorblind` setting).
        public var colorblind: Bool

        public init(
            reviews: ReviewProgress?, targetRetention: Double, accuracy: AnswerAccuracy?, today: String,
            colorblind: Bool
        ) {
            self.reviews = reviews
            self.targetRetention = targetRetention
            self.accuracy = accuracy
            self.today = today
            self.colorblind = colorblind
        }
    }

    /// How many quizzes get a score chart: those with the most games.
    public static let scoreCharts = 12
    /// How many quizzes the accuracy chart shows at most.
    public static let accuracyRows = 40
    /// How many rows the accuracy table shows at most.
    public static let accuracyTableRows = 200
    /// The weakest categories charted, and the answers a category needs to be one.
    public static let weakestCategories = 10
    public static let categoryAnswers = 10

    /// The statistics as one self-contained HTML page for `--format html`:
    /// inline CSS and SVG, no script, nothing fetched (a Content Security
    /// Policy forbids it). Sections: the summary and the daily streak, the
    /// calendar heatmap (as many weeks as `heatmap` holds), a score chart per
    /// quiz (the `scoreCharts` played most: weekly average and best, the best
    /// game marked), the review section (true retention by week against the
    /// target, the forecast of questions due, new, learning and mature
    /// questions), accuracy by quiz and category, and the questions missed
    /// most with the answers typed. Every chart is an `<svg role="img">`
    /// with a `<title>` and a `<table>` of its figures beside it. Its size
    /// grows with the quizzes and the weeks shown, never with the games.
    public func html(_ page: Page) -> String {
        var html = HTMLWriter()
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        )
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        html.raw("<meta name=\"color-scheme\" content=\"light dark\">\n")
        html.raw("<title>Quiz progress, \(page.today)</title>\n<style>\(Self.css)</style>\n</head>\n")
        html.raw(page.colorblind ? "<body class=\"colorblind\">\n<main>\n" : "<body>\n<main>\n")
        html.raw("<h1>Quiz progress</h1>\n")
        if games == 0 {
            html.raw("<p>No games yet. Play one with <code>quiz</code>, and it will show here.</p>\n")
        } else {
            summarySection(&html, page)
            calendarSection(&html)
            scoreSection(&html)
            if let reviews = page.reviews { reviewSection(&html, reviews, target: page.targetRetention) }
            if let accuracy = page.accuracy { accuracySection(&html, accuracy) }
            missedSection(&html)
        }
        html.raw("</main>\n</body>\n</html>\n")
        return html.text
    }

    // MARK: Sections

    private func summarySection(_ html: inout HTMLWriter, _ page: Page) {
        var parts = [MarkupText.grouped(games) + (games == 1 ? " game" : " games")]
        if timedGames > 0 { parts.append("\(DurationFormat.clock(totalDuration)) played") }
        if let averagePercent { parts.append("average score \(averagePercent)%") }
        html.raw("<p class=\"summary\">\(parts.joined(separator: " · ")). As of \(page.today).</p>\n")
    }

    private func calendarSection(_ html: inout HTMLWriter) {
        let columns = heatmap.columns
        html.raw("<section id=\"calendar\">\n<h2>Games per day</h2>\n")
        html.raw(
            "<p class=\"streak\">Play streak: <strong>\(Self.count(streaks.current, "day"))</strong>"
                + " · longest \(Self.count(streaks.longest, "day"))</p>\n")
        let played = heatmap.days.filter { !$0.isFuture && $0.games > 0 }
        let total = played.reduce(0) { $0 + $1.games }
        let label =
            "Calendar of the last \(columns) weeks: \(Self.count(total, "game")) on \(Self.count(played.count, "day"))"
            + (played.isEmpty ? "" : ", most on one day \(played.map(\.games).max() ?? 0)")
        let (step, cell, left, top) = (15.0, 12.0, 30.0, 16.0)
        let width = left + Double(columns) * step + 16
        let height = top + 7 * step + 22
        // On a narrow screen the map scrolls, starting at its newest weeks.
        html.raw("<figure>\n<div class=\"scroll recent\">\n")
        html.svgOpen(id: "calendar-chart", width: width, height: height, title: label)
        for column in 0..<columns {
            if let month = heatmap.firstOfMonth(in: column) {
                html.text(
                    CalendarDay.monthAbbreviations[month - 1], x: left + Double(column) * step, y: 11,
                    className: "label")
            }
        }
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            html.text(name, x: 0, y: top + Double(row) * step + 10, className: "label")
        }
        for (offset, day) in heatmap.days.enumerated() where !day.isFuture {
            let (column, row) = (offset / 7, offset % 7)
            html.raw(
                "<rect x=\"\(MarkupText.number(left + Double(column) * step))\" y=\"\(MarkupText.number(top + Double(row) * step))\" width=\"\(MarkupText.number(cell))\" height=\"\(MarkupText.number(cell))\" rx=\"2\" class=\"d\(Self.shade(day.games))\"><title>\(day.date): \(Self.count(day.games, "game"))</title></rect>\n"
            )
        }
        let legendY = top + 7 * step + 8
        html.text("Fewer", x: left, y: legendY + 9, className: "label")
        for shade in 0..<5 {
            html.raw(
                "<rect x=\"\(MarkupText.number(left + 36 + Double(shade) * step))\" y=\"\(MarkupText.number(legendY))\" width=\"\(MarkupText.number(cell))\" height=\"\(MarkupText.number(cell))\" rx=\"2\" class=\"d\(shade)\"/>"
            )
        }
        html.text("more", x: left + 36 + 5 * step + 4, y: legendY + 9, className: "label")
        html.raw("\n</svg>\n</div>\n<figcaption>\(MarkupText.escaped(label)).</figcaption>\n")
        // The figures by month, oldest first.
        var months: [(month: String, games: Int, days: Int)] = []
        for day in heatmap.days where !day.isFuture {
            let month = String(day.date.prefix(7))
            if months.last?.month != month { months.append((month, 0, 0)) }
            months[months.count - 1].games += day.games
            if day.games > 0 { months[months.count - 1].days += 1 }
        }
        html.table(
            caption: "Games per month", headers: ["Month", "Games", "Days played"],
            rows: months.map { [$0.month, MarkupText.grouped($0.games), String($0.days)] }, numeric: [1, 2])
        html.raw("</figure>\n</section>\n")
    }

    private func scoreSection(_ html: inout HTMLWriter) {
        let charted = quizzes.filter { !$0.series.isEmpty }
            .sorted { $0.games != $1.games ? $0.games > $1.games : $0.title < $1.title }
            .prefix(Self.scoreCharts)
        guard !charted.isEmpty else { return }
        html.raw("<section id=\"scores\">\n<h2>Scores over time</h2>\n")
        html.raw(
            "<p>Each quiz's average score per week over the \(QuizStatistics.seriesWeeks) weeks up to the last week it was played; the diamond marks its best game.\(quizzes.count > charted.count ? " The \(Self.scoreCharts) quizzes played most." : "")</p>\n"
        )
        html.raw("<div class=\"grid\">\n")
        for (number, quiz) in charted.enumerated() {
            scoreChart(&html, quiz, id: "score-\(number + 1)")
        }
        html.raw("</div>\n</section>\n")
    }

    private func scoreChart(_ html: inout HTMLWriter, _ quiz: QuizStatistics, id: String) {
        let (width, height, left, right, top, bottom) = (320.0, 150.0, 34.0, 10.0, 12.0, 22.0)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let weeks = Double(QuizStatistics.seriesWeeks - 1)
        func x(_ ago: Int) -> Double { left + plotWidth * (weeks - Double(ago)) / weeks }
        func y(_ fraction: Double) -> Double { top + plotHeight * (1 - min(max(fraction, 0), 1)) }
        let best = Self.score(quiz.bestScore, quiz.bestTotal) + (quiz.bestPercent.map { " (\($0)%)" } ?? "")
        let averages = quiz.series.compactMap(\.averageFraction).compactMap(Percent.of)
        var label =
            "\(quiz.title): \(Self.count(quiz.games, "game")), best \(best)"
            + (quiz.bestDate.map { " on \($0)" } ?? "")
        if let first = averages.first, let last = averages.last {
            label += "; weekly average \(first)% in the first week shown, \(last)% in the last"
        }
        html.raw("<figure>\n<h3>\(MarkupText.escaped(quiz.title))</h3>\n")
        html.svgOpen(id: id, width: width, height: height, title: label)
        for fraction in [0.0, 0.5, 1.0] {
            let level = MarkupText.number(y(fraction))
            html.raw(
                "<line x1=\"\(MarkupText.number(left))\" x2=\"\(MarkupText.number(width - right))\" y1=\"\(level)\" y2=\"\(level)\" class=\"grid-line\"/>"
            )
            html.text("\(Int(fraction * 100))%", x: 0, y: y(fraction) + 4, className: "label")
        }
        if let first = quiz.series.first, let last = quiz.series.last {
            html.text(first.start, x: x(first.ago), y: height - 6, className: "label")
            if last.ago < first.ago - 20 {
                html.text(last.start, x: x(last.ago) - 52, y: height - 6, className: "label")
            }
        }
        let points = quiz.series.compactMap { week in
            week.averageFraction.map { (x(week.ago), y($0)) }
        }
        if points.count > 1 {
            html.raw(
                "<polyline class=\"series\" points=\"\(points.map { "\(MarkupText.number($0.0)),\(MarkupText.number($0.1))" }.joined(separator: " "))\"/>"
            )
        }
        for point in points {
            html.raw(
                "<circle cx=\"\(MarkupText.number(point.0))\" cy=\"\(MarkupText.number(point.1))\" r=\"2.5\" class=\"dot\"/>"
            )
        }
        if let week = quiz.series.first(where: \.holdsBest), let fraction = quiz.bestFraction {
            let (bx, by) = (x(week.ago), y(fraction))
            html.raw(
                "<path class=\"best\" d=\"M\(MarkupText.number(bx)) \(MarkupText.number(by - 6))l6 6-6 6-6-6z\"><title>Best: \(MarkupText.escaped(best))\(quiz.bestDate.map { " on \($0)" } ?? "")</title></path>"
            )
        }
        html.raw("\n</svg>\n<figcaption>\(MarkupText.escaped(label)).</figcaption>\n")
        html.details(
            caption: "Weeks of \(quiz.title)", headers: ["Week of", "Games", "Average", "Best"],
            rows: quiz.series.map { week in
                [
                    week.start + (week.holdsBest ? " (best game)" : ""), String(week.games),
                    Self.percentText(week.averageFraction), Self.percentText(week.bestFraction),
                ]
            }, numeric: [1, 2, 3])
        html.raw("</figure>\n")
    }

    private func reviewSection(_ html: inout HTMLWriter, _ reviews: ReviewProgress, target: Double) {
        html.raw("<section id=\"reviews\">\n<h2>Reviews</h2>\n<div class=\"grid\">\n")
        let targetPercent = Percent.of(target) ?? 90

        // The last 30 days, in the text view's words; then by week against the target.
        html.raw(
            "<p>\(MarkupText.escaped("Recalled when due, last \(ReviewProgress.retentionDays) days: " + reviews.recalled)).</p>\n"
        )
        let retention = reviews.weeklyRetention
        let known = retention.compactMap { $0 }.compactMap(Percent.of)
        let label =
            "Recalled when due, by week, last \(ReviewProgress.retentionWeeks) weeks, against the aim of \(targetPercent)%: "
            + (known.isEmpty
                ? "no reviews of due questions"
                : zip(reviews.weekStarts, retention).compactMap { start, value in
                    value.flatMap(Percent.of).map { "\($0)% in the week of \(start)" }
                }.joined(separator: ", "))
        html.raw("<figure>\n<h3>Recalled when due, by week</h3>\n")
        barChart(
            &html, id: "retention-chart", title: label, values: retention.map { $0 ?? 0 }, maximum: 1,
            target: target, percent: true)
        html.raw("<figcaption>\(MarkupText.escaped(label)).</figcaption>\n")
        html.table(
            caption: "Recalled when due, by week", headers: ["Week of", "Due reviews", "Recalled", "Share", "Aim"],
            rows: zip(reviews.weekStarts, reviews.weeklyDue).map { start, count in
                [
                    start, String(count.due), String(count.right),
                    Self.percentText(count.due == 0 ? nil : Double(count.right) / Double(count.due)),
                    "\(targetPercent)%",
                ]
            }, numeric: [1, 2, 3, 4])
        html.raw("</figure>\n")

        // The forecast.
        let due = reviews.forecast.reduce(0, +)
        let forecastLabel =
            "Questions due in the next \(reviews.forecast.count) days: \(MarkupText.grouped(due)) in all, \(reviews.forecast.first ?? 0) today (overdue included)"
        html.raw("<figure>\n<h3>Due in the next \(reviews.forecast.count) days</h3>\n")
        barChart(
            &html, id: "forecast-chart", title: forecastLabel, values: reviews.forecast.map(Double.init),
            maximum: Double(max(reviews.forecast.max() ?? 0, 1)), target: nil, percent: false)
        html.raw("<figcaption>\(MarkupText.escaped(forecastLabel)).</figcaption>\n")
        html.details(
            caption: "Questions due per day", headers: ["Day", "Due"],
            rows: zip(reviews.forecastDays, reviews.forecast).map { [$0, String($1)] }, numeric: [1])
        html.raw("</figure>\n")

        // Not seen yet, learning and well learned.
        let learning = max(0, reviews.seen - reviews.mature)
        let states = [
            ("Not seen yet", reviews.unseen, "new"), ("Learning", learning, "learning"),
            ("Well learned", reviews.mature, "mature"),
        ]
        let all = max(states.reduce(0) { $0 + $1.1 }, 1)
        let statesLabel =
            "Questions by state: "
            + states.map { "\(MarkupText.grouped($0.1)) \($0.0.lowercased())" }.joined(separator: ", ")
        html.raw("<figure>\n<h3>Not seen yet, learning and well learned</h3>\n")
        html.svgOpen(id: "states-chart", width: 320, height: 64, title: statesLabel)
        var start = 0.0
        for (name, count, className) in states where count > 0 {
            let span = 320 * Double(count) / Double(all)
            html.raw(
                "<rect x=\"\(MarkupText.number(start))\" y=\"0\" width=\"\(MarkupText.number(span))\" height=\"28\" class=\"\(className)\"><title>\(name): \(MarkupText.grouped(count))</title></rect>"
            )
            start += span
        }
        for (offset, (name, count, className)) in states.enumerated() {
            let x = Double(offset) * 110
            html.raw(
                "<rect x=\"\(MarkupText.number(x))\" y=\"42\" width=\"11\" height=\"11\" class=\"\(className)\"/>")
            html.text("\(name) \(MarkupText.grouped(count))", x: x + 15, y: 52, className: "label")
        }
        html.raw(
            "\n</svg>\n<figcaption>\(MarkupText.escaped(statesLabel)). Well learned: 21 days or more between reviews.</figcaption>\n"
        )
        html.table(
            caption: "Questions by state", headers: ["State", "Questions"],
            rows: states.map { [$0.0, MarkupText.grouped($0.1)] }, numeric: [1])
        html.raw("</figure>\n</div>\n</section>\n")
    }

    /// Vertical bars, one per value, with a dashed line at `target`.
    private func barChart(
        _ html: inout HTMLWriter, id: String, title: String, values: [Double], maximum: Double, target: Double?,
        percent: Bool
    ) {
        let (width, height, left, top, bottom) = (320.0, 150.0, 34.0, 10.0, 18.0)
        let plotWidth = width - left - 4
        let plotHeight = height - top - bottom
        let slot = plotWidth / Double(max(values.count, 1))
        func y(_ value: Double) -> Double { top + plotHeight * (1 - min(max(value / maximum, 0), 1)) }
        html.svgOpen(id: id, width: width, height: height, title: title)
        for level in [0.0, 0.5, 1.0] {
            let at = MarkupText.number(y(level * maximum))
            html.raw(
                "<line x1=\"\(MarkupText.number(left))\" x2=\"\(MarkupText.number(width - 4))\" y1=\"\(at)\" y2=\"\(at)\" class=\"grid-line\"/>"
            )
            let text = percent ? "\(Int(level * 100))%" : MarkupText.grouped(Int((level * maximum).rounded()))
            html.text(text, x: 0, y: y(level * maximum) + 4, className: "label")
        }
        for (index, value) in values.enumerated() where value > 0 {
            let top = y(value)
            html.raw(
                "<rect x=\"\(MarkupText.number(left + Double(index) * slot + slot * 0.15))\" y=\"\(MarkupText.number(top))\" width=\"\(MarkupText.number(slot * 0.7))\" height=\"\(MarkupText.number(y(0) - top))\" class=\"bar\"/>"
            )
        }
        if let target {
            let at = MarkupText.number(y(target))
            html.raw(
                "<line x1=\"\(MarkupText.number(left))\" x2=\"\(MarkupText.number(width - 4))\" y1=\"\(at)\" y2=\"\(at)\" class=\"target\"/>"
            )
            html.text("target", x: width - 44, y: y(target) - 4, className: "label")
        }
        html.raw("\n</svg>\n")
    }

    private func accuracySection(_ html: inout HTMLWriter, _ accuracy: AnswerAccuracy) {
        guard !accuracy.rows.isEmpty else { return }
        let quizzes = accuracy.rows.filter { $0.category == nil }.prefix(Self.accuracyRows)
        // The weakest categories across quizzes, among those answered often enough to tell.
        let weakest = accuracy.rows.filter { $0.category != nil && $0.asked >= Self.categoryAnswers }
            .sorted { a, b in
                let (x, y) = (a.right * b.asked, b.right * a.asked)
                return x != y ? x < y : a.asked > b.asked
            }
            .prefix(Self.weakestCategories)
        html.raw("<section id=\"accuracy\">\n<h2>Accuracy by quiz and category</h2>\n<figure>\n")
        let label =
            "Right answers among the answers recorded, by quiz: "
            + quizzes.map { "\($0.title) \(Self.percentText($0.fraction))" }.joined(separator: ", ")
        html.raw("<h3>By quiz</h3>\n")
        accuracyChart(&html, id: "accuracy-chart", title: label, rows: quizzes.map { ($0.title, $0.fraction) })
        html.raw("<figcaption>\(MarkupText.escaped(label)).</figcaption>\n")
        if !weakest.isEmpty {
            let weakLabel =
                "The weakest categories (at least \(Self.categoryAnswers) answers): "
                + weakest.map { "\($0.category ?? "") in \($0.title) \(Self.percentText($0.fraction))" }
                .joined(separator: ", ")
            html.raw("<h3>Weakest categories</h3>\n")
            accuracyChart(
                &html, id: "categories-chart", title: weakLabel,
                rows: weakest.map { ("\($0.category ?? "") (\($0.title))", $0.fraction) })
            html.raw("<figcaption>\(MarkupText.escaped(weakLabel)).</figcaption>\n")
        }
        let shown = accuracy.rows.prefix(Self.accuracyTableRows)
        var tableRows = shown.map { row in
            [
                row.title, row.category ?? "all", MarkupText.grouped(row.asked), MarkupText.grouped(row.right),
                Self.percentText(row.fraction),
            ]
        }
        if accuracy.rows.count > shown.count {
            tableRows.append(["\(accuracy.rows.count - shown.count) more rows not shown", "", "", "", ""])
        }
        html.details(
            caption: "Accuracy by quiz and category", headers: ["Quiz", "Category", "Answers", "Right", "Accuracy"],
            rows: tableRows, numeric: [2, 3, 4])
        html.raw("</figure>\n</section>\n")
    }

    /// Horizontal bars of fractions, one row each: its name, the bar, the percentage.
    private func accuracyChart(_ html: inout HTMLWriter, id: String, title: String, rows: [(String, Double?)]) {
        let (rowHeight, labelWidth, barWidth) = (20.0, 250.0, 240.0)
        html.raw("<div class=\"scroll\">\n")
        html.svgOpen(
            id: id, width: labelWidth + barWidth + 50, height: rowHeight * Double(rows.count) + 4, title: title)
        for (index, (name, fraction)) in rows.enumerated() {
            let y = Double(index) * rowHeight
            html.text(DisplayWidth.truncate(name, to: 40), x: 0, y: y + 14, className: "label strong")
            let shown = min(max(fraction ?? 0, 0), 1)
            html.raw(
                "<rect x=\"\(MarkupText.number(labelWidth))\" y=\"\(MarkupText.number(y + 3))\" width=\"\(MarkupText.number(barWidth))\" height=\"14\" class=\"track\"/>"
                    + "<rect x=\"\(MarkupText.number(labelWidth))\" y=\"\(MarkupText.number(y + 3))\" width=\"\(MarkupText.number(barWidth * shown))\" height=\"14\" class=\"bar\"/>"
            )
            html.text(Self.percentText(fraction), x: labelWidth + barWidth + 6, y: y + 14, className: "label")
        }
        html.raw("\n</svg>\n</div>\n")
    }

    private func missedSection(_ html: inout HTMLWriter) {
        html.raw("<section id=\"missed\">\n<h2>Questions you miss most</h2>\n")
        if !hasQuestionResults {
            html.raw("<p>No answers recorded yet.</p>\n</section>\n")
            return
        }
        if mostMissed.isEmpty {
            html.raw("<p>None: every recorded answer was right.</p>\n</section>\n")
            return
        }
        html.table(
            caption: "Questions you miss most, with the answers you typed",
            headers: ["Question", "Answer", "Missed", "You typed", "Quiz"],
            rows: mostMissed.map { question in
                [
                    question.prompt, question.answer, "\(question.missed) of \(question.asked)",
                    question.wrongAnswers.map { $0.text + ($0.count > 1 ? " ×\($0.count)" : "") }
                        .joined(separator: ", "),
                    title(ofQuiz: question.quiz),
                ]
            }, numeric: [2], prose: true)
        html.raw("</section>\n")
    }

    // MARK: Helpers

    /// The heatmap's shade for a day's games: 0, 1, 2, 3, 4 or more.
    static func shade(_ games: Int) -> Int { min(max(games, 0), 4) }

    static func percentText(_ fraction: Double?) -> String {
        fraction.flatMap(Percent.of).map { "\($0)%" } ?? "–"
    }

    /// Light and dark, standard and colour-blind: the charts' colours are
    /// custom properties; the colour-blind palette is Okabe and Ito's, the
    /// heatmap one blue ramp.
    static let css = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--rule:#d1d9e0;\
        --d0:#ebedf0;--d1:#9be9a8;--d2:#40c463;--d3:#30a14e;--d4:#216e39;--series:#0969da;--best:#bf3989;\
        --bar:#0969da;--light:#54aeff;--track:#eff2f5;--target:#cf222e;--new:#afb8c1;--learning:#54aeff;\
        --mature:#1a7f37}
        body.colorblind{--d1:#c6dbef;--d2:#6baed6;--d3:#2171b5;--d4:#08306b;--series:#0072b2;--best:#d55e00;\
        --bar:#0072b2;--light:#56b4e9;--target:#d55e00;--new:#bbbbbb;--learning:#56b4e9;--mature:#e69f00}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--rule:#3d444d;\
        --d0:#161b22;--d1:#0e4429;--d2:#006d32;--d3:#26a641;--d4:#39d353;--series:#4493f8;--best:#f778ba;\
        --bar:#4493f8;--light:#1f6feb;--track:#21262d;--target:#f85149;--new:#6e7681;--learning:#1f6feb;\
        --mature:#3fb950}
        body.colorblind{--d1:#08306b;--d2:#2171b5;--d3:#6baed6;--d4:#c6dbef;--series:#56b4e9;--best:#e69f00;\
        --bar:#56b4e9;--light:#0072b2;--target:#e69f00;--new:#6e7681;--learning:#0072b2;--mature:#e69f00}}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif}
        main{max-width:1100px;margin:0 auto;padding:16px}
        h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.4em 0 .4em;border-bottom:1px solid var(--rule)}
        h3{font-size:1em;margin:.2em 0}
        figure{margin:0 0 1em}figcaption{color:var(--muted);font-size:.85em;margin:.2em 0 .4em}
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:16px 24px}
        .scroll{overflow-x:auto}svg{max-width:100%;height:auto;display:block}
        .recent{direction:rtl}.recent svg{direction:ltr;max-width:none;margin:0 auto 0 0}
        .label{font-size:10px;fill:var(--muted)}.strong{fill:var(--fg);font-weight:600}
        .d0{fill:var(--d0)}.d1{fill:var(--d1)}.d2{fill:var(--d2)}.d3{fill:var(--d3)}.d4{fill:var(--d4)}
        .grid-line{stroke:var(--rule);stroke-width:1}.series{fill:none;stroke:var(--series);stroke-width:2}
        .dot{fill:var(--series)}.best{fill:var(--best);stroke:var(--bg);stroke-width:1}
        .bar{fill:var(--bar)}.light{fill:var(--light)}.track{fill:var(--track)}
        .target{stroke:var(--target);stroke-width:2;stroke-dasharray:6 3}
        .new{fill:var(--new)}.learning{fill:var(--learning)}.mature{fill:var(--mature)}
        table{border-collapse:collapse;font-size:.85em;margin:.3em 0}caption{text-align:left;font-weight:600}
        th,td{padding:2px 8px;border-bottom:1px solid var(--rule);text-align:left;vertical-align:top;white-space:nowrap}
        .prose td{white-space:normal}.prose td.num{white-space:nowrap}
        .num{text-align:right;font-variant-numeric:tabular-nums}
        details summary{cursor:pointer;color:var(--muted);font-size:.85em}
        """
}

/// The page's markup, written in one string; every text that comes from a
/// bank or the history goes through `MarkupText.escaped`.
struct HTMLWriter {
    private(set) var text = ""

    mutating func raw(_ markup: String) { text += markup }

    /// An inline SVG chart: `role="img"`, its `<title>` and `aria-labelledby`.
    mutating func svgOpen(id: String, width: Double, height: Double, title: String) {
        let size = "\(MarkupText.number(width)) \(MarkupText.number(height))"
        text +=
            "<svg id=\"\(id)\" role=\"img\" aria-labelledby=\"\(id)-title\" viewBox=\"0 0 \(size)\" width=\"\(MarkupText.number(width))\" height=\"\(MarkupText.number(height))\">"
            + "<title id=\"\(id)-title\">\(MarkupText.escaped(title))</title>\n"
    }

    mutating func text(_ content: String, x: Double, y: Double, className: String) {
        text +=
            "<text x=\"\(MarkupText.number(x))\" y=\"\(MarkupText.number(y))\" class=\"\(className)\">\(MarkupText.escaped(content))</text> "
    }

    /// A table of figures; the columns in `numeric` right-aligned.
    /// `prose`: cells of sentences, which wrap.
    mutating func table(caption: String, headers: [String], rows: [[String]], numeric: Set<Int>, prose: Bool = false) {
        text +=
            (prose ? "<table class=\"prose\">" : "<table>")
            + "\n<caption>\(MarkupText.escaped(caption))</caption>\n<thead><tr>"
        for (index, header) in headers.enumerated() {
            text += numeric.contains(index) ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">"
            text += MarkupText.escaped(header) + "</th>"
        }
        text += "</tr></thead>\n<tbody>\n"
        for row in rows {
            text += "<tr>"
            for (index, cell) in row.enumerated() {
                text += (numeric.contains(index) ? "<td class=\"num\">" : "<td>") + MarkupText.escaped(cell) + "</td>"
            }
            text += "</tr>\n"
        }
        text += "</tbody>\n</table>\n"
    }

    /// A table folded under "Figures" (long ones: a week or a day a row).
    mutating func details(caption: String, headers: [String], rows: [[String]], numeric: Set<Int>) {
        text += "<details><summary>Figures</summary>\n"
        table(caption: caption, headers: headers, rows: rows, numeric: numeric)
        text += "</details>\n"
    }
}
