import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The history on disk, in the data folder:
///
/// - `history.archive`: the `NSKeyedArchiver` archive of DESIGN.md, every
///   game up to its `journalSequence`;
/// - `history.journal`: games recorded since, appended one record each
///   (`HistoryJournal`), so recording costs the same at any history length;
/// - `history.lock`: `flock`ed, exclusively to write, shared to read, so two
///   terminals finishing at once both keep their games.
///
/// A game is durable when `record` returns: its journal record is synced.
/// `compact()` folds the journal into the archive (temporary file, sync,
/// rename, then a fresh journal), so a crash at any point leaves the old
/// archive or the new one, never half of one, and never a game twice.
/// When the history cannot be written the game is kept in a pending file
/// (`pendingPaths`), and the next successful `record` adds it. The folder is
/// 0700 and its files 0600 whatever the umask; wider ones are tightened,
/// with a notice. A damaged archive or journal is moved aside, never deleted.
public struct HistoryStore: Sendable {
    public let folder: String
    /// Other folders for a pending file, tried after the data folder.
    public let pendingFolders: [String]
    /// Up to this many games, every record also rewrites the archive at once
    /// (a few milliseconds), so a small history is always one whole archive.
    public let inlineCompactionLimit: Int

    public init(folder: String, pendingFolders: [String] = [], inlineCompactionLimit: Int = 500) {
        self.folder = folder
        self.pendingFolders = pendingFolders
        self.inlineCompactionLimit = inlineCompactionLimit
    }

    public var archivePath: String { folder + "/history.archive" }
    public var journalPath: String { folder + "/history.journal" }
    var summaryPath: String { folder + "/history.summary" }
    var lockPath: String { folder + "/history.lock" }

    /// Every place a pending file may be, the data folder's first. In the
    /// user's own state folder a game waits for the next history that records
    /// (the data folder may be the thing that was broken); in the shared
    /// temporary folder the name carries a checksum of the data folder's path,
    /// so a game waits for its own history there.
    public var pendingPaths: [String] {
        let tag = String(folder.utf8CString.withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
        let temporary =
            NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        return [folder + "/history.pending"]
            + pendingFolders.map { folder in
                let isTemporary = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) == temporary
                return folder + "/quiz-pending-\(getuid())" + (isTemporary ? "-\(tag)" : "") + ".journal"
            }
    }

    /// A history read from disk, with what the reader should be told.
    public struct Loaded: Sendable {
        /// Oldest first.
        public var sessions: [Session]
        public var notices: [String]
    }

    /// What `record` did besides recording.
    public struct RecordReport: Sendable {
        public var notices: [String]
        /// Games from pending files added to the history now.
        public var recovered: Int
        /// The journal is long: run `compact()` (off the player's path).
        public var needsCompaction: Bool
    }

    /// Why a game was not recorded, and where it was kept instead.
    public struct RecordFailure: Error, Sendable, CustomStringConvertible {
        public var error: HistoryError
        /// The pending file holding the game, nil if even that failed.
        public var keptIn: String?

        public var description: String {
            if let keptIn {
                return "\(error); the game is kept in \(keptIn) and will be added to the history next time"
            }
            return "\(error); the game could not be kept anywhere"
        }
    }

    // MARK: Reading

    /// Every session: the archive, the journal after it, and any pending games.
    /// A damaged archive or journal is moved aside and reported with `.damaged`.
    ///
    /// `results: false` skips the per-question results (the table and exports
    /// do not show them); `newest: N` reads only the newest N sessions that
    /// pass `include`, which touches N sessions of the archive, not all of it.
    public func load(results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil)
        throws(HistoryError) -> Loaded
    {
        try load(results: results, newest: newest, where: include, summarise: false)
    }

