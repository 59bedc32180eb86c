import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// The history on disk, in the data folder:
///
/// - `history.archive`: the `NSKeyedArchiver` archive whose shape is the
///   project's contract (see ARCHITECTURE.md, The archive), every game up to
///   its `journalSequence`;
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
/// (`PendingGames`) of this data folder, and the next successful `record`
/// here adds it. The folder is 0700 and its files 0600 whatever the umask;
/// wider ones are tightened, with a notice (`PrivateFolder`). Every file is
/// written through `DurableFile` and the lock is a `FileLock`.
///
/// Damage loses only what it touched (`repairLocked`, HistoryRepair.swift):
/// a journal record that fails its checksum is skipped and the records after
/// it are kept; an archive session that cannot be read or fails its checksum
/// is skipped and the others kept; an archive that cannot be read at all is
/// moved aside and the journal's games kept. Each time the damaged file is first kept
/// as `<name>.damaged-<UTC time>` (never deleted, never overwritten), then
/// rewritten with everything that could be read, and the reader is told.
public struct HistoryStore: Sendable {
    public let folder: String
    /// Other folders for a pending file, tried after the data folder.
    public let pendingFolders: [String]
    /// This is the player's default data folder (no `--data-dir`, no
    /// `QUIZ_DATA_DIR`): it also reads and adds the pending files of older
    /// versions (`quiz-pending-UID.journal`, which say no folder), the one
    /// history they were most likely meant for, rather than leave them unread.
    public let adoptsUntaggedPending: Bool
    /// Up to this many games (the archive's and the journal's), every record
    /// also rewrites the archive at once (a few milliseconds), so a small
    /// history is always one whole archive.
    public let inlineCompactionLimit: Int

    /// Told, once, when the history's lock is held by another process and
    /// this one waits for it (a game's end may otherwise seem to hang).
    public var onWait: (@Sendable (String) -> Void)?
    /// The review scheduler `history.schedule` is kept with when a game is
    /// recorded (with the banks' index: `record(_:index:)`); nil, and the
    /// schedule is removed then, for the next reader to rebuild.
    public var scheduler: FSRS?
    /// The synced folder (`SyncFolder`): each game recorded is also appended
    /// to this machine's file there.
    public var syncFolder: String?

    public init(
        folder: String, pendingFolders: [String] = [], adoptsUntaggedPending: Bool = false,
        inlineCompactionLimit: Int = 500, scheduler: FSRS? = .standard, syncFolder: String? = nil,
        onWait: (@Sendable (String) -> Void)? = nil
    ) {
        self.folder = folder
        self.syncFolder = syncFolder
        self.pendingFolders = pendingFolders
        self.adoptsUntaggedPending = adoptsUntaggedPending
        self.inlineCompactionLimit = inlineCompactionLimit
        self.scheduler = scheduler
        self.onWait = onWait
    }

    public var archivePath: String { folder + "/history.archive" }
    public var journalPath: String { folder + "/history.journal" }
    var summaryPath: String { folder + "/" + DerivedFile.Kind.summary.fileName }
    var statisticsPath: String { folder + "/" + DerivedFile.Kind.statistics.fileName }
    var schedulePath: String { folder + "/" + DerivedFile.Kind.schedule.fileName }
    var lockPath: String { folder + "/history.lock" }

    /// The games waiting in pending files for this data folder.
    var pending: PendingGames {
        PendingGames(folder: folder, sharedFolders: pendingFolders, adoptsUntagged: adoptsUntaggedPending)
    }

    /// Every place a pending file of this data folder may be, the data
    /// folder's own first (`PendingGames`).
    public var pendingPaths: [String] { pending.paths }

    /// The synced folder, when there is one.
    public var sync: SyncFolder? { syncFolder.map { SyncFolder(path: $0, store: self) } }

    /// The data folder's identity, as its pending files are tagged with it.
    static func absolutePath(_ path: String) -> String { AbsolutePath.resolving(path) }

