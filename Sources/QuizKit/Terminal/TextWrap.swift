/// Text broken into lines at word boundaries to fit a terminal's columns,
/// measured with `DisplayWidth` (a wide character takes two). The first line
/// starts with `first` (say, `"  1) "`), the others with spaces as wide as
/// `first` (a hanging indent), or `rest` when given. A word longer than a line
/// is broken between characters. Line breaks in the text start a new line
/// (with the hanging indent); runs of spaces between words become one.
/// Pure; prints nothing.
public enum TextWrap {
    /// The lines, without line ends. `width` is the whole line, indent
    /// included; nil means no limit (a pipe): only the text's own line breaks
    /// divide it. A hanging indent too wide for `width` is cut down so at
    /// least half the line (two to ten columns) remains for the text.
    public static func lines(_ text: String, width: Int?, first: String = "", rest: String? = nil) -> [String] {
        var restIndent = rest ?? String(repeating: " ", count: DisplayWidth.of(first))
        if let width {
            // Room for a wide character at least, where the width allows.
            let room = min(width, max(2, min(10, width / 2)))
            if DisplayWidth.of(restIndent) > width - room {
                restIndent = String(repeating: " ", count: max(0, width - room))
            }
        }
        let restWidth = DisplayWidth.of(restIndent)
        var lines: [String] = []
        var line = first
        var used = DisplayWidth.of(first)
        var lineHasWord = false
        func newLine() {
            lines.append(line)
            line = restIndent
            used = restWidth
            lineHasWord = false
        }
        for (number, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { newLine() }
            for word in paragraph.split(separator: " ") {
                let wordWidth = DisplayWidth.of(String(word))
                let space = lineHasWord ? 1 : 0
                if let width, used + space + wordWidth > width {
                    // On a line of its own when it fits one, else broken from here.
                    if lineHasWord || (used > restWidth && wordWidth <= width - restWidth) { newLine() }
                }
                if lineHasWord {
                    line += " "
                    used += 1
                }
                lineHasWord = true
                guard let width, used + wordWidth > width else {
                    line += word
                    used += wordWidth
                    continue
                }
                // Longer than a line: as much as fits, then on the next lines.
                for character in word {
                    let characterWidth = DisplayWidth.of(character)
                    if used + characterWidth > width && used > restWidth { newLine() }
                    line.append(character)
                    used += characterWidth
                    lineHasWord = true
                }
            }
        }
        lines.append(line)
        return lines.map(trimmingTrailingSpaces)
    }

    /// `lines(…)` joined by "\n".
    public static func wrap(_ text: String, width: Int?, first: String = "", rest: String? = nil) -> String {
        lines(text, width: width, first: first, rest: rest).joined(separator: "\n")
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
