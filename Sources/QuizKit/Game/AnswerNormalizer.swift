import Foundation

/// Turns typed text into the form answers are compared in: case, diacritics,
/// width and repeated or surrounding white space ignored, and trailing
/// sentence punctuation dropped, so "  são   paulo. " matches "São Paulo".
public enum AnswerNormalizer {
    public static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [Substring] = folded.split(whereSeparator: { $0.isWhitespace })
        if var last = words.popLast() {
            while let end = last.last, ".!?".contains(end) { last = last.dropLast() }
            if !last.isEmpty { words.append(last) }
        }
        return words.joined(separator: " ")
    }
}
