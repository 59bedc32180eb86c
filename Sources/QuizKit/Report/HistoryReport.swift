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
        sessions: [Session], quiz: String? = nil, limit: Int? = nil, timeZone: TimeZone = LocalTimeZone.current,
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

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    func title(_ session: Session) -> String {
        QuizTitle.shown(title: session.title, quiz: session.quiz, titles: titles)
    }

    static func score(_ session: Session) -> String {
        "\(session.score)/\(session.total.map(String.init) ?? "?")"
    }

    static func percent(_ session: Session) -> String {
        session.fraction.flatMap(Percent.of).map { "\($0)%" } ?? "?"
    }

    // MARK: Table

    /// Columns: date, time, quiz, score, %, duration; the quiz column takes
    /// what `width` leaves and shortens long titles with an ellipsis. Below
    /// about 50 columns the time, then the duration, then the percentage give
    /// way, so the table fits down to 40. Titles are made safe to print
    /// (`TerminalText.safe`: on one line, control characters visible).
    ///
    /// 100,000 rows: each cell is made once and measured once (a title made
    /// safe and measured once per distinct title; the other cells are ASCII,
    /// as wide as their bytes), dates are formatted without `DateFormatter`,
    /// and the lines go straight into one string.
    public func table(width: Int = 80, ascii: Bool = false) -> String {
        if sessions.isEmpty { return "No games yet. Play one with `quiz`, and it will show here." }
        var dates = InternetDateFormat(timeZone: timeZone)
        // DateFormatter only for years our own formatting leaves to it
        // (making one costs ICU milliseconds, most of `--limit 20`).
        var slow: (day: DateFormatter, time: DateFormatter)?
        struct Row {
            var day: String
            var time: String
            var title: String
            var score: String
            var percent: String
            var took: String
        }
        var safeTitles: [String: (text: String, width: Int)] = [:]
        var rows: [Row] = []
        rows.reserveCapacity(sessions.count)
        var widths = [4, 4, 4, 5, 1, 4]  // the headers'
        for session in sessions {
            var day: String
            var time: String
            if let fast = dates.dayAndTime(from: session.date) {
                (day, time) = fast
            } else {
                if slow == nil { slow = (formatter("yyyy-MM-dd"), formatter("HH:mm")) }
                (day, time) = (slow!.day.string(from: session.date), slow!.time.string(from: session.date))
            }
            let raw = title(session)
            let safe: (text: String, width: Int)
            if let known = safeTitles[raw] {
                safe = known
            } else {
                let text = TerminalText.safe(raw)
                safe = (text, DisplayWidth.of(text))
                safeTitles[raw] = safe
            }
            let row = Row(
                day: day, time: time, title: safe.text, score: Self.score(session), percent: Self.percent(session),
                took: DurationFormat.clock(session.duration))
            widths[0] = max(widths[0], row.day.utf8.count)
            widths[1] = max(widths[1], row.time.utf8.count)
            widths[2] = max(widths[2], safe.width)
            widths[3] = max(widths[3], row.score.utf8.count)
            widths[4] = max(widths[4], row.percent.utf8.count)
            widths[5] = max(widths[5], row.took.utf8.count)
            rows.append(row)
        }
        // Time, then Took, then % give way to keep at least 8 columns of title.
        var shown = Array(widths.indices)
        func others() -> Int { shown.filter { $0 != 2 }.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) }
        for column in [1, 5, 4] where others() + min(8, widths[2]) > width {
            shown.removeAll { $0 == column }
        }
        widths[2] = max(4, min(widths[2], width - others()))
        var out = ""
        out.reserveCapacity(rows.count * (widths.reduce(0, +) + 12) + 256)
        func pad(_ count: Int) {
            if count > 0 { out += String(repeating: " ", count: count) }
        }
        // Score, % and Took are right-aligned; the last column gets no trailing spaces.
        func line(_ cells: [String], titleWidth: Int) {
            for (position, column) in shown.enumerated() {
                let cell = cells[column]
                let cellWidth = column == 2 ? titleWidth : cell.utf8.count
                if position > 0 { out += "  " }
                if column >= 3 {
                    pad(widths[column] - cellWidth)
                    out += cell
                } else {
                    out += cell
                    if position < shown.count - 1 { pad(widths[column] - cellWidth) }
                }
            }
            out += "\n"
        }
        line(["Date", "Time", "Quiz", "Score", "%", "Took"], titleWidth: 4)
        out += shown.map { String(repeating: ascii ? "-" : "─", count: widths[$0]) }.joined(separator: "  ")
        out += "\n"
        var shortened: [String: (text: String, width: Int)] = [:]
        for row in rows {
            let fitted: (text: String, width: Int)
            if let known = shortened[row.title] {
                fitted = known
            } else {
                let text = DisplayWidth.truncate(row.title, to: widths[2], ascii: ascii)
                fitted = (text, DisplayWidth.of(text))
                shortened[row.title] = fitted
            }
            line([row.day, row.time, fitted.text, row.score, row.percent, row.took], titleWidth: fitted.width)
        }
        out += "\n"
        out += summary(width: width, ascii: ascii)
        return out
    }

    /// "3 games · average 70% · best 9/10 (World Capitals)", the title
    /// shortened so the line fits `width` columns (without the average when
    /// that leaves less than 8 columns for the title).
    public func summary(width: Int = 80, ascii: Bool = false) -> String {
        let games = "\(sessions.count) game\(sessions.count == 1 ? "" : "s")"
        let scored = sessions.compactMap { session in session.fraction.map { (session, $0) } }
        guard !scored.isEmpty else { return games }
        let average = scored.map(\.1).reduce(0, +) / Double(scored.count)
        let best = scored.max { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.date > $1.0.date }!
        let dot = ascii ? "-" : "·"
        var head = "\(games) \(dot) average \(Percent.of(average) ?? 0)% \(dot) best \(Self.score(best.0)) ("
        // A narrow terminal: the average gives way to the best game's title.
        if DisplayWidth.of(head) + 9 > width { head = "\(games) \(dot) best \(Self.score(best.0)) (" }
        let room = max(4, width - DisplayWidth.of(head) - 1)
        return head + DisplayWidth.truncate(TerminalText.safe(title(best.0)), to: room, ascii: ascii) + ")"
    }

    // MARK: Exports

    private var isoFormatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }

    public func markdown() -> String {
        let day = formatter("yyyy-MM-dd HH:mm")
        var lines = ["| Date | Quiz | Score | % | Took |", "| --- | --- | ---: | ---: | ---: |"]
        for session in sessions {
            let cells = [
                day.string(from: session.date), title(session), Self.score(session), Self.percent(session),
                DurationFormat.clock(session.duration),
            ]
            lines.append("| " + cells.map(Self.markdownEscape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Safe to print and on one line (`TerminalText.safe`), `\` and `|` escaped.
    static func markdownEscape(_ text: String) -> String {
        TerminalText.safe(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "|", with: "\\|")
    }

    /// RFC 4180: CRLF line ends, fields with `,` `"` or line breaks quoted, `"` doubled.
    /// Built as bytes (appending to a `String` piece by piece is several
    /// times slower at 100,000 rows).
    public func csv() -> String {
        var dates = InternetDateFormat(timeZone: timeZone)
        var out: [UInt8] = []
        out.reserveCapacity(sessions.count * 96 + 64)
        out += "date,quiz,title,score,total,percent,duration_seconds,seed\r\n".utf8
        func number(_ value: Int) {
            if value >= 0 && value < 10 {
                out.append(UInt8(48 + value))
            } else {
                out += String(value).utf8
            }
        }
        var fields: [String: [UInt8]] = [:]
        func field(_ text: String) {
            if let known = fields[text] {
                out += known
                return
            }
            let bytes = Array(Self.csvField(text).utf8)
            if fields.count < 4096 { fields[text] = bytes }
            out += bytes
        }
        for session in sessions {
            dates.append(session.date, to: &out)
            out.append(44)
            field(session.quiz ?? "")
            out.append(44)
            field(title(session))
            out.append(44)
            number(session.score)
            out.append(44)
            if let total = session.total { number(total) }
            out.append(44)
            if let percent = session.fraction.flatMap(Percent.of) { number(percent) }
            out.append(44)
            if let duration = session.duration { out += Self.tenths(duration).utf8 }
            out.append(44)
            if let seed = session.seed { out += String(seed).utf8 }
            out += [13, 10]
        }
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
        let iso = isoFormatter
        let objects: [[String: Any]] = sessions.map { session in
            [
                "date": iso.string(from: session.date), "quiz": session.quiz ?? NSNull(), "title": title(session),
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
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "[]" }
        return TerminalText.escapingControls(inJSON: text)
    }
}
