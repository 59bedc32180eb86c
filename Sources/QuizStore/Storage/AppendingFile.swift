import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// A file open for appending (`DurableFile.openForAppending`): each `append`
/// is written whole and synced before it returns, and one that fails is cut
/// back off (and the cut synced), so the file never keeps half of it. It
/// assumes no other process appends meanwhile (the history holds its lock).
/// Call `close()` when done.
package struct AppendingFile {
    package let path: String
    /// The open descriptor, for the caller's own `flock` or `fstat`.
    package let fd: Int32
    /// The length when it was opened: where `cutBack()` returns to.
    package let openedLength: Int

    init(path: String, cuttingTo length: Int?, create: Bool) throws(FileFailure) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT : 0), 0o600)
        guard fd >= 0 else { throw FileFailure(.open, file: path, reason: SystemReason.current) }
        if create { fchmod(fd, 0o600) }
        var info = stat()
        if let length {
            // Cut what follows (a write cut short by a crash).
            guard ftruncate(fd, off_t(length)) == 0 else {
                let reason = SystemReason.current
                Glibc.close(fd)
                throw FileFailure(.truncate, file: path, reason: reason)
            }
        } else if fstat(fd, &info) != 0 {
            let reason = SystemReason.current
            Glibc.close(fd)
            throw FileFailure(.open, file: path, reason: reason)
        }
        self.path = path
        self.fd = fd
        openedLength = length ?? Int(info.st_size)
    }

    /// Appends `bytes` and syncs them; on failure cuts the file back to
    /// `openedLength` and throws the write's or the sync's reason.
    package func append(_ bytes: [UInt8]) throws(FileFailure) {
        var failure = bytes.withUnsafeBytes { DurableFile.writeAll($0, to: fd, file: path) }
        if failure == nil && fsync(fd) != 0 {
            failure = FileFailure(.sync, file: path, reason: SystemReason.current)
        }
        if let failure {
            _ = cutBack()
            throw failure
        }
    }

    /// Takes back everything appended since it was opened (synced); false
    /// when the file could not be cut.
    package func cutBack() -> Bool {
        guard ftruncate(fd, off_t(openedLength)) == 0 else { return false }
        fsync(fd)
        return true
    }

    package func close() {
        Glibc.close(fd)
    }
}
