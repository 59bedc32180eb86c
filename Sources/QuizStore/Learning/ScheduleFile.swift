import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// `history.schedule` beside the archive: the `ReviewSchedule` of the
/// history as it was when written, with the size and modification time of
/// each history file then (its stamp) and the scheduler's settings. Only
/// derived: the history stays the one source of truth. The file is used
/// when its stamp and settings still match, and rebuilt from the whole
/// history, one game at a time, when it is missing, stale (another program,
/// or a game recorded while it could not be updated) or damaged.
///
/// No game slips between a stamp and what it describes: a rebuild writes
/// the stamp taken before the history was read, and only when the history
/// still has it after (else the next reader rebuilds); a game recorded by
/// quiz updates the file under the history's exclusive lock (`recording`),
/// and a compaction re-stamps it there too (`compacting`).
public struct ScheduleFile: Sendable {
    public let store: HistoryStore
    public let scheduler: FSRS

    public init(store: HistoryStore, scheduler: FSRS = .standard) {
        self.store = store
        self.scheduler = scheduler
    }

    public var path: String { store.folder + "/history.schedule" }

    /// The largest file read (`FileContents.bounded`) or written: a card is
    /// a line of about 100 bytes, 90 KB for the bundled banks' questions, so
    /// 64 MiB holds some 600,000 questions played (over a hundred Open Trivia
    /// files); a larger one is ignored and the schedule rebuilt each time,
    /// slower but right.
    static let maximumSize = 64 << 20

    typealias Contents = ScheduleText.Contents

