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
/// (`pendingPaths`) of this data folder, and the next successful `record`
/// here adds it. The folder is 0700 and its files 0600 whatever the umask;
/// wider ones are tightened, with a notice.
///
/// Damage loses only what it touched (`repairLocked`): a journal record that
/// fails its checksum is skipped and the records after it are kept; an
/// archive session that cannot be read or fails its checksum is skipped and
/// the others kept; an archive that cannot be read at all is moved aside
/// and the journal's games kept. Each time the damaged file is first kept
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
    /// Up to this many games, every record also rewrites the archive at once
    /// (a few milliseconds), so a small history is always one whole archive.
    public let inlineCompactionLimit: Int

    /// Told, once, when the history's lock is held by another process and
    /// this one waits for it (a game's end may otherwise seem to hang).
    public var onWait: (@Sendable (String) -> Void)?

    public init(
        folder: String, pendingFolders: [String] = [], adoptsUntaggedPending: Bool = false,
        inlineCompactionLimit: Int = 500, onWait: (@Sendable (String) -> Void)? = nil
    ) {
        self.folder = folder
        self.pendingFolders = pendingFolders
        self.adoptsUntaggedPending = adoptsUntaggedPending
        self.inlineCompactionLimit = inlineCompactionLimit
        self.onWait = onWait
    }

    public var archivePath: String { folder + "/history.archive" }
    public var journalPath: String { folder + "/history.journal" }
    var summaryPath: String { folder + "/history.summary" }
    var statisticsPath: String { folder + "/history.statistics" }
    var lockPath: String { folder + "/history.lock" }

    /// Every place a pending file of this data folder may be, the data
    /// folder's own first. Outside it (the state folder, the temporary
    /// folder, which other data folders share) the name carries a checksum
    /// of the data folder's absolute path, so a game waits for, and is added
    /// to, only the history it was meant for.
    public var pendingPaths: [String] {
        let shared = pendingFolders.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        return [folder + "/history.pending"] + shared.map { $0 + "/quiz-pending-\(getuid())-\(tag).journal" }
            + (adoptsUntaggedPending ? shared.map { $0 + "/quiz-pending-\(getuid()).journal" } : [])
    }

    /// The checksum of the data folder's absolute, standardised path (no
    /// `.`, `..` or trailing slash, symbolic links resolved when it exists).
    var tag: String {
        String(Self.absolutePath(folder).utf8CString.withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
    }

    static func absolutePath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        // Symbolic links resolved in the longest part that exists, so the
        // path is the same before the folder is created and after.
        var rest: [Substring] = []
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                guard !rest.isEmpty else { return base }
                return (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let last = parts.popLast() else { return "/" + rest.reversed().joined(separator: "/") }
            rest.append(last)
        }
    }

    /// A history read from disk, with what the reader should be told.
    public struct Loaded: Sendable {
        /// In the order they were recorded, oldest first.
        public var sessions: [Session]
        public var notices: [String]
        /// What could not be read (one line each, naming the file): when not
        /// empty, `sessions` is everything that could be, but not the whole history.
        public var problems: [String] = []
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
    /// Damage found is repaired under the exclusive lock (see the type's
    /// comment) and reported in `problems`; everything readable is returned.
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
        results: Bool, newest: Int?, where include: ((Session) -> Bool)?, summarise: Bool, repaired: [String]? = nil,
        archiveChecked: Bool = false
    ) throws(HistoryError) -> Loaded {
        var notices: [String] = []
        var pendingFiles = pendingFiles()
        if let include { pendingFiles = pendingFiles.map { ($0.path, $0.sessions.filter(include)) } }
        guard directoryExists(folder) else {
            return Loaded(sessions: pendingFiles.flatMap(\.sessions), notices: Self.pendingNotices(pendingFiles))
        }
        try refuseFilesThatAreNotRegular()
        var lock = try? acquireLock(LOCK_SH)
        defer { if let lock { close(lock) } }
        /// Once for each file: repairs under the exclusive lock (the archive,
        /// read whole, only when it was found damaged), then reads again.
        func repairAndReload(archive: Bool) throws(HistoryError) -> Loaded {
            if let shared = lock { close(shared) }
            lock = nil
            // Without the exclusive lock (a folder that is not ours to write)
            // or when the repair fails, the damage is only reported.
            var problems = repaired ?? []
            if let exclusive = try? acquireLock(LOCK_EX) {
                do {
                    problems += try repairLocked(checkArchive: archive)
                } catch {
                    problems.append("could not repair the history: \(error)")
                }
                close(exclusive)
            }
            return try load(
                results: results, newest: newest, where: include, summarise: summarise, repaired: problems,
                archiveChecked: archiveChecked || archive)
        }
        var problems = repaired ?? []
        let mayRepair = repaired == nil
        let mayRepairArchive = !archiveChecked
        // The journal first: with `newest`, it says how many the archive must give.
        var journal: HistoryJournal.Contents?
        do {
            journal = try readJournal()
        } catch HistoryError.damaged(_, _, let reason) {
            if mayRepair { return try repairAndReload(archive: false) }
            problems.append(HistoryError.damaged(path: journalPath, movedTo: nil, reason: reason).description)
        }
        if let found = journal, !found.damage.isEmpty {
            if mayRepair { return try repairAndReload(archive: false) }
            problems.append(journalDamage(found, keptAs: nil))
        }
        var journaled = journal?.entries ?? []
        if let include { journaled = journaled.filter { include($0.session) } }
        // (All N from the archive too: a crash can leave folded records in the journal.)
        var archive = ArchiveRead(sessions: [], journalSequence: 0)
        switch readArchive(results: results, newest: newest, where: include) {
        case .success(let read):
            if read.skipped > 0 || read.resultsLost > 0 {
                if mayRepairArchive { return try repairAndReload(archive: true) }
                problems.append(archiveDamage(read))
            }
            archive = read
            if summarise && newest == nil && include == nil && problems.isEmpty {
                writeSummary(archive.sessions, journalSequence: archive.journalSequence)
            }
        case .failure(.damaged(_, _, let reason)):
            if mayRepairArchive { return try repairAndReload(archive: true) }
            problems.append(HistoryError.damaged(path: archivePath, movedTo: nil, reason: reason).description)
        case .failure(let error): throw error
        }
        // A pending game already in the history (a crash after it was added,
        // before its file was removed; a file that cannot be removed) is
        // shown once: compared with every game of the history, by its fields.
        var known: Set<GameIdentity> = []
        if pendingFiles.contains(where: { !$0.sessions.isEmpty }) {
            if newest == nil && include == nil {
                known = Set(archive.sessions.map(GameIdentity.init))
                known.formUnion((journal?.entries ?? []).map { GameIdentity($0.session) })
            } else {
                known = historyIdentities()
            }
        }
        let unknown = pendingFiles.map { file in
            (path: file.path, sessions: file.sessions.filter { !known.contains(GameIdentity($0)) })
        }
        notices += Self.pendingNotices(unknown)
        return joined(archive, journaled, newest, unknown.flatMap(\.sessions), notices, problems)
    }

    private func joined(
        _ archive: ArchiveRead, _ journaled: [HistoryJournal.Entry], _ newest: Int?, _ pending: [Session],
        _ notices: [String], _ problems: [String]
    ) -> Loaded {
        var sessions = archive.sessions
        sessions += journaled.filter { $0.sequence > archive.journalSequence }.map(\.session)
        if let newest, sessions.count > newest { sessions = Array(sessions.suffix(newest)) }
        return Loaded(sessions: sessions + pending, notices: notices, problems: problems)
    }

    /// Every game of the history (the archive and the journal), by its
    /// fields; what can be read of them, without per-question results.
    private func historyIdentities() -> Set<GameIdentity> {
        var known = Set(((try? readArchive(results: false).get())?.sessions ?? []).map(GameIdentity.init))
        if let journal = (try? readJournal()) ?? nil {
            known.formUnion(journal.entries.map { GameIdentity($0.session) })
        }
        return known
    }

    /// What was read of the archive.
    struct ArchiveRead {
        var sessions: [Session]
        var journalSequence: UInt64
        var skipped = 0
        var resultsLost = 0
        var firstProblem: String?
    }

    private func readArchive(results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil)
        -> Result<ArchiveRead, HistoryError>
    {
        guard FileManager.default.fileExists(atPath: archivePath) else {
            return .success(ArchiveRead(sessions: [], journalSequence: 0))
        }
        func read(_ salvaged: KeyedArchive.Salvaged) -> ArchiveRead {
            ArchiveRead(
                sessions: salvaged.sessions, journalSequence: salvaged.journalSequence, skipped: salvaged.skipped,
                resultsLost: salvaged.resultsLost, firstProblem: salvaged.firstProblem)
        }
        // A binary archive is read through a memory mapping: --limit 20 then
        // touches a few pages of a 20 MB file. (An XML one is read whole.)
        do {
            let mapped = try KeyedArchive.mapped(archivePath) { archive throws(ArchiveError) in
                try archive.salvage(results: results, newest: newest, where: include)
            }
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
            return .failure(.cannotRead(path: archivePath, reason: BankLoader.systemReason(error)))
        }
        do {
            return .success(read(try KeyedArchive.salvage(data, results: results, newest: newest, where: include)))
        } catch {
            return .failure(.damaged(path: archivePath, movedTo: nil, reason: error.description))
        }
    }

    /// The journal, nil when there is none; throws `.damaged` when it holds
    /// neither a journal's header nor any record (not a quiz journal at all).
    func readJournal() throws(HistoryError) -> HistoryJournal.Contents? {
        guard let data = try journalData() else { return nil }
        guard let contents = HistoryJournal.parse(data) else {
            throw .damaged(path: journalPath, movedTo: nil, reason: "not a quiz journal")
        }
        return contents
    }

    private func journalData() throws(HistoryError) -> Data? {
        guard FileManager.default.fileExists(atPath: journalPath) else { return nil }
        guard let data = FileManager.default.contents(atPath: journalPath) else {
            throw .cannotRead(path: journalPath, reason: String(cString: strerror(errno)))
        }
        return data
    }

    // MARK: Damage

    /// With the exclusive lock held: finds damage in the journal and the
    /// archive and repairs it, keeping a copy of each damaged file first, so
    /// that nothing readable leaves the history. Returns one line per damaged
    /// file. The archive (read whole) is checked only when `checkArchive`.
    func repairLocked(checkArchive: Bool = true) throws(HistoryError) -> [String] {
        var problems: [String] = []
        var archiveSequence: UInt64?
        if checkArchive {
            switch readArchive() {
            case .success(let read):
                archiveSequence = read.journalSequence
                if read.skipped > 0 || read.resultsLost > 0 {
                    let copy = try keepCopy(of: archivePath)
                    try writeAtomically(
                        KeyedArchive.data(for: read.sessions, journalSequence: read.journalSequence), to: archivePath)
                    writeSummary(
                        read.sessions, journalSequence: read.journalSequence,
                        tally: StatisticsTally(sessions: read.sessions, timeZone: LocalTimeZone.current))
                    problems.append(archiveDamage(read, keptAs: copy))
                }
            case .failure(.damaged(_, _, let reason)):
                // Unreadable as a whole: moved aside; the journal's games stay.
                let moved = moveAside(archivePath, reason: reason)
                unlink(summaryPath)
                unlink(statisticsPath)
                archiveSequence = 0
                problems.append(moved.description)
            case .failure(let error): throw error
            }
        }
        guard let data = try journalData() else { return problems }
        guard let journal = HistoryJournal.parse(data) else {
            problems.append(moveAside(journalPath, reason: "not a quiz journal").description)
            return problems
        }
        guard !journal.damage.isEmpty else { return problems }
        let copy = try keepCopy(of: journalPath, data: data)
        // The records that could be read, written again as they were (a
        // damaged length made right), after a header whose base is the last
        // sequence already folded when the header itself was the damage.
        let folded = archiveSequence ?? foldedSequence() ?? 0
        let base =
            journal.headerIntact
            ? journal.baseSequence : min(folded, journal.entries.first.map { $0.sequence - 1 } ?? folded)
        var bytes = HistoryJournal.header(base: base)
        for entry in journal.entries { bytes += HistoryJournal.record(entry.session, sequence: entry.sequence) }
        try writeAtomically(Data(bytes), to: journalPath)
        problems.append(journalDamage(journal, keptAs: copy))
        return problems
    }

    /// One line: which games of the archive could not be read.
    private func archiveDamage(_ read: ArchiveRead, keptAs copy: String? = nil) -> String {
        var parts: [String] = []
        if read.skipped > 0 {
            parts.append(
                "skipped \(read.skipped) game\(read.skipped == 1 ? "" : "s") that could not be read"
                    + (read.firstProblem.map { " (\($0))" } ?? ""))
        }
        if read.resultsLost > 0 {
            parts.append(
                "kept \(read.resultsLost) game\(read.resultsLost == 1 ? "" : "s") without their per-question "
                    + "results, which could not be read")
        }
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        return "the history \(archivePath) is damaged: " + parts.joined(separator: ", ") + kept
            + "; every other game is kept"
    }

    /// One line: how much of the journal was skipped.
    private func journalDamage(_ journal: HistoryJournal.Contents, keptAs copy: String?) -> String {
        let bytes = journal.damage.reduce(0) { $0 + $1.bytes.count }
        let known = journal.damage.compactMap(\.records).reduce(0, +)
        let open = journal.damage.contains { $0.records == nil }
        let lost =
            open
            ? (known > 0 ? "at least \(known + 1) games" : "at least one game") + " could not be read"
            : known == 0 ? "every game could still be read" : "\(known) game\(known == 1 ? "" : "s") could not be read"
        let header = journal.headerIntact ? "" : " (its header among them)"
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        return "the history's journal \(journalPath) is damaged: skipped \(bytes) damaged byte\(bytes == 1 ? "" : "s")"
            + "\(header), \(lost)" + kept + "; every other game is kept"
    }

    /// Copies `path` to a new `….damaged-<time>` name (synced); returns the name.
    private func keepCopy(of path: String, data: Data? = nil) throws(HistoryError) -> String {
        let copy = damagedName(for: path)
        guard let bytes = data ?? FileManager.default.contents(atPath: path) else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        try writeAtomically(bytes, to: copy)
        return copy
    }

    /// The archive's journal sequence, from its root alone (a memory mapping:
    /// a few pages of a large archive); nil when it cannot be read.
    private func foldedSequence() -> UInt64? {
        guard FileManager.default.fileExists(atPath: archivePath) else { return 0 }
        if let mapped = try? KeyedArchive.mapped(archivePath, { archive throws(ArchiveError) in try archive.counts() })
        {
            return mapped.journalSequence
        }
        return FileManager.default.contents(atPath: archivePath).flatMap { try? KeyedArchive.counts(of: $0) }?
            .journalSequence
    }

    /// The games waiting in pending files, by file.
    func pendingFiles() -> [(path: String, sessions: [Session])] {
        pendingPaths.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path), let journal = HistoryJournal.parse(data),
                !journal.entries.isEmpty
            else { return nil }
            return (path, journal.entries.map(\.session))
        }
    }

    private func pendingSessions(notices: inout [String]) -> [Session] {
        let files = pendingFiles()
        notices += Self.pendingNotices(files)
        return files.flatMap(\.sessions)
    }

    /// What is said of the games still waiting in pending files.
    static func pendingNotices(_ files: [(path: String, sessions: [Session])]) -> [String] {
        files.filter { !$0.sessions.isEmpty }.map { file in
            "\(file.sessions.count) game\(file.sessions.count == 1 ? "" : "s") in \(file.path) "
                + "could not be written to the history yet; the next game will add them"
        }
    }

    /// Removes a pending file whose games are in the history now; when it
    /// cannot be removed (a read-only folder), empties it. Left as it is (an
    /// immutable file), its games are still never added nor shown again.
    private func removePending(_ path: String) {
        guard unlink(path) != 0, errno != ENOENT else { return }
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// What the end of a game compares it with: every earlier game, or, when
    /// `history.summary` describes the archive as it is, that summary's
    /// stand-ins (`HistorySummary`) and the journal's games. Reading it costs
    /// the same at 100 games or 100,000.
    public func milestoneHistory(timeZone: TimeZone = LocalTimeZone.current) throws(HistoryError) -> Loaded {
        var info = stat()
        guard stat(archivePath, &info) == 0,
            let data = FileManager.default.contents(atPath: summaryPath),
            let summary = try? JSONDecoder().decode(HistorySummary.self, from: data), summary.isWellFormed,
            summary.archiveSize == Int(info.st_size), summary.archiveModified == Self.modified(info),
            summary.timeZone == timeZone.identifier
        else {
            // No summary of this archive yet (one written by another program,
            // or before this one ran), or one with values this program never
            // writes: read the archive whole once, and write it again.
            return try load(results: false, newest: nil, where: nil, summarise: true)
        }
        // Pending games already in the history (a file that could not be
        // removed) are neither counted again nor said to be waiting.
        var files = pendingFiles()
        if !files.isEmpty {
            let known = historyIdentities()
            files = files.map { ($0.path, $0.sessions.filter { !known.contains(GameIdentity($0)) }) }
        }
        let notices = Self.pendingNotices(files)
        let pending = files.flatMap(\.sessions)
        let journal = (try? readJournal()) ?? nil
        let journaled = (journal?.entries ?? []).filter { $0.sequence > summary.journalSequence }.map(\.session)
        return Loaded(sessions: summary.standIns() + journaled + pending, notices: notices)
    }

    static func modified(_ info: stat) -> Double {
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Rewrites `history.summary` for the archive as it now is; a failure only
    /// means the next game reads the archive instead.
    /// With `tally` (the statistics of these very sessions, results
    /// included), `history.statistics` too.
    private func writeSummary(_ sessions: [Session], journalSequence: UInt64, tally: StatisticsTally? = nil) {
        var info = stat()
        guard stat(archivePath, &info) == 0 else { return }
        let summary = HistorySummary(
            sessions: sessions, archiveSize: Int(info.st_size), archiveModified: Self.modified(info),
            journalSequence: journalSequence, timeZone: LocalTimeZone.current)
        if let data = try? JSONEncoder().encode(summary) { try? writeAtomically(data, to: summaryPath) }
        if let tally { writeStatistics(tally, journalSequence: journalSequence, archive: info) }
    }

    /// Writes `history.statistics` for the archive whose `stat` is `info`; a
    /// failure only means the next `--stats` counts the archive again.
    private func writeStatistics(_ tally: StatisticsTally, journalSequence: UInt64, archive info: stat) {
        let kept = KeptStatistics(
            archiveSize: Int(info.st_size), archiveModified: Self.modified(info), journalSequence: journalSequence,
            tally: tally)
        if let data = try? kept.fileData() {
            try? writeAtomically(data, to: statisticsPath)
        } else {
            unlink(statisticsPath)
        }
    }

    /// What `--stats` shows, read from disk.
    public struct Tallied: Sendable {
        public var tally: StatisticsTally
        public var notices: [String]
        public var problems: [String]
    }

    /// The statistics of every game: `history.statistics` (the archive's
    /// games, counted once and kept) and the journal's games since, or, when
    /// it is missing or stale, the archive counted one session at a time
    /// (never all of it in memory) and the file written again. Pending games,
    /// damage, an XML archive: `load()` and its repairs, then the count.
    /// Equal to `StatisticsTally(sessions: load().sessions)` (tested).
    public func statistics(timeZone: TimeZone = LocalTimeZone.current) throws(HistoryError) -> Tallied {
        try refuseFilesThatAreNotRegular()
        if let fast = try keptStatistics(timeZone: timeZone) { return fast }
        let loaded = try load()
        return Tallied(
            tally: StatisticsTally(sessions: loaded.sessions, timeZone: timeZone), notices: loaded.notices,
            problems: loaded.problems)
    }

    /// `statistics` without reading the archive whole; nil when that will not do.
    private func keptStatistics(timeZone: TimeZone) throws(HistoryError) -> Tallied? {
        var notices: [String] = []
        guard pendingSessions(notices: &notices).isEmpty else { return nil }
        guard directoryExists(folder) else {
            return Tallied(tally: StatisticsTally(timeZone: timeZone), notices: [], problems: [])
        }
        let lock = try? acquireLock(LOCK_SH)
        defer { if let lock { close(lock) } }
        let journal: HistoryJournal.Contents?
        do {
            journal = try readJournal()
        } catch {
            return nil
        }
        guard journal?.damage.isEmpty ?? true else { return nil }
        var tally = StatisticsTally(timeZone: timeZone)
        var folded: UInt64 = 0
        var info = stat()
        if stat(archivePath, &info) == 0 {
            if let kept = KeptStatistics.read(statisticsPath, describing: info, timeZone: timeZone) {
                tally = kept.tally
                folded = kept.journalSequence
            } else {
                let counted: KeyedArchive.Salvaged?
                do {
                    counted = try KeyedArchive.mapped(archivePath) { archive throws(ArchiveError) in
                        try archive.salvageEach { tally.add($0) }
                    }
                } catch {
                    return nil
                }
                guard let counted, counted.skipped == 0, counted.resultsLost == 0 else { return nil }
                folded = counted.journalSequence
                // Only when the archive is still the one counted.
                var after = stat()
                if stat(archivePath, &after) == 0, after.st_size == info.st_size,
                    Self.modified(after) == Self.modified(info)
                {
                    writeStatistics(tally, journalSequence: folded, archive: info)
                }
            }
        } else if errno != ENOENT {
            return nil
        }
        for entry in journal?.entries ?? [] where entry.sequence > folded { tally.add(entry.session) }
        return Tallied(tally: tally, notices: notices, problems: [])
    }

    // MARK: Recording

    /// Appends `session` to the journal, synced, under the exclusive lock;
    /// first adds any pending games. On failure the game goes to a pending file.
    public func record(_ session: Session) throws(RecordFailure) -> RecordReport {
        var notices: [String] = []
        do throws(HistoryError) {
            try makeFolder(notices: &notices)
            try refuseFilesThatAreNotRegular()
            let lock = try acquireLock(LOCK_EX)
            defer { close(lock) }
            removeStaleTemporaryFiles()
            tightenFiles(notices: &notices)
            var journal = try openJournalForAppend(notices: &notices)
            defer { close(journal.fd) }
            let pending = pendingFiles()
            // Games already in the history (the archive or the journal) are
            // not added again, so adding them is the same whenever a kill lands.
            var known: Set<GameIdentity> = []
            if !pending.isEmpty {
                known = Set(journal.sessions.map(GameIdentity.init))
                known.formUnion(((try? readArchive(results: false).get())?.sessions ?? []).map(GameIdentity.init))
            }
            var recovered: [Session] = []
            for game in pending.flatMap(\.sessions) where known.insert(GameIdentity(game)).inserted {
                recovered.append(game)
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
                    notices += try compactLocked(repairing: true)
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
            for file in pending { removePending(file.path) }
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
    /// cutting a torn last record and repairing a damaged journal.
    private func openJournalForAppend(notices: inout [String]) throws(HistoryError) -> OpenJournal {
        var contents: HistoryJournal.Contents?
        if let data = try journalData() {
            contents = HistoryJournal.parse(data)
            if contents == nil || !contents!.damage.isEmpty {
                notices += try repairLocked(checkArchive: false)
                contents = try journalData().flatMap(HistoryJournal.parse)
            }
        }
        if contents == nil {
            // After the archive's own sequence; a classic archive has none, and
            // then its games count from its number of sessions.
            let counts = FileManager.default.contents(atPath: archivePath).flatMap { try? KeyedArchive.counts(of: $0) }
            let base = counts.map { $0.journalSequence > 0 ? $0.journalSequence : UInt64($0.sessions) } ?? 0
            try writeAtomically(Data(HistoryJournal.header(base: base)), to: journalPath)
            contents = HistoryJournal.Contents(
                baseSequence: base, headerIntact: true, entries: [], validLength: HistoryJournal.headerSize,
                tail: .clean)
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
        var last = contents!.lastSequence
        if contents!.entries.isEmpty {
            // The header's base has no checksum (the records do): an empty
            // journal goes on from what the archive says it holds, which is
            // what the base says when it is right.
            last = foldedSequence() ?? last
        }
        return OpenJournal(fd: fd, length: length, last: last, sessions: contents!.entries.map(\.session))
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
                contents = HistoryJournal.Contents(
                    baseSequence: 0, headerIntact: true, entries: [], validLength: 16, tail: .clean)
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
    /// Damage is left for a reader to repair and report (`load`): this runs
    /// in the background, where no one would be told.
    public func compact() throws(HistoryError) {
        var notices: [String] = []
        try makeFolder(notices: &notices)
        let lock = try acquireLock(LOCK_EX)
        defer { close(lock) }
        _ = try compactLocked(repairing: false)
    }

    /// Why a compaction in the background leaves damage alone.
    static let leftForAReader =
        "it is damaged, and is not compacted; quiz --history says what can be read and repairs it"

    /// Compacts with the lock held; returns notices (damage repaired). Not
    /// `repairing`, damage throws `.damaged` and changes nothing.
    private func compactLocked(repairing: Bool) throws(HistoryError) -> [String] {
        var notices: [String] = []
        var archive: ArchiveRead
        switch readArchive() {
        case .success(let read) where read.skipped == 0 && read.resultsLost == 0: archive = read
        case .success, .failure(.damaged):
            guard repairing else {
                throw .cannotWrite(path: archivePath, reason: Self.leftForAReader)
            }
            notices += try repairLocked()
            archive = try readArchive().get()
        case .failure(let error): throw error
        }
        if let journal = try? readJournal(), !journal.damage.isEmpty {
            guard repairing else {
                throw .cannotWrite(path: journalPath, reason: Self.leftForAReader)
            }
            notices += try repairLocked(checkArchive: false)
        }
        guard let journal = try readJournal() else { return notices }
        let newer = journal.entries.filter { $0.sequence > archive.journalSequence }
        let last = max(journal.lastSequence, archive.journalSequence)
        // Pending games left by a crash after they were journaled are here
        // already; any others are added now, and their files removed after.
        let pending = pendingFiles()
        var all = archive.sessions + newer.map(\.session)
        var known = Set(all.map(GameIdentity.init))
        var recovered: [Session] = []
        for game in pending.flatMap(\.sessions) where known.insert(GameIdentity(game)).inserted {
            recovered.append(game)
        }
        all += recovered
        if !newer.isEmpty || !recovered.isEmpty {
            // The kept statistics of the archive as it was, and the games
            // folded in now; counted afresh when there were none.
            var info = stat()
            let zone = LocalTimeZone.current
            var tally: StatisticsTally
            if stat(archivePath, &info) == 0,
                let kept = KeptStatistics.read(statisticsPath, describing: info, timeZone: zone),
                kept.journalSequence == archive.journalSequence
            {
                tally = kept.tally
                for session in newer.map(\.session) + recovered { tally.add(session) }
            } else {
                tally = StatisticsTally(sessions: all, timeZone: zone)
            }
            try writeAtomically(KeyedArchive.data(for: all, journalSequence: last), to: archivePath)
            writeSummary(all, journalSequence: last, tally: tally)
        }
        try writeAtomically(Data(HistoryJournal.header(base: last)), to: journalPath)
        for file in pending { removePending(file.path) }
        if !recovered.isEmpty {
            notices.append(
                "added \(recovered.count) game\(recovered.count == 1 ? "" : "s") that could not be written before")
        }
        return notices
    }

    // MARK: Files

    func directoryExists(_ path: String) -> Bool {
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
        var created: [String] = []
        tighten(folder, to: 0o700, notices: &created)
    }

    private func tightenFiles(notices: inout [String]) {
        for path in [archivePath, journalPath, lockPath, summaryPath, statisticsPath] {
            tighten(path, to: 0o600, notices: &notices)
        }
    }

    /// A history file that is there but is not a regular file (a pipe, a
    /// device, a folder, or a link to one) would block a reader forever or
    /// feed it endless bytes: it is refused, with its path and what it is,
    /// before anything opens it (the game is then kept pending).
    func refuseFilesThatAreNotRegular() throws(HistoryError) {
        for path in [archivePath, journalPath, summaryPath, statisticsPath] {
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

    /// Takes group and other permissions away from `path`, saying so: only a
    /// regular file (for a history file) or a folder (for the data folder)
    /// that is this user's own, reached without following a symbolic link, and
    /// never a shared folder with the sticky bit (`--data-dir /tmp` must not
    /// lock other users out of /tmp, nor a link to /dev/null change it).
    private func tighten(_ path: String, to mode: mode_t, notices: inout [String]) {
        let wantFolder = mode == 0o700
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (wantFolder ? O_DIRECTORY : 0))
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == getuid(),
            info.st_mode & S_IFMT == (wantFolder ? S_IFDIR : S_IFREG), info.st_mode & S_ISVTX == 0
        else { return }
        let old = info.st_mode & 0o777
        if fchmod(fd, mode) == 0 {
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

    func acquireLock(_ operation: Int32) throws(HistoryError) -> Int32 {
        var fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 && operation == LOCK_SH { fd = open(lockPath, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .cannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        // When another process holds the lock for more than a moment (a large
        // archive's rewrite takes seconds), say so, once, then wait on.
        let patience = Date().addingTimeInterval(Self.silentWait)
        var blocking = onWait == nil
        while flock(fd, operation | (blocking ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK && !blocking {
                if Date() < patience {
                    usleep(5_000)
                } else {
                    blocking = true
                    onWait?(waitNotice(fd: fd))
                }
                continue
            }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotLock(path: lockPath, reason: reason)
        }
        return fd
    }

    /// How long a wait for the lock goes unsaid: two terminals finishing at
    /// once wait a few milliseconds, which is not worth a line.
    static let silentWait: TimeInterval = 1

    /// "waiting for the history": who holds the lock (from /proc/locks) and why.
    private func waitNotice(fd: Int32) -> String {
        let holder = Self.lockHolder(fd: fd).map { pid in
            "another process (pid \(pid)\(Self.commandLine(of: pid).map { ", \($0)" } ?? ""))"
        }
        return "waiting for the history in \(folder): \(holder ?? "another process") holds its lock "
            + "\(lockPath) (recording a game, or folding the journal into the archive); "
            + "going on as soon as it is done"
    }

    /// The process holding a `flock` on the file open as `fd`, from /proc/locks.
    static func lockHolder(fd: Int32) -> pid_t? {
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

    /// A process's command line, its program's name first, when it can be read.
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
