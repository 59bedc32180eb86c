import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the program's text goes, and how it may look there: colour only on a
/// terminal, never with `NO_COLOR`, `TERM=dumb` or `--no-color`, nor with
/// `color = never` in the configuration file unless `CLICOLOR_FORCE` says so.
struct Console {
    let colour: Bool
    /// Standard input is a terminal: read through libedit.
    let interactiveInput: Bool
    /// Columns for tables: the terminal's width on a terminal, else 80.
    let width: Int

    /// `fileSaysNever`: the configuration file's `color = never`, which the
    /// option and the environment outrank.
    init(noColorFlag: Bool, environment: [String: String], fileSaysNever: Bool = false) {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let term = environment["TERM"] ?? ""
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        // CLICOLOR_FORCE (not empty, not 0) colours even a pipe; NO_COLOR and
        // --no-color still win.
        let forced = !(environment["CLICOLOR_FORCE"] ?? "").isEmpty && environment["CLICOLOR_FORCE"] != "0"
        colour =
            !noColorFlag && !noColor
            && (forced || (stdoutIsTerminal && term != "dumb" && !term.isEmpty && !fileSaysNever))
        interactiveInput = isatty(STDIN_FILENO) == 1
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 {
            width = Int(size.ws_col)
        } else {
            width = 80
        }
    }

    func out(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` as it is, adding no line end.
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data(("quiz: " + text + "\n").utf8))
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
