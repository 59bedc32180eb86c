import Foundation

/// What the stats screen needs of every game, kept as counts that only grow:
/// games, durations, the sum of the fractions, games per day, each quiz's
/// games, best, last game and trend, and each question's asked and missed
/// counts. Adding the games one by one, in the order they were recorded, gives
/// the same tally whether they come from the whole history or from a kept tally
/// and the games recorded since (`HistoryStore.statistics`), so `Statistics`
/// is built from a tally either way. Days are counted in `timeZone`.
public struct StatisticsTally: Encodable, Equatable, Sendable {
    /// One quiz's figures (`quiz` nil for games without a quiz id).
    public struct Quiz: Encodable, Equatable, Sendable {
        public var quiz: String?
        /// The last title recorded with a game of this quiz.
        public var title: String?
        public var games = 0
        public var bestScore = 0
        public var bestTotal: Int?
        public var fractionSum = 0.0
        public var fractions = 0
        public var lastScore = 0
        public var lastTotal: Int?
        /// The fractions of the last `QuizStatistics.trendLength` games, oldest first.
        public var trend: [Double?] = []
        /// The local day (`CalendarDay` number) of the best game.
        public var bestDay: Int?
        /// The quiz's games per week (`StatisticsTally.week(ofDay:)`), the
        /// `QuizStatistics.seriesWeeks` weeks up to the latest week it was
        /// played in: bounded by weeks, not games.
        public var weeks: [Int: Week] = [:]
    }

    /// One quiz's games of one week.
    public struct Week: Encodable, Equatable, Sendable {
        public var games = 0
        public var fractionSum = 0.0
        public var fractions = 0
        /// The highest fraction of the week's games with a known total.
        public var best: Double?
    }

    /// A counted daily's result (the first finished daily of its day).
    public struct Daily: Encodable, Equatable, Sendable {
        public var score: Int
        public var total: Int
    }

    /// One question's counts: questions are the same when quiz id and prompt are.
    public struct Question: Encodable, Equatable, Sendable {
        public var quiz: String?
        public var prompt: String
        /// The right answer as last recorded.
        public var answer: String
        public var asked = 0
        public var missed = 0
        /// The answers typed that were marked wrong, by normalised text, in
        /// the order first typed.
        public var wrong: [WrongAnswer] = []
    }

    /// One wrong answer of a question: its last spelling and how many times.
    public struct WrongAnswer: Encodable, Equatable, Sendable {
        /// `AnswerNormalizer.normalize` of the text: spellings that read the same are one.
        public var normalized: String
        public var text: String
        public var count: Int
    }

    public var timeZone: String
    public var games = 0
    public var totalDuration = 0.0
    public var timedGames = 0
    public var fractionSum = 0.0
    public var fractions = 0
    public var hasQuestionResults = false
    /// Games per local day (`CalendarDay` numbers, days since 1970-01-01).
    public var days: [Int: Int] = [:]
    /// In the order each quiz was first played.
    public var quizzes: [Quiz] = []
    /// In the order each question was first asked.
    public var questions: [Question] = []
    /// Counted dailies by number (`Session.daily`); practice ones are only counted.
    public var dailies: [Int: Daily] = [:]
    public var practiceDailies = 0

    private var quizIndex: [String: Int] = [:]
    private var questionIndex: [QuestionKey: Int] = [:]
    private var offsets = OffsetCache()

    private struct QuestionKey: Hashable {
        var quiz: String?
        var prompt: String
    }