    /// A history read from disk, with what the reader should be told.
    public struct Loaded: Sendable {
        /// In the order they were recorded, oldest first.
        public var sessions: [Session]
        /// What the reader is told: pending games waiting, then what could
        /// not be read (a `.problem` each, naming the file), when `sessions`
        /// is everything that could be, but not the whole history.
        public var diagnostics: [Diagnostic]
    }

    /// What `record` did besides recording.
    public struct RecordReport: Sendable {
        public var diagnostics: [Diagnostic]
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
    /// Damage found is repaired under the exclusive lock (see the type's
    /// comment) and reported in `problems`; everything readable is returned.
    ///
    /// `results: false` skips the per-question results (the table and exports
    /// do not show them); `newest: N` reads only the newest N sessions that
    /// pass `include`, which touches N sessions of the archive, not all of it.
    public func load(results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil)
        throws(HistoryError) -> Loaded
    {
        let read = try reading(newest: newest, filtered: include != nil) { snapshot throws(ArchiveError) in
            if let newest { return try snapshot.newest(newest, results: results, where: include) }
            var sessions: [Session] = []
            try snapshot.forEach(results: results) { if include?($0) ?? true { sessions.append($0) } }
            return sessions
        }
        return Loaded(sessions: read.value, diagnostics: read.snapshot.diagnostics(where: include))
    }

    /// What was read of the archive.
    struct ArchiveRead {
        var sessions: [Session]
        var journalSequence: UInt64
        var skipped = 0
        var resultsLost = 0
        var firstProblem: String?
        /// Why the root's journal sequence could not be trusted (its
        /// `journalCheck` failed); `journalSequence` is then worked out from
        /// the journal's games the archive holds (`readArchive`).
        var journalProblem: String?
        /// Games skipped that the journal still holds (records folded in
        /// already, left there by a crash before a fresh journal), read from
        /// there again and put back in `sessions`.
        var restored = 0

        /// Anything of it was damaged: the archive is to be rewritten.
        var damaged: Bool { skipped > 0 || resultsLost > 0 || journalProblem != nil }
    }

    /// The archive read whole, every session that can be read (the way of a
    /// repair, and of a `HistorySnapshot` of an archive that cannot be mapped
    /// or whose damage could not be repaired).
    func readArchive() -> Result<ArchiveRead, HistoryError> {
        guard FileManager.default.fileExists(atPath: archivePath) else {
            return .success(ArchiveRead(sessions: [], journalSequence: 0))
        }
        func read(_ salvaged: KeyedArchive.Salvaged) -> ArchiveRead {
            var read = ArchiveRead(
                sessions: salvaged.sessions, journalSequence: salvaged.journalSequence, skipped: salvaged.skipped,
                resultsLost: salvaged.resultsLost, firstProblem: salvaged.firstProblem,
                journalProblem: salvaged.journalProblem)
            guard read.damaged, let journal = (try? readJournal()) ?? nil else { return read }
            if read.journalProblem != nil {
                // Which journal records the archive holds, from the games
                // themselves: no game is lost, and none counted twice.
                read.journalSequence = journal.foldedSequence(holding: Set(read.sessions.map(GameIdentity.init)))
            }
            if read.skipped > 0 {
                (read.sessions, read.restored) = Self.restoring(
                    read.sessions, from: journal.entries.filter { $0.sequence <= read.journalSequence })
            }
            return read
        }
        do {
            let mapped = try KeyedArchive.mapped(archivePath) { archive throws(ArchiveError) in try archive.salvage() }
            if let mapped { return .success(read(mapped)) }
        } catch ArchiveError.notAnArchive(let why) where why == "not a binary property list" {
            // Not binary (XML, say): read it whole below.
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: archivePath))
        } catch {
            return .failure(.cannotRead(path: archivePath, reason: SystemReason.of(error)))
        }
        do {
            return .success(read(try KeyedArchive.salvage(data)))
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
    }