    /// `load`; with `summarise`, the whole archive just read also gives
    /// `history.summary` (so the archive is read once, not twice).
    private func load(
        results: Bool, newest: Int?, where include: ((Session) -> Bool)?, summarise: Bool
    ) throws(HistoryError) -> Loaded {
        var notices: [String] = []
        var pending = pendingSessions(notices: &notices)
        if let include { pending = pending.filter(include) }
        guard directoryExists(folder) else { return Loaded(sessions: pending, notices: notices) }
        var lock = try? acquireLock(LOCK_SH)
        defer { if let lock { close(lock) } }
        /// Trades the shared lock for the exclusive one, to move a damaged file aside.
        func lockExclusively() throws(HistoryError) {
            if let shared = lock { close(shared) }
            lock = nil
            lock = try acquireLock(LOCK_EX)
        }
        // The journal first: with `newest`, it says how many the archive must give.
        let journal: HistoryJournal.Contents?
        do {
            journal = try readJournal()
        } catch HistoryError.damaged(_, _, let reason) {
            try lockExclusively()
            do {
                _ = try readJournal()
            } catch HistoryError.damaged {
                throw moveAside(journalPath, reason: reason)
            }
            // Another process replaced it meanwhile: read everything again.
            if let held = lock { close(held) }
            lock = nil
            return try load(results: results, newest: newest, where: include, summarise: summarise)
        }
        var journaled = journal?.entries ?? []
        if let include { journaled = journaled.filter { include($0.session) } }
        // (All N from the archive too: a crash can leave folded records in the journal.)
        let fromArchive = newest
        var archive: (sessions: [Session], journalSequence: UInt64)
        switch readArchive(results: results, newest: fromArchive, where: include) {
        case .success(let read): archive = read
        case .failure(.damaged(_, _, let reason)):
            try lockExclusively()
            if case .failure(.damaged) = readArchive() { throw moveAside(archivePath, reason: reason) }
            archive = try readArchive(results: results, newest: fromArchive, where: include).get()
        case .failure(let error): throw error
        }
        if summarise && newest == nil && include == nil {
            writeSummary(archive.sessions, journalSequence: archive.journalSequence)
        }
        var sessions = archive.sessions
        sessions += journaled.filter { $0.sequence > archive.journalSequence }.map(\.session)
        if let newest, sessions.count > newest { sessions = Array(sessions.suffix(newest)) }
        // A pending game already in the history (a crash after it was added,
        // before its file was removed) is shown once.
        let known = Set(sessions.suffix(pending.count * 4 + 64))
        return Loaded(sessions: sessions + pending.filter { !known.contains($0) }, notices: notices)
    }

