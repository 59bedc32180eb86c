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
        package var bytes: Range<Int> = 0..<0
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
        /// How many records they held, from the sequence numbers around them
        /// in the file (what the reader is told is `Contents.lost`, from every
        /// sequence read); nil when that cannot be known (no record follows, or the damage
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
        /// Whole records of a game read already (a copy), dropped: where they lie.
        package var repeated: [Range<Int>] = []
        /// A record came after one of a higher sequence: `entries` are put
        /// back in the order of their sequences.
        package var disordered = false
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

        /// A torn last record made damage, in a file `size` bytes long (a
        /// pending file's: a game kept there was cut short, at least one lost).
        package mutating func markTorn(size: Int) {
            guard let torn else { return }
            damage.append(
                Damage(bytes: torn.lowerBound..<max(torn.lowerBound, min(torn.upperBound, size)), records: nil))
            tail = .corrupt
        }

        package var lastSequence: UInt64 { entries.last?.sequence ?? baseSequence }

        /// Anything in it that quiz does not write: damage, a copy, records out of order.
        package var isDamaged: Bool { !damage.isEmpty || !repeated.isEmpty || disordered }

        /// How many records the damage cost, from the sequences of those read
        /// (missing ones among them, from the header's when damage precedes
        /// the first record) and the damage after the last record; `atLeast`:
        /// more may have been lost (the damage's own records are unknown).
        package var lost: (count: Int, atLeast: Bool) {
            let end = entries.map(\.bytes.upperBound).max() ?? 0
            var count = 0
            var atLeast = false
            if let top = entries.map(\.sequence).max(), let bottom = entries.map(\.sequence).min() {
                let first = entries.map(\.bytes.lowerBound).min() ?? 0
                // Damage before the first record (the header's own aside) hid the records from the header's sequence on.
                let before = damage.contains { $0.bytes.lowerBound >= headerSize && $0.bytes.upperBound <= first }
                var floor = bottom - 1
                if before {
                    if headerIntact { floor = min(floor, baseSequence) } else { atLeast = true }
                }
                let read = Set(entries.lazy.map(\.sequence).filter { $0 > floor }).count
                count = Int(clamping: top - floor) - read
            }
            for after in damage where after.bytes.lowerBound >= end {
                // Records after the last one read: beyond the highest sequence, unless the records were out of order.
                if let records = after.records {
                    count += records
                } else {
                    atLeast = true
                    if !disordered { count += 1 }
                }
            }
            return (max(count, atLeast ? 1 : 0), atLeast)
        }
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
    /// checksum, sequence and contents are right. Every such record is read
    /// once whatever its place: one of a game read already (a copy) is
    /// dropped, and records out of order are put back in the order of their
    /// sequences. nil when neither the header nor any record is a journal's.
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
            // Sequences grow by one a game; the header's base is not trusted for
            // this (it has no checksum of its own), the records are.
            var previous: UInt64 = 0
            var highest: UInt64 = 0
            // The games read, made at the first record that does not follow the
            // highest (in a journal as quiz writes it, never).
            var read: Set<GameIdentity>?
            /// Takes a whole record: once per game, in the order of sequences.
            func take(_ entry: Entry, end: Int) {
                contents.validLength = end
                if entry.sequence <= highest {
                    if read == nil { read = Set(contents.entries.map { GameIdentity($0.session) }) }
                    guard read!.insert(GameIdentity(entry.session)).inserted else {
                        contents.repeated.append(entry.bytes)
                        return
                    }
                    contents.disordered = true
                } else {
                    read?.insert(GameIdentity(entry.session))
                }
                contents.entries.append(entry)
                previous = entry.sequence
                highest = max(highest, entry.sequence)
            }
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
                if let (entry, end) = record(in: buffer, at: offset, below: highest) {
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
                    take(entry, end: end)
                    offset = end
                    tornAt = nil
                    continue
                }
                if damageStart == nil {
                    if looksTorn(buffer, at: offset) {
                        // A length running past the end: a write cut short, or
                        // a damaged length before a whole last record.
                        if let (entry, end) = record(
                            in: buffer, at: offset, below: highest, length: buffer.count - offset - 8)
                        {
                            contents.damage.append(Damage(bytes: offset..<(offset + 4), records: 0))
                            take(entry, end: end)
                            offset = end
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
            if contents.disordered { contents.entries.sort { $0.sequence < $1.sequence } }
            if contents.isDamaged { contents.tail = .corrupt }
            if !headerIntact && contents.entries.isEmpty { return nil }
            return contents
        }
    }

    /// The whole and right record at the start of `buffer` (its length,
    /// checksum and contents; its sequence not billions past `highest`), nil
    /// when there is none: what a reader going one record at a time
    /// (`JournalStream`) takes, leaving the rest to `parse`.
    package static func nextRecord(in buffer: UnsafeRawBufferPointer, after highest: UInt64) -> Entry? {
        record(in: buffer, at: 0, below: highest)?.0
    }

    /// The record at `offset`, if a whole and right one starts there, and where it ends.
    private static func record(
        in buffer: UnsafeRawBufferPointer, at offset: Int, below highest: UInt64, length stated: Int? = nil
    ) -> (Entry, Int)? {
        guard buffer.count - offset >= 8 + minimumBody else { return nil }
        let length = stated ?? Int(BigEndian.uint32(buffer, at: offset))
        guard length >= minimumBody, length <= buffer.count - offset - 8 else { return nil }
        let sequence = BigEndian.uint64(buffer, at: offset + 8)
        // Sequences grow by one a game: a jump of billions past the highest
        // read is no record (and the check spares the checksum at most
        // offsets of a resync).
        guard sequence > 0, sequence - min(sequence, highest) < 1 << 32 else { return nil }
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

extension HistoryJournal.Contents {
    /// The last of these records folded into an archive holding the games
    /// `held`, when the archive's own `journalSequence` cannot be trusted (its
    /// check failed): compaction folds every record up to one sequence, so it
    /// is the newest record whose game the archive holds; with none, the one
    /// before the oldest record (nothing folded).
    package func foldedSequence(holding held: Set<GameIdentity>) -> UInt64 {
        if let folded = entries.filter({ held.contains(GameIdentity($0.session)) }).map(\.sequence).max() {
            return folded
        }
        return entries.map(\.sequence).min().map { $0 - 1 } ?? baseSequence
    }
}
