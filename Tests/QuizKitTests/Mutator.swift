@testable import QuizCore

/// Deterministic mutations of valid inputs for the mutation tests, driven by
/// `SeededGenerator` so a failure replays on every machine: a fuzzer's
/// byte-level mutations, ones that know a binary property list's trailer and
/// offset table, and ones that know JSON's tokens.
struct Mutator {
    private var generator: SeededGenerator

    static let interestingBytes: [UInt8] = [0x00, 0xFF, 0x7F, 0x80]

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A number in `0..<bound`; 0 when `bound` is not positive.
    mutating func below(_ bound: Int) -> Int {
        bound > 0 ? generator.below(bound) : 0
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    mutating func chance(_ oneIn: Int) -> Bool {
        below(oneIn) == 0
    }

    // MARK: Bytes

    /// One to three byte-level mutations, `splice` drawing on `others`.
    mutating func mutateBytes(_ input: [UInt8], others: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(3) {
            switch below(8) {
            case 0: flipBits(&bytes)
            case 1: overwriteWithInterestingBytes(&bytes)
            case 2: insertRandomBytes(&bytes)
            case 3: deleteRange(&bytes)
            case 4: truncate(&bytes)
            case 5: duplicateChunk(&bytes)
            case 6: bytes = splice(bytes, pick(others))
            default: overwriteWithRandomBytes(&bytes)
            }
        }
        return bytes
    }

    mutating func flipBits(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        for _ in 0...below(4) {
            bytes[below(bytes.count)] ^= 1 << UInt8(below(8))
        }
    }

    mutating func overwriteWithInterestingBytes(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        for _ in 0...below(3) {
            bytes[below(bytes.count)] = pick(Self.interestingBytes)
        }
    }

    mutating func overwriteWithRandomBytes(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        for _ in 0...below(3) {
            bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: generator.next())
        }
    }

    mutating func insertRandomBytes(_ bytes: inout [UInt8]) {
        let count = 1 + below(8)
        let inserted = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.insert(contentsOf: inserted, at: below(bytes.count + 1))
    }

    mutating func deleteRange(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let start = below(bytes.count)
        let count = 1 + below(min(16, bytes.count - start))
        bytes.removeSubrange(start..<(start + count))
    }

    mutating func truncate(_ bytes: inout [UInt8]) {
        bytes.removeLast(bytes.count - below(bytes.count + 1))
    }

    mutating func duplicateChunk(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let start = below(bytes.count)
        let chunk = Array(bytes[start..<(start + 1 + below(min(64, bytes.count - start)))])
        bytes.insert(contentsOf: chunk, at: below(bytes.count + 1))
    }

    /// The start of `first` and the end of `second`, cut at random points.
    mutating func splice(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
        Array(first.prefix(below(first.count + 1))) + Array(second.suffix(below(second.count + 1)))
    }

    // MARK: Binary property lists

    /// Values that make a trailer field or a table entry lie: zero, one, the
    /// widths' edges, the largest values, and the data's own size.
    private mutating func lyingValue(size: Int) -> UInt64 {
        pick([0, 1, 2, 3, 7, 8, 9, 0x7F, 0x80, 0xFF, 0xFFFF, UInt64(size), UInt64(size - 32), UInt64.max, 1 << 63])
    }

