import Foundation
import QuizCore

/// `history.statistics` (a `DerivedFile` of kind `statistics`): the
/// `StatisticsTally` of every game, as JSON, so `quiz --stats` reads it
/// instead of every game. Its setting is the time zone the days are counted in.
struct StatisticsKind: DerivedKind {
    /// Bumped when the tally's shape or meaning changes: an older file is rebuilt.
    /// 2: a review's answers count for their questions' own quizzes.
    static let version = 2

    let file: DerivedFile
    let timeZone: TimeZone

    init(folder: String, timeZone: TimeZone) {
        file = DerivedFile(.statistics, version: Self.version, folder: folder, settings: timeZone.identifier)
        self.timeZone = timeZone
    }

    var empty: StatisticsTally { StatisticsTally(timeZone: timeZone) }

    func decode(_ payload: Data) -> StatisticsTally? {
        guard let tally = try? JSONDecoder().decode(StatisticsTally.self, from: payload),
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
}
