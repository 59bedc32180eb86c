extension ShareCard {
    /// The card as a standalone SVG image for `--share --format svg`: the
    /// title (and the daily number, when given), the score and the day, one
    /// square per question in the order asked (20 a row when there are more
    /// than `maxSquaresOnOneLine`), and the time. Its `<title>` is the emoji
    /// card's text (`text(colorblind:)`), its `<desc>` the plain sentence
    /// (`ShareText`), so it reads the same without its pixels. Every text
    /// from the bank or the history is escaped for XML; nothing is fetched.
    /// `colorblind` draws orange and blue squares (see `SquareStyle`).
    /// `daily`: the number of the daily game it was, shown after the title.
    public func svg(colorblind: Bool = false, daily: Int? = nil) -> String {
        let outcomes = session.results.map { (outcome: $0.outcome, overridden: $0.overridden) }
        let perLine =
            outcomes.count > Self.maxSquaresOnOneLine ? Self.squaresPerWrappedLine : max(outcomes.count, 1)
        let rows = outcomes.isEmpty ? 0 : (outcomes.count + perLine - 1) / perLine
        let (square, gap, margin) = (24.0, 4.0, 20.0)
        let width = max(360, 2 * margin + Double(perLine) * (square + gap) - gap)
        let squaresTop = 78.0
        let height = squaresTop + Double(rows) * (square + gap) + (rows > 0 ? 14 : 0) + 28
        let title = QuizTitle.shown(title: session.title, quiz: session.quiz, unknown: "quiz")
        // A daily is its number (its title says no more), practice said as on the text card.
        let heading =
            daily.map { "Daily #\($0)" + (session.practice ? " · practice" : "") }
            ?? DisplayWidth.truncate(title, to: 40)
        let score = "\(session.score)/\(session.total.map(String.init) ?? "?")"
        let day = headlineDay
        let colours: (right: String, wrong: String) = colorblind ? ("#f5793a", "#85c0f9") : ("#2da44e", "#cf222e")
        func colour(_ outcome: QuestionOutcome, overridden: Bool) -> String {
            if overridden { return "#d4a72c" }
            return switch outcome {
            case .right: colours.right
            case .wrong: colours.wrong
            case .skipped: "#afb8c1"
            }
        }
        let n = MarkupText.number
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" role="img" aria-labelledby="card-title card-desc">
            <title id="card-title">\(MarkupText.escaped(text(colorblind: colorblind), keepingLines: true))</title>
            <desc id="card-desc">\(MarkupText.escaped(ShareText(session: session).text))</desc>
            <rect width="\(n(width))" height="\(n(height))" rx="12" fill="#ffffff" stroke="#d0d7de"/>
            <g font-family="system-ui, sans-serif" fill="#1f2328">
            <text x="\(n(margin))" y="34" font-size="18" font-weight="600">\(MarkupText.escaped(heading))</text>
            <text x="\(n(margin))" y="58" font-size="15">\(score) · \(MarkupText.escaped(day))</text>

            """
        for (index, outcome) in outcomes.enumerated() {
            let x = margin + Double(index % perLine) * (square + gap)
            let y = squaresTop + Double(index / perLine) * (square + gap)
            svg +=
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(square))\" height=\"\(n(square))\" rx=\"4\" fill=\"\(colour(outcome.outcome, overridden: outcome.overridden))\"/>\n"
        }
        // In words, not "⏱": a font without the emoji would draw a box.
        let clock = session.duration.map { "time " + DurationFormat.clock($0) } ?? ""
        let replay = daily.map { "quiz --daily \(DailyDay(number: $0).iso)" } ?? replayCommand
        let footer = [clock, replay.map { DisplayWidth.truncate($0, to: 60) } ?? ""].filter { !$0.isEmpty }
            .joined(separator: " · ")
        svg +=
            "<text x=\"\(n(margin))\" y=\"\(n(height - 16))\" font-size=\"13\" fill=\"#59636e\">\(MarkupText.escaped(footer))</text>\n"
        svg += "</g>\n</svg>"
        return svg
    }
}
