/// The exit statuses DESIGN.md promises (sysexits.h values).
enum ExitStatus: Int32 {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case ioError = 74
    /// A game abandoned with Ctrl-C (128 + SIGINT, as a shell reports it).
    case interrupted = 130
}

/// An error that ends the command with a message on standard error.
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String
    /// A second line, e.g. "Try 'quiz --help'."
    var hint: String?
}
