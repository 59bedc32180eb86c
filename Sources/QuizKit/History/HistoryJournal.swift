import Foundation

/// `history.journal`: the games recorded since the archive was last
/// rewritten, one appended record each, so recording a game costs the same
/// however long the history is. The archive stays the whole truth once the
/// journal is folded into it (`HistoryStore.compact()`).
///
/// Layout: an 16-byte header, `QUIZJRN1` and the big-endian sequence number
/// the journal starts after; then records of a 4-byte length, a CRC-32 of
/// what follows it, an 8-byte sequence number and a `SessionRecordCodec`
/// payload. A record cut short by a crash fails its length or checksum and is
/// ignored; the archive's `journalSequence` says which records it already
/// holds, so a crash between rewriting the archive and emptying the journal
/// never counts a game twice.
enum HistoryJournal {
    static let magic = Array("QUIZJRN1".utf8)
    static let headerSize = 16
    static let recordHeaderSize = 16

    struct Entry {
        var sequence: UInt64
        var session: Session
    }

    /// How the bytes after the last whole record look.
    enum Tail: Equatable {
        case clean
        /// A record started but not finished: a write cut short.
        case torn
        /// A whole record whose checksum or contents are wrong: damage.
        case corrupt
    }

    struct Contents {
        var baseSequence: UInt64
        var entries: [Entry]
        /// Bytes up to the end of the last good record.
        var validLength: Int
        var tail: Tail

        var lastSequence: UInt64 { entries.last?.sequence ?? baseSequence }
    }

    static func header(base: UInt64) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: base.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    static func record(_ session: Session, sequence: UInt64) -> [UInt8] {
        var body: [UInt8] = []
        withUnsafeBytes(of: sequence.bigEndian) { body.append(contentsOf: $0) }
        SessionRecordCodec.encode(session, into: &body)
        let crc = body.withUnsafeBytes { CRC32.checksum($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + 8)
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: crc.bigEndian) { bytes.append(contentsOf: $0) }
        bytes += body
        return bytes
    }

    /// Parses a journal; nil when the header is not a journal's.
    static func parse(_ data: Data) -> Contents? {
        data.withUnsafeBytes { buffer -> Contents? in
            guard buffer.count >= headerSize, buffer.starts(with: magic) else { return nil }
            let base = read64(buffer, at: 8)
            var contents = Contents(baseSequence: base, entries: [], validLength: headerSize, tail: .clean)
            var offset = headerSize
            var previous = base
            while offset < buffer.count {
                guard buffer.count - offset >= 8 else {
                    contents.tail = .torn
                    break
                }
                let length = Int(read32(buffer, at: offset))
                let crc = read32(buffer, at: offset + 4)
                guard length >= 8, length <= buffer.count - offset - 8 else {
                    contents.tail = length < 8 ? .corrupt : .torn
                    break
                }
                let body = UnsafeRawBufferPointer(rebasing: buffer[(offset + 8)..<(offset + 8 + length)])
                let sequence = read64(body, at: 0)
                guard CRC32.checksum(body) == crc, sequence > previous,
                    let session = try? SessionRecordCodec.decode(UnsafeRawBufferPointer(rebasing: body[8...]))
                else {
                    contents.tail = .corrupt
                    break
                }
                contents.entries.append(Entry(sequence: sequence, session: session))
                previous = sequence
                offset += 8 + length
                contents.validLength = offset
            }
            return contents
        }
    }

    private static func read32(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(buffer[offset + $1]) }
    }

    private static func read64(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[offset + $1]) }
    }
}
