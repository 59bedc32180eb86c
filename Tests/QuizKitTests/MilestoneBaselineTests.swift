import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// `MilestoneBaseline`: the same from sessions as from `history.summary` (as
/// written to disk and read back), for random games in many time zones; and
/// the end of a game's verdicts, checked against a plain reading of the games.
@Suite struct MilestoneBaselineTests {
    typealias F = StatsFixtures

    static let zones = [
        "UTC", "America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata",
        "Pacific/Apia", "America/St_Johns",
    ]

    /// Random games: dates over 30 years, a third of them within hours of a
    /// daylight saving change of `zone`; scores with and without totals
    /// (some of 0), quiz ids among a few, none, and "".
    static func games(_ count: Int, zone: TimeZone, seed: UInt64) -> [Session] {
        var random = SeededGenerator(seed: seed)
        var changes: [Date] = []
        var moment = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
        while changes.count < 60, let next = zone.nextDaylightSavingTimeTransition(after: moment) {
            changes.append(next)
            moment = next
        }
        let quizzes: [String?] = ["geo", "flags", "music", nil, ""]
        return (0..<count).map { _ in
            let date: Date
            if !changes.isEmpty && random.below(3) == 0 {
                let change = changes[random.below(changes.count)]
                date = change.addingTimeInterval(Double(random.below(8 * 3600)) - 4 * 3600)
            } else {
                date = Date(timeIntervalSince1970: 946_684_800 + Double(random.below(30 * 365 * 86_400)))
            }
            let total: Int? = random.below(5) == 0 ? nil : random.below(12)
            let score = random.below((total ?? 10) + 1)
            return Session(
                date: date, score: score, total: total, quiz: quizzes[random.below(quizzes.count)],
                title: "T\(random.below(3))", duration: 30, seed: Int64(random.below(1000)))
        }
    }

    /// The summary of `baseline` as the store writes it and reads it back.
    static func throughSummary(_ baseline: MilestoneBaseline) throws -> MilestoneBaseline? {
        let summary = HistorySummary(baseline: baseline)
        let data = summary.json()
        let decoded = try #require(HistorySummary.read(data))
        #expect(decoded == summary)
        #expect(decoded == (try JSONDecoder().decode(HistorySummary.self, from: data)))
        #expect(HistorySummary.read(try JSONEncoder().encode(summary)) == summary)
        return decoded.baseline(in: baseline.timeZone)
    }

