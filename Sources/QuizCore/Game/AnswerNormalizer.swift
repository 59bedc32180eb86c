import Foundation

/// Turns typed text into the form answers are compared in: case, diacritics,
/// width and repeated or surrounding white space ignored, and trailing
/// sentence punctuation dropped, so "  são   paulo. " matches "São Paulo".
public enum AnswerNormalizer {
    /// `text` without white space at either end, judged scalar by scalar (a
    /// space carrying a combining mark is still a space).
    public static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    public static func normalize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return normalizeASCII(text) }
        if text.unicodeScalars.allSatisfy({ $0.isASCII || foldsToItself($0) }) { return normalizeASCII(text) }
        return normalizeScalars(text)
    }

    /// Scalars past ASCII that Foundation's folding leaves as they are and
    /// that are not white space (signs, dashes and quotes, arrows,
    /// mathematical operators: `×`, `–`, `“`, `→`, `≤`), so that text of
    /// ASCII and these alone is normalized by bytes (`normalizeASCII`
    /// copies them): folding was most of importing 20,000 Anki notes.
    /// `ASCIIFastPathTests` checks every one against the folding.
    static func foldsToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA1, 0xA2, 0xA3, 0xA5, 0xA6, 0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xB7, 0xBB, 0xBF, 0xD7,
            0xF7:
            true
        case 0x2010, 0x2012...0x2016, 0x2018...0x2023, 0x2027, 0x2030, 0x2032, 0x2035, 0x2039, 0x203A: true
        case 0x20A0...0x20C0, 0x2190...0x2199, 0x21A0...0x21CC, 0x21D0...0x21FF: true
        case 0x2200...0x2203, 0x2205...0x2208, 0x220A, 0x220B, 0x220D...0x2223, 0x2225, 0x2227...0x222B: true
        case 0x2234...0x223F, 0x2248, 0x2261, 0x2264, 0x2265, 0x2282, 0x2283, 0x2286, 0x2287: true
        default: false
        }
    }

    /// `normalize` for text of ASCII alone (and scalars that fold to
    /// themselves, `foldsToItself`, copied), byte by byte: the same result
    /// (`ASCIIFastPathTests` compares the two on random ASCII and on each of
    /// those scalars), without Foundation's `folding`, which goes through
    /// CoreFoundation and cost about 4% of a recorded game. Folding ASCII is
    /// lowering `A`–`Z`; its white space is tab to carriage return and the space.
    static func normalizeASCII(_ text: String) -> String {
        // One pass, no array of words: the words lowercased with one space
        // between them, then the last word's trailing . ! ? dropped (and the
        // space before it when nothing is left of it).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var spaceBefore = false
        for byte in text.utf8 {
            if (9...13).contains(byte) || byte == 32 {
                spaceBefore = !bytes.isEmpty
                continue
            }
            if spaceBefore {
                bytes.append(32)
                spaceBefore = false
            }
            bytes.append((65...90).contains(byte) ? byte + 32 : byte)
        }
        while let last = bytes.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
        {
            bytes.removeLast()
        }
        if bytes.last == 32 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `normalize` for any text.
    static func normalizeScalars(_ text: String) -> String {
        // Trimmed and split by scalars, not characters: a space next to a
        // combining mark or a prepended mark (U+0600) is one character with
        // it, and folding or splitting by characters would make " x " differ
        // from "x".
        let trimmed = trimmingSpaces(text)
        if trimmed.isEmpty { return "" }
        let folded = trimmed.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        // ASCII white space told without the Unicode tables (most scalars are ASCII; the lookup was a third of it).
        var words = folded.unicodeScalars.split(whereSeparator: {
            $0.value < 0x80 ? ($0.value >= 9 && $0.value <= 13) || $0.value == 32 : $0.properties.isWhitespace
        })
        if var last = words.popLast() {
            while let end = last.last, end == "." || end == "!" || end == "?" { last = last.dropLast() }
            if !last.isEmpty { words.append(last) }
        }
        // Each word copied whole (appending its scalars one by one was a third of the time).
        return words.map { String($0) }.joined(separator: " ")
    }
}
