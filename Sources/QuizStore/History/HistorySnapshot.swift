import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// The history as it was at one moment, the one way every view reads it:
/// the archive (memory-mapped, its sessions read one at a time when asked
/// for), the journal's games after it, and the pending games the history
/// does not hold yet, each game once. Opened by `HistoryStore.reading`
/// under the shared lock (or the exclusive one a writer holds): the journal
/// and the pending files are read once, and damage is repaired there, under
/// the exclusive lock, before the snapshot is opened again.
///
/// The lock is not held after that: the mapping stays the archive of that
/// moment, since quiz replaces a history file by renaming a new one over it.
/// The archive's classes are checked whole before the first pass over all
/// of it (`eachArchiveSession`); the cheap views (the summary, the kept
/// statistics, the newest few) never read it whole.
public final class HistorySnapshot {
    enum Archive {
        case none
        /// Read through its mapping (`ArchiveCursor`, opened at first use).
        case mapped(KeyedArchive.ArchiveSource)
        /// Read whole into memory: an XML archive, or damage that could not
        /// be repaired (what could be read of it).
        case salvaged([Session], journalSequence: UInt64)
        /// Not mapped (an XML archive, or bytes that are not an archive):
        /// read whole at first use, and damage found then thrown.
        case unread(HistoryStore)
    }

    private var archive: Archive
    private var cursor: ArchiveCursor?
    /// How the cursor is opened: for the newest few games (of one quiz, `filtered`).
    private let newest: Int?
    private let filtered: Bool
    /// The archive's `stat` when the snapshot was opened (nil: there is none),
    /// which the files derived from it name.
    let archiveInfo: stat?
    /// The journal as read (nil: there is none).
    let journal: HistoryJournal.Contents?
    /// Every pending file read, as it was (a writer removes them).
    let waiting: [PendingGames.File]
    /// The pending files without the games the history holds already.
    private(set) var pending: [PendingGames.File] = []
    /// What could not be read, and what was repaired, one line each.
    public internal(set) var problems: [Diagnostic]

    init(
        archive: Archive, archiveInfo: stat?, journal: HistoryJournal.Contents?, waiting: [PendingGames.File],
        problems: [Diagnostic], newest: Int?, filtered: Bool
    ) {
        self.archive = archive
        self.archiveInfo = archiveInfo
        self.journal = journal
        self.waiting = waiting
        self.problems = problems
        self.newest = newest
        self.filtered = filtered
    }

    /// The archive's cursor, opened at first use (an archive not mapped is
    /// read whole then).
    private func opened() throws(ArchiveError) -> ArchiveCursor? {
        if case .unread(let store) = archive {
            switch store.readArchive() {
            case .success(let read) where !read.damaged:
                archive = .salvaged(read.sessions, journalSequence: read.journalSequence)
            case .success(let read): throw .notAnArchive(read.firstProblem ?? read.journalProblem ?? "damaged")
            case .failure(let error): throw .notAnArchive(error.description)
            }
        }
        guard case .mapped(let source) = archive else { return nil }
        if let cursor { return cursor }
        let made = try ArchiveCursor(source, newest: newest ?? .max, filtered: filtered)
        cursor = made
        return made
    }

    /// What the cursor's opening for every session checks (`ArchiveCursor`).
    func checkWhole() throws(ArchiveError) { try opened()?.checkWhole() }

    /// The last journal record folded into the archive.
    func archiveSequence() throws(ArchiveError) -> UInt64 {
        let cursor = try opened()
        switch archive {
        case .none, .unread: return 0
        case .salvaged(_, let sequence): return sequence
        case .mapped: return cursor?.journalSequence ?? 0
        }
    }

    /// How many sessions the archive holds.
    func archiveCount() throws(ArchiveError) -> Int {
        let cursor = try opened()
        switch archive {
        case .none, .unread: return 0
        case .salvaged(let sessions, _): return sessions.count
        case .mapped: return cursor?.count ?? 0
        }
    }

