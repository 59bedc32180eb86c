import Foundation
import QuizCore

/// `history.schedule` beside the archive (a `DerivedFile` of kind
/// `schedule`, its settings the scheduler's): the `ReviewSchedule` of the
/// history, in `ScheduleText`'s lines. Only derived: the history stays the
/// one source of truth. The file is used when its stamp and settings still
/// match, and rebuilt from the whole history, one game at a time, when it
/// is missing, stale (another program, or a game recorded while it could
/// not be updated) or damaged. The store keeps it fresh when a game is
/// recorded with the banks' index (`HistoryStore.record(_:index:)`) and
/// when the journal is compacted.
public struct ScheduleFile: Sendable {
    public let store: HistoryStore
    public let scheduler: FSRS

    public init(store: HistoryStore, scheduler: FSRS = .standard) {
        self.store = store
        self.scheduler = scheduler
    }

    public var path: String { store.schedulePath }

    /// The kind, with the banks' `index` (which names a game's questions).
    func kind(_ index: QuestionIndex?) -> ScheduleKind {
        ScheduleKind(folder: store.folder, scheduler: scheduler, index: index)
    }

    /// The stored schedule, when it describes the history as it is now (and,
    /// given the banks' `index`, keeps no card under the fingerprint of a
    /// question that has gained an `"id"` since, and counted no answers
    /// through an alias the banks no longer have: those are rebuilt).
    public func fresh(index: QuestionIndex? = nil) -> ReviewSchedule? {
        store.fresh(kind(index))
    }

    /// What is waiting at `date` (`ReviewWaiting`), read from the stored
    /// schedule's lines without making its cards, when it is fresh as
    /// `fresh(index:)` has it; nil when it is not (then `current(index:)`
    /// and `ReviewSchedule.waiting`).
    public func waiting(index: QuestionIndex, at date: Date, timeZone: TimeZone) -> ReviewWaiting? {
        guard let data = store.freshPayload(kind(index).file) else { return nil }
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
                        firstSeen: Date(timeIntervalSinceReferenceDate: line.values[6]), reps: line.reps
                    ) { line.quizText }
                }),
            !renamed, index.keeps(header.aliased)
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
    /// whole history, one game at a time, by date (`HistoryStore.built`), and stored.
    public func current(index: QuestionIndex) throws(HistoryError) -> Current {
        if let schedule = fresh(index: index) { return Current(schedule: schedule) }
        let kind = kind(index)
        let read = try store.reading { snapshot throws(ArchiveError) in
            try store.derived(kind, from: snapshot, results: true)
        }
        return Current(schedule: read.value, diagnostics: read.snapshot.diagnostics())
    }
}

/// `history.schedule` as a kind of derived file: its settings are the
/// scheduler's; a game's answers are applied with the banks' `index`.
struct ScheduleKind: DerivedKind {
    let file: DerivedFile
    let scheduler: FSRS
    let index: QuestionIndex?

    init(folder: String, scheduler: FSRS, index: QuestionIndex?) {
        file = DerivedFile(
            .schedule, version: ScheduleText.version, folder: folder, settings: ScheduleText.settings(scheduler))
        self.scheduler = scheduler
        self.index = index
    }

    func decode(_ payload: Data) -> ReviewSchedule? {
        guard let schedule = ScheduleText.decode(payload),
            index.map({ !$0.renames(schedule) && $0.keeps(schedule.aliased) }) ?? true
        else { return nil }
        return schedule
    }

    var empty: ReviewSchedule { ReviewSchedule() }

    func encode(_ value: ReviewSchedule) -> Data? { ScheduleText.encode(value) }

    func add(_ session: Session, to value: inout ReviewSchedule) {
        value.apply(session, index: index ?? QuestionIndex(), scheduler: scheduler)
    }

    /// Games are applied by date (`ReviewSchedule.Order`), so every machine
    /// of a synced folder holds the same schedule.
    var ordered: Bool { true }

    func follows(_ session: Session, _ value: ReviewSchedule) -> Bool { value.follows(session) }
}
