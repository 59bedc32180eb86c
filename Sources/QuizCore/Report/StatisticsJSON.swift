import Foundation

extension Statistics {
    /// The figures as one JSON object with sorted keys, for `--format json`:
    /// `games`, `totalSeconds` (whole seconds), `averagePercent`,
    /// `currentStreak`, `longestStreak`, `quizzes` (`quiz`, `title`, `games`,
    /// `bestScore`, `bestTotal`, `bestPercent`, `averagePercent`, `lastScore`,
    /// `lastTotal`, `trend`: percentages of the last 20 games, oldest first),
    /// `heatmap` (84 `{date, games}`, oldest first, `date` as `yyyy-MM-dd`) and
    /// `mostMissed` (`quiz`, `prompt`, `answer`, `asked`, `missed`, and
    /// `wrongAnswers`: the answers typed that were marked wrong, `text` and `count`).
    /// Percentages are whole numbers; what is unknown, and the quiz id of
    /// sessions recorded without one, is null. `reviews`, when given, is
    /// added under its own key (`ReviewProgress.jsonObject`). `daily`: the
    /// daily quiz's `streak`, `longest` (its longest streak), `practice` (how many
    /// were) and `counted` (`number`, `date`, `score`, `total`, by number).
    public func json(reviews: [String: Any]? = nil) -> String {
        func orNull(_ value: (some Any)?) -> Any { value.map { $0 as Any } ?? NSNull() }
        var object: [String: Any] = [
            "games": games,
            "totalSeconds": Int(totalDuration.rounded()),
            "averagePercent": orNull(averagePercent),
            "currentStreak": streaks.current,
            "longestStreak": streaks.longest,
            "quizzes": quizzes.map { quiz -> [String: Any] in
                [
                    "quiz": orNull(quiz.quiz), "title": quiz.title, "games": quiz.games,
                    "bestScore": quiz.bestScore, "bestTotal": orNull(quiz.bestTotal),
                    "bestPercent": orNull(quiz.bestPercent), "averagePercent": orNull(quiz.averagePercent),
                    "lastScore": quiz.lastScore, "lastTotal": orNull(quiz.lastTotal),
                    "trend": quiz.trend.map { orNull(Self.percent($0)) },
                ]
            },
            "heatmap": heatmap.days.map { ["date": $0.date, "games": $0.games] as [String: Any] },
            "mostMissed": mostMissed.map { question -> [String: Any] in
                [
                    "quiz": orNull(question.quiz), "prompt": question.prompt, "answer": question.answer,
                    "asked": question.asked, "missed": question.missed,
                    "wrongAnswers": question.wrongAnswers.map {
                        ["text": $0.text, "count": $0.count] as [String: Any]
                    },
                ]
            },
        ]
        object["daily"] = [
            "streak": dailyStreaks.current, "longest": dailyStreaks.longest,
            "practice": practiceDailies,
            "counted": dailies.keys.sorted().map { number -> [String: Any] in
                [
                    "number": number, "date": DailyDay(number: number).iso, "score": dailies[number]!.score,
                    "total": dailies[number]!.total,
                ]
            },
        ]
        if let reviews { object["reviews"] = reviews }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return TerminalText.escapingControls(inJSON: text)
    }
}
