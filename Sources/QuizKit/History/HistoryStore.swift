import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The history on disk: `history.archive` in the data folder, guarded by an
/// exclusive `flock` on `history.lock` around every read-merge-write, so games
/// finishing at once in two terminals are both kept. Writes go to a temporary
/// file that is synced and renamed over the archive, then the folder is
/// synced, so a crash leaves the old archive or the new one, never half of one.
/// The folder is created 0700 and every file 0600, whatever the umask.
public struct HistoryStore: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    public var archivePath: String { folder + "/history.archive" }
    var lockPath: String { folder + "/history.lock" }

    /// What `record` did besides recording.
    public struct RecordReport: Sendable {
        /// The whole history after recording, oldest first.
        public var sessions: [Session]
        /// Set when a damaged archive was found and moved aside first.
        public var damage: HistoryError?
    }

    /// Every session on disk, oldest first; an absent archive is an empty history.
    /// A damaged archive is moved aside and reported with `.damaged`.
    public func load() throws(HistoryError) -> [Session] {
        guard FileManager.default.fileExists(atPath: archivePath) else { return [] }
        switch read() {
        case .success(let sessions): return sessions
        case .failure(.damaged):
            // Look again under the lock: a writer may have replaced it meanwhile.
            let lock = try acquireLock()
            defer { close(lock) }
            let result = read()
            if case .failure(.damaged(_, _, let reason)) = result { throw moveAside(reason: reason) }
            return try result.get()
        case .failure(let error): throw error
        }
    }

    /// Appends `session` to what is on disk now (not to a copy read earlier).
    public func record(_ session: Session) throws(HistoryError) -> RecordReport {
        try makeFolder()
        let lock = try acquireLock()
        defer { close(lock) }
        var damage: HistoryError?
        var sessions: [Session] = []
        if FileManager.default.fileExists(atPath: archivePath) {
            switch read() {
            case .success(let onDisk): sessions = onDisk
            case .failure(.damaged(_, _, let reason)): damage = moveAside(reason: reason)
            case .failure(let error): throw error
            }
        }
        sessions.append(session)
        try write(sessions)
        return RecordReport(sessions: sessions, damage: damage)
    }

    private func read() -> Result<[Session], HistoryError> {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: archivePath))
        } catch {
            return .failure(.cannotRead(path: archivePath, reason: BankLoader.systemReason(error)))
        }
        do {
            return .success(try KeyedArchive.sessions(from: data))
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
    }

    /// Renames the damaged archive to `history.archive.damaged-<UTC time>`; never deletes it.
    private func moveAside(reason: String) -> HistoryError {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = archivePath + ".damaged-" + formatter.string(from: Date())
        var target = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        guard rename(archivePath, target) == 0 else {
            return .damaged(path: archivePath, movedTo: nil, reason: reason)
        }
        return .damaged(path: archivePath, movedTo: target, reason: reason)
    }

    func makeFolder() throws(HistoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreateFolder(path: folder, reason: "a file of that name is in the way")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(path: folder, reason: BankLoader.systemReason(error))
        }
        chmod(folder, 0o700)
    }

    private func acquireLock() throws(HistoryError) -> Int32 {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotLock(path: lockPath, reason: reason)
        }
        return fd
    }

    /// Writes the archive through a synced temporary file and a rename.
    func write(_ sessions: [Session]) throws(HistoryError) {
        let data = KeyedArchive.data(for: sessions)
        let temporary = archivePath + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: archivePath, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        let failure: String? = data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
        }
        if close(fd) != 0 && failure == nil {
            unlink(temporary)
            throw .cannotWrite(path: archivePath, reason: String(cString: strerror(errno)))
        }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: archivePath, reason: failure)
        }
        guard rename(temporary, archivePath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: archivePath, reason: reason)
        }
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
