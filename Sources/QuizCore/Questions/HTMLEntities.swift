/// Decodes HTML character references: every HTML5 named entity (`&eacute;`,
/// `&shy;`, `&pi;` …, table in HTMLEntityTable.swift) and the decimal and hex
/// numeric forms (`&#039;`, `&#x2014;`). Unknown names are left as written.
/// Works on UTF-8 bytes: a 5,000-question Open Trivia file has entities in
/// most of its strings, and Character-by-Character scanning was most of its
/// loading time.
public enum HTMLEntities {
    public static func decode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            guard let firstAmpersand = bytes.firstIndex(of: UInt8(ascii: "&")) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[..<firstAmpersand])
            var i = firstAmpersand
            while i < bytes.count {
                let byte = bytes[i]
                guard byte == UInt8(ascii: "&") else {
                    out.append(byte)
                    i += 1
                    continue
                }
                // A reference is `&` name `;`, the name at most 40 bytes.
                var end = i + 1
                while end < bytes.count && end - i <= 41 && bytes[end] != UInt8(ascii: ";")
                    && bytes[end] != UInt8(ascii: "&")
                {
                    end += 1
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: ";"),
                    let replacement = reference(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]))
                {
                    out.append(contentsOf: replacement.utf8)
                    i = end + 1
                } else {
                    out.append(byte)
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// What HTML reads numeric references 128 to 159 as (the WHATWG
    /// standard's table): Windows-1252's characters; nil where it has none
    /// (129, 141, 143, 144, 157 stay as they are).
    static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    private static func reference(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        guard !name.isEmpty else { return nil }
        if name[0] == UInt8(ascii: "#") {
            let digits = name.dropFirst()
            var value: UInt32 = 0
            let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
            let body = hex ? digits.dropFirst() : digits
            guard !body.isEmpty, body.count <= 8 else { return nil }
            for byte in body {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + digit
            }
            // As browsers do: NUL, surrogates and out-of-range become U+FFFD,
            // and 128 to 159 are read as Windows-1252 (`&#146;` is ’, as
            // text pasted from Word has it), not as C1 controls.
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            if (0x80...0x9F).contains(value), let windows = windows1252[Int(value - 0x80)] {
                return String(Character(windows))
            }
            return String(Character(scalar))
        }
        return named[String(decoding: name, as: UTF8.self)]
    }
}
