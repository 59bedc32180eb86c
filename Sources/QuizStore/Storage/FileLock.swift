import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// An advisory `flock` on a lock file: shared to read, exclusive to write, so
/// that processes sharing a folder take turns (two terminals finishing a game
/// at once both keep it). Held until `release()`; the kernel drops it when
/// the process dies, so a crash never leaves it held.
package struct FileLock: Sendable {
    package enum Kind: Sendable {
        case shared, exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    package let path: String
    private let fd: Int32

    /// How long a wait goes unsaid by default: two processes finishing at once
    /// wait a few milliseconds, which is not worth a line.
    package static let silentWait: TimeInterval = 1

    /// Takes the lock on `path` (created 0600 when missing; a shared lock
    /// makes do with a file it may only read), waiting as long as it is held.
    /// When the wait outlasts `patience`, `onWait` is told once, with who
    /// holds it in words (`holder(fd:)`), and the wait goes on; without
    /// `onWait` it simply waits.
    package static func acquire(
        _ path: String, _ kind: Kind, patience: TimeInterval = silentWait, creating: Bool = true,
        onWait: ((_ holder: String) -> Void)? = nil
    ) throws(FileFailure) -> FileLock {
        var fd = creating ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : -1
        if fd < 0 && kind == .shared { fd = open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileFailure(.lock, file: path, reason: SystemReason.current) }
        let deadline = Date().addingTimeInterval(patience)
        var blocking = onWait == nil
        while flock(fd, kind.operation | (blocking ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK && !blocking {
                if Date() < deadline {
                    usleep(5_000)
                } else {
                    blocking = true
                    onWait?(holder(fd: fd))
                }
                continue
            }
            let reason = SystemReason.current
            close(fd)
            throw FileFailure(.lock, file: path, reason: reason)
        }
        return FileLock(path: path, fd: fd)
    }

    package func release() {
        close(fd)
    }

    /// Who holds a lock on the file open as `fd`, in words: "another process
    /// (pid N, its command line)", or "another process" when /proc does not say.
    static func holder(fd: Int32) -> String {
        guard let pid = holderPID(fd: fd) else { return "another process" }
        return "another process (pid \(pid)\(commandLine(of: pid).map { ", \($0)" } ?? ""))"
    }

    /// The process holding a `flock` on the file open as `fd`, from
    /// /proc/locks (`FLOCK` lines; `->` lines are other waiters), found by the
    /// file's inode; never this process.
    static func holderPID(fd: Int32) -> pid_t? {
        var info = stat()
        guard fstat(fd, &info) == 0, let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return nil
        }
        let me = getpid()
        for line in text.split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 1234 08:01:56789 0 EOF"
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = pid_t(fields[4]), pid != me else { continue }
            let device = fields[5].split(separator: ":")
            guard device.count == 3, UInt64(device[2]) == UInt64(info.st_ino) else { continue }
            return pid
        }
        return nil
    }

    /// A process's command line, its program's name first, when it can be
    /// read: control characters shown as `?`, cut to 80 characters.
    static func commandLine(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
            return nil
        }
        var arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard !arguments.isEmpty else { return nil }
        arguments[0] = (arguments[0] as NSString).lastPathComponent
        let line = String(
            String.UnicodeScalarView(
                arguments.joined(separator: " ").unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        return line.count > 80 ? String(line.prefix(77)) + "..." : line
    }
}
