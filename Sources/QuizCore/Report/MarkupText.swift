/// Text from a bank or the history made safe inside HTML or SVG (XML 1.0):
/// what `TerminalText.safe` shows visibly (controls, line breaks, bidi
/// overrides) shown so here too, the five characters markup gives meaning
/// escaped, and the noncharacters neither HTML nor XML allow replaced by
/// U+FFFD. Good in element content and in quoted attribute values.
enum MarkupText {
    /// `keepingLines`: line breaks stay "\n" (multi-line text such as a card).
    /// A text longer than `longest` characters is cut there with "…": a page
    /// or card stays small whatever a bank or the history holds.
    static func escaped(_ text: String, keepingLines: Bool = false, longest: Int = 2000) -> String {
        var out = ""
        let text = text.count > longest ? String(text.prefix(longest - 1)) + "…" : text
        out.reserveCapacity(text.utf8.count)
        for scalar in TerminalText.safe(text, lineBreaks: keepingLines).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where isNoncharacter(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane.
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// A number with a comma every three digits: 12,345.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0
            ? String(tenths / 10) : (tenths < 0 && tenths > -10 ? "-" : "") + "\(tenths / 10).\(abs(tenths % 10))"
    }
}
