import Foundation

/// `quiz --history` in every format, the one renderer: written from a
/// `HistoryStream` (the history on disk, or sessions in memory for
/// `HistoryReport`) in chunks: at a million games neither the games nor the
/// text are ever all in memory.
///
/// `init` is the first pass: it reads each game it may show once (without
/// its results) and keeps, for each game shown, its date and position
/// (16 bytes: 16 MB at a million), sorted newest first, and, for the newest
/// games, the row it makes of the game then, in `KeptRows`, up to
/// `keptBytes` (not for JSON, whose rows need the results); the table's
/// column widths are measured in the same pass (over the games shown only,
/// in a second look at their rows, when `limit` leaves some out). With
/// `limit`, the history's games are read newest first until `limit` of them
/// are found (`--limit 20` reads 20 games of a big archive), the pending ones
/// all. `write` is the second pass: each row, kept or made from the game read
/// again, in that order, handed on in chunks of about 64 KiB, each ending at
/// a line's end. A game that cannot be read in the first pass (damage) makes
/// `init` return nil: `HistoryStore.load` then repairs and reports.
public struct StreamedHistoryReport {
    /// One game shown: when it finished, where it is in the stream, and the
    /// number of its row in `rows` (`noRow` for none).
    struct Key {
        var date: Double
        var position: UInt32
        var row: UInt32
    }

    static let noRow = UInt32.max

    public let format: HistoryReport.Format
    private let stream: HistoryStream
    private let keys: [Key]
    /// The rows the first pass made, as many of the newest as fit.
    private let rows: KeptRows
    private let widths: HistoryTable.Widths
    private let timeZone: TimeZone
    private let titles: [String: String]
    /// `--limit` was given: the table's summary is of the games shown.
    private let limited: Bool
    /// A number JSON cannot hold (a result's time that is not finite):
    /// JSONSerialization refuses it, so the export is `[]`.
    private let unwritableJSON: Bool

    /// Bytes a chunk holds before it is handed on (then at the next line's end).
    public static let chunkSize = 65_536

    /// Bytes of rows kept from the first pass at most (`rowBytes` a row:
    /// every row of 100,000 games): the memory of any history's report stays
    /// bounded. The rows of older games are made in the second pass.
    public static let keptBytes = 12 << 20

    /// A row's bytes as kept, about, for a history's usual titles.
    static let rowBytes = 80

    /// Games shown.
    public var count: Int { keys.count }

    /// The first pass: the games of `quiz` (every game without); with
    /// `limit`, the newest `limit` recorded games of the history and every
    /// pending game, of which the newest `limit` by date are shown. nil when
    /// a game of the archive cannot be read.
    public init?(
        _ stream: HistoryStream, format: HistoryReport.Format, quiz: QuizID? = nil, limit: Int? = nil,
        timeZone: TimeZone, titles: [String: String] = [:], keeping keptBytes: Int = keptBytes
    ) {
        guard stream.count < Int(UInt32.max) else { return nil }
        var keys: [Key] = []
        var widths = HistoryTable.Widths()
        var maker = RowMaker(format: format, timeZone: timeZone, titles: titles)
        // The games shown that hold a number JSON cannot (a time that is not finite).
        var unwritable: Set<UInt32> = []
        var rows = KeptRows(
            budget: format == .json ? 0 : keptBytes, expected: min(stream.count, limit ?? .max))
        var made: [UInt8] = []
        // Rows are made for the newest games only, as many as the budget
        // likely holds: those of older games would be let go.
        let keptFrom = stream.count - min(stream.count, keptBytes / Self.rowBytes)
        /// Reads the game at `position`; false when it is not of `quiz`.
        func take(_ position: Int, measure: Bool) throws(ArchiveError) -> Bool {
            let session = try stream.session(at: position, results: format == .json)
            guard quiz?.matches(session.quiz) ?? true else { return false }
            var row = Self.noRow
            if format == .json {
                if !(session.duration?.isFinite ?? true)
                    || session.results.contains(where: { !($0.seconds?.isFinite ?? true) })
                {
                    unwritable.insert(UInt32(position))
                }
            } else if position >= keptFrom {
                made.removeAll(keepingCapacity: true)
                if let cells = maker.row(session, into: &made), measure { widths.include(cells) }
                row = UInt32(rows.add(made[...]))
            } else if measure {
                widths.include(maker.cells(session))
            }
            keys.append(
                Key(date: session.date.timeIntervalSinceReferenceDate, position: UInt32(position), row: row))
            return true
        }
        do {
            if let limit {
                // The newest recorded first, back to the `limit`th found; then the pending ones.
                var position = stream.pendingStart
                var found = 0
                while found < limit && position > 0 {
                    position -= 1
                    if try take(position, measure: false) { found += 1 }
                }
                keys.reverse()
                for position in stream.pendingStart..<stream.count { _ = try take(position, measure: false) }
            } else {
                // Once, at its largest: growing by doubling would hold two copies.
                keys.reserveCapacity(stream.count)
                for position in 0..<stream.count { _ = try take(position, measure: format == .table) }
            }
        } catch {
            return nil
        }
        // Newest first; recorded in order of date, as a history almost always is: no sort.
        keys.reverse()
        let inOrder = zip(keys, keys.dropFirst()).allSatisfy { $0.date >= $1.date }
        if !inOrder {
            keys.sort { $0.date != $1.date ? $0.date > $1.date : $0.position > $1.position }
        }
        if let limit, keys.count > limit { keys.removeLast(keys.count - limit) }
        if format == .table && limit != nil {
            do {
                var scratch: [UInt8] = []
                for key in keys {
                    let row = try Self.row(key, rows: rows, in: stream, maker: &maker, scratch: &scratch)
                    widths.include(HistoryTable.Cells(kept: row))
                }
            } catch {
                return nil
            }
        }
        self.format = format
        self.stream = stream
        self.keys = keys
        self.rows = rows
        self.widths = widths
        self.timeZone = timeZone
        self.titles = titles
        limited = limit != nil
        unwritableJSON = !unwritable.isEmpty && keys.contains { unwritable.contains($0.position) }
    }

