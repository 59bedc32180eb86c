import Foundation
internal import QuizFormats

/// `history.journal`: the games recorded since the archive was last
/// rewritten, one appended record each, so recording a game costs the same
/// however long the history is. The archive stays the whole truth once the
/// journal is folded into it (`HistoryStore.compact()`).
///
/// Layout: a 16-byte header (`headerSize`), `QUIZJRN1` and the big-endian sequence number
/// the journal starts after; then records of a 4-byte length, a CRC-32 of
/// what follows it, an 8-byte sequence number and a `SessionRecordCodec`
/// payload. A record cut short by a crash fails its length or checksum and is
/// ignored, unless the journal is shorter than quiz last acknowledged it
/// (`JournalMark`: then it was cut short after, which is damage); a damaged one is skipped and the records after it are found again
/// (`parse` resynchronises), so one bad byte costs one game; the archive's `journalSequence` says which records it already
/// holds, so a crash between rewriting the archive and emptying the journal
/// never counts a game twice.
package enum HistoryJournal {
    static let magic = Array("QUIZJRN1".utf8)
    package static let headerSize = 16
    static let recordHeaderSize = 16
    /// The smallest record body: a sequence number and the smallest session.
    static let minimumBody = 8 + SessionRecordCodec.minimumSize

    package struct Entry {
        package var sequence: UInt64
        package var session: Session
        /// Where the whole record lies in the file.
        var bytes: Range<Int> = 0..<0
    }

    /// How the bytes after the last whole record look.
    package enum Tail: Equatable {
        case clean
        /// A record started but not finished: a write cut short.
        case torn
        /// A whole record whose checksum or contents are wrong: damage.
        case corrupt
    }

    /// Bytes that hold no whole record: damage, skipped when reading.
    package struct Damage: Equatable {
        package var bytes: Range<Int>
        /// How many records they held, from the sequence numbers around them;
        /// nil when that cannot be known (no record follows, or the damage
        /// is before the first record and the header is damaged too): at least one.
        package var records: Int? = 0
    }

    package struct Contents {
        package var baseSequence: UInt64
        /// The header reads `QUIZJRN1`; when not, `baseSequence` is 0 and unknown.
        package var headerIntact: Bool
        package var entries: [Entry]
        /// Bytes up to the end of the last good record.
        package var validLength: Int
        package var tail: Tail
        /// What was skipped, oldest first (a torn last record is not damage,
        /// unless the journal was cut short: `markCutShort`).
        package var damage: [Damage] = []
        /// A torn last record: where it starts, and where its length says it
        /// ends (past the end of the file; with too few bytes to say, where the
        /// smallest record would).
        var torn: Range<Int>?
        /// How many bytes the file lacks of the length quiz last acknowledged
        /// (`JournalMark`); 0 when it is whole.
        package var cutShort = 0

        package init(
            baseSequence: UInt64, headerIntact: Bool, entries: [Entry], validLength: Int, tail: Tail,
            damage: [Damage] = [], torn: Range<Int>? = nil, cutShort: Int = 0
        ) {
            self.baseSequence = baseSequence
            self.headerIntact = headerIntact
            self.entries = entries
            self.validLength = validLength
            self.tail = tail
            self.damage = damage
            self.torn = torn
            self.cutShort = cutShort
        }

        /// The journal, `size` bytes long, once ended at `acknowledged`
        /// (`JournalMark`): a shorter file was cut short, and what is missing
        /// held games that were acknowledged, so its end is damage, kept aside
        /// and said like any other (the torn record's bytes skipped; one game
        /// lost when the torn record ended just at the mark, else at least one).
        package mutating func markCutShort(acknowledged: Int, size: Int) {
            guard acknowledged > size else { return }
            cutShort = acknowledged - size
            if let torn {
                damage.append(Damage(bytes: torn.lowerBound..<size, records: torn.upperBound == acknowledged ? 1 : nil))
            } else if let last = damage.indices.last, damage[last].bytes.upperBound == size {
                damage[last].records = nil
            } else {
                damage.append(Damage(bytes: size..<size, records: nil))
            }
            tail = .corrupt
        }

        package var lastSequence: UInt64 { entries.last?.sequence ?? baseSequence }
    }

    package static func header(base: UInt64) -> [UInt8] {
        var bytes = magic
        BigEndian.append(base, to: &bytes)
        return bytes
    }

    package static func record(_ session: Session, sequence: UInt64) -> [UInt8] {
        var body: [UInt8] = []
        BigEndian.append(sequence, to: &body)
        SessionRecordCodec.encode(session, into: &body)
        let crc = body.withUnsafeBytes { CRC32.checksum($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + 8)
        BigEndian.append(UInt32(body.count), to: &bytes)
        BigEndian.append(crc, to: &bytes)
        bytes += body
        return bytes
    }

    /// Parses a journal, recovering every whole record: after damage it
    /// resynchronises on the next offset that holds a record whose length,
    /// checksum, sequence (above the last one read) and contents are right.
    /// nil when neither the header nor any record is a journal's.
    ///
    /// `holes` are ranges of `data` known to be zeros (the holes of a sparse
    /// file, `FileContents.skippingHoles`): no record header fits in zeros,
    /// so the resynchronisation jumps over them instead of trying every
    /// offset, with the same result (`truncate -s 3G` on a journal costs
    /// its data, not 3 GB of reading).
    package static func parse(_ data: Data, holes: [Range<Int>] = []) -> Contents? {
        data.withUnsafeBytes { buffer -> Contents? in
            let headerIntact = buffer.count >= headerSize && buffer.starts(with: magic)
            let base = headerIntact ? BigEndian.uint64(buffer, at: 8) : 0
            var contents = Contents(
                baseSequence: base, headerIntact: headerIntact, entries: [], validLength: headerSize, tail: .clean)
            if !headerIntact { contents.damage.append(Damage(bytes: 0..<min(headerSize, buffer.count))) }
            var offset = headerSize
            // Sequences only grow; the header's base is not trusted for this
            // (it has no checksum of its own), the records are.
            var previous: UInt64 = 0
            var damageStart: Int?
            var tornAt: Int?
            var nextHole = 0
            while offset < buffer.count {
                // Inside damage, a hole: every offset whose length field lies
                // in its zeros fails (a length of 0), so the last three are
                // the first that may not.
                if damageStart != nil, nextHole < holes.count {
                    while nextHole < holes.count && holes[nextHole].upperBound <= offset { nextHole += 1 }
                    if nextHole < holes.count, holes[nextHole].contains(offset) {
                        offset = max(offset, holes[nextHole].upperBound - 3)
                    }
                }
                if let (entry, end) = record(in: buffer, at: offset, after: previous) {
                    if let start = damageStart {
                        // Counted from the record before, or, for the first
                        // record, from the header's sequence (the journal
                        // starts after it); without an intact header the
                        // count is unknown ("at least one").
                        let before: UInt64? = previous > 0 ? previous : headerIntact ? base : nil
                        let records = before.map { $0 < entry.sequence ? Int(clamping: entry.sequence - $0 - 1) : 0 }
                        contents.damage.append(Damage(bytes: start..<offset, records: records))
                        damageStart = nil
                    }
                    contents.entries.append(entry)
                    previous = entry.sequence
                    offset = end
                    contents.validLength = end
                    tornAt = nil
                    continue
                }
                if damageStart == nil {
                    if looksTorn(buffer, at: offset) {
                        // A length running past the end: a write cut short, or
                        // a damaged length before a whole last record.
                        if let (entry, end) = record(
                            in: buffer, at: offset, after: previous, length: buffer.count - offset - 8)
                        {
                            contents.damage.append(Damage(bytes: offset..<(offset + 4), records: 0))
                            contents.entries.append(entry)
                            previous = entry.sequence
                            offset = end
                            contents.validLength = end
                            continue
                        }
                        tornAt = offset
                    }
                    damageStart = offset
                }
                offset += 1
            }
            if let start = damageStart {
                if tornAt == start {
                    contents.tail = .torn
                    let stated = buffer.count - start >= 4 ? Int(BigEndian.uint32(buffer, at: start)) : 0
                    contents.torn = start..<(start + 8 + max(stated, minimumBody))
                } else {
                    contents.damage.append(Damage(bytes: start..<buffer.count, records: nil))
                }
            }
            if !contents.damage.isEmpty { contents.tail = .corrupt }
            if !headerIntact && contents.entries.isEmpty { return nil }
            return contents
        }
    }

    /// The record at `offset`, if a whole and right one starts there, and where it ends.
    private static func record(
        in buffer: UnsafeRawBufferPointer, at offset: Int, after previous: UInt64, length stated: Int? = nil
    ) -> (Entry, Int)? {
        guard buffer.count - offset >= 8 + minimumBody else { return nil }
        let length = stated ?? Int(BigEndian.uint32(buffer, at: offset))
        guard length >= minimumBody, length <= buffer.count - offset - 8 else { return nil }
        let sequence = BigEndian.uint64(buffer, at: offset + 8)
        // Sequences grow by one a game: a jump of billions is no record (and
        // the check spares the checksum at most offsets of a resync).
        guard sequence > previous, sequence - previous < 1 << 32 else { return nil }
        let crc = BigEndian.uint32(buffer, at: offset + 4)
        let body = UnsafeRawBufferPointer(rebasing: buffer[(offset + 8)..<(offset + 8 + length)])
        guard CRC32.checksum(body) == crc,
            let session = try? SessionRecordCodec.decode(UnsafeRawBufferPointer(rebasing: body[8...]))
        else { return nil }
        return (Entry(sequence: sequence, session: session, bytes: offset..<(offset + 8 + length)), offset + 8 + length)
    }

    /// A record cut short by a crash: too few bytes for a record header, or a
    /// length that runs past the end of the file, by less than a large record
    /// (a length whose high bytes were damaged runs past it by far more).
    static func looksTorn(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard buffer.count - offset >= 8 else { return true }
        let length = Int(BigEndian.uint32(buffer, at: offset))
        let missing = length - (buffer.count - offset - 8)
        return length >= minimumBody && missing > 0 && missing <= maximumTornGap
    }

    /// How many bytes a write cut short may lack: a record of a very long game.
    static let maximumTornGap = 1 << 20
}

extension [HistoryJournal.Entry] {
    /// The games recorded after the first `folded` (the archive's, or a
    /// derived file's, `journalSequence`): a crash between folding the journal
    /// into the archive and writing a fresh journal leaves folded records in
    /// it, which are in the archive already. The one place that says so.
    package func games(after folded: UInt64) -> [Session] {
        lazy.filter { $0.sequence > folded }.map(\.session)
    }
}
