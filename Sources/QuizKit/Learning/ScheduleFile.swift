import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `history.schedule` beside the archive: the `ReviewSchedule` of the
/// history as it was when written, with the size and modification time of
/// each history file then (its stamp) and the scheduler's settings. Only
/// derived: the history stays the one source of truth. The file is used
/// when its stamp and settings still match, and rebuilt from the whole
/// history when it is missing, stale (another program, or a game recorded
/// while it could not be updated) or damaged; a game recorded by quiz
/// updates it at once (`update(after:)`).
public struct ScheduleFile: Sendable {
    public let store: HistoryStore
    public let scheduler: FSRS

    public init(store: HistoryStore, scheduler: FSRS = .standard) {
        self.store = store
        self.scheduler = scheduler
    }

    public var path: String { store.folder + "/history.schedule" }

    typealias Contents = ScheduleText.Contents

    /// Size and modification time of the archive, the journal and the data
    /// folder's pending file (-1, -1 for one that does not exist).
    public func stamp() -> [Double] {
        [store.archivePath, store.journalPath, store.folder + "/history.pending"].flatMap { path -> [Double] in
            var info = stat()
            guard stat(path, &info) == 0 else { return [-1, -1] }
            return [Double(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9]
        }
    }

    private var settings: [Double] {
        scheduler.parameters + [scheduler.desiredRetention, Double(scheduler.maximumInterval)]
    }

    /// The stored schedule, when it describes the history as it is now.
    public func fresh() -> ReviewSchedule? {
        guard let data = FileManager.default.contents(atPath: path),
            let contents = ScheduleText.decode(data), contents.stamp == stamp(), contents.parameters == settings
        else { return nil }
        return contents.schedule
    }

    /// The schedule now: the stored one when fresh, else one built from
    /// `sessions()` (the whole history, read only then) and stored.
    public func current(index: QuestionIndex, sessions: () throws -> [Session]) rethrows -> ReviewSchedule {
        if let schedule = fresh() { return schedule }
        let before = stamp()
        let schedule = ReviewSchedule(sessions: try sessions(), index: index, scheduler: scheduler)
        // Written only if nothing was recorded while the history was read.
        if stamp() == before { save(schedule) }
        return schedule
    }

    /// Writes the schedule with the stamp of the history as it is now; a
    /// failure only means the next reader rebuilds it.
    public func save(_ schedule: ReviewSchedule) {
        let contents = Contents(stamp: stamp(), parameters: settings, schedule: schedule)
        try? store.writeAtomically(ScheduleText.encode(contents), to: path)
    }

    /// The stored schedule to update after the next record: when it is
    /// fresh now and no pending game waits in the data folder (a record adds
    /// those too, which the update would miss).
    public func beforeRecording() -> ReviewSchedule? {
        FileManager.default.fileExists(atPath: store.folder + "/history.pending") ? nil : fresh()
    }

    /// After `session` was recorded: the schedule fresh before it, with the
    /// game applied, stored with the new stamp. Without one (none fresh
    /// before), nothing is written and the next reader rebuilds.
    public func update(_ before: ReviewSchedule?, after session: Session, index: QuestionIndex) {
        guard var schedule = before else {
            unlink(path)  // a file only: never a folder someone put there
            return
        }
        schedule.apply(session, index: index, scheduler: scheduler)
        save(schedule)
    }

    /// The stored file, whatever its settings, when its stamp is the history's now.
    public func freshFile() -> Data? {
        guard let data = FileManager.default.contents(atPath: path),
            let contents = ScheduleText.decode(data), contents.stamp == stamp()
        else { return nil }
        return data
    }

    /// After the history's files were rewritten without a game added or
    /// lost (a compaction): re-stamps the file that was fresh before
    /// (`freshFile()`), whatever scheduler it was made with.
    public func restamp(_ before: Data?) {
        guard let before, var contents = ScheduleText.decode(before) else { return }
        contents.stamp = stamp()
        try? store.writeAtomically(ScheduleText.encode(contents), to: path)
    }
}
