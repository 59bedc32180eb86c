/// What the reader of the history is told, as a value: how serious, what,
/// and the file it is about (when there is one). The store returns these
/// (never lines of text); `CommandOutput.tell` is the one place that says
/// them, one line each on standard error, after `quiz: `.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable {
        /// Something to know (games waiting in a pending file, permissions
        /// tightened); the history is whole.
        case notice
        /// Something could not be read, or was repaired: what is returned is
        /// everything that could be read, not the whole history.
        case problem
    }

    public var severity: Severity
    /// The line said, naming the file when there is one.
    public var message: String
    /// The file it is about.
    public var file: String?

    public init(_ severity: Severity, _ message: String, file: String? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
    }

    package static func notice(_ message: String, file: String? = nil) -> Diagnostic {
        Diagnostic(.notice, message, file: file)
    }
    package static func problem(_ message: String, file: String? = nil) -> Diagnostic {
        Diagnostic(.problem, message, file: file)
    }

    public var description: String { message }
}

extension [Diagnostic] {
    /// The problems among them (what could not be read).
    public var problems: [Diagnostic] { filter { $0.severity == .problem } }
    /// Nothing could not be read: the history is whole.
    public var whole: Bool { !contains { $0.severity == .problem } }
}
