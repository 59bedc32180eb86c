import Foundation

/// `quiz --history` of sessions in memory, in every format: the games of
/// `quiz`, newest first, the newest `limit` only when given, in the given
/// time zone. Rendered by the one renderer there is, `StreamedHistoryReport`,
/// over the sessions as a `HistoryStream`. Pure: returns text, prints nothing.
public struct HistoryReport {
    public enum Format: String, Sendable, CaseIterable {
        case table, markdown, csv, json
    }

    private let stream: HistoryStream
    private let quiz: QuizID?
    private let limit: Int?
    public var timeZone: TimeZone
    /// Quiz titles by id, for sessions that did not record a title.
    public var titles: [String: String]

    /// `sessions` oldest first, as stored; `limit` keeps the newest N.
    public init(
        sessions: [Session], quiz: QuizID? = nil, limit: Int? = nil, timeZone: TimeZone,
        titles: [String: String] = [:]
    ) {
        // Every one a candidate for `limit` (none is of a history whose newest
        // recorded games alone are read), so the newest by date are shown.
        stream = HistoryStream(pending: sessions)
        self.quiz = quiz
        self.limit = limit.map { max(0, $0) }
        self.timeZone = timeZone
        self.titles = titles
    }

    private func report(_ format: Format) -> StreamedHistoryReport {
        // In memory, every game can be read.
        StreamedHistoryReport(stream, format: format, quiz: quiz, limit: limit, timeZone: timeZone, titles: titles)!
    }

    /// The sessions shown, newest first.
    public var sessions: [Session] { report(.csv).sessions }

    /// `ascii` draws the table's rule and the summary's dots in ASCII.
    public func render(_ format: Format, width: Int = 80, ascii: Bool = false) -> String {
        var text = ""
        try? report(format).write(width: width, ascii: ascii) { chunk in
            text += chunk
            return true
        }
        return text
    }

    // MARK: Fields

    func title(_ session: Session) -> String {
        Self.title(session, titles: titles)
    }

    package static func title(_ session: Session, titles: [String: String]) -> String {
        QuizTitle.shown(title: session.title, quiz: session.quiz, titles: titles)
    }

    static func score(_ session: Session) -> String { score((session.score, session.total)) }

    static func score(_ points: (score: Int, total: Int?)) -> String {
        "\(points.score)/\(points.total.map(String.init) ?? "?")"
    }

    static func percent(_ session: Session) -> String {
        session.fraction.flatMap(Percent.of).map { "\($0)%" } ?? "?"
    }

    // MARK: Table

    /// What the table says of an empty history.
    package static let noGames = "No games yet. Play one with `quiz`, and it will show here."

    /// "3 games · average 70% · best 9/10 (World Capitals)", the title
    /// shortened so the line fits `width` columns (without the average when
    /// that leaves less than 8 columns for the title).
    public func summary(width: Int = 80, ascii: Bool = false) -> String {
        var summary = HistoryTable.Summary()
        let sessions = sessions
        for (number, session) in sessions.enumerated() {
            summary.add(
                (session.score, session.total), date: session.date.timeIntervalSinceReferenceDate, number: number,
                quiz: session.kind != .review)
        }
        return summary.text(width: width, ascii: ascii, limited: limit != nil) { title(sessions[$0]) }
    }

    // MARK: Exports

    /// The markdown table's header and its alignment row.
    package static let markdownHeader = "| Date | Quiz | Score | % | Took |\n| --- | --- | ---: | ---: | ---: |"

    package static func markdownDayFormatter(_ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }

    /// One game's markdown row, without a line end.
    package static func markdownRow(_ session: Session, title: String, day: DateFormatter) -> String {
        let cells = [
            day.string(from: session.date), title, Self.score(session), Self.percent(session),
            DurationFormat.clock(session.duration),
        ]
        return "| " + cells.map(Self.markdownEscape).joined(separator: " | ") + " |"
    }

    /// Safe to print and on one line (`TerminalText.safe`), `\` and `|` escaped.
    static func markdownEscape(_ text: String) -> String {
        TerminalText.safe(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "|", with: "\\|")
    }

    /// `%.1f` without `String(format:)`, which is slow on Linux.
    static func tenths(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.1f", value) }
        let scaled = Int((abs(value) * 10).rounded())
        return (value < 0 && scaled > 0 ? "-" : "") + "\(scaled / 10).\(scaled % 10)"
    }

    static func csvField(_ text: String) -> String {
        // Data kept as it is; a field holding any control character is quoted.
        guard
            text.contains(where: { $0 == "," || $0 == "\"" })
                || text.unicodeScalars.contains(where: TerminalText.needsChange)
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One game as the JSON export's object.
    package static func jsonObject(_ session: Session, title: String?, iso: ISO8601DateFormatter) -> [String: Any] {
        [
            "date": iso.string(from: session.date), "quiz": session.quiz ?? NSNull(), "title": title ?? NSNull(),
            "score": session.score, "total": session.total ?? NSNull(),
            "percent": session.fraction.flatMap(Percent.of) ?? NSNull(),
            "duration": session.duration.map { ($0 * 10).rounded() / 10 } ?? NSNull(),
            "seed": session.seed ?? NSNull(),
            "daily": session.daily ?? NSNull(), "practice": session.practice,
            "results": session.results.map { result -> [String: Any] in
                var object: [String: Any] = [
                    "prompt": result.prompt, "outcome": result.outcome.rawValue,
                    "given": result.given ?? NSNull(), "answer": result.answer,
                    "typed": result.typed ?? NSNull(), "overridden": result.overridden,
                    "question": result.identity ?? NSNull(), "seconds": result.seconds ?? NSNull(),
                ]
                // Only an answer imported from Anki has these: not a null in every other result.
                if let grade = result.grade { object["grade"] = grade }
                if let answered = result.answered { object["answered"] = iso.string(from: answered) }
                if let scheduled = result.scheduled { object["scheduled"] = scheduled }
                if let days = result.days { object["days"] = days }
                return object
            },
        ]
    }
}