    private static func write(_ value: UInt64, width: Int, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<width where offset + i < bytes.count {
            bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - i)))
        }
    }

    private static func readUInt(_ bytes: [UInt8], at offset: Int, width: Int) -> Int? {
        guard offset >= 0, offset + width <= bytes.count else { return nil }
        var value = 0
        for i in 0..<width { value = value << 8 | Int(bytes[offset + i]) }
        return value
    }

    /// Changes the 32-byte trailer: a byte, or one of its fields (the two
    /// widths, the object count, the top object, the table's offset).
    mutating func tweakTrailer(_ bytes: inout [UInt8]) {
        guard bytes.count >= 32 else { return }
        let trailer = bytes.count - 32
        switch below(6) {
        case 0: bytes[trailer + below(32)] = pick(Self.interestingBytes + [1, 2, 3, 4, 8, 16])
        case 1: bytes[trailer + 6] = pick([0, 1, 2, 3, 4, 5, 8, 9, 16, 0xFF])
        case 2: bytes[trailer + 7] = pick([0, 1, 2, 3, 4, 5, 8, 9, 16, 0xFF])
        default:
            let field = trailer + 8 * below(3) + 8
            Self.write(lyingValue(size: bytes.count), width: 8, into: &bytes, at: field)
        }
    }

    /// Changes one entry of the offset table, found from the trailer, to a
    /// lying value or to another entry's (two objects at one place).
    mutating func tweakOffsetTable(_ bytes: inout [UInt8]) {
        guard bytes.count >= 40 else { return }
        let trailer = bytes.count - 32
        let width = Int(bytes[trailer + 6])
        guard [1, 2, 4, 8].contains(width), let count = Self.readUInt(bytes, at: trailer + 8, width: 8),
            let table = Self.readUInt(bytes, at: trailer + 24, width: 8), count > 0, table < trailer
        else { return tweakTrailer(&bytes) }
        let entries = min(count, (trailer - table) / width)
        let entry = table + width * below(entries)
        if chance(3), let other = Self.readUInt(bytes, at: table + width * below(entries), width: width) {
            Self.write(UInt64(other), width: width, into: &bytes, at: entry)
        } else if chance(2) {
            Self.write(lyingValue(size: bytes.count), width: width, into: &bytes, at: entry)
        } else {
            Self.write(UInt64(below(bytes.count)), width: width, into: &bytes, at: entry)
        }
    }

    // MARK: JSON

    /// A JSON token's kind and where it is.
    struct Token {
        enum Kind { case key, string, number, literal, punctuation }
        var kind: Kind
        var range: Range<Int>
    }

    /// The tokens of a JSON text, told apart roughly (enough for valid seeds).
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end + 1, bytes.count)
                tokens.append(Token(kind: .string, range: i..<end))
                i = end
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","):
                tokens.append(Token(kind: .punctuation, range: i..<(i + 1)))
                i += 1
            case UInt8(ascii: ":"):
                if let last = tokens.indices.last, tokens[last].kind == .string { tokens[last].kind = .key }
                tokens.append(Token(kind: .punctuation, range: i..<(i + 1)))
                i += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                UInt8(ascii: "n"):
                var end = i + 1
                while end < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[end]) { end += 1 }
                let isNumber = byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                tokens.append(Token(kind: isNumber ? .number : .literal, range: i..<end))
                i = end
            default:
                i += 1
            }
        }
        return tokens
    }

    static let replacementValues = [
        "0", "-1.5e3", "true", "false", "null", "\"\"", "\"text\"", "[]", "{}", "[1, \"a\", null]",
        "{\"a\": 1}", "\"   \"", "\"True\"", "\"multiple\"", "\"easy\"",
    ]
    static let hugeNumbers = [
        "1e999", "-1e400", "123456789012345678901234567890", "9223372036854775808", "-9223372036854775809",
        "4.9e-324", "0.0000000000000000000000000001", "1E+308", "-0", "18446744073709551616",
    ]
    static let knownKeys = [
        "title", "description", "questions", "prompt", "choices", "answer", "accept", "explanation",
        "difficulty", "category", "tags", "$schema", "response_code", "results", "type", "question",
        "correct_answer", "incorrect_answers", "unknown",
    ]
    static let invalidUTF8: [[UInt8]] = [
        [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xFF], [0xF0, 0x9F, 0x98],
        [0x80], [0xE2, 0x82],
    ]
    static let textInserts = [
        "\\ud800", "\\udc00x", "\\ud83d\\ude00", "\\u12", "\\x", "\\u0000", "&#0;", "&#xD800;", "&#99999999999;",
        "&amp", "&", "&eacute;", "%", "%zz", "%C3", "+", "\u{301}", "\u{200B}", "\t",
    ]
    static let byteOrderMarks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0xEF, 0xBB]]

    /// One token-level JSON mutation, sometimes followed by a byte-level one.
    mutating func mutateJSON(_ input: [UInt8], others: [[UInt8]]) -> [UInt8] {
        let tokens = Self.tokens(input)
        let values = tokens.filter { $0.kind != .key && $0.kind != .punctuation }
        let keys = tokens.filter { $0.kind == .key }
        let strings = tokens.filter { $0.kind == .string || $0.kind == .key }
        var bytes = input
        switch below(10) {
        case 0:  // delete a quote, brace, bracket, colon or comma
            let marks =
                tokens.filter { $0.kind == .punctuation }.map(\.range.lowerBound)
                + strings.flatMap { [$0.range.lowerBound, $0.range.upperBound - 1] }
            if !marks.isEmpty { bytes.remove(at: pick(marks)) }
        case 1:  // a value of another type
            if !values.isEmpty {
                bytes.replaceSubrange(pick(values).range, with: Array(pick(Self.replacementValues).utf8))
            }
        case 2:  // two keys swapped
            if keys.count >= 2 {
                let (a, b) = (pick(keys).range, pick(keys).range)
                if a.lowerBound < b.lowerBound {
                    bytes.replaceSubrange(b, with: input[a])
                    bytes.replaceSubrange(a, with: input[b])
                } else if b.lowerBound < a.lowerBound {
                    bytes.replaceSubrange(a, with: input[b])
                    bytes.replaceSubrange(b, with: input[a])
                }
            }
        case 3:  // a key renamed to another known (or unknown) one
            if !keys.isEmpty {
                bytes.replaceSubrange(pick(keys).range, with: Array("\"\(pick(Self.knownKeys))\"".utf8))
            }
        case 4:  // a huge or tiny number
            if !values.isEmpty { bytes.replaceSubrange(pick(values).range, with: Array(pick(Self.hugeNumbers).utf8)) }
        case 5:  // a value nested deeply, around the parser's limit and past it
            if !values.isEmpty {
                let depth = pick([2, 100, 510, 511, 512, 513, 2_000])
                let (open, close) = chance(2) ? ("[", "]") : ("{\"a\":", "}")
                let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                bytes.replaceSubrange(pick(values).range, with: Array(nested.utf8))
            }
        case 6:  // invalid UTF-8 inside a string
            if let string = strings.isEmpty ? nil : pick(strings) {
                bytes.insert(contentsOf: pick(Self.invalidUTF8), at: string.range.lowerBound + 1)
            }
        case 7:  // escapes, entities and percent signs inside a string
            if let string = strings.isEmpty ? nil : pick(strings) {
                bytes.insert(contentsOf: Array(pick(Self.textInserts).utf8), at: string.range.upperBound - 1)
            }
        case 8:  // a byte order mark, at the start or elsewhere
            let mark = pick(Self.byteOrderMarks)
            bytes.insert(contentsOf: mark, at: chance(2) ? 0 : below(bytes.count + 1))
        default:  // a value duplicated next to itself
            if let value = values.isEmpty ? nil : pick(values) {
                bytes.insert(contentsOf: Array(input[value.range]) + Array(", ".utf8), at: value.range.lowerBound)
            }
        }
        return chance(4) ? mutateBytes(bytes, others: others) : bytes
    }
}
