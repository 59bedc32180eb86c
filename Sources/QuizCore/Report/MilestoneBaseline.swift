import Foundation

/// What the end of a game compares it with: each quiz's best game and the
/// days played, in one time zone. Built from sessions (`init(sessions:)`,
/// `add`) or from `history.summary` (`HistorySummary.baseline`), equal either
/// way for the same games; `milestones(of:)` then says what a game achieved.
///
/// Days are `CalendarDay` numbers (days since 1970-01-01 in `timeZone`),
/// worked out as `StatisticsTally` does (the zone's offset looked up once an
/// hour, not a `Calendar` per game: CONTRIBUTING.md, "Measured choices in
/// the code"),
/// kept as runs of consecutive days. A quiz's best is picked by the one rule
/// `--stats` and `--history` use (`QuizStatistics.isBetter`): the highest
/// fraction, compared exactly, then the higher score (4/8 over an earlier
/// 2/4), then the earlier game; games whose fraction is unknown (no
/// total, a total of 0, a fraction too large to show) count as played, never
/// as a best. A quiz id of "" is the same quiz as none (the summary cannot
/// tell them apart).
public struct MilestoneBaseline: Sendable, Equatable {
    /// A quiz's best game.
    public struct Best: Sendable, Equatable {
        public let score: Int
        /// Known and above 0.
        public let total: Int
        public let date: Date
        /// The quiz's title when that game was played.
        public let title: String?

        package init(score: Int, total: Int, date: Date, title: String?) {
            self.score = score
            self.total = total
            self.date = date
            self.title = title
        }
    }

    /// The baseline and what the reader should be told (`HistoryStore.milestoneHistory`).
    public struct Loaded: Sendable {
        public var baseline: MilestoneBaseline
        /// What the reader is told; with a `.problem`, the baseline holds
        /// everything that could be read, not the whole history.
        public var diagnostics: [Diagnostic]

        package init(baseline: MilestoneBaseline, diagnostics: [Diagnostic]) {
            self.baseline = baseline
            self.diagnostics = diagnostics
        }
    }

    /// One quiz played before.
    package struct Quiz: Sendable, Equatable {
        /// Its best game; nil when no game of it has a known fraction.
        package var best: Best?

        package init(best: Best? = nil) {
            self.best = best
        }
    }

    public let timeZone: TimeZone
    /// Each quiz played, by quiz id (nil for games without one, `key(_:)`).
    package private(set) var quizzes: [String?: Quiz] = [:]
    /// The days with a game, as runs of consecutive `CalendarDay` numbers, oldest first.
    package private(set) var dayRuns: [ClosedRange<Int>] = []

    /// No games yet.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The baseline of `sessions`, in the order they were recorded.
    public init(sessions: some Sequence<Session>, timeZone: TimeZone) {
        self.init(timeZone: timeZone)
        var days = Set<Int>()
        var numbering = StatisticsTally.OffsetCache(timeZone: timeZone)
        for session in sessions {
            days.insert(numbering.day(of: session.date))
            addScore(of: session)
        }
        dayRuns = Self.runs(of: days)
    }

    /// A baseline as a summary holds it; `HistorySummary` checks the values first.
    package init(timeZone: TimeZone, quizzes: [String?: Quiz], dayRuns: [ClosedRange<Int>]) {
        self.init(timeZone: timeZone)
        self.quizzes = quizzes
        self.dayRuns = dayRuns
    }

    /// Adds a game recorded after every game in the baseline.
    public mutating func add(_ session: Session) {
        addScore(of: session)
        insert(day: day(of: session.date))
    }

    /// The best of the quiz `quiz` (nil for games without a quiz id); nil
    /// when it was never played or none of its games has a known fraction.
    public func best(of quiz: String?) -> Best? {
        quizzes[Self.key(quiz)]?.best
    }

