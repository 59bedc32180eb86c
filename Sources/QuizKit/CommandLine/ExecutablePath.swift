import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The running program's own file, as the kernel names it in
/// `/proc/self/exe` (symbolic links resolved): where `quiz` finds its
/// bundled banks, `quiz-fetch` and itself to compact in the background.
public enum ExecutablePath {
    /// Nil where `/proc` is not mounted. Read with `readlink(2)` itself:
    /// `FileManager.destinationOfSymbolicLink` cost about 3% of a whole
    /// recorded game (CONTRIBUTING.md, "Start-up: what costs what").
    public static var current: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
