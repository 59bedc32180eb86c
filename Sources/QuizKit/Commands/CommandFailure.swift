import QuizCore
import QuizStore

/// An error that ends the command: its one-line message, an optional second
/// line, and the exit status. QuizKit only returns it; the executable prints
/// it on standard error and exits with `status`.
public struct CommandFailure: Error, Sendable, Equatable {
    public var status: ExitStatus
    public var message: String
    /// A second line, e.g. "Try 'quiz --help' for more information."
    public var hint: String?

    public init(status: ExitStatus, message: String, hint: String? = nil) {
        self.status = status
        self.message = message
        self.hint = hint
    }

    /// A bad command line (64), with the hint to `--help`.
    public static func usage(_ message: String) -> CommandFailure {
        CommandFailure(status: .usage, message: message, hint: "Try 'quiz --help' for more information.")
    }

    /// A bank that could not be loaded, with its status (`ExitStatus(_:)`).
    public init(_ error: BankError) {
        self.init(status: ExitStatus(error), message: error.description)
    }

    /// A download that could not be used, with its status.
    public init(_ error: RemoteBankError) {
        self.init(status: ExitStatus(error), message: error.description)
    }

    /// A history that could not be read or written (74).
    public init(_ error: HistoryError) {
        self.init(status: ExitStatus(error), message: error.description)
    }

    /// A quiz not found by the name given, with its status.
    public init(_ error: QuizLookup.Failure) {
        self.init(status: ExitStatus(error), message: error.description)
    }

    /// A game not found `--game N` back, with its status.
    public init(_ error: NthGame.Failure) {
        self.init(status: ExitStatus(error), message: error.description)
    }
}
