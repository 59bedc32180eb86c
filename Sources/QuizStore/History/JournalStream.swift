import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// A file in the journal's format that is not the history's own (a sync
/// file, a journal given to `--merge-history`) read a record at a time, its
/// games handed over as they are read, never all of them in memory: a
/// buffer of `chunkSize` read with `pread` (no mapping: a file the sync
/// engine cuts short while it is read would be a SIGBUS). Records read in
/// order, whole and right, are the fast way; from the first one that is not
/// (damage, a copy, a record out of order, a last record cut short) the rest
/// of the file is read whole by `HistoryJournal.parse`, which resynchronises
/// and says what it skipped (at most `HistoryStore.wholeReadLimit` of it);
/// from a whole record of a sequence not after the last one's (a copy, or
/// records out of order), all of what is read, so its copies are found, and
/// the games not handed over yet are.
struct JournalStream {
    /// The bytes read at once.
    static let chunkSize = 1 << 20

    /// What was read, in the coordinates of the bytes `HistoryJournal.parse`
    /// would have been given: the file, or, read from `start`, a journal
    /// header and the file from there.
    struct Read {
        var headerIntact: Bool
        /// Games handed over.
        var games: Int
        /// The last record's sequence (the header's with none).
        var lastSequence: UInt64
        /// Where the last whole record ends.
        var validLength: Int
        var tail: HistoryJournal.Tail
        /// The part read whole, from the first record that was not read the
        /// fast way (its own coordinates, after a header of the sequence
        /// before it): what is said of its damage.
        var rest: HistoryJournal.Contents?

        var isDamaged: Bool { rest?.isDamaged ?? false }
    }

    /// Reads the file open as `fd`, `size` bytes long, from `start` (0: the
    /// whole file, its header checked; else the offset of a record, after a
    /// header read before), handing each game to `each`. Nil when it is no
    /// journal (neither the header nor any record is one's), and then no
    /// game was handed over; throws when the part to read whole is larger
    /// than `HistoryStore.wholeReadLimit` or cannot be read.
    static func read(_ path: String, fd: Int32, size: Int, from start: Int, each: (Session) -> Void)
        throws(HistoryError)
        -> Read?
    {
        let headerSize = HistoryJournal.headerSize
        /// A file offset in the coordinates of `Read`.
        func coordinate(_ offset: Int) -> Int { start > 0 ? offset - start + headerSize : offset }
        var base: UInt64 = 0
        var offset = start
        if start == 0 {
            let header = try bytes(path, fd, 0..<min(headerSize, size))
            guard header.count == headerSize, header.starts(with: HistoryJournal.header(base: 0).prefix(8)) else {
                // No header: read whole, as `parse` finds records without one.
                return try rest(path, fd, size: size, from: 0, base: 0, coordinate: coordinate, each: each).map {
                    read in
                    var read = read
                    read.headerIntact = false
                    return read
                }
            }
            base = header[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
            offset = headerSize
        }
        var highest = base
        var games = 0
        var buffer: [UInt8] = []
        var bufferStart = offset
        while offset < size {
            // The buffer from `offset`, with its record whole when it fits.
            if offset + 8 > bufferStart + buffer.count || offset < bufferStart {
                bufferStart = offset
                buffer = try bytes(path, fd, offset..<min(size, offset + chunkSize))
            }
            let at = offset - bufferStart
            guard buffer.count - at >= 8 else { break }
            let length = Int(buffer[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) })
            let end = offset + 8 + length
            guard end <= size else { break }
            if end > bufferStart + buffer.count {
                bufferStart = offset
                buffer = try bytes(path, fd, offset..<min(size, offset + max(chunkSize, 8 + length)))
            }
            let from = offset - bufferStart
            let entry = buffer.withUnsafeBytes { raw in
                HistoryJournal.nextRecord(
                    in: UnsafeRawBufferPointer(rebasing: raw[from..<(from + 8 + length)]), after: highest)
            }
            guard let entry else { break }
            guard entry.sequence > highest else {
                // A copy, or records out of order: all of it read whole, the games after this one handed over.
                return try rest(
                    path, fd, size: size, from: start, base: base, coordinate: coordinate, skipping: coordinate(offset),
                    each: each)
            }
            each(entry.session)
            games += 1
            highest = entry.sequence
            offset = end
        }
        guard offset < size else {
            return Read(
                headerIntact: true, games: games, lastSequence: highest, validLength: coordinate(offset), tail: .clean)
        }
        guard var read = try rest(path, fd, size: size, from: offset, base: highest, coordinate: coordinate, each: each)
        else {
            return Read(
                headerIntact: true, games: games, lastSequence: highest, validLength: coordinate(offset), tail: .corrupt
            )
        }
        read.headerIntact = true
        read.games += games
        return read
    }

    /// The file from `offset` read whole and parsed after a header of `base`
    /// (from 0: the file as it is), its games handed over but those whose
    /// records begin before `skipping` (in the parsed bytes' coordinates:
    /// handed over already).
    private static func rest(
        _ path: String, _ fd: Int32, size: Int, from offset: Int, base: UInt64, coordinate: (Int) -> Int,
        skipping: Int = 0, each: (Session) -> Void
    ) throws(HistoryError) -> Read? {
        guard size - offset <= HistoryStore.wholeReadLimit else {
            throw .cannotRead(path: path, reason: "it holds more than 1 GiB to read whole")
        }
        let tail = try bytes(path, fd, offset..<size)
        let data = offset == 0 ? Data(tail) : Data(HistoryJournal.header(base: base) + tail)
        guard let contents = HistoryJournal.parse(data) else { return nil }
        for entry in contents.entries where entry.bytes.lowerBound >= skipping { each(entry.session) }
        let shift = offset == 0 ? 0 : offset - HistoryJournal.headerSize
        return Read(
            headerIntact: contents.headerIntact, games: contents.entries.count, lastSequence: contents.lastSequence,
            validLength: coordinate(contents.validLength + shift), tail: contents.tail, rest: contents)
    }

    /// The bytes of `range` of the file (fewer when it ends sooner).
    private static func bytes(_ path: String, _ fd: Int32, _ range: Range<Int>) throws(HistoryError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(range.lowerBound + done))
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .cannotRead(path: path, reason: SystemReason.current) }
            if count == 0 { break }
            done += count
        }
        bytes.removeLast(bytes.count - done)
        return bytes
    }
}
