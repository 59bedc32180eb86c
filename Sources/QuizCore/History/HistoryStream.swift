import Foundation

/// The whole history opened to be read in passes, one game at a time and
/// never all of it in memory: what `HistoryStore.load()` returns, as
/// positions to read instead of an array. `quiz --history` (every format)
/// and the review section of `--stats` go through it, so they cost the same
/// memory at a million games as at a thousand.
///
/// The store opens it over a `HistorySnapshot` (`HistoryStore.stream`, in
/// QuizStore): the archive memory-mapped, the journal and pending files read
/// then, under the shared lock; the lock is not held after that (a slow pipe
/// must not hold up a game being recorded). The mapping stays the archive of
/// that moment: quiz replaces a history file by renaming a new one over it,
/// never by writing into it. Here it only knows how to ask for the
/// archive's game at a position, so the renderer (`StreamedHistoryReport`)
/// stays in the core.
public final class HistoryStream {
    /// Games in the order they were recorded: the archive's, the journal's
    /// after it, then pending games not yet in the history.
    public let count: Int
    /// Positions from here on are pending games (`--limit` counts the newest
    /// games of the history before them, as `load(newest:)` does).
    public let pendingStart: Int
    /// What the reader is told (games waiting in pending files), as `load`'s `diagnostics`.
    public let diagnostics: [Diagnostic]
    /// The archive's game at a position, with or without its results, and
    /// whether it was read whole before (`session(at:results:checked:)`).
    package typealias ArchiveReader = (Int, Bool, Bool) throws(ArchiveError) -> Session
    private let archive: ArchiveReader?
    private let archiveCount: Int
    /// The journal's games after the archive's, then the pending ones.
    private let later: [Session]

    package init(
        archiveCount: Int, archive: ArchiveReader?, journaled: [Session], pending: [Session],
        diagnostics: [Diagnostic]
    ) {
        self.archive = archive
        self.archiveCount = archiveCount
        later = journaled + pending
        pendingStart = archiveCount + journaled.count
        count = archiveCount + later.count
        self.diagnostics = diagnostics
    }

    /// Sessions in memory, every one after the history (as pending games are).
    package convenience init(pending: [Session]) {
        self.init(archiveCount: 0, archive: nil, journaled: [], pending: pending, diagnostics: [])
    }

    /// The game at `position` (0 the first recorded); `results: false`
    /// leaves its per-question results unread. Throws when the archive's
    /// session there cannot be read: damage, which `HistoryStore.load`
    /// repairs and reports. `checked`: read whole before (with its results
    /// when asked for them now), so its checksum is not checked again.
    public func session(at position: Int, results: Bool, checked: Bool = false) throws(ArchiveError) -> Session {
        guard position < archiveCount, let archive else { return later[position - archiveCount] }
        return try archive(position, results, checked)
    }
}