    /// The archive's session `index` (0 the oldest); `checked`: see `ArchiveCursor`.
    func archiveSession(at index: Int, results: Bool, checked: Bool = false) throws(ArchiveError) -> Session {
        let cursor = try opened()
        switch archive {
        case .none, .unread: throw .wrongShape("no session \(index + 1)")
        case .salvaged(let sessions, _): return sessions[index]
        case .mapped: return try cursor!.session(at: index, results: results, checked: checked)
        }
    }

    /// Every session of the archive, oldest first, one at a time (never all
    /// of them in memory), its classes checked whole first.
    func eachArchiveSession(results: Bool, _ body: (Session) -> Void) throws(ArchiveError) {
        let cursor = try opened()
        if case .salvaged(let sessions, _) = archive {
            sessions.forEach(body)
            return
        }
        guard let cursor else { return }
        try cursor.checkWhole()
        for index in 0..<cursor.count { body(try cursor.session(at: index, results: results)) }
    }

    /// The journal's games after the sequence `folded`, oldest first.
    func journalGames(after folded: UInt64) -> [Session] {
        (journal?.entries ?? []).games(after: folded)
    }

    /// The journal's games after the archive's.
    func journalGames() throws(ArchiveError) -> [Session] {
        journalGames(after: try archiveSequence())
    }

    /// The pending games not in the history, oldest first.
    public var pendingGames: [Session] { pending.flatMap(\.sessions) }

    /// What the reader is told of the pending games that pass `include`.
    func pendingNotices(where include: ((Session) -> Bool)? = nil) -> [Diagnostic] {
        PendingGames.notices(include.map { include in pending.map { $0.keeping(where: include) } } ?? pending)
    }

    /// What the reader is told: the pending games that pass `include`, then the problems.
    func diagnostics(where include: ((Session) -> Bool)? = nil) -> [Diagnostic] {
        pendingNotices(where: include) + problems
    }

    /// Every game, oldest first, one at a time: the archive's, the
    /// journal's after it, the pending ones.
    func forEach(results: Bool, _ body: (Session) -> Void) throws(ArchiveError) {
        try eachArchiveSession(results: results, body)
        try journalGames().forEach(body)
        pendingGames.forEach(body)
    }

    /// The newest `count` games of the history (the archive and the journal)
    /// that pass `include`, oldest first, reading only as many of the
    /// archive as it takes; then every pending game that passes `include`.
    func newest(_ count: Int, results: Bool, where include: ((Session) -> Bool)?) throws(ArchiveError) -> [Session] {
        var found: [Session] = []
        for session in try journalGames().reversed() where found.count < count {
            if include?(session) ?? true { found.append(session) }
        }
        var index = try archiveCount() - 1
        while index >= 0 && found.count < count {
            let session = try archiveSession(at: index, results: results)
            if include?(session) ?? true { found.append(session) }
            index -= 1
        }
        return found.reversed() + pendingGames.filter { include?($0) ?? true }
    }

