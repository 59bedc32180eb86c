import Foundation
internal import QuizFormats

/// An archive open for reading its sessions one at a time, by position, in
/// any order (`HistoryStream` reads them oldest first to sort, then newest
/// first to print). The mapped file is read in place and its pages are let
/// go of every few thousand sessions, so a pass over a million games keeps
/// a few megabytes of a 240 MB archive resident, not all of it.
///
/// Nothing is salvaged here: a session that cannot be read throws, and the
/// caller goes back to `HistoryStore.load`, which repairs and reports.
package final class ArchiveCursor {
    private var decoder: ArchiveDecoder
    private let list: BinaryPropertyListReader.Container
    /// Sessions in the archive, oldest first.
    package let count: Int
    /// The last journal record folded into the archive.
    package let journalSequence: UInt64
    private var reads = 0
    private var checkedWhole: Bool

    /// Checks what reading the whole archive checks before any session:
    /// every class it names, its session list, its root's journal check.
    /// With `newest` (only the newest few sessions will be read, of every
    /// quiz or, `filtered`, of one) every class is not checked first (a
    /// session's are as it is read), and for fewer than 10,000 of every quiz
    /// the decoder's tables are sparse: nothing of the archive's size is made
    /// to read 20 sessions (as `KeyedArchive.salvage` reads the newest).
    package init(_ source: KeyedArchive.ArchiveSource, newest: Int? = nil, filtered: Bool = false) throws(ArchiveError)
    {
        do {
            let sparse = !filtered && (newest.map { $0 < 10_000 } ?? false)
            var decoder = try ArchiveDecoder(source.reader, sparse: sparse)
            checkedWhole = newest == nil
            if checkedWhole { try decoder.checkEveryClass() }
            list = try decoder.sessionList()
            journalSequence = try decoder.journalSequence()
            try decoder.checkJournal(journalSequence)
            count = list.count
            self.decoder = decoder
        } catch {
            throw Self.archiveError(error)
        }
    }

    /// What opening it without `newest` checks (every class it names), for
    /// a cursor opened for a few sessions that is now to read them all.
    package func checkWhole() throws(ArchiveError) {
        guard !checkedWhole else { return }
        do {
            try decoder.checkEveryClass()
        } catch {
            throw Self.archiveError(error)
        }
        checkedWhole = true
    }

    /// Session `index` (0 the oldest); `results: false` leaves its
    /// per-question results unread; `checked`: its checksum was checked in
    /// an earlier read (the mapping is the same bytes), so it is not again.
    package func session(at index: Int, results: Bool, checked: Bool = false) throws(ArchiveError) -> Session {
        reads += 1
        decoder.forget(after: reads)
        decoder.checksChecksums = !checked
        do {
            guard let uid = try decoder.reader.uid(try decoder.reader.reference(list, index)) else {
                throw ArchiveError.wrongShape("sessions holds a non-reference")
            }
            return try decoder.session(uid, number: index + 1, results: results)
        } catch {
            throw Self.archiveError(error)
        }
    }

    /// As `KeyedArchive.run` says what went wrong.
    private static func archiveError(_ error: any Error) -> ArchiveError {
        if let error = error as? ArchiveError { return error }
        if let error = error as? BinaryPropertyListReader.FormatError { return .notAnArchive(error.description) }
        return .notAnArchive("\(error)")
    }
}
