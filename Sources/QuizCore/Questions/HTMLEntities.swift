/// Decodes HTML character references as a browser does in text: every
/// HTML5 named entity (`&eacute;`, `&shy;`, `&pi;` …, table in
/// HTMLEntityTable.swift), the legacy ones without their semicolon too
/// (`&amp`, `&copy`), and the decimal and hex numeric forms (`&#039;`,
/// `&#x2014;`, `&#39`). Unknown names are left as written.
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
                let (replacement, next) = reference(at: i, in: bytes)
                if let replacement {
                    out.append(contentsOf: replacement.utf8)
                    i = next
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

    /// The reference whose `&` is at `start`, read as a browser reads one
    /// in text (the WHATWG standard's character reference state; Python's
    /// `html.unescape` reads the same): `&#` digits or `&#x` hex digits,
    /// the `;` optional; a name with its `;`, or else the longest legacy
    /// name it starts with (`&amp`, `&copy2020` is ©2020). The text and
    /// the index after the reference, or nil when it is none.
    private static func reference(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (String?, Int) {
        var i = start + 1
        func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
            (48...57).contains(byte) || (hex && ((65...70).contains(byte) || (97...102).contains(byte)))
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "#") {
            i += 1
            let hex = i < bytes.count && (bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X"))
            if hex { i += 1 }
            let digits = i
            var value: UInt32 = 0
            while i < bytes.count, isDigit(bytes[i], hex: hex) {
                let byte = bytes[i]
                let digit = UInt32(byte <= 57 ? byte - 48 : (byte | 0x20) - 87)
                // Past U+10FFFF it is U+FFFD, however long.
                value = min(0x11_0000, value * (hex ? 16 : 10) + digit)
                i += 1
            }
            guard i > digits else { return (nil, start) }
            if i < bytes.count, bytes[i] == UInt8(ascii: ";") { i += 1 }
            return (numeric(value), i)
        }
        while i < bytes.count, i - start <= 32, bytes[i] < 0x80, isDigit(bytes[i], hex: false) || isLetter(bytes[i]) {
            i += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)
        if i < bytes.count, bytes[i] == UInt8(ascii: ";"), let text = named[name] { return (text, i + 1) }
        var prefix = Substring(name)
        while prefix.count >= 2 {
            if legacy.contains(String(prefix)), let text = named[String(prefix)] {
                return (text, start + 1 + prefix.utf8.count)
            }
            prefix = prefix.dropLast()
        }
        return (nil, start)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }

    /// A numeric reference's text, as browsers give it: NUL, surrogates and
    /// out-of-range U+FFFD, and 128 to 159 read as Windows-1252 (`&#146;`
    /// is ’, as text pasted from Word has it), not as C1 controls.
    private static func numeric(_ value: UInt32) -> String {
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        if (0x80...0x9F).contains(value), let windows = windows1252[Int(value - 0x80)] {
            return String(Character(windows))
        }
        return String(Character(scalar))
    }
}