    /// `sessions`, an archive that skipped damaged games, with the games of
    /// `folded` (journal records it holds, left by a crash before a fresh
    /// journal) that it lacks, each put back before the next game of
    /// `folded` it holds (after the last, at the end); and how many.
    static func restoring(_ sessions: [Session], from folded: [HistoryJournal.Entry]) -> ([Session], Int) {
        guard !folded.isEmpty else { return (sessions, 0) }
        let held = Dictionary(
            sessions.enumerated().map { (GameIdentity($1), $0) }, uniquingKeysWith: { first, _ in first })
        var before: [Int: [Session]] = [:]
        var lost: [Session] = []
        for entry in folded {
            if let index = held[GameIdentity(entry.session)] {
                before[index, default: []] += lost
                lost = []
            } else {
                lost.append(entry.session)
            }
        }
        before[sessions.count, default: []] += lost
        let count = before.values.reduce(0) { $0 + $1.count }
        guard count > 0 else { return (sessions, 0) }
        var merged: [Session] = []
        merged.reserveCapacity(sessions.count + count)
        for (index, session) in sessions.enumerated() {
            merged += before[index] ?? []
            merged.append(session)
        }
        return (merged + (before[sessions.count] ?? []), count)
    }

    /// The journal, nil when there is none; throws `.damaged` when it holds
    /// neither a journal's header nor any record (not a quiz journal at all).
    func readJournal() throws(HistoryError) -> HistoryJournal.Contents? {
        guard let parsed = try parsedJournal() else { return nil }
        guard let contents = parsed.contents else {
            throw .damaged(path: journalPath, movedTo: nil, reason: "not a quiz journal")
        }
        return contents
    }

    /// The journal read and parsed (nil contents: not a journal at all), nil
    /// when there is none; a journal shorter than quiz last acknowledged it
    /// (`JournalMark`, the same file before and after the read) is cut
    /// short, which makes its end damage (`Contents.markCutShort`). The mark
    /// is read first: within one file the journal never shrinks below it.
    func parsedJournal() throws(HistoryError) -> (data: Data, contents: HistoryJournal.Contents?)? {
        let mark = JournalMark.read(lock: lockPath)
        let before = JournalMark.current(of: journalPath)
        guard let read = try journalData() else { return nil }
        var contents = HistoryJournal.parse(read.data, holes: read.holes)
        if let mark, let before, let after = JournalMark.current(of: journalPath),
            mark.device == before.device && mark.inode == before.inode,
            after.device == before.device && after.inode == before.inode
        {
            contents?.markCutShort(acknowledged: Int(clamping: mark.length), size: read.data.count)
        }
        return (read.data, contents)
    }

    /// Marks the journal as it is now as acknowledged (`JournalMark`), with
    /// the lock held: after a record is appended and synced, and after the
    /// journal is rewritten whole; `length` for a journal cut back.
    func markJournal(length: Int? = nil) {
        var mark = JournalMark.current(of: journalPath)
        if let length { mark?.length = UInt64(length) }
        JournalMark.write(mark, lock: lockPath)
    }

    /// The journal's bytes and its holes (`FileContents.skippingHoles`), nil
    /// when there is none. It has no limit: every game recorded since the last
    /// compaction is in it (usually at most 1,000, but a compaction that keeps
    /// failing leaves it growing), and none may be lost; a sparse one (damage)
    /// costs only its data.
    func journalData() throws(HistoryError) -> (data: Data, holes: [Range<Int>])? {
        do {
            return try FileContents.skippingHoles(journalPath)
        } catch {
            throw .cannotRead(path: journalPath, reason: error.reason)
        }
    }

    /// The archive's journal sequence, from its root alone (a memory mapping:
    /// a few pages of a large archive); nil when it cannot be read.
    func foldedSequence() -> UInt64? {
        guard FileManager.default.fileExists(atPath: archivePath) else { return 0 }
        if let mapped = try? KeyedArchive.mapped(archivePath, { archive throws(ArchiveError) in try archive.counts() })
        {
            return mapped.journalSequence
        }
        return FileManager.default.contents(atPath: archivePath).flatMap { try? KeyedArchive.counts(of: $0) }?
            .journalSequence
    }

