/// The figures of one quiz over every recorded game of it: games, best, average,
/// last, and the trend of its last 20 scores. Percentages are whole numbers,
/// rounded; games whose total is unknown (classic archives) have none.
public struct QuizStatistics: Sendable, Equatable {
    /// How many games the trend shows at most.
    public static let trendLength = 20
    /// How many weeks the score series keeps, up to the latest week played.
    public static let seriesWeeks = 52

    /// One week of the score series.
    public struct Week: Sendable, Equatable {
        /// Its Monday, `yyyy-MM-dd`.
        public let start: String
        /// Weeks before the latest week played (0 for that week).
        public let ago: Int
        /// The quiz's best game was played in it.
        public let holdsBest: Bool
        public let games: Int
        /// Mean and highest fraction of the week's games with a known total.
        public let averageFraction: Double?
        public let bestFraction: Double?
    }

    /// The quiz id; nil groups the sessions recorded without one ("unknown").
    public let quiz: String?
    /// The title last recorded for the quiz, else from the bank, else its id.
    public let title: String
    public let games: Int
    /// The best game: highest fraction (then highest score, then earliest);
    /// when no game of the quiz has a known total, the highest score.
    public let bestScore: Int
    public let bestTotal: Int?
    /// Mean of the games' fractions, over games with a known total.
    public let averageFraction: Double?
    public let lastScore: Int
    public let lastTotal: Int?
    /// Fractions of the last 20 games, oldest first; nil where the total is unknown.
    public let trend: [Double?]
    /// The local day of the best game, `yyyy-MM-dd`; nil when not known.
    public let bestDate: String?
    /// The weeks with games among the last `seriesWeeks` up to the latest
    /// week played, oldest first.
    public let series: [Week]

    /// The figures kept for one quiz (`StatisticsTally`).
    init(_ tally: StatisticsTally.Quiz, titles: [String: String]) {
        quiz = tally.quiz
        title = QuizTitle.shown(title: tally.title, quiz: tally.quiz, titles: titles)
        games = tally.games
        bestScore = tally.bestScore
        bestTotal = tally.bestTotal
        averageFraction = tally.fractions == 0 ? nil : tally.fractionSum / Double(tally.fractions)
        lastScore = tally.lastScore
        lastTotal = tally.lastTotal
        trend = tally.trend
        bestDate = tally.bestDay.map { CalendarDay(number: $0).iso }
        let latest = tally.weeks.keys.max() ?? 0
        let bestWeek = tally.bestDay.map(StatisticsTally.week(ofDay:))
        series = tally.weeks.sorted { $0.key < $1.key }.map { week, counted in
            Week(
                start: CalendarDay(number: 7 * week - 3).iso, ago: latest - week, holdsBest: week == bestWeek,
                games: counted.games,
                averageFraction: counted.fractions == 0 ? nil : counted.fractionSum / Double(counted.fractions),
                bestFraction: counted.best)
        }
    }

    public var bestFraction: Double? { Self.fraction(bestScore, bestTotal) }
    public var bestPercent: Int? { Statistics.percent(bestFraction) }
    public var averagePercent: Int? { Statistics.percent(averageFraction) }

    static func fraction(_ score: Int, _ total: Int?) -> Double? {
        guard let total, total > 0 else { return nil }
        return Double(score) / Double(total)
    }

    /// A game's fraction as `Session.fraction` has it: nil when the total is
    /// unknown or zero, or the fraction too large to show.
    static func shownFraction(_ score: Int, _ total: Int?) -> Double? {
        guard let total, total > 0 else { return nil }
        let fraction = Double(score) / Double(total)
        return abs(fraction) <= Session.largestFraction ? fraction : nil
    }

    /// Whether `a` scored a strictly higher fraction than `b`, compared exactly;
    /// a known fraction beats an unknown one, and two unknown compare by score.
    static func hasHigherFraction(_ a: (score: Int, total: Int?), than b: (score: Int, total: Int?)) -> Bool {
        switch (shownFraction(a.score, a.total) != nil, shownFraction(b.score, b.total) != nil) {
        case (true, true):
            // Exactly, in 128 bits: odd histories hold scores near Int.max.
            Self.product(a.score, b.total ?? 1) > Self.product(b.score, a.total ?? 1)
        case (true, false): true
        case (false, true): false
        case (false, false): a.score > b.score
        }
    }

    /// `a × b` in full width, comparable as a pair (high, low).
    private static func product(_ a: Int, _ b: Int) -> Product {
        let full = a.multipliedFullWidth(by: b)
        return Product(high: full.high, low: full.low)
    }

    private struct Product: Comparable {
        var high: Int
        var low: UInt
        static func < (x: Product, y: Product) -> Bool { x.high != y.high ? x.high < y.high : x.low < y.low }
    }

    /// The order that picks the best game: higher fraction, then higher score;
    /// on a full tie the earlier game stays best.
    static func isBetter(_ a: (score: Int, total: Int?), than b: (score: Int, total: Int?)) -> Bool {
        if hasHigherFraction(a, than: b) { return true }
        if hasHigherFraction(b, than: a) { return false }
        return a.score > b.score
    }

    static func hasHigherFraction(_ a: Session, than b: Session) -> Bool {
        hasHigherFraction((a.score, a.total), than: (b.score, b.total))
    }

    static func isBetter(_ a: Session, than b: Session) -> Bool {
        isBetter((a.score, a.total), than: (b.score, b.total))
    }
}