    /// Settles which pending games the history holds already (a crash after
    /// they were added, before their file was removed): compared by their
    /// fields with every game of the archive and the journal, in one pass
    /// over the archive that keeps only the pending games' own identities.
    func settlePending() throws(ArchiveError) {
        let files = waiting.filter { !$0.sessions.isEmpty }
        var known: Set<GameIdentity> = []
        if !files.isEmpty {
            let waited = Set(files.flatMap { $0.sessions.map(GameIdentity.init) })
            for entry in journal?.entries ?? [] where waited.contains(GameIdentity(entry.session)) {
                known.insert(GameIdentity(entry.session))
            }
            var failure: ArchiveError?
            _ = try opened()
            switch archive {
            case .none, .unread: break
            case .salvaged(let sessions, _):
                for session in sessions where waited.contains(GameIdentity(session)) {
                    known.insert(GameIdentity(session))
                }
            case .mapped:
                let count = try archiveCount()
                for index in 0..<count where failure == nil {
                    do {
                        let identity = GameIdentity(try archiveSession(at: index, results: false))
                        if waited.contains(identity) { known.insert(identity) }
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
        }
        pending = PendingGames.unknown(files, known: known)
    }
}

extension HistoryStore {
    /// What a reader does with damage it finds.
    enum DamagePolicy {
        /// Repairs it under the exclusive lock, taken for that (`load` and
        /// every view); what cannot be repaired is reported and the rest read.
        case repair
        /// The exclusive lock is held already (`record`): repairs, throwing
        /// when that fails.
        case repairLocked
        /// Leaves it for a reader: throws `.cannotWrite` (a compaction in the
        /// background, where no one would be told).
        case refuse
        /// Gives up, throwing `.damaged` (`stream`, whose caller then goes
        /// the repairing way); the shared lock is let go of before `body`.
        case giveUp
        /// Another folder's history, read as a source (`merge`): damage is
        /// said, never repaired (the folder is not this store's to write),
        /// and what can be read is read; the shared lock is let go of
        /// before `body`, so no lock of the source is held while this
        /// store's own is taken.
        case readOnly
    }

    /// Opens the history's one `HistorySnapshot` and hands it to `body`, the
    /// shared lock held (but for `.giveUp`, whose stream is read after);
    /// when the archive turns out damaged there (a session that cannot be
    /// read), repairs and opens a new snapshot for `body` to start again.
    /// `newest`/`filtered`: only the newest few games will be read (of one
    /// quiz), so the archive's cursor is opened for that (`ArchiveCursor`).
    func reading<T>(
        damage policy: DamagePolicy = .repair, newest: Int? = nil, filtered: Bool = false,
        _ body: (HistorySnapshot) throws(ArchiveError) -> T
    ) throws(HistoryError) -> (value: T, snapshot: HistorySnapshot) {
        var problems: [Diagnostic] = []
        var repairedJournal = false
        var repairedArchive = false
        var repairedPending = false
        var salvage = false
        let locked = policy == .repairLocked || policy == .refuse
        while true {
            // A source's lock file is not made: a merge never writes into its source.
            var lock =
                locked || !PrivateFolder.exists(folder) ? nil : try? self.lock(.shared, creating: policy != .readOnly)
            defer { lock?.release() }
            let snapshot: HistorySnapshot
            switch try openSnapshot(
                newest: newest, filtered: filtered, journalRepaired: repairedJournal,
                archiveRepaired: repairedArchive, salvage: salvage, problems: problems)
            {
            case .opened(let opened): snapshot = opened
            case .damaged(let archive):
                lock?.release()
                lock = nil
                problems += try repair(archive: archive, policy: policy)
                if archive { repairedArchive = true } else { repairedJournal = true }
                continue
            }
            let damagedPending = snapshot.waiting.filter(\.damaged)
            if !damagedPending.isEmpty && !repairedPending {
                switch policy {
                case .repair, .repairLocked:
                    lock?.release()
                    lock = nil
                    problems += repairPending(damagedPending)
                    repairedPending = true
                    continue
                case .giveUp: throw .damaged(path: damagedPending[0].path, movedTo: nil, reason: "damaged")
                case .refuse: break  // Left for a reader to say; its readable games are added.
                case .readOnly:
                    problems += damagedPending.map { file in
                        .problem(
                            "\(file.path) is damaged: only the games that could be read from it are taken",
                            file: file.path)
                    }
                    repairedPending = true
                    continue
                }
            }
            do throws(ArchiveError) {
                try snapshot.settlePending()
                if policy == .giveUp || policy == .readOnly {
                    lock?.release()
                    lock = nil
                }
                return (try body(snapshot), snapshot)
            } catch {
                lock?.release()
                lock = nil
                if repairedArchive {
                    salvage = true
                } else {
                    problems += try repair(archive: true, policy: policy)
                    repairedArchive = true
                }
            }
        }
    }

    /// Repairs under the exclusive lock as `policy` says (see `DamagePolicy`).
    private func repair(archive: Bool, policy: DamagePolicy) throws(HistoryError) -> [Diagnostic] {
        switch policy {
        case .readOnly:
            return []  // Said where it is found (`openSnapshot`), and read as far as it can be.
        case .refuse:
            throw .cannotWrite(path: archive ? archivePath : journalPath, reason: Self.leftForAReader)
        case .repairLocked:
            return try repairLocked(checkArchive: archive)
        case .giveUp:
            throw .damaged(path: archive ? archivePath : journalPath, movedTo: nil, reason: "damaged")
        case .repair:
            // Without the exclusive lock (a folder that is not ours to write)
            // or when the repair fails, the damage is only reported.
            guard let exclusive = try? self.lock(.exclusive) else { return [] }
            defer { exclusive.release() }
            do {
                return try repairLocked(checkArchive: archive)
            } catch {
                return [.problem("could not repair the history: \(error)")]
            }
        }
    }

    private enum Opening {
        case opened(HistorySnapshot)
        /// Damage found, in the archive or the journal, to repair first.
        case damaged(archive: Bool)
    }

    /// One attempt at opening the snapshot (see `reading`). Damage found in
    /// a file already repaired is reported in the snapshot's `problems`, and
    /// what can be read of it read; `salvage`: the archive is read whole,
    /// skipping what cannot be read.
    private func openSnapshot(
        newest: Int?, filtered: Bool, journalRepaired: Bool, archiveRepaired: Bool, salvage: Bool,
        problems: [Diagnostic]
    ) throws(HistoryError) -> Opening {
        var problems = problems
        let waiting = pending.files()
        guard PrivateFolder.exists(folder) else {
            return .opened(
                HistorySnapshot(
                    archive: .none, archiveInfo: nil, journal: nil, waiting: waiting, problems: problems,
                    newest: newest, filtered: filtered))
        }
        try refuseFilesThatAreNotRegular()
        var journal: HistoryJournal.Contents?
        do {
            journal = try readJournal()
        } catch HistoryError.damaged(_, _, let reason) {
            if !journalRepaired { return .damaged(archive: false) }
            problems.append(
                .problem(
                    HistoryError.damaged(path: journalPath, movedTo: nil, reason: reason).description, file: journalPath
                ))
        }
        if let found = journal, found.isDamaged {
            if !journalRepaired { return .damaged(archive: false) }
            problems.append(.problem(journalDamage(found, keptAs: nil), file: journalPath))
        }
        var info = stat()
        guard stat(archivePath, &info) == 0 else {
            if errno != ENOENT { throw .cannotRead(path: archivePath, reason: String(cString: strerror(errno))) }
            return .opened(
                HistorySnapshot(
                    archive: .none, archiveInfo: nil, journal: journal, waiting: waiting, problems: problems,
                    newest: newest, filtered: filtered))
        }
        var archive: HistorySnapshot.Archive?
        if !salvage {
            // A binary archive is read through a memory mapping: --limit 20
            // then touches a few pages of a 20 MB file. (An XML one is read whole.)
            do {
                archive = try KeyedArchive.mapped(archivePath) { source throws(ArchiveError) in source }.map {
                    .mapped($0)
                }
            } catch {
                // Not binary (XML, say, or not an archive): read whole at first use.
            }
            archive = archive ?? .unread(self)
        }
        if archive == nil {
            switch readArchive() {
            case .success(let read):
                if read.damaged {
                    if !archiveRepaired { return .damaged(archive: true) }
                    problems.append(.problem(archiveDamage(read), file: archivePath))
                }
                archive = .salvaged(read.sessions, journalSequence: read.journalSequence)
            case .failure(.damaged(_, _, let reason)):
                if !archiveRepaired { return .damaged(archive: true) }
                problems.append(
                    .problem(
                        HistoryError.damaged(path: archivePath, movedTo: nil, reason: reason).description,
                        file: archivePath))
                archive = HistorySnapshot.Archive.none
            case .failure(let error): throw error
            }
        }
        return .opened(
            HistorySnapshot(
                archive: archive ?? .none, archiveInfo: info, journal: journal, waiting: waiting, problems: problems,
                newest: newest, filtered: filtered))
    }
}
