/// Decodes HTML character references: every HTML5 named entity (`&eacute;`,
/// `&shy;`, `&pi;` …, table in HTMLEntityTable.swift) and the decimal and hex
/// numeric forms (`&#039;`, `&#x2014;`). Unknown names are left as written.
public enum HTMLEntities {
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            guard let semicolon = rest[afterAmp...].prefix(40).firstIndex(of: ";"),
                let replacement = reference(rest[afterAmp..<semicolon])
            else {
                result += "&"
                rest = rest[afterAmp...]
                continue
            }
            result += replacement
            rest = rest[rest.index(after: semicolon)...]
        }
        result += rest
        return result
    }

    private static func reference(_ name: Substring) -> String? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            // As browsers do: NUL, surrogates and out-of-range become U+FFFD.
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return String(Character(scalar))
        }
        return named[String(name)]
    }
}
