import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a symbolic link holds, read with `readlink(2)` (not
/// `FileManager.destinationOfSymbolicLink`, which costs a recorded game
/// more: CONTRIBUTING.md, "Measured choices in the code"); nil when `path` is not a link or cannot be read. Bytes that are
/// not UTF-8 read as U+FFFD.
package enum LinkTarget {
    package static func of(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