    /// What the end of a game compares it with: the `MilestoneBaseline` of
    /// every earlier game, from `history.summary` when it is fresh (reading
    /// it costs the same at 100 games or 100,000), else from the whole
    /// history, and the file written again.
    public func milestoneHistory(timeZone: TimeZone = LocalTimeZone.current) throws(HistoryError)
        -> MilestoneBaseline.Loaded
    {
        let kind = SummaryKind(folder: folder, timeZone: timeZone)
        if let baseline = fresh(kind) { return MilestoneBaseline.Loaded(baseline: baseline, diagnostics: []) }
        let read = try reading { snapshot throws(ArchiveError) in
            try derived(kind, from: snapshot, results: false)
        }
        return MilestoneBaseline.Loaded(baseline: read.value, diagnostics: read.snapshot.diagnostics())
    }

    /// Writes a file derived from the history (`DerivedFile`): never over
    /// something that is not a regular file (a folder or a pipe put there is
    /// left alone, and the history read instead), nor larger than its reader
    /// reads (removed instead, so no stale one stays); a failure only means
    /// the next reader rebuilds it.
    func writeDerived(_ data: Data, to path: String, sync: Bool = true) {
        guard !FileContents.isNotRegular(path) else { return }
        guard data.count <= DerivedFile.maximumSize else {
            unlink(path)
            return
        }
        try? DurableFile(path).replace(with: data, sync: sync)
    }

    /// Removes a derived file that is stale, unless it is not a regular file.
    func removeDerived(_ path: String) {
        if !FileContents.isNotRegular(path) { unlink(path) }
    }

    /// What `--stats` shows, read from disk.
    public struct Tallied: Sendable {
        public var tally: StatisticsTally
        public var diagnostics: [Diagnostic]
    }

    /// The statistics of every game: `history.statistics` when it is fresh
    /// and the history reads whole, else every game counted one at a time
    /// (never all of them in memory) and the file written again. Equal to
    /// `StatisticsTally(sessions: load().sessions)` (tested).
    public func statistics(timeZone: TimeZone = LocalTimeZone.current) throws(HistoryError) -> Tallied {
        let read = try reading { snapshot throws(ArchiveError) in
            try derived(StatisticsKind(folder: folder, timeZone: timeZone), from: snapshot, results: true)
        }
        return Tallied(tally: read.value, diagnostics: read.snapshot.diagnostics())
    }

    /// Every game, oldest first, handed to `add` one at a time with its
    /// results, never the whole history in memory (`HistorySnapshot`). The
    /// same as `load().sessions.reduce(into: initial, add)`.
    public func fold<Value>(_ initial: Value, _ add: (inout Value, Session) -> Void) throws(HistoryError) -> Folded<
        Value
    > {
        let read = try reading { snapshot throws(ArchiveError) in
            var value = initial
            try snapshot.forEach(results: true) { add(&value, $0) }
            return value
        }
        return Folded(value: read.value, diagnostics: read.snapshot.diagnostics())
    }

    /// What `fold` gives: the value, and what `load` would have said.
    public struct Folded<Value> {
        public var value: Value
        public var diagnostics: [Diagnostic]
    }

    // MARK: Recording

