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
        // Trimmed and split by scalars, not characters: a space next to a
        // combining mark or a prepended mark (U+0600) is one character with
        // it, and folding or splitting by characters would make " x " differ
        // from "x".
        let trimmed = trimmingSpaces(text)
        if trimmed.isEmpty { return "" }
        let folded = trimmed.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words = folded.unicodeScalars.split(whereSeparator: { $0.properties.isWhitespace })
        if var last = words.popLast() {
            while let end = last.last, end == "." || end == "!" || end == "?" { last = last.dropLast() }
            if !last.isEmpty { words.append(last) }
        }
        var result = String.UnicodeScalarView()
        for (index, word) in words.enumerated() {
            if index > 0 { result.append(" ") }
            result.append(contentsOf: word)
        }
        return String(result)
    }
}
