/// Text broken into lines at word boundaries to fit a terminal's columns,
/// measured with `DisplayWidth` (a wide character takes two). The first line
/// starts with `first` (say, `"  1) "`), the others with spaces as wide as
/// `first` (a hanging indent), or `rest` when given. A word longer than a line
/// is broken between characters. Line breaks in the text start a new line
/// (with the hanging indent); runs of spaces between words become one. No
/// line begins with punctuation that closes what comes before it (`,` `.`
/// `;` `:` `)` and the like, or a separator such as `·` standing alone
/// between two parts): the word before it goes to the next line with it.
/// Pure; prints nothing.
public enum TextWrap {
    /// The lines, without line ends. `width` is the whole line, indent
    /// included; nil means no limit (a pipe): only the text's own line breaks
    /// divide it. A hanging indent too wide for `width` is cut down so at
    /// least half the line (two to ten columns) remains for the text.
    /// `keepingOptions`: a command line's option stays on one line with its
    /// value (`--seed 233872`, `-n 1`), as a replay command is read.
    public static func lines(
        _ text: String, width: Int?, first: String = "", rest: String? = nil, keepingOptions: Bool = false
    ) -> [String] {
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
        // Where the line's last word starts (after its space), when the line holds two or more.
        var lastWordStart: String.Index?
        // The characters of the line's indent.
        var indentCount = first.count
        func newLine() {
            lines.append(line)
            line = restIndent
            used = restWidth
            lineHasWord = false
            lastWordStart = nil
            indentCount = restIndent.count
        }
        // The line's last character, taken off to go to the next line, when
        // it is not the line's only character of text.
        func takeLastCharacter() -> String? {
            guard line.count > indentCount + 1, let last = line.last, last != " " else { return nil }
            line.removeLast()
            used = DisplayWidth.of(line)
            return String(last)
        }
        // The line's width with `piece` added. A character may join the one
        // before it (a combining mark after the indent's space) and then not
        // add what it measures alone; only the line's last character can
        // change, so it is measured again with the piece.
        func widthAdding(_ piece: String) -> Int {
            guard let last = line.last else { return DisplayWidth.of(piece) }
            return used - DisplayWidth.of(last) + DisplayWidth.of(String(last) + piece)
        }
        func fits(_ piece: String) -> Bool { width.map { widthAdding(piece) <= $0 } ?? true }
        func append(_ piece: String) {
            used = widthAdding(piece)
            line += piece
            lineHasWord = true
        }
        for (number, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { newLine() }
            let split = paragraph.split(separator: " ").map(String.init)
            for word in keepingOptions ? Self.optionsWithValues(split) : split {
                let piece = (lineHasWord ? " " : "") + word
                if fits(piece) {
                    let start = lineHasWord ? line.endIndex : nil
                    append(piece)
                    if let start { lastWordStart = line.index(after: start) }
                    continue
                }
                // Punctuation closing the word before: that word goes along.
                // (A word alone on its line gives its last character.)
                var carried = ""
                if isClosing(word), lineHasWord {
                    if let start = lastWordStart {
                        carried = String(line[start...]) + " "
                        line = String(line[..<line.index(before: start)])
                        used = DisplayWidth.of(line)
                    } else if let last = takeLastCharacter() {
                        carried = last + " "
                    }
                }
                let word = carried + word
                // On a line of its own when it fits one, else broken from here.
                let fitsALine = width.map { DisplayWidth.of(restIndent + word) <= $0 } ?? true
                if lineHasWord || (used > restWidth && fitsALine) { newLine() }
                if fits(word) {
                    append(word)
                    continue
                }
                // Longer than a line: as much as fits, then on the next lines;
                // a closing mark that does not fit takes the character before it along.
                for character in word {
                    if !fits(String(character)) && used > restWidth {
                        let taken = isClosing(String(character)) ? takeLastCharacter() : nil
                        newLine()
                        if let taken { append(taken) }
                    }
                    append(String(character))
                }
            }
        }
        lines.append(line)
        return lines.map(trimmingTrailingSpaces)
    }

    /// `lines(…)` joined by "\n".
    public static func wrap(
        _ text: String, width: Int?, first: String = "", rest: String? = nil, keepingOptions: Bool = false
    ) -> String {
        lines(text, width: width, first: first, rest: rest, keepingOptions: keepingOptions).joined(separator: "\n")
    }

    /// `words` with each option (`-n`, `--seed`: a dash and a letter) and
    /// the value after it (a word not itself an option) made one word.
    static func optionsWithValues(_ words: [String]) -> [String] {
        var joined: [String] = []
        var afterOption = false
        for word in words {
            let isOption = word.hasPrefix("-") && word.dropFirst(word.hasPrefix("--") ? 2 : 1).first?.isLetter == true
            if afterOption, !isOption, let option = joined.popLast() {
                joined.append(option + " " + word)
                afterOption = false
                continue
            }
            joined.append(word)
            afterOption = isOption
        }
        return joined
    }

    /// Punctuation that closes the text before it, never to begin a line:
    /// `,` `.` `;` `:` `!` `?` `)` `]` `}` `…` `%`, and the separators quiz
    /// puts between parts (`·`, and `-` alone, its ASCII form).
    static func isClosing(_ word: String) -> Bool {
        if word == "-" || word == "·" || word == "—" || word == "–" { return true }
        let closing: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "]", "}", "…", "%", "·"]
        return !word.isEmpty && word.allSatisfy { closing.contains($0) }
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