    /// Appends `session` to the journal, synced, under the exclusive lock;
    /// first adds any pending games. On failure the game goes to a pending file.
    /// The summary and the schedule are kept caught up there, where no
    /// other process can record in between: each one fresh before gets the
    /// game and the new stamp (`refreshes`; the schedule only given the
    /// banks' `index`, to name the game's questions), the others are removed;
    /// the statistics are left as they are (`--stats` adds the journal's games
    /// to them), unless the archive is rewritten here (up to
    /// `inlineCompactionLimit` games): then they are carried over as
    /// `compact` does. When pending games wait or damage was repaired, all
    /// three are removed. Then, with a synced folder, the game goes to this
    /// machine's file there (`SyncFolder.append`, or with pending games
    /// added, `publish`; a failure is a notice).
    public func record(_ session: Session, index: QuestionIndex? = nil) throws(RecordFailure) -> RecordReport {
        var report = try recordHere(session, index: index)
        if let sync { report.diagnostics += report.recovered > 0 ? sync.publish() : sync.append(session) }
        return report
    }

    private func recordHere(_ session: Session, index: QuestionIndex?) throws(RecordFailure) -> RecordReport {
        var notices: [Diagnostic] = []
        do throws(HistoryError) {
            try makeFolder(notices: &notices)
            try refuseFilesThatAreNotRegular()
            let lock = try self.lock(.exclusive)
            defer { lock.release() }
            let refreshes = gamesWait() ? nil : refreshes(index: index)
            removeStaleTemporaryFiles()
            tightenFiles(notices: &notices)
            let snapshot = try reading(damage: .repairLocked) { $0 }.snapshot
            notices += snapshot.problems
            var journal = try openJournalForAppend(snapshot)
            defer { journal.file.close() }
            let waiting = snapshot.waiting
            // Games already in the history (the archive or the journal) are
            // not added again, so adding them is the same whenever a kill lands.
            var known: Set<GameIdentity> = []
            let recovered = PendingGames.newGames(in: snapshot.pending, known: &known)
            var bytes: [UInt8] = []
            for game in recovered + [session] {
                journal.last += 1
                bytes += HistoryJournal.record(game, sequence: journal.last)
            }
            do {
                try journal.file.append(bytes)
            } catch {
                throw .cannotWrite(path: journalPath, reason: error.reason)
            }
            markJournal()
            let unfolded = journal.sessions.count + recovered.count + 1
            // The games, not the journal's sequence: an archive another
            // program wrote has no sequence, and its journal counts from 0.
            // A sequence past the limit already says the history is past it
            // (each game recorded takes one), so the archive is mapped for its
            // count only below it, not at every game of a large history.
            let sequence = Int(clamping: journal.last)
            let total =
                sequence > inlineCompactionLimit
                ? sequence : ((try? snapshot.archiveCount()) ?? 0) + unfolded
            var needsCompaction = false
            if total <= inlineCompactionLimit {
                // The statistics, carried over the archive's rewrite as `compact` does.
                let statistics = refreshes == nil ? [] : keptDerivedFiles().filter { $0.path == statisticsPath }
                do {
                    let compacted = try compactLocked(repairing: true)
                    notices += compacted.notices
                    if notices.whole, let done = compacted.folded {
                        carry(statistics, journal: done.journal, sequence: done.sequence)
                    }
                } catch {
                    // The archive could not be rewritten (a full disk can take
                    // a journal record into a block it already has, and still
                    // refuse a new file): unless the archive already holds the
                    // game, take the records back out, so the game waits in a
                    // pending file and is not kept twice.
                    let folded = foldedSequence() ?? 0
                    if folded < journal.last {
                        // The mark first, so the journal is never shorter than it.
                        markJournal(length: journal.file.openedLength)
                        if journal.file.cutBack() { throw error }
                        markJournal()
                    }
                }
            } else {
                // Larger: fold in the background once the journal is a fair share
                // of the history, so the rewrite's cost is spread over many games.
                needsCompaction = unfolded >= min(1000, max(16, total / 32))
            }
            pending.remove(waiting)
            notices += PendingGames.addedNotice(recovered.count)
            if let refreshes, notices.whole {
                for refresh in refreshes { refresh.after([session], journal.last) }
            } else {
                for path in [summaryPath, statisticsPath, schedulePath] { removeDerived(path) }
            }
            return RecordReport(diagnostics: notices, recovered: recovered.count, needsCompaction: needsCompaction)
        } catch {
            throw RecordFailure(error: error, keptIn: pending.keep(session))
        }
    }

