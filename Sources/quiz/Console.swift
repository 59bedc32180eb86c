import Foundation
import QuizCore
import QuizKit
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// Where the program's text goes, and how it may look there: colour only on a
/// terminal, never with `NO_COLOR`, `TERM=dumb` or `--no-color`, nor with
/// `color = never` in the configuration file unless `CLICOLOR_FORCE` says so;
/// drawings in ASCII under a locale that is not UTF-8 (see `TerminalLocale`);
/// text from a bank, a server or the history made safe (`show`) and wrapped to
/// the terminal's width (`wrapped`).
struct Console {
    let colour: Bool
    /// Standard input is a terminal: read through libedit.
    let interactiveInput: Bool
    let locale: TerminalLocale
    private let stdoutIsTerminal: Bool
    /// `COLUMNS`, when it holds a positive number.
    private let columnsVariable: Int?

    /// `fileSaysNever`: the configuration file's `color = never`, which the
    /// option and the environment outrank.
    init(noColorFlag: Bool, environment: [String: String], fileSaysNever: Bool = false) {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let term = environment["TERM"] ?? ""
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        // CLICOLOR_FORCE (not empty, not 0) colours even a pipe; NO_COLOR and
        // --no-color still win.
        let forced = !(environment["CLICOLOR_FORCE"] ?? "").isEmpty && environment["CLICOLOR_FORCE"] != "0"
        colour =
            !noColorFlag && !noColor
            && (forced || (stdoutIsTerminal && term != "dumb" && !term.isEmpty && !fileSaysNever))
        interactiveInput = isatty(STDIN_FILENO) == 1
        locale = TerminalLocale.current
        columnsVariable = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The terminal's columns now (it may have been resized), else `COLUMNS`;
    /// nil for a pipe or a file without `COLUMNS`.
    var measuredWidth: Int? {
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return columnsVariable
    }

    /// Columns for tables: the measured width, else 80. Tables fit down to 40
    /// columns and do their best below.
    var width: Int { measuredWidth ?? 80 }

    /// Standard output is a terminal (so raw data must not reach it as it is).
    var isTerminal: Bool { stdoutIsTerminal }

    /// Our own drawings (squares, bars, rules, ✓ and ·) in ASCII.
    var ascii: Bool { !locale.drawsUnicode }

    func out(_ text: String = "") {
        StandardStreams.out(printable(text) + "\n")
    }

    /// Writes `text` as it is, adding no line end.
    func write(_ text: String) {
        StandardStreams.out(printable(text))
    }

    /// An error or a notice on standard error, after "quiz: ". It may quote a
    /// bank's values or a path, so it is made safe as a whole.
    func err(_ text: String) {
        StandardStreams.err(Self.errorLine(text, locale: locale))
    }

    /// "quiz: " and `text` made safe (line breaks kept), with a line end.
    static func errorLine(_ text: String, locale: TerminalLocale = .current) -> String {
        let line = "quiz: " + TerminalText.safe(text, lineBreaks: true) + "\n"
        return locale == .ascii ? TerminalText.ascii(line) : line
    }

    /// Under `TerminalLocale.ascii`, nothing but ASCII goes out.
    private func printable(_ text: String) -> String {
        locale == .ascii ? TerminalText.ascii(text) : text
    }

    /// Text from a bank, a server or the history, safe to print: on one line,
    /// or keeping its line breaks when `lineBreaks`.
    func show(_ text: String, lineBreaks: Bool = false) -> String {
        TerminalText.safe(text, lineBreaks: lineBreaks)
    }

    /// Text from a bank made safe (its line breaks kept when `lineBreaks`:
    /// prompts and explanations, not titles or choices) and wrapped at word
    /// boundaries to the terminal's width, with `first` before the first line
    /// and a hanging indent before the others. Unwrapped in a pipe.
    func wrapped(_ text: String, first: String = "", rest: String? = nil, lineBreaks: Bool = true) -> String {
        TextWrap.wrap(show(text, lineBreaks: lineBreaks), width: measuredWidth, first: first, rest: rest)
    }

    /// `head` and `tail` wrapped as one text (made safe, on one line unless
    /// `lineBreaks`) with `indent` before the lines after the first,
    /// `head` painted: painting after wrapping keeps the columns right.
    func wrapped(
        head: String, painted paint: (String) -> String, then tail: String, indent: String = "",
        lineBreaks: Bool = false
    ) -> String {
        let safeHead = show(head, lineBreaks: lineBreaks)
        var lines = wrapped(safeHead + tail, rest: indent, lineBreaks: lineBreaks).unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The head is painted where it is still whole on the first line, else the first line is.
        if lines[0].hasPrefix(safeHead) {
            lines[0] = paint(safeHead) + lines[0].dropFirst(safeHead.count)
        } else {
            lines[0] = paint(lines[0])
        }
        return lines.joined(separator: "\n")
    }

    /// `unicode`, or `ascii` under a locale that is not UTF-8.
    func glyph(_ unicode: String, _ ascii: String) -> String {
        self.ascii ? ascii : unicode
    }

    /// A sentence of our own (QuizKit's hints say "1–4"), its en dashes as
    /// hyphens under a locale that is not UTF-8, like every other drawing.
    func own(_ text: String) -> String {
        ascii ? text.replacingOccurrences(of: "–", with: "-") : text
    }

    private func paint(_ code: String, _ text: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { paint("1", text) }
    func dim(_ text: String) -> String { paint("2", text) }
    func green(_ text: String) -> String { paint("32", text) }
    func red(_ text: String) -> String { paint("31", text) }
    func yellow(_ text: String) -> String { paint("33", text) }
}