    private func readArchive(results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil)
        -> Result<(sessions: [Session], journalSequence: UInt64), HistoryError>
    {
        guard FileManager.default.fileExists(atPath: archivePath) else { return .success(([], 0)) }
        // A binary archive is read through a memory mapping: --limit 20 then
        // touches a few pages of a 20 MB file. (An XML one is read whole.)
        do {
            let mapped = try KeyedArchive.mapped(archivePath) { archive throws(ArchiveError) in
                if let newest { return try archive.lastSessions(newest, where: include) }
                let decoded = try archive.decode(results: results)
                guard let include else { return decoded }
                return (decoded.sessions.filter(include), decoded.journalSequence)
            }
            if let mapped { return .success(mapped) }
        } catch ArchiveError.notAnArchive(let why) where why == "not a binary property list" {
            // Not binary (XML, say): read it whole below.
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: archivePath))
        } catch {
            return .failure(.cannotRead(path: archivePath, reason: BankLoader.systemReason(error)))
        }
        do {
            if let newest { return .success(try KeyedArchive.lastSessions(newest, from: data, where: include)) }
            let decoded = try KeyedArchive.decode(data, results: results)
            guard let include else { return .success(decoded) }
            return .success((decoded.sessions.filter(include), decoded.journalSequence))
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
    }

    /// The journal, nil when there is none; a journal whose header is wrong is
    /// damaged (and is moved aside by the writer, under the lock).
    private func readJournal() throws(HistoryError) -> HistoryJournal.Contents? {
        guard FileManager.default.fileExists(atPath: journalPath) else { return nil }
        guard let data = FileManager.default.contents(atPath: journalPath) else {
            throw .cannotRead(path: journalPath, reason: String(cString: strerror(errno)))
        }
        guard let contents = HistoryJournal.parse(data) else {
            throw .damaged(path: journalPath, movedTo: nil, reason: "not a quiz journal")
        }
        return contents
    }

    /// The games waiting in pending files, by file.
    private func pendingFiles() -> [(path: String, sessions: [Session])] {
        pendingPaths.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path), let journal = HistoryJournal.parse(data),
                !journal.entries.isEmpty
            else { return nil }
            return (path, journal.entries.map(\.session))
        }
    }

    private func pendingSessions(notices: inout [String]) -> [Session] {
        let files = pendingFiles()
        for file in files {
            notices.append(
                "\(file.sessions.count) game\(file.sessions.count == 1 ? "" : "s") in \(file.path) "
                    + "could not be written to the history yet; the next game will add them")
        }
        return files.flatMap(\.sessions)
    }

    /// What the end of a game compares it with: every earlier game, or, when
    /// `history.summary` describes the archive as it is, that summary's
    /// stand-ins (`HistorySummary`) and the journal's games. Reading it costs
    /// the same at 100 games or 100,000.
    public func milestoneHistory(timeZone: TimeZone = LocalTimeZone.current) throws(HistoryError) -> Loaded {
        var info = stat()
        guard stat(archivePath, &info) == 0,
            let data = FileManager.default.contents(atPath: summaryPath),
            let summary = try? JSONDecoder().decode(HistorySummary.self, from: data),
            summary.archiveSize == Int(info.st_size), summary.archiveModified == Self.modified(info),
            summary.timeZone == timeZone.identifier
        else {
            // No summary of this archive yet (one written by another program,
            // or before this one ran): read it whole once, and write one.
            return try load(results: false, newest: nil, where: nil, summarise: true)
        }
        var notices: [String] = []
        let pending = pendingSessions(notices: &notices)
        let journal = (try? readJournal()) ?? nil
        let journaled = (journal?.entries ?? []).filter { $0.sequence > summary.journalSequence }.map(\.session)
        return Loaded(sessions: summary.standIns() + journaled + pending, notices: notices)
    }

    static func modified(_ info: stat) -> Double {
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Rewrites `history.summary` for the archive as it now is; a failure only
    /// means the next game reads the archive instead.
    private func writeSummary(_ sessions: [Session], journalSequence: UInt64) {
        var info = stat()
        guard stat(archivePath, &info) == 0 else { return }
        let summary = HistorySummary(
            sessions: sessions, archiveSize: Int(info.st_size), archiveModified: Self.modified(info),
            journalSequence: journalSequence, timeZone: LocalTimeZone.current)
        if let data = try? JSONEncoder().encode(summary) { try? writeAtomically(data, to: summaryPath) }
    }

    // MARK: Recording

    /// Appends `session` to the journal, synced, under the exclusive lock;
    /// first adds any pending games. On failure the game goes to a pending file.
    public func record(_ session: Session) throws(RecordFailure) -> RecordReport {
        var notices: [String] = []
        do throws(HistoryError) {
            try makeFolder(notices: &notices)
            let lock = try acquireLock(LOCK_EX)
            defer { close(lock) }
            removeStaleTemporaryFiles()
            tightenFiles(notices: &notices)
            var journal = try openJournalForAppend(notices: &notices)
            defer { close(journal.fd) }
            let pending = pendingFiles()
            let recovered = pending.flatMap(\.sessions).filter { game in !journal.sessions.contains { $0.isEqual(game) }
            }
            var bytes: [UInt8] = []
            for game in recovered + [session] {
                journal.last += 1
                bytes += HistoryJournal.record(game, sequence: journal.last)
            }
            try append(bytes, to: journal.fd, restoringLength: journal.length)
            let unfolded = journal.sessions.count + recovered.count + 1
            let total = Int(clamping: journal.last)
            var needsCompaction = false
            if total <= inlineCompactionLimit {
                do {
                    notices += try compactLocked()
                } catch {
                    // The archive could not be rewritten (a full disk can take
                    // a journal record into a block it already has, and still
                    // refuse a new file): unless the archive already holds the
                    // game, take the records back out, so the game waits in a
                    // pending file and is not kept twice.
                    let folded = (try? readArchive().get().journalSequence) ?? 0
                    if folded < journal.last && ftruncate(journal.fd, journal.length) == 0 {
                        fsync(journal.fd)
                        throw error
                    }
                }
            } else {
                // Larger: fold in the background once the journal is a fair share
                // of the history, so the rewrite's cost is spread over many games.
                needsCompaction = unfolded >= min(1000, max(16, total / 32))
            }
            for file in pending { unlink(file.path) }
            if !recovered.isEmpty {
                notices.append(
                    "added \(recovered.count) game\(recovered.count == 1 ? "" : "s") that could not be written before")
            }
            return RecordReport(notices: notices, recovered: recovered.count, needsCompaction: needsCompaction)
        } catch {
            throw RecordFailure(error: error, keptIn: keepPending(session))
        }
    }

    private struct OpenJournal {
        var fd: Int32
        var length: off_t
        var last: UInt64
        var sessions: [Session]
    }

    /// Opens the journal to append, creating it after the archive's sequence,
    /// cutting a torn last record and moving a damaged journal aside.
    private func openJournalForAppend(notices: inout [String]) throws(HistoryError) -> OpenJournal {
        var contents: HistoryJournal.Contents?
        if FileManager.default.fileExists(atPath: journalPath) {
            guard let data = FileManager.default.contents(atPath: journalPath) else {
                throw .cannotRead(path: journalPath, reason: String(cString: strerror(errno)))
            }
            contents = HistoryJournal.parse(data)
            if contents == nil {
                notices.append(moveAside(journalPath, reason: "not a quiz journal").description)
            } else if contents!.tail == .corrupt {
                let copy = damagedName(for: journalPath)
                if FileManager.default.createFile(atPath: copy, contents: data, attributes: [.posixPermissions: 0o600])
                {
                    notices.append(
                        "the journal \(journalPath) had a damaged record; a copy was kept as \(copy) "
                            + "and the records before it are kept")
                }
            }
        }
        if contents == nil {
            // After the archive's own sequence; a classic archive has none, and
            // then its games count from its number of sessions.
            let counts = FileManager.default.contents(atPath: archivePath).flatMap { try? KeyedArchive.counts(of: $0) }
            let base = counts.map { $0.journalSequence > 0 ? $0.journalSequence : UInt64($0.sessions) } ?? 0
            try writeAtomically(Data(HistoryJournal.header(base: base)), to: journalPath)
            contents = HistoryJournal.Contents(
                baseSequence: base, entries: [], validLength: HistoryJournal.headerSize, tail: .clean)
        }
        let fd = open(journalPath, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotWrite(path: journalPath, reason: String(cString: strerror(errno))) }
        let length = off_t(contents!.validLength)
        // Cut what follows the last good record (a write cut short by a crash).
        if ftruncate(fd, length) != 0 || lseek(fd, length, SEEK_SET) < 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotWrite(path: journalPath, reason: reason)
        }
        return OpenJournal(
            fd: fd, length: length, last: contents!.lastSequence, sessions: contents!.entries.map(\.session))
    }

    /// Writes and syncs `bytes`; on failure cuts the file back, so no half record stays.
    private func append(_ bytes: [UInt8], to fd: Int32, restoringLength length: off_t) throws(HistoryError) {
        let failure = bytes.withUnsafeBytes { Self.writeAllAndSync($0, to: fd) }
        if let failure {
            _ = ftruncate(fd, length)
            fsync(fd)
            throw .cannotWrite(path: journalPath, reason: failure)
        }
    }

    /// Keeps a game that could not be recorded in the first pending file that
    /// can be written; returns its path.
    private func keepPending(_ session: Session) -> String? {
        for path in pendingPaths {
            let parent = (path as NSString).deletingLastPathComponent
            if !directoryExists(parent) {
                guard
                    (try? FileManager.default.createDirectory(
                        atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]))
                        != nil
                else { continue }
            }
            var contents = FileManager.default.contents(atPath: path).flatMap(HistoryJournal.parse)
            if contents == nil {
                contents = HistoryJournal.Contents(baseSequence: 0, entries: [], validLength: 16, tail: .clean)
            }
            var bytes = HistoryJournal.header(base: 0)
            var sequence: UInt64 = 0
            for game in contents!.entries.map(\.session) + [session] {
                sequence += 1
                bytes += HistoryJournal.record(game, sequence: sequence)
            }
            if (try? writeAtomically(Data(bytes), to: path)) != nil { return path }
        }
        return nil
    }

    // MARK: Compacting

    /// Folds the journal into the archive: every game in one archive again.
    public func compact() throws(HistoryError) {
        var notices: [String] = []
        try makeFolder(notices: &notices)
        let lock = try acquireLock(LOCK_EX)
        defer { close(lock) }
        _ = try compactLocked()
    }

    /// Compacts with the lock held; returns notices (a damaged archive moved aside).
    private func compactLocked() throws(HistoryError) -> [String] {
        var notices: [String] = []
        var archive: (sessions: [Session], journalSequence: UInt64) = ([], 0)
        switch readArchive() {
        case .success(let read): archive = read
        case .failure(.damaged(_, _, let reason)): notices.append(moveAside(archivePath, reason: reason).description)
        case .failure(let error): throw error
        }
        guard let journal = try readJournal() else { return notices }
        let newer = journal.entries.filter { $0.sequence > archive.journalSequence }
        let last = max(journal.lastSequence, archive.journalSequence)
        // Pending games left by a crash after they were journaled are here
        // already; any others are added now, and their files removed after.
        let pending = pendingFiles()
        var all = archive.sessions + newer.map(\.session)
        let known = Set(all)
        let recovered = pending.flatMap(\.sessions).filter { !known.contains($0) }
        all += recovered
        if !newer.isEmpty || !recovered.isEmpty {
            try writeAtomically(KeyedArchive.data(for: all, journalSequence: last), to: archivePath)
            writeSummary(all, journalSequence: last)
        }
        try writeAtomically(Data(HistoryJournal.header(base: last)), to: journalPath)
        for file in pending { unlink(file.path) }
        if !recovered.isEmpty {
            notices.append(
                "added \(recovered.count) game\(recovered.count == 1 ? "" : "s") that could not be written before")
        }
        return notices
    }

    // MARK: Files

    private func directoryExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    func makeFolder(notices: inout [String]) throws(HistoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreateFolder(path: folder, reason: "a file of that name is in the way")
            }
            tighten(folder, to: 0o700, notices: &notices)
            return
        }
        // mkdir(2) itself, one level at a time: FileManager on Linux reports a
        // failure here as "NSCocoaErrorDomain error 512", not the system's reason.
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .cannotCreateFolder(path: folder, reason: String(cString: strerror(errno)))
            }
        }
        chmod(folder, 0o700)
    }

    private func tightenFiles(notices: inout [String]) {
        for path in [archivePath, journalPath, lockPath, summaryPath] { tighten(path, to: 0o600, notices: &notices) }
    }

    /// Takes group and other permissions away from `path`, saying so.
    private func tighten(_ path: String, to mode: mode_t, notices: inout [String]) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { return }
        let old = info.st_mode & 0o777
        if chmod(path, mode) == 0 {
            notices.append(
                "tightened the permissions of \(path) from \(String(old, radix: 8)) to \(String(mode, radix: 8)), "
                    + "since the history is private")
        }
    }

    /// Temporary files left by a writer that died: under the lock, none is live.
    private func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("history.") && name.contains(".tmp-") {
            unlink(folder + "/" + name)
        }
    }

    private func acquireLock(_ operation: Int32) throws(HistoryError) -> Int32 {
        var fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 && operation == LOCK_SH { fd = open(lockPath, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .cannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        while flock(fd, operation) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotLock(path: lockPath, reason: reason)
        }
        return fd
    }

    private func damagedName(for path: String) -> String {
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

    /// Renames a damaged file to `<name>.damaged-<UTC time>`; never deletes it.
    private func moveAside(_ path: String, reason: String) -> HistoryError {
        let target = damagedName(for: path)
        guard rename(path, target) == 0 else { return .damaged(path: path, movedTo: nil, reason: reason) }
        return .damaged(path: path, movedTo: target, reason: reason)
    }

    /// Writes every byte (again after EINTR) and syncs; the system's reason on failure.
    private static func writeAllAndSync(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> String? {
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

    /// Writes `data` to a synced temporary file, renames it over `path`, syncs the folder.
    func writeAtomically(_ data: Data, to path: String) throws(HistoryError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        let failure = data.withUnsafeBytes { Self.writeAllAndSync($0, to: fd) }
        let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        if let problem = failure ?? closed {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: problem)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        let parent = (path as NSString).deletingLastPathComponent
        let folderFD = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
