/// How many terminal columns text takes: wide East Asian characters and emoji
/// take two, combining marks and zero-width characters none. Used to align
/// tables and to shorten long titles to a column with an ellipsis.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // Printable ASCII is one column a byte: counted without making a
        // Character or asking for Unicode properties (most of a wrapped
        // line's cost before).
        var width = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return text.reduce(0) { $0 + of($1) } }
            width += 1
        }
        return width
    }

    public static func of(_ character: Character) -> Int {
        // An ASCII character (CR LF included) is one scalar with no emoji
        // form: printable ones take a column, controls none.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        // An emoji made so by VS16 or joined by ZWJ; not a space or a letter
        // that a stray VS16 or ZWJ follows.
        if first.properties.isEmoji && (!first.isASCII || scalars.contains { $0.value == 0x20E3 }) && scalars.count > 1
            && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
        {
            return 2
        }
        return width(of: first)
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || value == 0x200B || value == 0x200C || value == 0x200D || value == 0x00AD { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, UAX #11), condensed.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut, or in
    /// "..." when `ascii` (our drawings in ASCII: `Console.ascii`, `--ascii`).
    public static func truncate(_ text: String, to width: Int, ascii: Bool = false) -> String {
        guard of(text) > width else { return text }
        let mark = ascii ? "..." : "…"
        let markWidth = ascii ? 3 : 1
        guard width > markWidth else { return String(mark.prefix(max(0, width))) }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - markWidth { break }
            result.append(character)
            used += w
        }
        return result + mark
    }

    /// `text` padded with spaces to `width` columns (on the left when `right`).
    public static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return right ? padding + text : text + padding
    }
}