    private struct OpenJournal {
        var file: AppendingFile
        var last: UInt64
        var sessions: [Session]
    }

    /// Opens the journal of `snapshot` (repaired there) to append, creating
    /// it after the archive's sequence and cutting a torn last record.
    private func openJournalForAppend(_ snapshot: HistorySnapshot) throws(HistoryError) -> OpenJournal {
        var contents = snapshot.journal
        if contents == nil {
            // After the archive's own sequence; a classic archive has none, and
            // then its games count from its number of sessions.
            let sequence = (try? snapshot.archiveSequence()) ?? 0
            let base = sequence > 0 ? sequence : UInt64((try? snapshot.archiveCount()) ?? 0)
            try writeAtomically(Data(HistoryJournal.header(base: base)), to: journalPath)
            contents = HistoryJournal.Contents(
                baseSequence: base, headerIntact: true, entries: [], validLength: HistoryJournal.headerSize,
                tail: .clean)
        }
        let file: AppendingFile
        do {
            // Cut what follows the last good record (a write cut short by a crash).
            file = try DurableFile(journalPath).openForAppending(cuttingTo: contents!.validLength)
        } catch {
            throw .cannotWrite(path: journalPath, reason: error.reason)
        }
        var last = contents!.lastSequence
        if contents!.entries.isEmpty {
            // The header's base has no checksum (the records do): an empty
            // journal goes on from what the archive says it holds, which is
            // what the base says when it is right.
            last = (try? snapshot.archiveSequence()) ?? last
        }
        return OpenJournal(file: file, last: last, sessions: contents!.entries.map(\.session))
    }

    // MARK: Compacting

    /// Folds the journal into the archive: every game in one archive again.
    /// Damage is left for a reader to repair and report (`load`): this runs
    /// in the background, where no one would be told. The derived files
    /// that described the history before are carried over (`carry`: the
    /// journal's games they lacked added), unless pending games wait (the
    /// compaction adds them).
    public func compact() throws(HistoryError) {
        var notices: [Diagnostic] = []
        try makeFolder(notices: &notices)
        let lock = try self.lock(.exclusive)
        defer { lock.release() }
        let kept = gamesWait() ? [] : keptDerivedFiles()
        if let folded = try compactLocked(repairing: false).folded {
            carry(kept, journal: folded.journal, sequence: folded.sequence)
        }
    }

    /// A pending file of the history holds something (one left empty, as a
    /// pending file that could not be removed is, holds no game).
    func gamesWait() -> Bool {
        pendingPaths.contains { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_size > 0
        }
    }

    /// Why a compaction in the background leaves damage alone.
    static let leftForAReader =
        "it is damaged, and is not compacted; quiz --history says what can be read and repairs it"

    /// Compacts with the lock held; returns notices (damage repaired) and,
    /// when there was a journal, the journal folded and the sequence the
    /// archive holds now. Not `repairing`, damage throws `.damaged` and changes nothing.
    func compactLocked(repairing: Bool) throws(HistoryError) -> (
        notices: [Diagnostic], folded: (journal: HistoryJournal.Contents, sequence: UInt64)?
    ) {
        let read = try reading(damage: repairing ? .repairLocked : .refuse) { snapshot throws(ArchiveError) in
            var archived: [Session] = []
            try snapshot.eachArchiveSession(results: true) { archived.append($0) }
            return (archived, try snapshot.archiveSequence())
        }
        let snapshot = read.snapshot
        var notices = snapshot.problems
        guard let journal = snapshot.journal else { return (notices, nil) }
        let (archived, folded) = read.value
        let newer = snapshot.journalGames(after: folded)
        let last = max(journal.lastSequence, folded)
        // Pending games left by a crash after they were journaled are here
        // already; any others are added now, and their files removed after.
        var known: Set<GameIdentity> = []
        let recovered = PendingGames.newGames(in: snapshot.pending, known: &known)
        let all = archived + newer + recovered
        if !newer.isEmpty || !recovered.isEmpty {
            try writeAtomically(KeyedArchive.data(for: all, journalSequence: last), to: archivePath)
        }
        try writeAtomically(Data(HistoryJournal.header(base: last)), to: journalPath)
        pending.remove(snapshot.waiting)
        notices += PendingGames.addedNotice(recovered.count)
        return (notices, (journal, last))
    }