    /// The row of `key` after the first pass: kept, or made again in
    /// `scratch` from the game read again (its checksum was checked in the first).
    private static func row(
        _ key: Key, rows: KeptRows, in stream: HistoryStream, maker: inout RowMaker, scratch: inout [UInt8]
    ) throws(ArchiveError) -> ArraySlice<UInt8> {
        if key.row != noRow, let kept = rows.row(Int(key.row)) { return kept }
        let session = try stream.session(at: Int(key.position), results: false, checked: true)
        scratch.removeAll(keepingCapacity: true)
        maker.row(session, into: &scratch)
        return scratch[...]
    }

    /// A game's row as the first pass keeps it: the CSV line with its CRLF,
    /// the markdown line without its line end, or the table's cells
    /// (`HistoryTable.Cells.keep`), which the second pass lays out once the
    /// widths are known. JSON has none.
    struct RowMaker {
        let format: HistoryReport.Format
        let titles: [String: String]
        var csv: HistoryCSV
        var cellMaker: HistoryTable.CellMaker
        let day: DateFormatter?

        init(format: HistoryReport.Format, timeZone: TimeZone, titles: [String: String]) {
            self.format = format
            self.titles = titles
            csv = HistoryCSV(timeZone: timeZone)
            cellMaker = HistoryTable.CellMaker(timeZone: timeZone)
            day = format == .markdown ? HistoryReport.markdownDayFormatter(timeZone) : nil
        }

        /// The table's cells of `session`.
        mutating func cells(_ session: Session) -> HistoryTable.Cells {
            cellMaker.cells(session, title: HistoryReport.title(session, titles: titles))
        }

        /// Writes `session`'s row; the table's cells too, for their widths.
        @discardableResult
        mutating func row(_ session: Session, into out: inout [UInt8]) -> HistoryTable.Cells? {
            switch format {
            case .table:
                let made = cells(session)
                made.keep(into: &out)
                return made
            case .csv:
                csv.row(
                    session, title: QuizTitle.known(title: session.title, quiz: session.quiz, titles: titles),
                    into: &out)
            case .markdown:
                if let day {
                    out +=
                        HistoryReport.markdownRow(
                            session, title: HistoryReport.title(session, titles: titles), day: day
                        ).utf8
                }
            case .json:
                break
            }
            return nil
        }
    }

    /// The games shown, newest first (read again: for sessions in memory).
    var sessions: [Session] {
        keys.compactMap { try? stream.session(at: Int($0.position), results: true, checked: true) }
    }

