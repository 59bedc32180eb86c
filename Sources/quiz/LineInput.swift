/// What reading a line gave.
enum LineEvent: Equatable {
    case line(String)
    /// Ctrl-C at a terminal prompt; `partial` is what had been typed.
    case interrupted(partial: String)
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case end
}

/// Where typed lines come from: libedit on a terminal, plain reading
/// otherwise (a pipe or a file), so scripts and tests can play.
protocol LineInput: AnyObject {
    func readLine(prompt: String) -> LineEvent
    /// What Tab may complete the whole line to, for what is being asked now.
    var completions: [String] { get set }
    /// Adds a command to the Up/Down history (and to the saved history, if any).
    /// Answers are never passed here, so the saved file never gives them away.
    func remember(_ line: String)
}

/// Reads standard input line by line, printing no prompt. Signals keep their
/// default actions here, so SIGINT ends a piped game with status 130.
final class PlainLineInput: LineInput {
    var completions: [String] = []

    func readLine(prompt: String) -> LineEvent {
        Swift.readLine(strippingNewline: true).map(LineEvent.line) ?? .end
    }

    func remember(_ line: String) {}
}