    /// Size and modification time of the archive, the journal and every
    /// pending file of the history (-1, -1 for one that does not exist).
    public func stamp() -> [Double] {
        ([store.archivePath, store.journalPath] + store.pendingPaths).flatMap { path -> [Double] in
            var info = stat()
            guard stat(path, &info) == 0 else { return [-1, -1] }
            return [Double(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9]
        }
    }

    private var settings: [Double] {
        scheduler.parameters + [scheduler.desiredRetention, Double(scheduler.maximumInterval)]
    }

    /// The stored schedule, when it describes the history as it is now (and,
    /// given the banks' `index`, keeps no card under the fingerprint of a
    /// question that has gained an `"id"` since, and counted no answers
    /// through an alias the banks no longer have: those are rebuilt).
    public func fresh(index: QuestionIndex? = nil) -> ReviewSchedule? {
        guard let data = FileContents.bounded(path, limit: Self.maximumSize),
            let contents = ScheduleText.decode(data),
            describesNow(stamp: contents.stamp, parameters: contents.parameters),
            index.map({ !$0.renames(contents.schedule) && $0.keeps(contents.schedule.aliased) }) ?? true
        else { return nil }
        return contents.schedule
    }

    /// A file's stamp and settings are the history's and this scheduler's now.
    private func describesNow(stamp stored: [Double], parameters: [Double]) -> Bool {
        stored == stamp() && parameters == settings
    }

    /// What is waiting at `date` (`ReviewWaiting`), read from the stored
    /// schedule's lines without making its cards, when it is fresh as
    /// `fresh(index:)` has it; nil when it is not (then `current(index:)`
    /// and `ReviewSchedule.waiting`).
    public func waiting(index: QuestionIndex, at date: Date, timeZone: TimeZone) -> ReviewWaiting? {
        guard let data = FileContents.bounded(path, limit: Self.maximumSize) else { return nil }
        var tally = ReviewWaiting.Tally(at: date, index: index, timeZone: timeZone)
        var renamed = false
        guard
            let header = ScheduleText.walk(
                data,
                card: { line in
                    // A card kept under the fingerprint of a question that has an "id" now: `fresh` refuses it.
                    if index.alias(of: line.identity) != nil { renamed = true }
                    tally.add(
                        identity: line.identity, due: Date(timeIntervalSinceReferenceDate: line.values[3]),
                        firstSeen: Date(timeIntervalSinceReferenceDate: line.values[6]))
                }),
            !renamed, describesNow(stamp: header.stamp, parameters: header.parameters), index.keeps(header.aliased)
        else { return nil }
        return tally.waiting
    }

    /// The schedule now, and what reading the history said.
    public struct Current: Sendable {
        public var schedule: ReviewSchedule
        /// `HistoryStore.Loaded`'s notices and problems, when the history was read.
        public var diagnostics: [Diagnostic] = []
    }

    /// The schedule now: the stored one when fresh, else one built from the
    /// whole history, one game at a time (`HistoryStore.fold`), and stored.
    public func current(index: QuestionIndex) throws(HistoryError) -> Current {
        if let schedule = fresh(index: index) { return Current(schedule: schedule) }
        let before = stamp()
        let scheduler = scheduler
        let folded = try store.fold(ReviewSchedule()) { schedule, session in
            schedule.apply(session, index: index, scheduler: scheduler)
        }
        // Stamped as the history was before it was read, and written only if
        // nothing changed while it was: a game recorded after the comparison
        // leaves the file stale, never fresh without that game.
        if stamp() == before { save(folded.value, stamp: before) }
        return Current(schedule: folded.value, diagnostics: folded.diagnostics)
    }

    /// Writes the schedule with `stamp`, the history's when it was read; a
    /// failure only means the next reader rebuilds it. Replaced atomically
    /// but not synced, as the parsed bank copies are: the file is checked
    /// whole (CRC-32) and against the history's stamp when read, and rebuilt
    /// when either fails, so a power cut costs one rebuild, where syncing the
    /// file and its folder took two of the three `fsync`s of every game recorded.
    public func save(_ schedule: ReviewSchedule, stamp: [Double]) {
        let contents = Contents(stamp: stamp, parameters: settings, schedule: schedule)
        store.writeDerived(ScheduleText.encode(contents), to: path, limit: Self.maximumSize, sync: false)
    }

    /// Keeps the file up to date through `HistoryStore.record(_:whileLocked:)`:
    /// `step` is that closure. Before the game goes in (the lock held, so no
    /// other process can record meanwhile) it takes the stored schedule if it
    /// is fresh and no pending game waits (the record would add those too);
    /// after, it applies the game and writes the file with the new stamp.
    /// With none fresh before, the file is removed and the next reader rebuilds.
    public struct Recording {
        let file: ScheduleFile
        let session: Session
        let index: QuestionIndex
        var before: ReviewSchedule?

        public mutating func step(_ moment: HistoryStore.LockedMoment) {
            switch moment {
            case .before:
                before = file.gamesWait() ? nil : file.fresh(index: index)
            case .after:
                guard var schedule = before else {
                    file.store.removeDerived(file.path)  // never a folder or a pipe someone put there
                    return
                }
                schedule.apply(session, index: index, scheduler: file.scheduler)
                file.save(schedule, stamp: file.stamp())
            }
        }
    }

    /// A pending file of the history holds something (one left empty, as a
    /// pending file that could not be removed is, holds no game).
    func gamesWait() -> Bool {
        store.pendingPaths.contains { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_size > 0
        }
    }

    /// What keeps this file up to date while `session` is recorded.
    public func recording(_ session: Session, index: QuestionIndex) -> Recording {
        Recording(file: self, session: session, index: index)
    }

    /// Keeps the file through `HistoryStore.compact(whileLocked:)`, which
    /// rewrites the history's files without a game added or lost (unless
    /// pending games wait, which it adds): one fresh before (whatever
    /// scheduler it was made with) is re-stamped after.
    public struct Compacting {
        let file: ScheduleFile
        var before: Data?

        public mutating func step(_ moment: HistoryStore.LockedMoment) {
            switch moment {
            case .before:
                // Pending games: the compaction adds them, so it is not re-stamped.
                before = file.gamesWait() ? nil : file.freshFile()
            case .after: file.restamp(before)
            }
        }
    }

    public func compacting() -> Compacting { Compacting(file: self) }

    /// The stored file, whatever its settings, when its stamp is the history's now.
    func freshFile() -> Data? {
        guard let data = FileContents.bounded(path, limit: Self.maximumSize),
            let contents = ScheduleText.decode(data), contents.stamp == stamp()
        else { return nil }
        return data
    }

    /// Re-stamps the file that was fresh before (`freshFile()`).
    func restamp(_ before: Data?) {
        guard let before, var contents = ScheduleText.decode(before) else { return }
        contents.stamp = stamp()
        store.writeDerived(ScheduleText.encode(contents), to: path, limit: Self.maximumSize)
    }
}
