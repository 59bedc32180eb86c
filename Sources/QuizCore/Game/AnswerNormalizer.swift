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
        return normalizeScalars(text)
    }

    /// `normalize` for text of ASCII alone, byte by byte: the same result
    /// (`AnswerNormalizerTests` compares the two on random ASCII), without
    /// Foundation's `folding`, which goes through CoreFoundation and cost
    /// about 4% of a recorded game. Folding ASCII is lowering `A`–`Z`; its
    /// white space is tab to carriage return and the space.
    static func normalizeASCII(_ text: String) -> String {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            if (9...13).contains(byte) || byte == 32 {
                if !word.isEmpty { words.append(word); word = [] }
            } else {
                word.append((65...90).contains(byte) ? byte + 32 : byte)
            }
        }
        if !word.isEmpty { words.append(word) }
        if var last = words.popLast() {
            while let end = last.last, end == UInt8(ascii: ".") || end == UInt8(ascii: "!") || end == UInt8(ascii: "?")
            {
                last.removeLast()
            }
            if !last.isEmpty { words.append(last) }
        }
        var joined: [UInt8] = []
        for (index, word) in words.enumerated() {
            if index > 0 { joined.append(32) }
            joined += word
        }
        return String(decoding: joined, as: UTF8.self)
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
