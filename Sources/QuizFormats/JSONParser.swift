/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports the line and
/// column of the first syntax error. Foundation's parser on Linux only says
/// "around character N", which is no help to someone editing a bank by hand.
public struct JSONParser {
    /// A syntax error, with a 1-based line and column (columns count characters).
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document; anything but white space after the value is an error.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return node
    }

    /// The line and column of a byte offset in `bytes`.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        // A line ends at a line feed, or at a carriage return not followed by one (a classic Mac file).
        while i < end {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, column)
    }

    private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        let (line, column) = Self.position(of: offset ?? index, in: bytes)
        return SyntaxError(line: line, column: column, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), offset: start)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let start = index
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw error("invalid literal, expected '\(word)'", at: start)
            }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        if try opensEmpty(closingWith: "}") { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
        } while try another(closingWith: "}")
        return .object(members)
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONNode] = []
        if try opensEmpty(closingWith: "]") { return .array(elements) }
        repeat {
            skipWhitespace()
            elements.append(try parseValue())
        } while try another(closingWith: "]")
        return .array(elements)
    }

    /// Steps over a container's opening bracket; true when `close` follows
    /// at once (an empty container, stepped over too).
    private mutating func opensEmpty(closingWith close: Unicode.Scalar) throws(SyntaxError) -> Bool {
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: close) else { return false }
        index += 1
        return true
    }

    /// After a member or an element: true at a `,` (another follows), false at
    /// `close` (the container ends); both are stepped over.
    private mutating func another(closingWith close: Unicode.Scalar) throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '\(close)'") }
        let byte = bytes[index]
        guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: close) else {
            throw error("unexpected \(describeCurrent()), expected ',' or '\(close)'")
        }
        index += 1
        return byte == UInt8(ascii: ",")
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count,
                parser.bytes[parser.index] >= UInt8(ascii: "0"), parser.bytes[parser.index] <= UInt8(ascii: "9")
            {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits(&self)
        if intDigits == 0 { throw error("invalid number", at: start) }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in a number", at: start) }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("invalid number: digits expected after '.'", at: start) }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            if digits(&self) == 0 { throw error("invalid number: digits expected in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range", at: start) }
        return value
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = index
        index += 1
        // Most strings have no escape: find the closing quote and make the
        // String in one go.
        var end = index
        var ascii = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                // ASCII needs no validation; anything else is checked as UTF-8.
                if ascii {
                    let text = String(decoding: bytes[index..<end], as: UTF8.self)
                    index = end + 1
                    return text
                }
                guard let text = String(validating: bytes[index..<end], as: UTF8.self) else { break }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            end += 1
        }
        // A string with escapes: its bytes gathered (runs as they are,
        // escapes as UTF-8) and checked as UTF-8 once at its end. An escape
        // gives whole characters, so the whole is valid exactly when every run
        // is. (Gathered as `Unicode.Scalar`s, this was half of parsing a
        // bank of two-line prompts: callgrind.)
        var text: [UInt8] = []
        text.reserveCapacity(end - index + 16)
        var runStart = index
        func flushRun(_ parser: JSONParser, _ text: inout [UInt8], upTo end: Int) {
            if runStart < end { text.append(contentsOf: parser.bytes[runStart..<end]) }
        }
        func add(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
            UTF8.encode(scalar) { text.append($0) }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(self, &text, upTo: index)
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                index += 1
                return string
            }
            if byte < 0x20 {
                throw error("control character (byte 0x\(String(byte, radix: 16))) inside a string; escape it")
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flushRun(self, &text, upTo: index)
            index += 1
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): add("\"", to: &text)
            case UInt8(ascii: "\\"): add("\\", to: &text)
            case UInt8(ascii: "/"): add("/", to: &text)
            case UInt8(ascii: "b"): add("\u{08}", to: &text)
            case UInt8(ascii: "f"): add("\u{0C}", to: &text)
            case UInt8(ascii: "n"): add("\n", to: &text)
            case UInt8(ascii: "r"): add("\r", to: &text)
            case UInt8(ascii: "t"): add("\t", to: &text)
            case UInt8(ascii: "u"):
                let unit = try parseHex4()
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("lone surrogate \\u\(String(unit, radix: 16)) in a string", at: index - 6) }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("invalid surrogate pair in a string", at: index - 12)
                    }
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    add(Unicode.Scalar(value)!, to: &text)
                } else if let scalar = Unicode.Scalar(unit) {
                    add(scalar, to: &text)
                } else {
                    throw error("lone surrogate \\u\(String(unit, radix: 16)) in a string", at: index - 6)
                }
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: four hex digits expected")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
