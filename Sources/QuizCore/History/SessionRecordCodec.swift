import Foundation
internal import QuizFormats

/// A compact binary form of one `Session`, for the journal: little to write,
/// quick to read back, laid out by the schemas (`Session.schema`,
/// `QuestionResult.schema`). A session: its `.fixed` fields (date, score), a
/// flags byte, its `.flagged` fields present in the order of their bits, its
/// `.named` fields as named pairs (flag 0x20), then its results: a 32-bit
/// count and each result: a tag byte (the outcome's code in the low bits,
/// 0x80 for `given`, 0x40 for named pairs), its `.fixed` fields (prompt,
/// answer), `given`, and its named pairs. Integers and reals are 8 bytes,
/// strings a 32-bit length and UTF-8; named pairs are a 32-bit count and
/// each name and value as strings, so a record written before a field was
/// added reads as it did, and a name this version does not know is skipped.
/// `decode` checks every length against the bytes it has and throws on
/// anything malformed.
enum SessionRecordCodec {
    struct Malformed: Error {}

    /// The bytes of the smallest session: date, score, flags, no results.
    package static let minimumSize = 8 + 8 + 1 + 4

    /// The flags bit that says named pairs follow: a session's, a result's.
    static let sessionNamed: UInt8 = 0x20
    static let resultNamed: UInt8 = 0x40

    /// Codes of the outcomes in a result's tag byte.
    static func code(_ outcome: QuestionOutcome) -> UInt8 {
        switch outcome {
        case .right: 0
        case .wrong: 1
        case .skipped: 2
        }
    }

    static func outcome(_ code: UInt8) -> QuestionOutcome {
        switch code {
        case 0: .right
        case 1: .wrong
        default: .skipped
        }
    }

    // MARK: Checksums

    // Every game read is checked against its checksum: the fields are
    // encoded into `scratch`, a buffer the caller keeps from one game to the
    // next, so that no array is made for each.

    /// The checksum written before results were covered (the archive's key
    /// `checksum`): a CRC-32 of a session's encoded fields, its results left out.
    static func fieldsChecksum(_ fields: Session.Fields, scratch: inout [UInt8]) -> UInt32 {
        scratch.removeAll(keepingCapacity: true)
        encodeFields(fields, Session.schema, named: sessionNamed, into: &scratch)
        return scratch.withUnsafeBytes { CRC32.checksum($0) }
    }

    /// A CRC-32 of one result's encoding.
    static func resultChecksum(_ result: QuestionResult, scratch: inout [UInt8]) -> UInt32 {
        scratch.removeAll(keepingCapacity: true)
        encode(result, into: &scratch)
        return scratch.withUnsafeBytes { CRC32.checksum($0) }
    }

