import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// The system's reason for a failure, in its own words ("No space left on
/// device", "Permission denied"): the one place that turns an `errno` or a
/// Foundation error into the text of a one-line message.
package enum SystemReason {
    /// The reason for `errno` as it is now: read it before any other call.
    package static var current: String { of(errno) }

    /// The reason for the error number `code`.
    package static func of(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The reason for a Foundation error: the system's words when it wraps a
    /// POSIX error (Foundation's own text on Linux is often only
    /// "NSCocoaErrorDomain error 512"), else its description.
    package static func of(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return of(code.rawValue)
        }
        return nsError.localizedDescription
    }
}
