import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// A folder only its owner may read (0700) and its files (0600), whatever
/// the umask: the history, the caches, the input history.
package enum PrivateFolder {
    /// Creates `path` and every missing folder above it, 0700, with mkdir(2)
    /// itself, one level at a time (FileManager on Linux reports a failure
    /// here as "NSCocoaErrorDomain error 512", not the system's reason).
    /// Returns false when it was there already (as a folder), and leaves it
    /// as it is; a file of that name is a failure.
    @discardableResult
    package static func make(_ path: String) throws(FileFailure) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw FileFailure(.makeFolder, file: path, reason: "a file of that name is in the way")
            }
            return false
        }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileFailure(.makeFolder, file: path, reason: SystemReason.current)
            }
        }
        tighten(path, to: 0o700)
        return true
    }

    /// Takes group and other permissions away from `path`; returns the mode
    /// it had when it changed it. Only a regular file (mode 0600) or a folder
    /// (0700) that is this user's own, reached without following a symbolic
    /// link (`O_NOFOLLOW`, then `fchmod` on what was opened), and never a
    /// shared folder with the sticky bit: `--data-dir /tmp` must not lock
    /// other users out of /tmp, nor a link to /dev/null change it.
    @discardableResult
    package static func tighten(_ path: String, to mode: mode_t) -> mode_t? {
        let wantFolder = mode == 0o700
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (wantFolder ? O_DIRECTORY : 0))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == getuid(),
            info.st_mode & S_IFMT == (wantFolder ? S_IFDIR : S_IFREG), info.st_mode & S_ISVTX == 0
        else { return nil }
        return fchmod(fd, mode) == 0 ? info.st_mode & 0o777 : nil
    }

    /// Whether `path` is a folder (following symbolic links).
    package static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
