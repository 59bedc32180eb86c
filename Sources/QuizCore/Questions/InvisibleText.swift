extension String {
    /// Nothing of it can be seen: it is empty, or each scalar is white
    /// space, a control character, a format character (a zero-width space,
    /// a soft hyphen, a bidi mark, a byte-order mark), a combining mark with
    /// nothing to sit on, another of Unicode's default-ignorable code points
    /// (the Hangul fillers U+3164 and U+FFA0), or the blank braille pattern.
    /// A typed line of nothing visible is no answer (`Game.answer` asks
    /// again), so a bank's prompt or answer may not be such a text
    /// (`BankChecker`), and an imported card with one is skipped.
    public var showsNothing: Bool {
        // Most texts have a printable ASCII byte: told without the Unicode tables.
        if utf8.contains(where: { $0 > 32 && $0 < 127 }) { return false }
        return unicodeScalars.allSatisfy {
            let category = $0.properties.generalCategory
            return $0.properties.isWhitespace || category == .format || category == .nonspacingMark
                || category == .control || $0.properties.isDefaultIgnorableCodePoint || $0.value == 0x2800
        }
    }
}
