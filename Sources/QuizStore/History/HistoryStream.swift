import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// The whole history opened to be read in passes, one game at a time and
/// never all of it in memory: what `HistoryStore.load()` returns, as
/// positions to read instead of an array. `quiz --history` (every format)
/// and the review section of `--stats` go through it, so they cost the same
/// memory at a million games as at a thousand.
///
/// The archive is memory-mapped when the stream opens, with the journal and
/// pending files read then, under the shared lock; the lock is not held after
/// that (a slow pipe must not hold up a game being recorded). The mapping
/// stays the archive of that moment: quiz replaces a history file by renaming
/// a new one over it, never by writing into it.
public final class HistoryStream {
    /// Games in the order they were recorded: the archive's, the journal's
    /// after it, then pending games not yet in the history.
    public let count: Int
    /// Positions from here on are pending games (`--limit` counts the newest
    /// games of the history before them, as `load(newest:)` does).
    public let pendingStart: Int
    /// What the reader is told (games waiting in pending files), as `load`'s `notices`.
    public let notices: [String]
    private let archive: ArchiveCursor?
    private let archiveCount: Int
    /// The journal's games after the archive's, then the pending ones.
    private let later: [Session]

    init(archive: ArchiveCursor?, journaled: [Session], pending: [Session], notices: [String]) {
        self.archive = archive
        archiveCount = archive?.count ?? 0
        later = journaled + pending
        pendingStart = archiveCount + journaled.count
        count = pendingStart + pending.count
        self.notices = notices
    }

    /// The game at `position` (0 the first recorded); `results: false`
    /// leaves its per-question results unread. Throws when the archive's
    /// session there cannot be read: damage, which `HistoryStore.load`
    /// repairs and reports. `checked`: read whole before (with its results
    /// when asked for them now), so its checksum is not checked again.
    public func session(at position: Int, results: Bool, checked: Bool = false) throws(ArchiveError) -> Session {
        guard position < archiveCount, let archive else { return later[position - archiveCount] }
        return try archive.session(at: position, results: results, checked: checked)
    }
}

extension HistoryStore {
    /// The history as a `HistoryStream`, when it can be read that way: nil
    /// when there is no data folder, a history file is damaged (the journal
    /// here, the archive as a whole; a session of it is found by the first
    /// pass that reads it), or the archive cannot be mapped (an XML one).
    /// Then `load()` is the way: it repairs, reports, or says what is wrong.
    ///
    /// `include` only chooses which pending games the notices count, as
    /// `load(where:)` does; the stream holds every game.
    public func stream(where include: ((Session) -> Bool)? = nil) -> HistoryStream? {
        var pendingFiles = pending.files()
        guard PrivateFolder.exists(folder), (try? refuseFilesThatAreNotRegular()) != nil else { return nil }
        let lock = try? self.lock(.shared)
        defer { lock?.release() }
        guard let entries = undamagedJournalEntries() else { return nil }
        var cursor: ArchiveCursor?
        if FileManager.default.fileExists(atPath: archivePath) {
            let mapped = try? KeyedArchive.mapped(archivePath) { source throws(ArchiveError) in
                try ArchiveCursor(source)
            }
            guard let mapped else { return nil }
            cursor = mapped
        }
        let folded = cursor?.journalSequence ?? 0
        // A pending game already in the history (a crash after it was added,
        // before its file was removed) is neither shown nor counted: compared
        // by its fields with every game of the archive and the journal, in
        // one pass over the archive that keeps only the pending games' own.
        pendingFiles = pendingFiles.filter { !$0.sessions.isEmpty }
        var known: Set<GameIdentity> = []
        if !pendingFiles.isEmpty {
            let waiting = Set(pendingFiles.flatMap { $0.sessions.map(GameIdentity.init) })
            for entry in entries where waiting.contains(GameIdentity(entry.session)) {
                known.insert(GameIdentity(entry.session))
            }
            for index in 0..<(cursor?.count ?? 0) {
                guard let session = try? cursor?.session(at: index, results: false) else { return nil }
                let identity = GameIdentity(session)
                if waiting.contains(identity) { known.insert(identity) }
            }
        }
        let unknown = PendingGames.unknown(pendingFiles, known: known)
        let counted = unknown.map { file in file.keeping { include?($0) ?? true } }
        return HistoryStream(
            archive: cursor, journaled: entries.filter { $0.sequence > folded }.map(\.session),
            pending: unknown.flatMap(\.sessions), notices: PendingGames.notices(counted))
    }
}
