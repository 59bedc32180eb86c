import QuizCore

/// A file operation of `Storage/` that failed: which step, on which file, and
/// the system's reason (`SystemReason`). Callers turn it into their own
/// one-line message (`HistoryError`, `BankCacheError`, ...).
package struct FileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Step: Sendable, Equatable {
        /// Creating a folder (`PrivateFolder`).
        case makeFolder
        /// Opening (or creating) the file named in `file`.
        case open
        case read
        case write
        case sync
        case close
        case truncate
        case rename
        case lock
    }

    package var step: Step
    /// The file the failing call was made on: for an atomic replace's `open`,
    /// `write`, `sync` and `close`, its temporary file.
    package var file: String
    package var reason: String

    package init(_ step: Step, file: String, reason: String) {
        self.step = step
        self.file = file
        self.reason = reason
    }

    package var description: String { "\(file): \(reason)" }
}