    /// What `session`, just finished and not in the baseline, achieved.
    /// A review (`Session.Kind.review`) asks different questions
    /// every time: it has no best to compare with, and counts for the streak.
    public func milestones(of session: Session) -> Milestones {
        Milestones(
            standing: session.kind == .quiz ? standing(of: session) : .unranked,
            streak: streakProgress(of: session))
    }

    /// How `session` compares with the best of its quiz.
    func standing(of session: Session) -> Milestones.Standing {
        guard let quiz = quizzes[Self.key(session.quiz)] else { return .firstGame }
        guard let score = Self.scored(session.score, session.total) else {
            return quiz.best.map { .belowBest($0) } ?? .unranked
        }
        guard let best = quiz.best else { return .newBest(previous: nil) }
        if QuizStatistics.isBetter((score.score, score.total), than: (best.score, best.total)) {
            return .newBest(previous: best)
        }
        if QuizStatistics.isBetter((best.score, best.total), than: (score.score, score.total)) {
            return .belowBest(best)
        }
        return .equalsBest
    }

    /// The daily streak at the end of `session`, without and with it.
    func streakProgress(of session: Session) -> Milestones.StreakProgress {
        let today = day(of: session.date)
        let playedToday = contains(today)
        let before = playedToday ? streak(through: today) : streak(through: today - 1)
        return Milestones.StreakProgress(
            before: before, after: playedToday ? before : streak(through: today - 1) + 1,
            isFirstGameOfDay: !playedToday)
    }

    // MARK: Scores

    /// `score` and `total` when the fraction is known (as `Session.fraction` has it).
    package static func scored(_ score: Int, _ total: Int?) -> (score: Int, total: Int)? {
        guard let total, QuizStatistics.shownFraction(score, total) != nil else { return nil }
        return (score, total)
    }

    private mutating func addScore(of session: Session) {
        // A daily asks other questions every day: no best to keep.
        if session.kind == .daily { return }
        let key = Self.key(session.quiz)
        guard let score = Self.scored(session.score, session.total) else {
            if quizzes[key] == nil { quizzes[key] = Quiz() }
            return
        }
        if let best = quizzes[key]?.best,
            !QuizStatistics.isBetter((score.score, score.total), than: (best.score, best.total))
        {
            return
        }
        quizzes[key] = Quiz(
            best: Best(score: score.score, total: score.total, date: session.date, title: session.title))
    }

    /// The key of quiz id `quiz`: nil for none or "".
    static func key(_ quiz: String?) -> String? {
        quiz?.isEmpty == false ? quiz : nil
    }

    // MARK: Days

    func day(of date: Date) -> Int {
        var numbering = StatisticsTally.OffsetCache(timeZone: timeZone)
        return numbering.day(of: date)
    }

    /// The run of days that contains `day`, if any.
    private func run(containing day: Int) -> ClosedRange<Int>? {
        // The runs are sorted and apart: the last one starting on or before `day`.
        var low = 0
        var high = dayRuns.count
        while low < high {
            let middle = (low + high) / 2
            if dayRuns[middle].lowerBound <= day { low = middle + 1 } else { high = middle }
        }
        guard low > 0, dayRuns[low - 1].contains(day) else { return nil }
        return dayRuns[low - 1]
    }

    private func contains(_ day: Int) -> Bool { run(containing: day) != nil }

    /// How many consecutive days with a game end on `day` (0 when `day` has none).
    private func streak(through day: Int) -> Int {
        run(containing: day).map { day - $0.lowerBound + 1 } ?? 0
    }

    private mutating func insert(day: Int) {
        guard !contains(day) else { return }
        var days = dayRuns
        days.append(day...day)
        dayRuns = Self.runs(of: days.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// `days` as sorted runs of consecutive days.
    static func runs(of days: Set<Int>) -> [ClosedRange<Int>] {
        runs(of: days.sorted().map { $0...$0 })
    }

    /// Sorted ranges, merged where they touch or overlap.
    private static func runs(of sorted: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for range in sorted {
            if let last = runs.last, range.lowerBound <= last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                runs.append(range)
            }
        }
        return runs
    }
}
