import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, written with write(2). Foundation's
/// `FileHandle.write` traps on any error (a full disk, `/dev/full`, a closed
/// descriptor), which crashed quiz with a stack trace; here a failed write is
/// remembered instead, and `main` ends with 74 after saying so (when standard
/// error can still take it). A reader that went away (`quiz --history | head
/// -1`) is no error to report: quiz ends by SIGPIPE, quietly, as any
/// command-line tool does (141 in a shell), even when its parent left SIGPIPE
/// ignored and the write only failed with EPIPE.
enum StandardStreams {
    /// The first write that failed: which stream, and the system's reason.
    nonisolated(unsafe) private(set) static var failure: (stream: String, reason: String)?

    static func out(_ text: String) { write(text, to: STDOUT_FILENO, named: "standard output") }
    static func err(_ text: String) { write(text, to: STDERR_FILENO, named: "standard error") }

    /// Ends quiz as SIGPIPE's default action does: no message, killed by the
    /// signal (a game being recorded is safe, as from any kill).
    private static func endAsBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    private static func write(_ text: String, to descriptor: Int32, named name: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EPIPE {
                endAsBrokenPipe()
            } else {
                if failure == nil { failure = (name, String(cString: strerror(written < 0 ? errno : EIO))) }
                return
            }
        }
    }
}