    /// An empty array as JSONSerialization writes it, pretty-printed.
    static let emptyJSON =
        (try? JSONSerialization.data(withJSONObject: [Any](), options: [.prettyPrinted, .sortedKeys]))
        .map { String(decoding: $0, as: UTF8.self) } ?? "[]"

    /// What went wrong in the second pass (a game that could be read in the
    /// first and not now: the archive changed under its mapping).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The second pass: the report in chunks handed to `output`, which
    /// returns false to stop (the reader has gone). The last chunk has no
    /// line end after the table's summary, the markdown or the JSON, as
    /// `HistoryReport.render` has none; CSV rows end in CRLF.
    public func write(width: Int = 80, ascii: Bool = false, to output: (String) -> Bool) throws(Failure) {
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunkSize + 4096)
        var going = true
        /// Hands the chunk on when it is full enough (at the end of a line).
        func flush(force: Bool = false) {
            guard going, force || out.count >= Self.chunkSize else { return }
            if !out.isEmpty {
                let text = String(decoding: out, as: UTF8.self)
                // Control characters escaped a scalar at a time, as in the whole text.
                going = output(format == .json ? TerminalText.escapingControls(inJSON: text) : text)
            }
            out.removeAll(keepingCapacity: true)
        }
        var maker = RowMaker(format: format, timeZone: timeZone, titles: titles)
        var scratch: [UInt8] = []
        /// Each game's row, newest first, until the reader goes; `last` for
        /// the last one shown, which some formats end differently.
        func each(_ body: (_ key: Key, _ row: ArraySlice<UInt8>, _ last: Bool) -> Void) throws(Failure) {
            for (number, key) in keys.enumerated() where going {
                do {
                    let row = try Self.row(key, rows: rows, in: stream, maker: &maker, scratch: &scratch)
                    body(key, row, number == keys.count - 1)
                } catch {
                    throw Failure(description: "the history changed while it was read: \(error)")
                }
                flush()
            }
        }
        switch format {
        case .table:
            guard !keys.isEmpty else {
                _ = output(HistoryReport.noGames)
                return
            }
            var writer = HistoryTable.Writer(widths: widths, width: width, ascii: ascii)
            var summary = HistoryTable.Summary()
            writer.header(into: &out)
            try each { key, row, _ in
                let cells = HistoryTable.Cells(kept: row)
                writer.row(cells, into: &out)
                summary.add(cells.points, date: key.date, number: Int(key.position), quiz: cells.quiz)
            }
            out.append(10)
            do {
                out += try summary.text(width: width, ascii: ascii, limited: limited) { position throws(ArchiveError) in
                    HistoryReport.title(
                        try stream.session(at: position, results: false, checked: true), titles: titles)
                }.utf8
            } catch {
                throw Failure(description: "the history changed while it was read: \(error)")
            }
        case .csv:
            out += HistoryCSV.header
            try each { _, row, _ in out += row }
        case .markdown:
            out += HistoryReport.markdownHeader.utf8
            if !keys.isEmpty { out.append(10) }
            // Rows apart, not ended: the markdown has no line end after its last.
            try each { _, row, last in
                out += row
                if !last { out.append(10) }
            }
        case .json:
            guard !keys.isEmpty, !unwritableJSON else {
                _ = output(keys.isEmpty ? Self.emptyJSON : "[]")
                return
            }
            // Each game's object as JSONSerialization writes it inside the
            // array: indented one level more, the lines of an empty array's
            // inside left empty.
            let iso = ISO8601DateFormatter()
            iso.timeZone = timeZone
            iso.formatOptions = [.withInternetDateTime]
            out += Array("[\n".utf8)
            for (number, key) in keys.enumerated() where going {
                let session: Session
                do {
                    session = try stream.session(at: Int(key.position), results: true, checked: true)
                } catch {
                    throw Failure(description: "the history changed while it was read: \(error)")
                }
                let object = HistoryReport.jsonObject(
                    session, title: QuizTitle.known(title: session.title, quiz: session.quiz, titles: titles),
                    iso: iso)
                if let data = try? JSONSerialization.data(
                    withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
                {
                    var lineStart = true
                    for byte in data {
                        if lineStart && byte != 10 { out += [32, 32] }
                        out.append(byte)
                        lineStart = byte == 10
                    }
                    out += number == keys.count - 1 ? [10] : [44, 10]
                }
                flush()
            }
            out.append(93)
        }
        flush(force: true)
    }
}
