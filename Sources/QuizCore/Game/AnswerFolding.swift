/// What a typed answer loses before it is compared, beyond
/// `AnswerNormalizer`'s case and accents: characters no one sees (a zero-width
/// space or joiner, a byte-order mark, a bidi mark, a soft hyphen: Unicode's
/// format characters, which pasting brings along), and letters Unicode does
/// not decompose, written as the letters they are read as (`Łódź` is `Lodz`,
/// `Øresund` `Oresund`, `Æsir` `Aesir`, `straße` `strasse`).
///
/// Only answers are folded so: prompts keep `AnswerNormalizer`'s form, which
/// question identities are made from.
enum AnswerFolding {
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .format { continue }
            if let letters = base[scalar] {
                result.append(contentsOf: letters.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Letters with a stroke or a bar, ligatures and the like: no accent to
    /// take off, so `folding(options: .diacriticInsensitive)` keeps them.
    static let base: [Unicode.Scalar: String] = [
        "Ł": "l", "ł": "l", "Ø": "o", "ø": "o", "Æ": "ae", "æ": "ae", "Œ": "oe", "œ": "oe", "ß": "ss",
        "ẞ": "ss", "Đ": "d", "đ": "d", "Ð": "d", "ð": "d", "Þ": "th", "þ": "th", "Ħ": "h", "ħ": "h",
        "ı": "i", "Ŧ": "t", "ŧ": "t", "Ŀ": "l", "ŀ": "l", "Ɨ": "i", "ɨ": "i", "Ƶ": "z", "ƶ": "z",
        "Ǥ": "g", "ǥ": "g", "Ĳ": "ij", "ĳ": "ij", "ﬁ": "fi", "ﬂ": "fl", "ﬀ": "ff", "ﬃ": "ffi", "ﬄ": "ffl",
    ]
}
