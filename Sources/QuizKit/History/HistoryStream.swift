import Foundation

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
    /// What the reader is told (games waiting in pending files), as `load`'s `diagnostics`.
    public let diagnostics: [Diagnostic]
    private let snapshot: HistorySnapshot?
    private let archiveCount: Int
    /// The journal's games after the archive's, then the pending ones.
    private let later: [Session]

    /// The games of `snapshot`, as positions.
    init(_ snapshot: HistorySnapshot, diagnostics: [Diagnostic]) throws(ArchiveError) {
        self.snapshot = snapshot
        archiveCount = try snapshot.archiveCount()
        let journaled = try snapshot.journalGames()
        later = journaled + snapshot.pendingGames
        pendingStart = archiveCount + journaled.count
        count = archiveCount + later.count
        self.diagnostics = diagnostics
    }

    /// Sessions in memory, every one after the history (as pending games are).
    init(pending: [Session]) {
        snapshot = nil
        archiveCount = 0
        later = pending
        pendingStart = 0
        count = pending.count
        diagnostics = []
    }

    /// The game at `position` (0 the first recorded); `results: false`
    /// leaves its per-question results unread. Throws when the archive's
    /// session there cannot be read: damage, which `HistoryStore.load`
    /// repairs and reports. `checked`: read whole before (with its results
    /// when asked for them now), so its checksum is not checked again.
    public func session(at position: Int, results: Bool, checked: Bool = false) throws(ArchiveError) -> Session {
        guard position < archiveCount, let snapshot else { return later[position - archiveCount] }
        return try snapshot.archiveSession(at: position, results: results, checked: checked)
    }
}

extension HistoryStore {
    /// The history's `HistorySnapshot` as a `HistoryStream`, when it can be
    /// read that way: nil when a history file is damaged (the journal here,
    /// the archive as a whole; a session of it is found by the first pass
    /// that reads it). Then `load()` is the way: it repairs, reports, or says
    /// what is wrong.
    ///
    /// `include` only chooses which pending games the notices count, as
    /// `load(where:)` does; the stream holds every game.
    ///
    /// `newest`: only the newest few games will be read (`--limit`), so the
    /// archive is not checked whole first: each session read is checked as
    /// it is read, and a pass over a 20 MB archive touches a few pages.
    public func stream(where include: ((Session) -> Bool)? = nil, newest: Int? = nil) -> HistoryStream? {
        try? reading(damage: .giveUp, newest: newest, filtered: include != nil) { snapshot throws(ArchiveError) in
            if newest == nil { try snapshot.checkWhole() }
            return try HistoryStream(snapshot, diagnostics: snapshot.pendingNotices(where: include))
        }.value
    }
}