    enum CodingKeys: String, CodingKey {
        case timeZone, games, totalDuration, timedGames, fractionSum, fractions, hasQuestionResults, days, quizzes
        case questions, dailies, practiceDailies
    }

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone.identifier
        offsets = OffsetCache(timeZone: timeZone)
    }

    public init(sessions: [Session], timeZone: TimeZone) {
        self.init(timeZone: timeZone)
        for session in sessions { add(session) }
    }

    /// Makes the lookup tables of quizzes and questions after reading
    /// (`init?(json:)`); false when a quiz or a question is there twice.
    mutating func reindex() -> Bool {
        quizIndex = [:]
        questionIndex = [:]
        for (index, quiz) in quizzes.enumerated() { quizIndex[quiz.quiz.map { "q" + $0 } ?? ""] = index }
        for (index, question) in questions.enumerated() {
            questionIndex[QuestionKey(quiz: question.quiz, prompt: question.prompt)] = index
        }
        return quizIndex.count == quizzes.count && questionIndex.count == questions.count
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(games, forKey: .games)
        try container.encode(totalDuration, forKey: .totalDuration)
        try container.encode(timedGames, forKey: .timedGames)
        try container.encode(fractionSum, forKey: .fractionSum)
        try container.encode(fractions, forKey: .fractions)
        try container.encode(hasQuestionResults, forKey: .hasQuestionResults)
        try container.encode(days, forKey: .days)
        try container.encode(quizzes, forKey: .quizzes)
        try container.encode(questions, forKey: .questions)
        try container.encode(dailies, forKey: .dailies)
        try container.encode(practiceDailies, forKey: .practiceDailies)
    }

    public static func == (a: StatisticsTally, b: StatisticsTally) -> Bool {
        a.timeZone == b.timeZone && a.games == b.games && a.totalDuration == b.totalDuration
            && a.timedGames == b.timedGames && a.fractionSum == b.fractionSum && a.fractions == b.fractions
            && a.hasQuestionResults == b.hasQuestionResults && a.days == b.days && a.quizzes == b.quizzes
            && a.questions == b.questions && a.dailies == b.dailies && a.practiceDailies == b.practiceDailies
    }

    /// Counts one more game, recorded after every game counted so far.
    public mutating func add(_ session: Session) {
        games += 1
        if let duration = session.duration, duration.isFinite, duration >= 0 {
            totalDuration += duration
            timedGames += 1
        }
        let fraction = session.fraction
        if let fraction {
            fractionSum += fraction
            fractions += 1
        }
        let day = offsets.day(of: session.date)
        days[day, default: 0] += 1
        if let number = session.daily {
            // A daily has no quiz of its own: its result is the day's, its answers count for their quizzes.
            if session.practice {
                practiceDailies += 1
            } else if dailies[number] == nil {
                dailies[number] = Daily(score: session.score, total: session.total ?? session.results.count)
            }
        } else {
            addQuiz(session, fraction: fraction, day: day)
        }
        addQuestions(session)
    }

    private mutating func addQuiz(_ session: Session, fraction: Double?, day: Int) {
        let key = session.quiz.map { "q" + $0 } ?? ""
        var index = quizIndex[key] ?? -1
        if index < 0 {
            index = quizzes.count
            quizIndex[key] = index
            quizzes.append(
                Quiz(quiz: session.quiz, bestScore: session.score, bestTotal: session.total, bestDay: day))
        }
        var quiz = quizzes[index]
        if let title = session.title { quiz.title = title }
        if quiz.games > 0
            && QuizStatistics.isBetter(
                (session.score, session.total), than: (quiz.bestScore, quiz.bestTotal))
        {
            quiz.bestScore = session.score
            quiz.bestTotal = session.total
            quiz.bestDay = day
        }
        quiz.games += 1
        if let fraction {
            quiz.fractionSum += fraction
            quiz.fractions += 1
        }
        quiz.lastScore = session.score
        quiz.lastTotal = session.total
        quiz.trend.append(fraction)
        if quiz.trend.count > QuizStatistics.trendLength { quiz.trend.removeFirst() }
        Self.count(fraction, week: Self.week(ofDay: day), in: &quiz.weeks)
        quizzes[index] = quiz
    }

    private mutating func addQuestions(_ session: Session) {
        if !session.results.isEmpty { hasQuestionResults = true }
        for result in session.results {
            // A review's or a daily's answer counts for the quiz its question
            // is of (its identity's bank), as the schedule has it: not as a
            // question of quiz `review`, apart from the same question's games.
            let of =
                session.kind != .quiz
                ? result.identity.flatMap { QuestionIdentity.bank(of: $0).map(String.init) } ?? session.quiz
                : session.quiz
            let key = QuestionKey(quiz: of, prompt: result.prompt)
            let index: Int
            if let known = questionIndex[key] {
                index = known
                questions[index].answer = result.answer
                questions[index].asked += 1
                if result.outcome != .right { questions[index].missed += 1 }
            } else {
                index = questions.count
                questionIndex[key] = index
                questions.append(
                    Question(
                        quiz: of, prompt: result.prompt, answer: result.answer, asked: 1,
                        missed: result.outcome == .right ? 0 : 1))
            }
            if result.outcome == .wrong, let typed = result.typed ?? result.given {
                let normalized = AnswerNormalizer.normalize(typed)
                if let seen = questions[index].wrong.firstIndex(where: { $0.normalized == normalized }) {
                    questions[index].wrong[seen].text = typed
                    questions[index].wrong[seen].count += 1
                } else {
                    questions[index].wrong.append(WrongAnswer(normalized: normalized, text: typed, count: 1))
                }
            }
        }
    }

    /// The week of a local day (`CalendarDay` number): weeks run Monday to
    /// Sunday, and week `w` starts on day `7 * w - 3`.
    public static func week(ofDay day: Int) -> Int {
        let shifted = day + 3
        return shifted >= 0 ? shifted / 7 : (shifted - 6) / 7
    }

    /// Counts a game of `week` in a quiz's weeks: kept when within
    /// `QuizStatistics.seriesWeeks` of the latest week counted, older weeks
    /// dropped, so the weeks kept are the same in whatever order the games come.
    static func count(_ fraction: Double?, week: Int, in weeks: inout [Int: Week]) {
        let latest = weeks.keys.max() ?? week
        guard week > latest - QuizStatistics.seriesWeeks else { return }
        var counted = weeks[week] ?? Week()
        counted.games += 1
        if let fraction {
            counted.fractionSum += fraction
            counted.fractions += 1
            counted.best = max(counted.best ?? fraction, fraction)
        }
        weeks[week] = counted
        if week > latest { weeks = weeks.filter { $0.key > week - QuizStatistics.seriesWeeks } }
    }

    /// The local day numbers of dates, with the time zone's offset asked once
    /// per hour of dates (`Calendar` is slow on Linux: 100,000 games took a
    /// second).
    struct OffsetCache: Sendable {
        var timeZone: TimeZone?
        private var offsets: [Int: Int] = [:]

        init(timeZone: TimeZone? = nil) {
            self.timeZone = timeZone
        }

        mutating func day(of date: Date) -> Int {
            let time = date.timeIntervalSince1970
            guard time.isFinite, abs(time) < 1e15 else { return 0 }
            let seconds = Int(time.rounded(.down))
            let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
            let offset: Int
            if let known = offsets[hour] {
                offset = known
            } else {
                offset = timeZone?.secondsFromGMT(for: date) ?? 0
                offsets[hour] = offset
            }
            let local = seconds + offset
            return local >= 0 ? local / 86400 : (local - 86399) / 86400
        }
    }
}
