import Foundation

/// The rows `quiz --history` shows, in every format, built from sessions:
/// newest first, in the given time zone. Pure: returns text, prints nothing.
public struct HistoryReport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case table, markdown, csv, json
    }

    public var sessions: [Session]
    public var timeZone: TimeZone
    /// Quiz titles by id, for sessions that did not record a title.
    public var titles: [String: String]

    /// `sessions` oldest first, as stored; `limit` keeps the newest N.
    public init(
        sessions: [Session], quiz: String? = nil, limit: Int? = nil, timeZone: TimeZone,
        titles: [String: String] = [:]
    ) {
        var rows = sessions.enumerated().filter { quiz == nil || $0.element.quiz == quiz }
        rows.reverse()
        // Recorded in order of date, as a history almost always is: no sort.
        let inOrder = zip(rows, rows.dropFirst()).allSatisfy { $0.element.date >= $1.element.date }
        if !inOrder {
            rows.sort {
                $0.element.date != $1.element.date ? $0.element.date > $1.element.date : $0.offset > $1.offset
            }
        }
        var newestFirst = rows.map(\.element)
        if let limit { newestFirst = Array(newestFirst.prefix(max(0, limit))) }
        self.sessions = newestFirst
        self.timeZone = timeZone
        self.titles = titles
    }

    /// `ascii` draws the table's rule and the summary's dots in ASCII.
    public func render(_ format: Format, width: Int = 80, ascii: Bool = false) -> String {
        switch format {
        case .table: table(width: width, ascii: ascii)
        case .markdown: markdown()
        case .csv: csv()
        case .json: json()
        }
    }

    // MARK: Fields

    func title(_ session: Session) -> String {
        Self.title(session, titles: titles)
    }

    package static func title(_ session: Session, titles: [String: String]) -> String {
        QuizTitle.shown(title: session.title, quiz: session.quiz, titles: titles)
    }

    static func score(_ session: Session) -> String {
        "\(session.score)/\(session.total.map(String.init) ?? "?")"
    }

    static func percent(_ session: Session) -> String {
        session.fraction.flatMap(Percent.of).map { "\($0)%" } ?? "?"
    }

    // MARK: Table

    /// The table (`HistoryTable` says how it is laid out), then a blank line
    /// and the summary.
    public func table(width: Int = 80, ascii: Bool = false) -> String {
        if sessions.isEmpty { return Self.noGames }
        var maker = HistoryTable.CellMaker(timeZone: timeZone)
        var widths = HistoryTable.Widths()
        var rows: [HistoryTable.Cells] = []
        rows.reserveCapacity(sessions.count)
        for session in sessions {
            let cells = maker.cells(session, title: title(session))
            widths.include(cells)
            rows.append(cells)
        }
        var writer = HistoryTable.Writer(widths: widths, width: width, ascii: ascii)
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (widths.columns.reduce(0, +) + 12) + 256)
        writer.header(into: &out)
        for row in rows { writer.row(row, into: &out) }
        out.append(10)
        out += summary(width: width, ascii: ascii).utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// What the table says of an empty history.
    package static let noGames = "No games yet. Play one with `quiz`, and it will show here."

    /// "3 games · average 70% · best 9/10 (World Capitals)", the title
    /// shortened so the line fits `width` columns (without the average when
    /// that leaves less than 8 columns for the title).
    public func summary(width: Int = 80, ascii: Bool = false) -> String {
        var summary = HistoryTable.Summary()
        for session in sessions { summary.add(session) }
        return summary.text(width: width, ascii: ascii, title: title)
    }

    // MARK: Exports

    package var isoFormatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }

    public func markdown() -> String {
        let day = Self.markdownDayFormatter(timeZone)
        var lines = [Self.markdownHeader]
        for session in sessions { lines.append(Self.markdownRow(session, title: title(session), day: day)) }
        return lines.joined(separator: "\n")
    }

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

    /// RFC 4180 (`HistoryCSV`).
    public func csv() -> String {
        var rows = HistoryCSV(timeZone: timeZone)
        var out = HistoryCSV.header
        out.reserveCapacity(sessions.count * 96 + 64)
        for session in sessions { rows.row(session, title: title(session), into: &out) }
        return String(decoding: out, as: UTF8.self)
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

    /// An array of objects, ISO 8601 dates with the time zone's offset; unknown
    /// fields are null. `results` lists each question's result (`prompt`,
    /// `outcome`, `given`, `answer`, `typed`, `overridden`: counted right
    /// by the player after a wrong mark, `question`: its `QuestionIdentity`,
    /// and `seconds` it took; the last two null when not recorded), empty when the sessions were read
    /// without them or recorded without them.
    public func json() -> String {
        let objects = sessions.map { Self.jsonObject($0, title: title($0), iso: isoFormatter) }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "[]" }
        return TerminalText.escapingControls(inJSON: text)
    }

    /// One game as the JSON export's object.
    package static func jsonObject(_ session: Session, title: String, iso: ISO8601DateFormatter) -> [String: Any] {
        [
            "date": iso.string(from: session.date), "quiz": session.quiz ?? NSNull(), "title": title,
            "score": session.score, "total": session.total ?? NSNull(),
            "percent": session.fraction.flatMap(Percent.of) ?? NSNull(),
            "duration": session.duration.map { ($0 * 10).rounded() / 10 } ?? NSNull(),
            "seed": session.seed ?? NSNull(),
            "results": session.results.map { result -> [String: Any] in
                [
                    "prompt": result.prompt, "outcome": result.outcome.rawValue,
                    "given": result.given ?? NSNull(), "answer": result.answer,
                    "typed": result.typed ?? NSNull(), "overridden": result.overridden,
                    "question": result.identity ?? NSNull(), "seconds": result.seconds ?? NSNull(),
                ]
            },
        ]
    }
}
