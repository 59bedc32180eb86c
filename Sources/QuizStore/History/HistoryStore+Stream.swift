import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

extension HistoryStore {
    /// The history as a `HistoryStream`, when it can be read that way: nil
    /// when there is no data folder, a history file is damaged (the journal
    /// here, the archive as a whole; a session of it is found by the first
    /// pass that reads it), or the archive cannot be mapped (an XML one).
    /// Then `load()` is the way: it repairs, reports, or says what is wrong.
    ///
    /// `include` only chooses which pending games the notices count, as
    /// `load(where:)` does; the stream holds every game.
    ///
    /// `newest`: only the newest few games will be read (`--limit`), so the
    /// archive is not checked whole first: each session read is checked as
    /// it is read, and a pass over a 20 MB archive touches a few pages.
    public func stream(where include: ((Session) -> Bool)? = nil, newest: Int? = nil) -> HistoryStream? {
        var pendingFiles = pending.files()
        guard PrivateFolder.exists(folder), (try? refuseFilesThatAreNotRegular()) != nil else { return nil }
        let lock = try? self.lock(.shared)
        defer { lock?.release() }
        guard let entries = undamagedJournalEntries() else { return nil }
        var cursor: ArchiveCursor?
        if FileManager.default.fileExists(atPath: archivePath) {
            let mapped = try? KeyedArchive.mapped(archivePath) { source throws(ArchiveError) in
                try ArchiveCursor(source, newest: newest, filtered: include != nil)
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
            archive: cursor, journaled: entries.games(after: folded),
            pending: unknown.flatMap(\.sessions), notices: PendingGames.notices(counted))
    }
}
