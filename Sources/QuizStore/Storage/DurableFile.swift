import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// One file written so that nothing in it is lost to a crash, a kill or a
/// full disk, at any moment:
///
/// - `replace(with:)` writes a temporary file beside it, syncs it, renames it
///   over the file and syncs the folder: a reader, and the file after a crash
///   or a power cut, has the old contents or the new, never a part of either.
///   A failure leaves the old file as it was and removes the temporary one.
/// - `openForAppending` (`AppendingFile`) appends and syncs, and cuts a failed
///   append back, so no half record stays after a full disk.
/// - `moveAside()` and `damagedName` keep a damaged file under a new name
///   (`<name>.damaged-<UTC time>`), never deleted, never overwritten.
///
/// The file is 0600 whatever the umask, unless a replacement names its
/// mode (a bank `--import` writes). Only what `Storage/` knows of files is
/// here; what a failure means to the player is said by the caller, from the
/// `FileFailure` it gets.
package struct DurableFile: Sendable {
    package let path: String
    package let temporaryName: TemporaryName

    /// Where a replacement is written before it is renamed over the file.
    package enum TemporaryName: Sendable {
        /// `NAME.tmp-PID`, beside it.
        case beside
        /// `.NAME.tmp-PID`, beside it but hidden from a listing (the bank
        /// cache, whose folder a player may look into).
        case hidden
    }

    package init(_ path: String, temporaryName: TemporaryName = .beside) {
        self.path = path
        self.temporaryName = temporaryName
    }

    var folder: String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    private var temporaryPrefix: String {
        switch temporaryName {
        case .beside: path + ".tmp-"
        case .hidden: folder + "/." + (path as NSString).lastPathComponent + ".tmp-"
        }
    }

    /// This process's temporary file for `replace(with:)`.
    package var temporaryPath: String { temporaryPrefix + "\(getpid())" }

    /// Replaces the file's contents with `bytes` atomically (see the type).
    /// With `sync: false` the temporary file and the folder are not synced:
    /// the rename is still all or nothing for other processes, but a power cut
    /// may leave an empty or partial file, so only for a copy whose reader
    /// checks it (a checksum) and can make it again.
    /// `mode` is the file's permissions: 0600 for quiz's own files; a bank
    /// written for the user (`--import`) passes the file's own, or what the
    /// umask allows.
    package func replace(with bytes: some ContiguousBytes, sync: Bool = true, mode: mode_t = 0o600)
        throws(FileFailure)
    {
        try stage(bytes, sync: sync, mode: mode).commit()
    }

    /// A replacement written (and synced) to the temporary file, not yet
    /// renamed over the file: `commit()` renames it, `abandon()` removes it.
    /// For a write that must wait on another (`--import` adds a package's
    /// reviews to the history between the two, so a bank that cannot be
    /// written adds none, and a history that cannot take them leaves the
    /// bank as it was).
    package struct Staged: Sendable {
        let temporary: String
        let target: String
        let folder: String
        let sync: Bool

        /// Renames the staged file over the target (and syncs the folder);
        /// on failure the temporary file is removed and the target untouched.
        package func commit() throws(FileFailure) {
            guard rename(temporary, target) == 0 else {
                let reason = SystemReason.current
                unlink(temporary)
                throw FileFailure(.rename, file: target, reason: reason)
            }
            if sync { DurableFile.syncFolder(folder) }
        }

        /// Removes the staged file; the target stays as it was.
        package func abandon() { unlink(temporary) }
    }

    /// Writes `bytes` to the temporary file, synced and closed (`Staged`).
    package func stage(_ bytes: some ContiguousBytes, sync: Bool = true, mode: mode_t = 0o600)
        throws(FileFailure) -> Staged
    {
        let temporary = temporaryPath
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileFailure(.open, file: temporary, reason: SystemReason.current) }
        fchmod(fd, mode)
        let failure = bytes.withUnsafeBytes { Self.writeAll($0, to: fd, file: temporary) }
        try Self.finish(fd, temporary: temporary, failure: failure, sync: sync)
        return Staged(temporary: temporary, target: path, folder: folder, sync: sync)
    }

    /// Replaces the file atomically, as `replace(with:)` does, with the bytes
    /// `write` hands to its argument a chunk at a time (a file too large to
    /// hold in memory whole). `write` returning false abandons the
    /// replacement: the temporary file is removed, the file left as it was,
    /// and false returned.
    package func replace(sync: Bool = true, streaming write: (_ add: ([UInt8]) -> Void) -> Bool) throws(FileFailure)
        -> Bool
    {
        let temporary = temporaryPath
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileFailure(.open, file: temporary, reason: SystemReason.current) }
        fchmod(fd, 0o600)
        var failure: FileFailure?
        let keep = write { bytes in
            guard failure == nil else { return }
            failure = bytes.withUnsafeBytes { Self.writeAll($0, to: fd, file: temporary) }
        }
        guard keep else {
            close(fd)
            unlink(temporary)
            return false
        }
        try Self.finish(fd, temporary: temporary, failure: failure, sync: sync)
        try Staged(temporary: temporary, target: path, folder: folder, sync: sync).commit()
        return true
    }

    /// Ends a write to `temporary` (open as `fd`): synced when `sync`, closed
    /// whatever happened before (its own failure reported too: on some file
    /// systems a write's error shows only at `close`). On any failure the
    /// temporary file is removed and the first failure thrown.
    private static func finish(_ fd: Int32, temporary: String, failure: FileFailure?, sync: Bool)
        throws(FileFailure)
    {
        var failure = failure
        if failure == nil && sync && fsync(fd) != 0 {
            failure = FileFailure(.sync, file: temporary, reason: SystemReason.current)
        }
        if close(fd) != 0 && failure == nil {
            failure = FileFailure(.close, file: temporary, reason: SystemReason.current)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Writes every byte of `buffer` (again after EINTR, on after a short write).
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, file: String) -> FileFailure? {
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return FileFailure(.write, file: file, reason: SystemReason.current)
            }
            offset += written
        }
        return nil
    }

    /// Syncs a folder, so that a rename or a new name in it survives a power
    /// cut; a folder that cannot be opened is left as it is.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// Removes the temporary files that processes killed while replacing this
    /// file left behind: those whose process is no longer running.
    package func removeAbandonedTemporaries() {
        let prefix = (temporaryPrefix as NSString).lastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(folder + "/" + name)
            }
        }
    }

    // MARK: Damage

    /// A new name for a damaged copy of the file: `<path>.damaged-<UTC time>`
    /// (`yyyyMMddTHHmmssZ`), with `-2`, `-3`... when that is taken.
    package var damagedName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = path + ".damaged-" + formatter.string(from: Date())
        var target = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        return target
    }

    /// Renames the file to `damagedName`; never deletes it. The new name, or
    /// nil when it could not be renamed.
    package func moveAside() -> String? {
        let target = damagedName
        return rename(path, target) == 0 ? target : nil
    }

    /// Copies the file to `target` (a new name, such as `damagedName`), synced,
    /// through a temporary file and a rename like `replace(with:)`; only the
    /// data is copied, so the holes of a sparse file stay holes (`truncate -s
    /// 3G` on a journal is not written out as 3 GB of zeros).
    package func copyKeepingHoles(to target: String) throws(FileFailure) {
        let source = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard source >= 0 else { throw FileFailure(.open, file: path, reason: SystemReason.current) }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw FileFailure(.read, file: path, reason: SystemReason.current) }
        let copy = DurableFile(target)
        let temporary = copy.temporaryPath
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileFailure(.open, file: temporary, reason: SystemReason.current) }
        fchmod(fd, 0o600)
        let size = Int(info.st_size)
        var failure: FileFailure?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for extent in FileContents.dataExtents(of: source, size: size) where failure == nil {
            var offset = extent.lowerBound
            while offset < extent.upperBound && failure == nil {
                let count = buffer.withUnsafeMutableBytes {
                    pread(source, $0.baseAddress, min($0.count, extent.upperBound - offset), off_t(offset))
                }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    failure = FileFailure(
                        .read, file: path, reason: count == 0 ? "it was cut short" : SystemReason.current)
                    break
                }
                if lseek(fd, off_t(offset), SEEK_SET) < 0 {
                    failure = FileFailure(.write, file: temporary, reason: SystemReason.current)
                    break
                }
                failure = buffer.withUnsafeBytes {
                    Self.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: fd, file: temporary)
                }
                offset += count
            }
        }
        if failure == nil && ftruncate(fd, off_t(size)) != 0 {
            failure = FileFailure(.truncate, file: temporary, reason: SystemReason.current)
        }
        try Self.finish(fd, temporary: temporary, failure: failure, sync: true)
        try Staged(temporary: temporary, target: target, folder: copy.folder, sync: true).commit()
    }

    /// Opens the file to append to it (`AppendingFile`). With `cuttingTo`,
    /// whatever follows that length (a write cut short by a crash) is cut off
    /// first; with `create`, a missing file is created, and the file made 0600.
    package func openForAppending(cuttingTo length: Int? = nil, create: Bool = false) throws(FileFailure)
        -> AppendingFile
    {
        try AppendingFile(path: path, cuttingTo: length, create: create)
    }
}
