import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a bank file with the system's own calls, so that what goes wrong is
/// said as the system says it (a loop of symbolic links, a permission denied)
/// and a folder, a pipe or a device is named as such, never opened as a bank:
/// Foundation's reading calls a folder "error 256" and a pipe a permission
/// problem.
enum BankFile {
    /// What is at `path`, following symbolic links.
    enum Kind: Equatable {
        case file, folder
        /// Neither: a pipe, a device, a socket; the words say which.
        case other(String)
    }

    /// The kind of `path`, or why it cannot be known (not there, a loop,
    /// a folder on the way that may not be searched).
    static func kind(of path: String) throws(BankError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(path, errno) }
        return kind(info.st_mode)
    }

    /// The bytes of the bank file at `path`. A file of cards to import
    /// (`bounded`) is held to `ImportLimits`, checked a chunk at a time as it
    /// is read: refused at the first line longer than `lineBytes` as soon as
    /// it passes that (a 100 MB line costs 1 MiB), or when it passes
    /// `fileBytes`.
    static func read(_ path: String, bounded: Bool = false) throws(BankError) -> [UInt8] {
        // What it is before opening it (opening a device may do something),
        // and again after (it may have been replaced meanwhile).
        try requireFile(path, try kind(of: path))
        // O_NONBLOCK: should a FIFO take the file's place, opening it must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, errno) }
        try requireFile(path, kind(info.st_mode))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(bounded ? min(Int(info.st_size), 1 << 20) : Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        var lines = ImportLimits.LineGuard()
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            if bounded {
                guard buffer.withUnsafeBytes({ lines.scan(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else {
                    throw .invalid([BankProblem(path: path, place: .file, message: lines.problem)])
                }
                if bytes.count + count > ImportLimits.fileBytes {
                    throw .invalid([BankProblem(path: path, place: .file, message: ImportLimits.fileTooLarge)])
                }
            }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    private static func requireFile(_ path: String, _ kind: Kind) throws(BankError) {
        switch kind {
        case .file: return
        case .folder:
            throw .unreadable(path: path, reason: "a folder, not a bank file")
        case .other(let what):
            throw .unreadable(path: path, reason: "\(what), not a bank file; save the bank to a file first")
        }
    }

    static func kind(_ mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFIFO: .other("a pipe")
        case S_IFCHR: .other("a device")
        case S_IFBLK: .other("a disk device")
        case S_IFSOCK: .other("a socket")
        default: .other("not a regular file")
        }
    }

    /// A system error in words, as a `BankError`.
    static func failure(_ path: String, _ code: Int32) -> BankError {
        switch code {
        case ENOENT:
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
                return .unreadable(path: path, reason: "a symbolic link to a file that is not there")
            }
            return .notFound(path: path)
        case ELOOP: return .unreadable(path: path, reason: "a loop of symbolic links")
        case ENOTDIR: return .notFound(path: path)
        case EACCES: return .unreadable(path: path, reason: "cannot read it: permission denied")
        default: return .unreadable(path: path, reason: "cannot read it: " + SystemReason.of(code))
        }
    }
}
