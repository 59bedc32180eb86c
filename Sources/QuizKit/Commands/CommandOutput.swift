import QuizCore
import QuizStore

/// Where a command's words go. QuizKit never prints: the executable's
/// console writes them to standard output and standard error, a test keeps
/// them to compare.
public protocol CommandOutput {
    /// A line for standard output (a line end is added).
    func out(_ text: String)
    /// Text for standard output as it is (CSV rows end in their own CRLF).
    func write(_ text: String)
    /// A diagnostic: one line for standard error, after `quiz: `.
    func err(_ text: String)
    /// Columns for tables.
    var width: Int { get }
    /// Columns to wrap text at: the terminal's (or `COLUMNS`); nil for a
    /// pipe or a file, whose lines are not wrapped.
    var wrapWidth: Int? { get }
    /// Our own drawings (squares, bars, rules) in ASCII: the locale is not UTF-8.
    var ascii: Bool { get }
    /// Standard output is a terminal (raw data is then shown safely).
    var isTerminal: Bool { get }
}

extension CommandOutput {
    /// Says `diagnostics`, one line each, but those in `said`.
    public func tell(_ diagnostics: [Diagnostic], except said: Set<Diagnostic> = []) {
        for diagnostic in diagnostics where !said.contains(diagnostic) { err(diagnostic.message) }
    }
}