    /// The checksum of a whole game (the archive's key `wholeChecksum`): its
    /// `fieldsChecksum` in the high 32 bits, so that a reader leaving the
    /// results unread still checks the rest, and in the low 32 a CRC-32 of
    /// the number of results and each one's `resultChecksum`.
    static func wholeChecksum(fields: UInt32, results: [UInt32]) -> Int64 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + 4 * results.count)
        BigEndian.append(UInt32(results.count), to: &bytes)
        for crc in results { BigEndian.append(crc, to: &bytes) }
        let low = bytes.withUnsafeBytes { CRC32.checksum($0) }
        return Int64(bitPattern: UInt64(fields) << 32 | UInt64(low))
    }

    // MARK: Writing

    static func encode(_ session: Session, into out: inout [UInt8]) {
        encodeFields(session.fields, Session.schema, named: sessionNamed, into: &out)
        BigEndian.append(UInt32(session.results.count), to: &out)
        for result in session.results { encode(result, into: &out) }
    }

    private static func encode(_ result: QuestionResult, into out: inout [UInt8]) {
        encodeFields(result.fields, QuestionResult.schema, named: resultNamed, into: &out)
    }

    /// A schema's fields but the results: `.fixed` ones before the flags byte
    /// unless a `.tag` field puts the flags first (a result's tag byte). The
    /// flags byte and the count of named pairs are written when known, in
    /// the places kept for them.
    private static func encodeFields<Fields>(
        _ fields: Fields, _ schema: FieldSchema<Fields>, named: UInt8, into out: inout [UInt8]
    ) {
        var flags: UInt8 = 0
        var flagsAt = out.count
        if let tag = schema.tag {
            out.append(0)
            if case .outcome(let outcome)? = schema[tag].get(fields) { flags |= code(outcome) }
        }
        for index in schema.fixed where !append(schema[index], of: fields, to: &out) {
            BigEndian.append(UInt64(0), to: &out)
        }
        if schema.tag == nil {
            flagsAt = out.count
            out.append(0)
        }
        for (bit, index) in schema.flagged where append(schema[index], of: fields, to: &out) { flags |= bit }
        let pairsAt = out.count
        var pairs: UInt32 = 0
        out += [0, 0, 0, 0]
        for index in schema.named {
            guard let value = schema[index].get(fields) else { continue }
            pairs += 1
            append(schema[index].key, to: &out)
            append(value.namedText, to: &out)
        }
        if pairs > 0 {
            flags |= named
            for shift in 0..<4 { out[pairsAt + shift] = UInt8(truncatingIfNeeded: pairs >> (24 - 8 * shift)) }
        } else {
            out.removeLast(4)
        }
        out[flagsAt] = flags
    }

    /// Appends the value of `spec`'s field, read in its own type; false
    /// when the field is absent (nothing appended).
    private static func append<Fields>(_ spec: FieldSpec<Fields>, of fields: Fields, to out: inout [UInt8]) -> Bool {
        switch spec.access {
        case .date(let get, _): BigEndian.append(get(fields).timeIntervalSinceReferenceDate.bitPattern, to: &out)
        case .integer(let get, _):
            guard let value = get(fields) else { return false }
            BigEndian.append(UInt64(bitPattern: Int64(value)), to: &out)
        case .real(let get, _):
            guard let value = get(fields) else { return false }
            BigEndian.append(value.bitPattern, to: &out)
        case .text(let get, _):
            guard let value = get(fields) else { return false }
            append(value, to: &out)
        case .mark, .outcome, .results:
            guard let value = spec.get(fields) else { return false }
            append(value, to: &out)
        }
        return true
    }

    private static func append(_ value: FieldValue, to out: inout [UInt8]) {
        switch value {
        case .date(let date): BigEndian.append(date.timeIntervalSinceReferenceDate.bitPattern, to: &out)
        case .integer(let integer): BigEndian.append(UInt64(bitPattern: Int64(integer)), to: &out)
        case .real(let real): BigEndian.append(real.bitPattern, to: &out)
        case .text(let text): append(text, to: &out)
        case .mark, .outcome, .results: append(value.namedText, to: &out)
        }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        BigEndian.append(UInt32(utf8.count), to: &out)
        out.append(contentsOf: utf8)
    }

    // MARK: Reading

    /// Reads one session from `bytes`, which must hold exactly one.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(Malformed) -> Session {
        var reader = Reader(bytes: bytes)
        var fields = try reader.fields(Session.Fields(), Session.schema, named: sessionNamed)
        let count = Int(try reader.u32())
        guard count <= bytes.count else { throw Malformed() }
        var results: [QuestionResult] = []
        results.reserveCapacity(count)
        for _ in 0..<count {
            results.append(
                QuestionResult(try reader.fields(QuestionResult.Fields(), QuestionResult.schema, named: resultNamed)))
        }
        guard reader.offset == bytes.count else { throw Malformed() }
        // As the archive's reader: odd values are kept, what cannot be a date
        // or a duration at all is not a game.
        guard fields.absurdity == nil else { throw Malformed() }
        fields.results = results
        return Session(fields)
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        /// What `encodeFields` wrote, over `blank`.
        mutating func fields<Fields>(_ blank: Fields, _ schema: FieldSchema<Fields>, named: UInt8)
            throws(Malformed) -> Fields
        {
            var fields = blank
            var flags: UInt8 = schema.tag != nil ? try u8() : 0
            for index in schema.fixed { schema[index].set(&fields, try value(schema[index].kind)) }
            if schema.tag == nil { flags = try u8() }
            for (bit, index) in schema.flagged where flags & bit != 0 {
                schema[index].set(&fields, try value(schema[index].kind))
            }
            if let tag = schema.tag {
                schema[tag].set(&fields, .outcome(SessionRecordCodec.outcome(flags & 0x3F)))
            }
            if flags & named != 0 {
                let pairs = try self.pairs()
                for index in schema.named {
                    let spec = schema[index]
                    if let text = pairs[spec.key], let value = FieldValue(namedText: text, kind: spec.kind) {
                        spec.set(&fields, value)
                    }
                }
            }
            return fields
        }

        mutating func value(_ kind: FieldKind) throws(Malformed) -> FieldValue {
            switch kind {
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try u64())))
            case .integer: return .integer(Int(Int64(bitPattern: try u64())))
            case .real: return .real(Double(bitPattern: try u64()))
            case .text: return .text(try string())
            case .mark, .outcome, .results:
                guard let value = FieldValue(namedText: try string(), kind: kind) else { throw Malformed() }
                return value
            }
        }

        mutating func take(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        mutating func u8() throws(Malformed) -> UInt8 { try take(1)[0] }

        mutating func u32() throws(Malformed) -> UInt32 {
            BigEndian.uint32(try take(4), at: 0)
        }

        mutating func u64() throws(Malformed) -> UInt64 {
            BigEndian.uint64(try take(8), at: 0)
        }

        mutating func pairs() throws(Malformed) -> [String: String] {
            let count = Int(try u32())
            guard count <= bytes.count - offset else { throw Malformed() }
            var pairs: [String: String] = [:]
            for _ in 0..<count {
                let name = try string()
                pairs[name] = try string()
            }
            return pairs
        }

        mutating func string() throws(Malformed) -> String {
            let count = Int(try u32())
            guard let text = String(validating: try take(count), as: UTF8.self) else { throw Malformed() }
            return text
        }
    }
}
