import Foundation
import QuizCore

/// `history.statistics` (a `DerivedFile` of kind `statistics`): the
/// `StatisticsTally` of the archive and of the journal up to its stamp's
/// sequence, as JSON, so `quiz --stats` reads it and the journal's games
/// after it instead of every game. It lags: recording a game leaves it alone
/// (its JSON, about 220 KB at 100,000 games, costs more to decode and write
/// than the journal's games to add). Its setting is the time zone the days
/// are counted in.
struct StatisticsKind: DerivedKind {
    /// Bumped when the tally's shape or meaning changes: an older file is rebuilt.
    /// 2: a review's answers count for their questions' own quizzes.
    /// 3: dailies (`Session.daily`) kept apart: the daily streak and results.
    /// 4: each quiz's best day and its games per week (the page's charts).
    static let version = 4

    let file: DerivedFile
    let timeZone: TimeZone

    init(folder: String, timeZone: TimeZone) {
        file = DerivedFile(.statistics, version: Self.version, folder: folder, settings: timeZone.identifier)
        self.timeZone = timeZone
    }

    var empty: StatisticsTally { StatisticsTally(timeZone: timeZone) }

    func decode(_ payload: Data) -> StatisticsTally? {
        guard let tally = StatisticsTally(json: payload),
            LocalTimeZone.sameRules(tally.timeZone, timeZone)
        else { return nil }
        return tally
    }

    func encode(_ value: StatisticsTally) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try? encoder.encode(value)
    }

    func add(_ session: Session, to value: inout StatisticsTally) { value.add(session) }

    /// `--stats` reads the journal anyway: `record` leaves the file alone.
    var lags: Bool { true }
}
