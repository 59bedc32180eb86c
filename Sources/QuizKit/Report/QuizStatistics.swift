/// The figures of one quiz over every recorded game of it: games, best, average,
/// last, and the trend of its last 20 scores. Percentages are whole numbers,
/// rounded; games whose total is unknown (classic archives) have none.
public struct QuizStatistics: Sendable, Equatable {
    /// How many games the trend shows at most.
    public static let trendLength = 20

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

    /// `sessions`: this quiz's games, oldest first, at least one.
    init(quiz: String?, sessions: [Session], titles: [String: String]) {
        self.quiz = quiz
        title =
            sessions.last { $0.title != nil }?.title ?? quiz.map { titles[$0] ?? $0 } ?? Statistics.unknownQuizTitle
        games = sessions.count
        let best = sessions.reduce(nil as Session?) { best, session in
            guard let best else { return session }
            return Self.isBetter(session, than: best) ? session : best
        }
        bestScore = best?.score ?? 0
        bestTotal = best?.total
        let fractions = sessions.compactMap(\.fraction)
        averageFraction = fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
        lastScore = sessions.last?.score ?? 0
        lastTotal = sessions.last?.total
        trend = sessions.suffix(Self.trendLength).map(\.fraction)
    }

    public var bestFraction: Double? { Self.fraction(bestScore, bestTotal) }
    public var bestPercent: Int? { Statistics.percent(bestFraction) }
    public var averagePercent: Int? { Statistics.percent(averageFraction) }
    public var lastFraction: Double? { Self.fraction(lastScore, lastTotal) }

    static func fraction(_ score: Int, _ total: Int?) -> Double? {
        guard let total, total > 0 else { return nil }
        return Double(score) / Double(total)
    }

    /// Whether `a` scored a strictly higher fraction than `b`, compared exactly;
    /// a known fraction beats an unknown one, and two unknown compare by score.
    static func hasHigherFraction(_ a: Session, than b: Session) -> Bool {
        switch (a.fraction != nil, b.fraction != nil) {
        case (true, true): a.score * (b.total ?? 1) > b.score * (a.total ?? 1)
        case (true, false): true
        case (false, true): false
        case (false, false): a.score > b.score
        }
    }

    /// The order that picks the best game: higher fraction, then higher score;
    /// on a full tie the earlier game stays best.
    static func isBetter(_ a: Session, than b: Session) -> Bool {
        if hasHigherFraction(a, than: b) { return true }
        if hasHigherFraction(b, than: a) { return false }
        return a.score > b.score
    }
}
