import Foundation
internal import QuizFormats

/// A compact binary form of one `Session`, for the journal: little to write,
/// quick to read back. Field order is fixed; strings are a 32-bit length and
/// UTF-8; an absent optional is a flag. Fields added later (a session's
/// `category`, `difficulty`, `source`; a result's `typed`, `overridden`, `question`, `seconds`)
/// are named pairs of strings after a flag (0x20 on the session's flags,
/// 0x40 on a result's tag), so a record written before them reads as it
/// did, and a name this version does not know is skipped. `decode` checks
/// every length against the bytes it has and throws on anything malformed.
package enum SessionRecordCodec {
    package struct Malformed: Error {}

    /// The bytes of the smallest session: date, score, flags, no results.
    package static let minimumSize = 8 + 8 + 1 + 4

    /// A checksum of a session's own fields (not its per-question results),
    /// kept with it in the archive so that a changed byte is found.
    static func fieldsChecksum(_ session: Session) -> UInt32 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        encodeFields(session, into: &bytes)
        return bytes.withUnsafeBytes { CRC32.checksum($0) }
    }

    package static func encode(_ session: Session, into out: inout [UInt8]) {
        encodeFields(session, into: &out)
        BigEndian.append(UInt32(session.results.count), to: &out)
        for result in session.results {
            let outcome: UInt8 =
                switch result.outcome {
                case .right: 0
                case .wrong: 1
                case .skipped: 2
                }
            var extras: [(String, String)] = []
            if let typed = result.typed { extras.append(("typed", typed)) }
            if result.overridden { extras.append(("overridden", "1")) }
            if let identity = result.identity { extras.append(("question", identity)) }
            // The shortest text that reads back as the same double.
            if let seconds = result.seconds { extras.append(("seconds", "\(seconds)")) }
            out.append(outcome | (result.given != nil ? 0x80 : 0) | (extras.isEmpty ? 0 : 0x40))
            append(result.prompt, to: &out)
            append(result.answer, to: &out)
            if let given = result.given { append(given, to: &out) }
            if !extras.isEmpty { append(extras, to: &out) }
        }
    }

    private static func encodeFields(_ session: Session, into out: inout [UInt8]) {
        BigEndian.append(session.date.timeIntervalSinceReferenceDate.bitPattern, to: &out)
        BigEndian.append(UInt64(bitPattern: Int64(session.score)), to: &out)
        var flags: UInt8 = 0
        if session.total != nil { flags |= 1 }
        if session.duration != nil { flags |= 2 }
        if session.seed != nil { flags |= 4 }
        if session.quiz != nil { flags |= 8 }
        if session.title != nil { flags |= 16 }
        var extras: [(String, String)] = []
        for field in Session.TextField.allCases {
            if let text = session.texts[field] { extras.append((field.rawValue, text)) }
        }
        if !extras.isEmpty { flags |= 32 }
        out.append(flags)
        if let total = session.total { BigEndian.append(UInt64(bitPattern: Int64(total)), to: &out) }
        if let duration = session.duration { BigEndian.append(duration.bitPattern, to: &out) }
        if let seed = session.seed { BigEndian.append(UInt64(bitPattern: seed), to: &out) }
        if let quiz = session.quiz { append(quiz, to: &out) }
        if let title = session.title { append(title, to: &out) }
        if !extras.isEmpty { append(extras, to: &out) }
    }

    /// Named fields: a 32-bit count, then each name and value as strings.
    private static func append(_ pairs: [(String, String)], to out: inout [UInt8]) {
        BigEndian.append(UInt32(pairs.count), to: &out)
        for (name, value) in pairs {
            append(name, to: &out)
            append(value, to: &out)
        }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        BigEndian.append(UInt32(utf8.count), to: &out)
        out.append(contentsOf: utf8)
    }

    /// Reads one session from `bytes[range]`, which must hold exactly one.
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(Malformed) -> Session {
        var reader = Reader(bytes: bytes)
        let date = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.u64()))
        let score = Int(Int64(bitPattern: try reader.u64()))
        let flags = try reader.u8()
        let total = flags & 1 != 0 ? Int(Int64(bitPattern: try reader.u64())) : nil
        let duration = flags & 2 != 0 ? Double(bitPattern: try reader.u64()) : nil
        let seed = flags & 4 != 0 ? Int64(bitPattern: try reader.u64()) : nil
        let quiz = flags & 8 != 0 ? try reader.string() : nil
        let title = flags & 16 != 0 ? try reader.string() : nil
        let extras = flags & 32 != 0 ? try reader.pairs() : [:]
        let count = Int(try reader.u32())
        guard count <= bytes.count else { throw Malformed() }
        var results: [QuestionResult] = []
        results.reserveCapacity(count)
        for _ in 0..<count {
            let tag = try reader.u8()
            let outcome: QuestionOutcome =
                switch tag & 0x3F {
                case 0: .right
                case 1: .wrong
                default: .skipped
                }
            let prompt = try reader.string()
            let answer = try reader.string()
            let given = tag & 0x80 != 0 ? try reader.string() : nil
            let named = tag & 0x40 != 0 ? try reader.pairs() : [:]
            results.append(
                QuestionResult(
                    prompt: prompt, outcome: outcome, given: given, answer: answer, typed: named["typed"],
                    overridden: named["overridden"] == "1", identity: named["question"],
                    seconds: named["seconds"].flatMap(Double.init)))
        }
        guard reader.offset == bytes.count else { throw Malformed() }
        // As the archive's reader: odd values are kept, what cannot be a date
        // or a duration at all is not a game.
        let time = date.timeIntervalSinceReferenceDate
        guard time.isFinite, abs(time) < 1e11, duration.map({ abs($0) <= 1e10 }) ?? true else { throw Malformed() }
        return Session(
            date: date, score: score, total: total, quiz: quiz, title: title, duration: duration, seed: seed,
            results: results,
            texts: Dictionary(
                uniqueKeysWithValues: Session.TextField.allCases.compactMap { field in
                    extras[field.rawValue].map { (field, $0) }
                }))
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

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
