import QuizCore
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// This process's environment variables as a dictionary, read from the C
/// library's `environ` once. `ProcessInfo.processInfo.environment` gives the
/// same dictionary, but its first use builds all of `ProcessInfo` too: about
/// 7% of `quiz --history --limit 20` (CONTRIBUTING.md, "Start-up: what costs
/// what"). As `getenv` does, the first of two entries with one name wins; an
/// entry without `=` is not a variable and is left out; bytes that are not
/// UTF-8 are read as U+FFFD, as everywhere else quiz reads outside text.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        // After clearenv(3), environ is a null pointer.
        let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = table else { return variables }
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
