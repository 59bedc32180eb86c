extension Statistics {
    /// The stats screen as text: summary, streaks, a per-quiz table (Quiz,
    /// Games, Best, Avg, Last, Trend), the heatmap and the questions missed
    /// most. Lines fit `width` columns (80 unless told; down to 40, where the
    /// Trend, Last and Avg columns give way),
    /// long titles and prompts shortened with "…", and the summary and streak
    /// lines wrapped at word boundaries). `ascii` draws only ASCII around the
    /// recorded titles and prompts ("..." for "…"), for places that mangle Unicode.
    /// `streaks: false` leaves out the daily streak line. `hasChoices`
    /// says whether a missed question is answered by picking a choice: its
    /// wrong answers are then what the player "chose", else what they "typed".
    public func text(
        ascii: Bool = false, width: Int = 80, streaks: Bool = true,
        hasChoices: (MissedQuestion) -> Bool = { _ in false }
    ) -> String {
        if games == 0 { return "No games yet. Play one with `quiz`, and it will show here." }
        let dot = ascii ? "-" : "·"
        var lines = Self.joined(summaryParts, dot: dot, width: width)
        if streaks { lines += Self.joined(streakParts, dot: dot, width: width) }
        if !dailies.isEmpty || practiceDailies > 0 { lines += Self.joined(dailyParts(streaks), dot: dot, width: width) }
        lines.append("")
        lines += quizTable(ascii: ascii, width: width)
        lines += ["", "Last \(CalendarHeatmap.weeks) weeks", heatmap.text(ascii: ascii), ""]
        lines += missedLines(ascii: ascii, width: width, hasChoices: hasChoices)
        return lines.map(CalendarHeatmap.trimmingTrailingSpaces).joined(separator: "\n")
    }

    private var summaryParts: [String] {
        var parts = [Self.count(games, "game")]
        if timedGames > 0 { parts.append("\(DurationFormat.clock(totalDuration)) played") }
        if let averagePercent { parts.append("average \(averagePercent)%") }
        return parts
    }

    /// The daily quiz's line: its streak (unless streaks are off), the
    /// dailies counted and their average, the last one's result.
    private func dailyParts(_ streaks: Bool) -> [String] {
        var parts = ["Daily quiz: \(dailies.count) counted"]
        if streaks {
            parts += [
                "streak \(Self.count(dailyStreaks.current, "day"))",
                "longest \(Self.count(dailyStreaks.longest, "day"))",
            ]
        }
        let scores = dailies.values.reduce((0, 0)) { ($0.0 + $1.score, $0.1 + $1.total) }
        if let percent = Percent.rounded(scores.0, of: scores.1) { parts.append("average \(percent)%") }
        if let last = dailies.keys.max(), let result = dailies[last] {
            parts.append("last #\(last) \(result.score)/\(result.total)")
        }
        if practiceDailies > 0 { parts.append("\(practiceDailies) practice") }
        return parts
    }

    private var streakParts: [String] {
        ["Play streak: \(Self.count(streaks.current, "day"))", "longest \(Self.count(streaks.longest, "day"))"]
    }

    /// `parts` joined by " · " on as few lines as fit `width`, broken
    /// between parts (the dot ending the line), so "longest 251 days" stays
    /// whole at 40 columns; a part wider than `width` is wrapped at its words.
    static func joined(_ parts: [String], dot: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            if line.isEmpty {
                line = part
            } else if DisplayWidth.of(line + " \(dot) " + part) <= width {
                line += " \(dot) " + part
            } else {
                lines.append(line + " \(dot)")
                line = part
            }
        }
        lines.append(line)
        return lines.flatMap { TextWrap.lines($0, width: width) }
    }

    private func quizTable(ascii: Bool, width: Int) -> [String] {
        let headers = ["Quiz", "Games", "Best", "Avg", "Last", "Trend"]
        var rows = quizzes.map { quiz in
            [
                Self.singleLine(quiz.title), String(quiz.games),
                // A review's questions are those due, not a quiz to better: no best.
                quiz.quiz == Session.Kind.reviewQuizID
                    ? "" : Self.score(quiz.bestScore, quiz.bestTotal) + (quiz.bestPercent.map { " \($0)%" } ?? ""),
                quiz.averagePercent.map { "\($0)%" } ?? "?", Self.score(quiz.lastScore, quiz.lastTotal),
                Sparkline.render(quiz.trend, ascii: ascii),
            ]
        }
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        // Narrow terminals (down to 40 columns): Trend, then Last, then Avg
        // give way to keep at least 8 columns of title.
        var shown = Array(headers.indices)
        func others() -> Int { shown.dropFirst().map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) }
        for column in [5, 4, 3] where others() + min(8, widths[0]) > width {
            shown.removeAll { $0 == column }
        }
        widths[0] = max(4, min(widths[0], width - others()))
        for index in rows.indices {
            rows[index][0] = DisplayWidth.truncate(rows[index][0], to: widths[0], ascii: ascii)
        }
        let rightAligned: Set<Int> = [1, 2, 3, 4]
        func line(_ cells: [String]) -> String {
            shown.map { column in
                DisplayWidth.pad(cells[column], to: widths[column], right: rightAligned.contains(column))
            }.joined(separator: "  ")
        }
        let rule = shown.map { String(repeating: ascii ? "-" : "─", count: widths[$0]) }.joined(separator: "  ")
        return [line(headers), rule] + rows.map(line)
    }

    private func missedLines(ascii: Bool, width: Int, hasChoices: (MissedQuestion) -> Bool) -> [String] {
        var lines = ["Questions you miss most"]
        if !hasQuestionResults { return lines + ["  No answers recorded yet."] }
        if mostMissed.isEmpty { return lines + ["  None: every recorded answer was right."] }
        let counts = mostMissed.map { "missed \($0.missed) of \($0.asked)" }
        let indent = 2 + (counts.map(DisplayWidth.of).max() ?? 0) + 2
        let arrow = ascii ? "->" : "→"
        for (question, count) in zip(mostMissed, counts) {
            let room = max(1, width - indent)
            let answer =
                "\(arrow) \(Self.singleLine(question.answer)) (\(Self.singleLine(title(ofQuiz: question.quiz))))"
            lines.append(
                "  " + DisplayWidth.pad(count, to: indent - 4) + "  "
                    + DisplayWidth.truncate(Self.singleLine(question.prompt), to: room, ascii: ascii))
            lines.append(String(repeating: " ", count: indent) + DisplayWidth.truncate(answer, to: room, ascii: ascii))
            if !question.wrongAnswers.isEmpty {
                let typed = question.wrongAnswers.map { wrong in
                    Self.singleLine(wrong.text) + (wrong.count > 1 ? " \(ascii ? "x" : "×")\(wrong.count)" : "")
                }
                let text = (hasChoices(question) ? "chose: " : "typed: ") + typed.joined(separator: ", ")
                lines.append(
                    String(repeating: " ", count: indent) + DisplayWidth.truncate(text, to: room, ascii: ascii))
            }
        }
        return lines
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func score(_ score: Int, _ total: Int?) -> String {
        "\(score)/\(total.map(String.init) ?? "?")"
    }

    /// Recorded text on one line and safe to print: line breaks and tabs
    /// become spaces, other control characters visible (`TerminalText.safe`).
    static func singleLine(_ text: String) -> String {
        TerminalText.safe(text)
    }
}