    @Test(arguments: zones)
    func theSummaryGivesTheBaselineOfTheSessions(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        for seed in UInt64(1)...8 {
            let games = Self.games(Int(seed) * 25, zone: zone, seed: seed)
            let whole = MilestoneBaseline(sessions: games, timeZone: zone)
            #expect(try Self.throughSummary(whole) == whole, "\(zoneName) seed \(seed)")
            // A summary of the first games and the journal's games after it.
            let split = games.count / 3
            var later = try #require(
                try Self.throughSummary(MilestoneBaseline(sessions: games[..<split], timeZone: zone)))
            for game in games[split...] { later.add(game) }
            #expect(later == whole, "\(zoneName) seed \(seed)")
            // Another zone's summary is not this zone's baseline.
            let other = try #require(TimeZone(identifier: zoneName == "UTC" ? "Asia/Tokyo" : "UTC"))
            let summary = HistorySummary(baseline: whole)
            #expect(summary.baseline(in: other) == nil)
        }
    }

    /// Through the store: the summary, kept with each game recorded and
    /// re-stamped by compactions, gives the baseline of every game, each
    /// time; a stale summary is read past.
    @Test func theStoreGivesTheBaselineOfEveryGame() throws {
        let temporary = try TemporaryFolder()
        let store = HistoryStore(folder: temporary.file("quiz"), inlineCompactionLimit: 5)
        let zone = LocalTimeZone.current
        let games = Self.games(40, zone: zone, seed: 9).enumerated().map { n, game in
            // Recorded in date order, as a player records them.
            Session(
                date: Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 40_000), score: game.score,
                total: game.total, quiz: game.quiz, title: game.title, duration: 30, seed: Int64(n))
        }
        for (n, game) in games.enumerated() {
            _ = try store.record(game)
            if n % 7 == 3 { try store.compact() }
            let loaded = try store.milestoneHistory(timeZone: zone)
            #expect(loaded.baseline == MilestoneBaseline(sessions: games[...n], timeZone: zone), "game \(n)")
            #expect(loaded.diagnostics.isEmpty)
        }
        // The summary is what was read: emptied of days, the baseline has
        // only the days of the games recorded after it.
        try store.compact()
        let kind = SummaryKind(folder: store.folder, timeZone: zone)
        let kept = try #require(store.fresh(kind))
        store.save(
            kind, MilestoneBaseline(timeZone: zone, quizzes: kept.quizzes, dayRuns: []), stamp: store.derivedStamp())
        let read = try store.milestoneHistory(timeZone: zone).baseline
        #expect(read.dayRuns.isEmpty)
        #expect(read.quizzes == MilestoneBaseline(sessions: games, timeZone: zone).quizzes)
        let next = Session(date: Date(timeIntervalSince1970: 1_800_000_000), score: 1, total: 2, quiz: "geo")
        _ = try store.record(next)
        let day = read.day(of: next.date)
        #expect(try store.milestoneHistory(timeZone: zone).baseline.dayRuns == [day...day])
    }

    /// The verdicts against a plain reading of the same games: the first game
    /// to reach the highest fraction (compared as exact rationals) is the best;
    /// the streak as `DailyStreaks` counts it over the whole history.
    @Test(arguments: zones)
    func theVerdictsAgreeWithThePlainReading(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let games = Self.games(300, zone: zone, seed: 77)
        for count in stride(from: 0, to: games.count, by: 13) {
            let earlier = Array(games[..<count])
            let baseline = try #require(try Self.throughSummary(MilestoneBaseline(sessions: earlier, timeZone: zone)))
            let game = games[count]
            let milestones = baseline.milestones(of: game)
            #expect(milestones.standing == Self.plainStanding(of: game, earlier: earlier), "\(zoneName) \(count)")
            let days = earlier.map(\.date)
            let before = DailyStreaks(dates: days, now: game.date, timeZone: zone).current
            let after = DailyStreaks(dates: days + [game.date], now: game.date, timeZone: zone).current
            #expect(milestones.streak.before == before && milestones.streak.after == after, "\(zoneName) \(count)")
        }
    }

    static func plainStanding(of game: Session, earlier: [Session]) -> Milestones.Standing {
        func quiz(_ id: String?) -> String { id ?? "" }
        func scored(_ session: Session) -> Bool { (session.total ?? 0) > 0 }
        let same = earlier.filter { quiz($0.quiz) == quiz(game.quiz) }
        if same.isEmpty { return .firstGame }
        var best: Session?
        // The best: the highest fraction, then the higher score, then the earlier game.
        func better(_ a: Session, _ b: Session) -> Bool {
            let (left, right) = (a.score * b.total!, b.score * a.total!)
            return left > right || (left == right && a.score > b.score)
        }
        for session in same where scored(session) {
            if let current = best, !better(session, current) { continue }
            best = session
        }
        let shown = best.map {
            MilestoneBaseline.Best(score: $0.score, total: $0.total!, date: $0.date, title: $0.title)
        }
        guard scored(game) else { return shown.map { .belowBest($0) } ?? .unranked }
        guard let best, let shown else { return .newBest(previous: nil) }
        return better(game, best) ? .newBest(previous: shown) : better(best, game) ? .belowBest(shown) : .equalsBest
    }

    /// 2/3 and 4/6 are the same fraction; 4/6 has the higher score, so it is the better game either way round.
    @Test func fractionsAreComparedExactlyThenScores() {
        let fourSixths = F.game("geo", 4, of: 6, at: F.utcDate(days: -1, hour: 12))
        let before = MilestoneBaseline(sessions: [fourSixths], timeZone: F.utc)
        #expect(
            before.milestones(of: F.game("geo", 2, of: 3, at: F.utcDate(days: 0, hour: 12))).standing
                == .belowBest(.init(score: 4, total: 6, date: fourSixths.date, title: nil)))
        #expect(
            before.milestones(of: F.game("geo", 4, of: 6, at: F.utcDate(days: 0, hour: 12))).standing == .equalsBest)
        let twoThirds = F.game("geo", 2, of: 3, at: F.utcDate(days: -1, hour: 12))
        let reverse = MilestoneBaseline(sessions: [twoThirds], timeZone: F.utc)
        #expect(
            reverse.milestones(of: F.game("geo", 4, of: 6, at: F.utcDate(days: 0, hour: 12))).standing
                == .newBest(previous: .init(score: 2, total: 3, date: twoThirds.date, title: nil)))
        // 2/3 beats 66/100 and 666,666/1,000,000, which a rounded percentage would not tell apart.
        for (score, total) in [(66, 100), (666_666, 1_000_000)] {
            let earlier = F.game("geo", score, of: total, at: F.utcDate(days: -1, hour: 12))
            let baseline = MilestoneBaseline(sessions: [earlier], timeZone: F.utc)
            let game = F.game("geo", 2, of: 3, at: F.utcDate(days: 0, hour: 12))
            #expect(
                baseline.milestones(of: game).standing
                    == .newBest(previous: .init(score: score, total: total, date: earlier.date, title: nil)))
        }
    }

    /// After 2/4 and 4/8 the best is 4/8, as `--stats` says; after 4/8 and
    /// 4/8 again, the first of them.
    @Test func onAnEqualFractionTheHigherScoreThenTheFirstGameIsTheBest() throws {
        let first = F.game("geo", 2, of: 4, at: F.utcDate(days: -3, hour: 12), title: "Geo")
        let second = F.game("geo", 4, of: 8, at: F.utcDate(days: -2, hour: 12), title: "Geo")
        let third = F.game("geo", 4, of: 8, at: F.utcDate(days: -1, hour: 12), title: "Geo")
        let baseline = MilestoneBaseline(sessions: [first, second, third], timeZone: F.utc)
        let best = MilestoneBaseline.Best(score: 4, total: 8, date: second.date, title: "Geo")
        let tally = StatisticsTally(sessions: [first, second, third], timeZone: F.utc)
        let stats = try #require(tally.quizzes.first)
        #expect(stats.bestScore == 4 && stats.bestTotal == 8)
        #expect(baseline.best(of: "geo") == best)
        func standing(_ score: Int, _ total: Int?) -> Milestones.Standing {
            baseline.milestones(of: F.game("geo", score, of: total, at: F.utcDate(days: 0, hour: 12))).standing
        }
        #expect(standing(4, 8) == .equalsBest)
        #expect(standing(3, 6) == .belowBest(best))
        #expect(standing(1, 4) == .belowBest(best))
        #expect(standing(5, 8) == .newBest(previous: best))
        // A game whose fraction is unknown is below a known best.
        #expect(standing(3, nil) == .belowBest(best))
        #expect(standing(3, 0) == .belowBest(best))
    }

    @Test func gamesWithoutAKnownFractionArePlayedButNeverTheBest() {
        let legacy = MilestoneBaseline(
            sessions: [Session(date: F.utcDate(days: -5, hour: 12), score: 9)], timeZone: F.utc)
        #expect(
            legacy.milestones(of: F.game(nil, 3, of: 10, at: F.utcDate(days: 0, hour: 12))).standing
                == .newBest(previous: nil))
        #expect(legacy.milestones(of: Session(date: F.utcDate(days: 0, hour: 12), score: 20)).standing == .unranked)
        #expect(
            legacy.milestones(of: F.game("geo", 3, of: 10, at: F.utcDate(days: 0, hour: 12))).standing == .firstGame)
        // A quiz id "" is the same quiz as none (the summary cannot tell them apart).
        #expect(
            legacy.milestones(of: F.game("", 3, of: 10, at: F.utcDate(days: 0, hour: 12))).standing
                == .newBest(previous: nil))
    }

    @Test func hugeScoresCompareWithoutOverflow() {
        let big = Int.max / 4
        let earlier = F.game("geo", big, of: big / 1000, at: F.utcDate(days: -1, hour: 12))
        let baseline = MilestoneBaseline(sessions: [earlier], timeZone: F.utc)
        let game = F.game("geo", big - 1, of: big / 1000, at: F.utcDate(days: 0, hour: 12))
        #expect(baseline.milestones(of: game).standing == .belowBest(baseline.best(of: "geo")!))
        let negative = F.game("geo", -big, of: big / 1000, at: F.utcDate(days: 0, hour: 12))
        #expect(baseline.milestones(of: negative).standing == .belowBest(baseline.best(of: "geo")!))
    }

    @Test func aReviewHasNoBestButCountsItsDay() {
        let earlier = F.daily([-2, -1], quiz: "review")
        let baseline = MilestoneBaseline(sessions: earlier, timeZone: F.utc)
        let review = F.game("review", 5, of: 10, at: F.utcDate(days: 0, hour: 12))
        let milestones = baseline.milestones(of: review)
        #expect(milestones.standing == .unranked)
        #expect(milestones.streakToAnnounce == 3)
        let again = MilestoneBaseline(sessions: earlier + [review], timeZone: F.utc)
        #expect(
            again.milestones(of: F.game("geo", 5, of: 10, at: F.utcDate(days: 0, hour: 20))).streakToAnnounce == nil)
        #expect(
            MilestoneBaseline(timeZone: F.utc).milestones(of: review).streak
                == Milestones.StreakProgress(before: 0, after: 1, isFirstGameOfDay: true))
    }

    /// A summary in the file's layout (days counted from 2001, a best
    /// without a total for a quiz without scores) reads as the baseline of
    /// its games; without the rule its bests were picked by, it is not read.
    @Test func aSummaryOfEarlierVersionsStaysRight() throws {
        let games = [
            F.game("geo", 6, of: 10, at: F.utcDate(days: -3, hour: 12)),
            F.game("geo", 7, of: 10, at: F.utcDate(days: -2, hour: 23)),
            Session(date: F.utcDate(days: 0, hour: 1), score: 9),
        ]
        func day(_ date: Date) -> Int { Int((date.timeIntervalSinceReferenceDate / 86_400).rounded(.down)) }
        let json = """
            {"timeZone":"\(F.utc.identifier)",
             "bests":{"geo":{"score":7,"total":10,"time":\(games[1].date.timeIntervalSinceReferenceDate)},
                      "":{"score":9,"time":\(games[2].date.timeIntervalSinceReferenceDate)}},
             "dayRuns":[[\(day(games[0].date)),\(day(games[1].date))],[\(day(games[2].date)),\(day(games[2].date))]]}
            """
        let summary = try #require(HistorySummary.read(Data(json.utf8)))
        #expect(summary == (try JSONDecoder().decode(HistorySummary.self, from: Data(json.utf8))))
        #expect(summary.baseline(in: F.utc) == MilestoneBaseline(sessions: games, timeZone: F.utc))
    }

    /// The store reads `history.summary` with `JSONParser`, not `JSONDecoder`:
    /// whatever the bytes, it never reads a value `JSONDecoder` would read
    /// differently, integers to the last digit included; and it reads what the store writes.
    @Test func theSummaryReaderAgreesWithJSONDecoder() throws {
        var random = SeededGenerator(seed: 41)
        let texts = [
            #"{"bestRule":2,"archiveSize":24911154,"archiveModified":1796045468.9084842,"journalSequence":18446744073709551615,"#
                + #""timeZone":"Europe\/Paris","bests":{"a":{"score":9223372036854775807,"total":-9223372036854775808,"#
                + #""time":660106192.0172135,"title":"Caf\u00e9 \"x\""},"":{"score":0,"time":0,"total":null},"#
                + #""b":{"score":3,"time":1e3,"title":null}},"dayRuns":[[-3,-1],[4,4],[]],"extra":[1,{"x":2}]}"#,
            #"{"bestRule":2,"archiveSize":1,"archiveModified":2,"journalSequence":3,"timeZone":"UTC","bests":{},"dayRuns":[]}"#,
        ]
        let alphabet = Array(#"0123456789-.eE+"{}[],: abnulx"#.utf8)
        var agreed = 0
        for text in texts {
            let exact = try #require(HistorySummary.read(Data(text.utf8)))
            #expect(exact == (try JSONDecoder().decode(HistorySummary.self, from: Data(text.utf8))))
            for _ in 0..<3_000 {
                var bytes = Array(text.utf8)
                for _ in 0...Int(random.next() % 3) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 3 {
                    case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                    case 1: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                    default: bytes.remove(at: at)
                    }
                }
                guard let read = HistorySummary.read(Data(bytes)) else { continue }
                if let decoded = try? JSONDecoder().decode(HistorySummary.self, from: Data(bytes)) {
                    #expect(read == decoded, "\(String(decoding: bytes, as: UTF8.self))")
                    agreed += 1
                }
            }
        }
        #expect(agreed > 200)
        // Too large for an Int, or not whole: not read (and so rebuilt).
        for number in ["9223372036854775808", "-9223372036854775809", "1.0", "1e2", "1E2"] {
            let text =
                #"{"timeZone":"UTC","bests":{"a":{"score":"# + number + #","time":0}},"dayRuns":[]}"#
            #expect(HistorySummary.read(Data(text.utf8)) == nil, "\(number)")
        }
    }

    /// The summary's JSON, written by bytes, carries odd texts and times
    /// exactly, and reads the same with `JSONDecoder`.
    @Test func theSummaryJSONCarriesOddTextsExactly() throws {
        let odd = ["a\"b\\c", "tab\there\n\u{1}\u{1F}\u{7F}", "é ✓ 🎉", ""]
        let sessions = odd.enumerated().map { n, text in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 700_000_000.123456 + Double(n) * 90_000), score: n + 1,
                total: 9, quiz: text.isEmpty ? nil : text, title: text)
        }
        let summary = HistorySummary(baseline: MilestoneBaseline(sessions: sessions, timeZone: F.utc))
        #expect(summary.bests.count == 4)
        let data = summary.json()
        #expect(HistorySummary.read(data) == summary)
        #expect(try JSONDecoder().decode(HistorySummary.self, from: data) == summary)
    }
}
