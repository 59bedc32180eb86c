import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

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

extension HistoryStream {
    /// The games of `snapshot`, as positions.
    convenience init(_ snapshot: HistorySnapshot, diagnostics: [Diagnostic]) throws(ArchiveError) {
        let journaled = try snapshot.journalGames()
        self.init(
            archiveCount: try snapshot.archiveCount(),
            archive: { (position, results, checked) throws(ArchiveError) in
                try snapshot.archiveSession(at: position, results: results, checked: checked)
            }, journaled: journaled, pending: snapshot.pendingGames, diagnostics: diagnostics)
    }
}
