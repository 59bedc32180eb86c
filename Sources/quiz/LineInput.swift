/// Where typed lines come from: libedit on a terminal, plain reading
/// otherwise (a pipe or a file), so scripts and tests can play.
protocol LineInput: AnyObject {
    /// The next line without its newline; nil at end of input.
    func readLine(prompt: String) -> String?
    /// Words Tab may complete to, for what is being asked now.
    var completions: [String] { get set }
    /// Adds a line to the Up/Down history of this run.
    func remember(_ line: String)
}

/// Reads standard input line by line, printing no prompt.
final class PlainLineInput: LineInput {
    var completions: [String] = []

    func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }

    func remember(_ line: String) {}
}
