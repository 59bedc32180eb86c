import Foundation

/// `quiz --history` in every format, the one renderer: written from a
/// `HistoryStream` (the history on disk, or sessions in memory for
/// `HistoryReport`) in chunks: at a million games neither the games nor the
/// text are ever all in memory.
///
/// `init` is the first pass: it reads each game it may show once (without
/// its results) and keeps, for each game shown, its date and position
/// (16 bytes: 16 MB at a million), sorted newest first, and the game itself
/// when it is among the newest `keptGames` (not for JSON); the table's column
/// widths are measured in the same pass (over the games shown only, in a
/// second look at them, when `limit` leaves some out). With `limit`, the
/// history's games are read newest first until `limit` of them are found
/// (`--limit 20` reads 20 games of a big archive), the pending ones all.
/// `write` is the second pass: each game, kept or read again, in that order,
/// and its row handed on in chunks of about 64 KiB, each ending at a line's end. A
/// game that cannot be read in the first pass (damage) makes `init` return
/// nil: `HistoryStore.load` then repairs and reports.
public struct StreamedHistoryReport {
    /// One game shown: when it finished, and where it is in the stream.
    struct Key {
        var date: Double
        var position: UInt32
    }

    public let format: HistoryReport.Format
    private let stream: HistoryStream
    private let keys: [Key]
    /// The games of the newest `kept.count` positions (from `keptStart`)
    /// read by the first pass, kept for the second, which then does not read
    /// them again; without their results, so none for JSON.
    private let kept: [Session?]
    private let keptStart: Int
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

    /// Games kept from the first pass at most (a few hundred bytes each): the
    /// memory of any history's report stays bounded, and one of up to this
    /// many games is read once. Older games are read again.
    public static let keptGames = 32_768

    /// Games shown.
    public var count: Int { keys.count }

    /// The first pass: the games of `quiz` (every game without); with
    /// `limit`, the newest `limit` recorded games of the history and every
    /// pending game, of which the newest `limit` by date are shown. nil when
    /// a game of the archive cannot be read.
    public init?(
        _ stream: HistoryStream, format: HistoryReport.Format, quiz: QuizID? = nil, limit: Int? = nil,
        timeZone: TimeZone, titles: [String: String] = [:], keeping keptGames: Int = keptGames
    ) {
        guard stream.count <= Int(UInt32.max) else { return nil }
        var keys: [Key] = []
        var widths = HistoryTable.Widths()
        var maker = HistoryTable.CellMaker(timeZone: timeZone)
        // The games shown that hold a number JSON cannot (a time that is not finite).
        var unwritable: Set<UInt32> = []
        let keptStart = stream.count - (format == .json ? 0 : min(stream.count, limit ?? .max, keptGames))
        var kept = [Session?](repeating: nil, count: stream.count - keptStart)
        /// Reads the game at `position`; false when it is not of `quiz`.
        func take(_ position: Int, measure: Bool) throws(ArchiveError) -> Bool {
            let session = try stream.session(at: position, results: format == .json)
            guard quiz?.matches(session.quiz) ?? true else { return false }
            if format == .json
                && (!(session.duration?.isFinite ?? true)
                    || session.results.contains { !($0.seconds?.isFinite ?? true) })
            {
                unwritable.insert(UInt32(position))
            }
            keys.append(Key(date: session.date.timeIntervalSinceReferenceDate, position: UInt32(position)))
            if position >= keptStart { kept[position - keptStart] = session }
            if measure {
                widths.include(session, title: HistoryReport.title(session, titles: titles), maker: &maker)
            }
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
                for key in keys {
                    let session = try Self.session(key, kept: kept, from: keptStart, in: stream, results: false)
                    widths.include(session, title: HistoryReport.title(session, titles: titles), maker: &maker)
                }
            } catch {
                return nil
            }
        }
        self.format = format
        self.stream = stream
        self.keys = keys
        self.kept = kept
        self.keptStart = keptStart
        self.widths = widths
        self.timeZone = timeZone
        self.titles = titles
        limited = limit != nil
        unwritableJSON = !unwritable.isEmpty && keys.contains { unwritable.contains($0.position) }
    }

    /// The game of `key` after the first pass: kept, or read again (its
    /// checksum was checked in the first).
    private static func session(
        _ key: Key, kept: [Session?], from keptStart: Int, in stream: HistoryStream, results: Bool
    ) throws(ArchiveError) -> Session {
        let index = Int(key.position) - keptStart
        if !results, index >= 0, let session = kept[index] { return session }
        return try stream.session(at: Int(key.position), results: results, checked: true)
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
        /// Each game shown, newest first, until the reader goes; `last` for
        /// the last one shown, which some formats end differently.
        func each(results: Bool, _ body: (_ session: Session, _ last: Bool) -> Void) throws(Failure) {
            for (number, key) in keys.enumerated() where going {
                do {
                    let session = try Self.session(
                        key, kept: kept, from: keptStart, in: stream, results: results)
                    body(session, number == keys.count - 1)
                } catch {
                    throw Failure(description: "the history changed while it was read: \(error)")
                }
                flush()
            }
        }
        func title(_ session: Session) -> String { HistoryReport.title(session, titles: titles) }
        func knownTitle(_ session: Session) -> String? {
            QuizTitle.known(title: session.title, quiz: session.quiz, titles: titles)
        }
        switch format {
        case .table:
            guard !keys.isEmpty else {
                _ = output(HistoryReport.noGames)
                return
            }
            var maker = HistoryTable.CellMaker(timeZone: timeZone)
            var writer = HistoryTable.Writer(widths: widths, width: width, ascii: ascii)
            var summary = HistoryTable.Summary()
            writer.header(into: &out)
            try each(results: false) { session, _ in
                writer.row(maker.cells(session, title: title(session)), into: &out)
                summary.add(session)
            }
            out.append(10)
            out += summary.text(width: width, ascii: ascii, limited: limited, title: title).utf8
        case .csv:
            var rows = HistoryCSV(timeZone: timeZone)
            out += HistoryCSV.header
            try each(results: false) { session, _ in rows.row(session, title: knownTitle(session), into: &out) }
        case .markdown:
            let day = HistoryReport.markdownDayFormatter(timeZone)
            out += HistoryReport.markdownHeader.utf8
            if !keys.isEmpty { out.append(10) }
            // Rows apart, not ended: the markdown has no line end after its last.
            try each(results: false) { session, last in
                out += HistoryReport.markdownRow(session, title: title(session), day: day).utf8
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
            try each(results: true) { session, last in
                let object = HistoryReport.jsonObject(session, title: knownTitle(session), iso: iso)
                guard
                    let data = try? JSONSerialization.data(
                        withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
                else { return }
                var lineStart = true
                for byte in data {
                    if lineStart && byte != 10 { out += [32, 32] }
                    out.append(byte)
                    lineStart = byte == 10
                }
                out += last ? [10] : [44, 10]
            }
            out.append(93)
        }
        flush(force: true)
    }
}