    // MARK: Files

    func makeFolder(notices: inout [Diagnostic]) throws(HistoryError) {
        do {
            if try !PrivateFolder.make(folder) { tighten(folder, to: 0o700, notices: &notices) }
        } catch {
            throw .cannotCreateFolder(path: folder, reason: error.reason)
        }
    }

    private func tightenFiles(notices: inout [Diagnostic]) {
        for path in [archivePath, journalPath, lockPath, summaryPath, statisticsPath] {
            tighten(path, to: 0o600, notices: &notices)
        }
    }

    /// A history file that is there but is not a regular file (a pipe, a
    /// device, a folder, or a link to one) would block a reader forever or
    /// feed it endless bytes: it is refused, with its path and what it is,
    /// before anything opens it (the game is then kept pending). Only the
    /// archive and the journal, the history itself: a derived file in that
    /// state (`history.summary`, `history.statistics`, `history.schedule`)
    /// is ignored, neither read nor written (`FileContents`, `writeDerived`).
    func refuseFilesThatAreNotRegular() throws(HistoryError) {
        for path in [archivePath, journalPath] {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            guard kind != S_IFREG else { continue }
            let what =
                switch kind {
                case S_IFIFO: "a pipe"
                case S_IFDIR: "a folder"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw .cannotRead(path: path, reason: "it is \(what), not a history file")
        }
    }

    /// Takes group and other permissions away from `path` (`PrivateFolder`), saying so.
    private func tighten(_ path: String, to mode: mode_t, notices: inout [Diagnostic]) {
        guard let old = PrivateFolder.tighten(path, to: mode) else { return }
        notices.append(
            .notice(
                "tightened the permissions of \(path) from \(String(old, radix: 8)) to \(String(mode, radix: 8)), "
                    + "since the history is private", file: path))
    }

    /// Temporary files left by a writer that died: under the lock, none is live.
    func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("history.") && name.contains(".tmp-") {
            unlink(folder + "/" + name)
        }
    }

    /// The history's lock (`FileLock`); when another process holds it for
    /// more than a moment (a large archive's rewrite takes seconds), `onWait`
    /// is told once, and the wait goes on.
    /// `creating`: false for a folder read as a source (`DamagePolicy.readOnly`),
    /// never written: its lock is taken when it has one, and throws when not.
    func lock(_ kind: FileLock.Kind, creating: Bool = true) throws(HistoryError) -> FileLock {
        do {
            return try FileLock.acquire(
                lockPath, kind, creating: creating, onWait: onWait.map { tell in { tell(waitNotice(holder: $0)) } })
        } catch {
            throw .cannotLock(path: lockPath, reason: error.reason)
        }
    }

    /// "waiting for the history": who holds the lock and why.
    private func waitNotice(holder: String) -> String {
        "waiting for the history in \(folder): \(holder) holds its lock "
            + "\(lockPath) (recording a game, or folding the journal into the archive); "
            + "going on as soon as it is done"
    }

    /// Writes `data` over `path` atomically and synced (`DurableFile`).
    /// The journal, a new file, is marked anew (`JournalMark`; no mark
    /// while it is replaced, so a crash between leaves none).
    func writeAtomically(_ data: Data, to path: String) throws(HistoryError) {
        let journal = path == journalPath
        if journal { JournalMark.write(nil, lock: lockPath) }
        do {
            try DurableFile(path).replace(with: data)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        if journal { markJournal() }
    }
}
