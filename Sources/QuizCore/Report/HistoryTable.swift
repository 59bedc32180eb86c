import Foundation

/// `quiz --history`'s table, a row at a time, for `StreamedHistoryReport`.
///
/// Columns: date, time, quiz, score, %, duration; the quiz column takes what
/// the width leaves and shortens long titles with an ellipsis. Below about
/// 50 columns the time, then the duration, then the percentage give way, so
/// the table fits down to 40. Titles are made safe to print
/// (`TerminalText.safe`: on one line, control characters visible).
///
/// 100,000 rows: each cell is made once and measured once (a title made safe
/// and measured once per distinct title; the other cells are ASCII, as wide
/// as their bytes), and dates are formatted without `DateFormatter`.
package enum HistoryTable {
    /// One row's cells; `title` made safe, `titleWidth` its columns; and the
    /// game's score and total, for the summary under the table.
    package struct Cells {
        var day: String
        var time: String
        var title: String
        var titleWidth: Int
        var score: String
        var percent: String
        var took: String
        var points: (score: Int, total: Int?)
        /// Not a review: scored in the summary (a review is only counted).
        var quiz: Bool

        /// The cells as `StreamedHistoryReport` keeps them between its
        /// passes: the score, the total (a byte saying whether there is one,
        /// and, in its second bit, whether it is a quiz's game; then the
        /// total) and the title's width as 8 bytes each, then the six
        /// texts apart by 0x1F, which none holds (they are ASCII or made safe).
        func keep(into out: inout [UInt8]) {
            func integer(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { out += $0 } }
            integer(points.score)
            out.append((points.total == nil ? 0 : 1) | (quiz ? 2 : 0))
            integer(points.total ?? 0)
            integer(titleWidth)
            func text(_ text: String, last: Bool = false) {
                out += text.utf8
                if !last { out.append(0x1F) }
            }
            text(day)
            text(time)
            text(title)
            text(score)
            text(percent)
            text(took, last: true)
        }

        /// Cells kept by `keep(into:)`.
        init(kept: ArraySlice<UInt8>) {
            func integer(_ offset: Int) -> Int {
                Int(
                    Int64(
                        littleEndian: kept.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) })
                )
            }
            let flags = kept[kept.startIndex + 8]
            points = (integer(0), flags & 1 == 0 ? nil : integer(9))
            quiz = flags & 2 != 0
            titleWidth = integer(17)
            var start = kept.startIndex + 25
            /// The text from `start` to the next 0x1F or the end, and `start` past it.
            func text() -> String {
                let end = kept[start...].firstIndex(of: 0x1F) ?? kept.endIndex
                defer { start = min(end + 1, kept.endIndex) }
                return String(decoding: kept[start..<end], as: UTF8.self)
            }
            (day, time, title, score, percent, took) = (text(), text(), text(), text(), text(), text())
        }

        init(
            day: String, time: String, title: String, titleWidth: Int, score: String, percent: String, took: String,
            points: (score: Int, total: Int?), quiz: Bool
        ) {
            (self.day, self.time, self.title, self.titleWidth) = (day, time, title, titleWidth)
            (self.score, self.percent, self.took, self.points, self.quiz) = (score, percent, took, points, quiz)
        }
    }

    /// Distinct titles kept made safe (and, once fitted, shortened): every
    /// quiz there is, and a bound for a history where every title differs.
    static let keptTitles = 4096

    /// Makes each row's cells.
    package struct CellMaker {
        let timeZone: TimeZone
        private var dates: InternetDateFormat
        // DateFormatter only for years our own formatting leaves to it
        // (making one costs ICU milliseconds, most of `--limit 20`).
        private var slow: (day: DateFormatter, time: DateFormatter)?
        private var safeTitles: [String: (text: String, width: Int)] = [:]

        package init(timeZone: TimeZone) {
            self.timeZone = timeZone
            dates = InternetDateFormat(timeZone: timeZone)
        }

        private mutating func dayAndTime(_ date: Date) -> (day: String, time: String) {
            if let fast = dates.dayAndTime(from: date) { return fast }
            let formatters = slow ?? (formatter("yyyy-MM-dd"), formatter("HH:mm"))
            slow = formatters
            return (formatters.day.string(from: date), formatters.time.string(from: date))
        }

        private mutating func safeTitle(_ raw: String) -> (text: String, width: Int) {
            if let known = safeTitles[raw] { return known }
            let text = TerminalText.safe(raw)
            let safe = (text, DisplayWidth.of(text))
            if safeTitles.count < HistoryTable.keptTitles { safeTitles[raw] = safe }
            return safe
        }

        package mutating func cells(_ session: Session, title raw: String) -> Cells {
            let (day, time) = dayAndTime(session.date)
            let safe = safeTitle(raw)
            return Cells(
                day: day, time: time, title: safe.text, titleWidth: safe.width, score: HistoryReport.score(session),
                percent: HistoryReport.percent(session), took: DurationFormat.clock(session.duration),
                points: (session.score, session.total), quiz: session.kind != .review)
        }

        private func formatter(_ pattern: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = pattern
            return formatter
        }
    }

    /// Each column's width: the widest of its cells and its header.
    package struct Widths {
        var columns = [4, 4, 4, 5, 1, 4]  // the headers'

        package init() {}

        mutating func include(_ cells: Cells) {
            columns[0] = max(columns[0], cells.day.utf8.count)
            columns[1] = max(columns[1], cells.time.utf8.count)
            columns[2] = max(columns[2], cells.titleWidth)
            columns[3] = max(columns[3], cells.score.utf8.count)
            columns[4] = max(columns[4], cells.percent.utf8.count)
            columns[5] = max(columns[5], cells.took.utf8.count)
        }
    }

    /// Writes the header and the rows, once the widths are known.
    package struct Writer {
        private var widths: [Int]
        private var shown: [Int]
        private let ascii: Bool
        private var fitted: [String: (text: String, width: Int)] = [:]

        package init(widths measured: Widths, width: Int, ascii: Bool) {
            widths = measured.columns
            self.ascii = ascii
            shown = Array(widths.indices)
            // Time, then Took, then % give way to keep at least 8 columns of title.
            func others(_ shown: [Int], _ widths: [Int]) -> Int {
                shown.filter { $0 != 2 }.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1)
            }
            for column in [1, 5, 4] where others(shown, widths) + min(8, widths[2]) > width {
                shown.removeAll { $0 == column }
            }
            widths[2] = max(4, min(widths[2], width - others(shown, widths)))
        }

        /// The header line and its rule, each with its line end.
        package func header(into out: inout [UInt8]) {
            line(["Date", "Time", "Quiz", "Score", "%", "Took"], titleWidth: 4, into: &out)
            out += shown.map { String(repeating: ascii ? "-" : "─", count: widths[$0]) }.joined(separator: "  ").utf8
            out.append(10)
        }

        /// One row with its line end, the title shortened to its column.
        package mutating func row(_ cells: Cells, into out: inout [UInt8]) {
            let fit: (text: String, width: Int)
            if let known = fitted[cells.title] {
                fit = known
            } else {
                let text = DisplayWidth.truncate(cells.title, to: widths[2], ascii: ascii)
                fit = (text, DisplayWidth.of(text))
                if fitted.count < HistoryTable.keptTitles { fitted[cells.title] = fit }
            }
            line(
                [cells.day, cells.time, fit.text, cells.score, cells.percent, cells.took], titleWidth: fit.width,
                into: &out)
        }

        /// Score, % and Took are right-aligned; the last column gets no trailing spaces.
        private func line(_ cells: [String], titleWidth: Int, into out: inout [UInt8]) {
            func pad(_ count: Int) {
                if count > 0 { out += repeatElement(32, count: count) }
            }
            for (position, column) in shown.enumerated() {
                let cell = cells[column]
                let cellWidth = column == 2 ? titleWidth : cell.utf8.count
                if position > 0 { out += [32, 32] }
                if column >= 3 {
                    pad(widths[column] - cellWidth)
                    out += cell.utf8
                } else {
                    out += cell.utf8
                    if position < shown.count - 1 { pad(widths[column] - cellWidth) }
                }
            }
            out.append(10)
        }
    }

    /// The line under the table, "3 games · average 70% · best 9/10 (World
    /// Capitals)", counted a row at a time in the order the rows are shown;
    /// the average and the best are of quizzes, never of reviews.
    package struct Summary {
        private(set) var games = 0
        private var scored = 0
        private var total = 0.0
        /// The best game as `--stats` has it (`QuizStatistics.isBetter`: the
        /// higher fraction, then the higher score: 5/5 before 3/3), the
        /// earliest among equals: its score, total, date and the number the
        /// caller gave it.
        private var best: (points: (score: Int, total: Int?), date: Double, number: Int)?

        package init() {}

        /// Counts a game shown: its score and total, when it finished, a
        /// number by which `text` asks for its title if it is the best, and
        /// whether it is a quiz's game (a review's is counted, not scored).
        package mutating func add(_ points: (score: Int, total: Int?), date: Double, number: Int, quiz: Bool) {
            games += 1
            // A review asks the questions due, not a quiz to better: neither its best nor in the average.
            guard quiz, let fraction = QuizStatistics.shownFraction(points.score, points.total) else { return }
            scored += 1
            total += fraction
            if let known = best {
                let better =
                    QuizStatistics.isBetter(points, than: known.points)
                    || (!QuizStatistics.isBetter(known.points, than: points) && known.date > date)
                if better { best = (points, date, number) }
            } else {
                best = (points, date, number)
            }
        }

        /// The title of the best game shortened so the line fits `width`
        /// columns (without the average when that leaves less than 8 columns
        /// for the title). `limited`: `--limit` chose the games shown, so the
        /// line says it is of those ("last 2 games · … · best of these 3/4"),
        /// not the player's best, which an older game may hold.
        /// `title`: the title of the game `add` was given `number` for.
        package func text(width: Int, ascii: Bool, limited: Bool = false, title: (Int) throws -> String) rethrows
            -> String
        {
            let count = (limited ? "last " : "") + "\(games) game\(games == 1 ? "" : "s")"
            guard let best else { return count }
            let average = total / Double(scored)
            let dot = ascii ? "-" : "·"
            let score = HistoryReport.score(best.points)
            let bestWord = limited ? "best of these" : "best"
            var head = "\(count) \(dot) average \(Percent.of(average) ?? 0)% \(dot) \(bestWord) \(score) ("
            // A narrow terminal: the average gives way to the best game's title.
            if DisplayWidth.of(head) + 9 > width { head = "\(count) \(dot) \(bestWord) \(score) (" }
            let room = max(4, width - DisplayWidth.of(head) - 1)
            return head + DisplayWidth.truncate(TerminalText.safe(try title(best.number)), to: room, ascii: ascii) + ")"
        }
    }
}
