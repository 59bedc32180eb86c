import Foundation

/// `history.summary`: what the end of a game needs to know about every game
/// before it (each quiz's best, the days played) for the "new best" and
/// "daily streak" lines, so a game at 100,000 games need not read them all.
/// It is rewritten with the archive, and names the archive it describes by
/// size and modification time; any mismatch (the archive replaced, a
/// different time zone) and the store reads the archive instead.
struct HistorySummary: Codable, Equatable {
    struct Best: Codable, Equatable {
        var score: Int
        var total: Int?
        var time: Double
        var title: String?
    }

    var archiveSize: Int
    var archiveModified: Double
    var journalSequence: UInt64
    var timeZone: String
    /// Each quiz's best game; the key "" stands for games without a quiz id.
    var bests: [String: Best]
    /// The local days (days since 2001-01-01 in `timeZone`) with a game, as
    /// runs of consecutive days `[first, last]`, oldest first.
    var dayRuns: [[Int]]

    init(sessions: [Session], archiveSize: Int, archiveModified: Double, journalSequence: UInt64, timeZone: TimeZone) {
        self.archiveSize = archiveSize
        self.archiveModified = archiveModified
        self.journalSequence = journalSequence
        self.timeZone = timeZone.identifier
        var bests: [String: Best] = [:]
        var days = Set<Int>()
        for session in sessions {
            days.insert(Self.day(of: session.date, in: timeZone))
            let key = session.quiz ?? ""
            if let fraction = session.fraction {
                let current = bests[key].flatMap { best in best.total.map { Double(best.score) / Double(max($0, 1)) } }
                if current == nil || fraction > current! {
                    bests[key] = Best(
                        score: session.score, total: session.total, time: session.date.timeIntervalSinceReferenceDate,
                        title: session.title)
                }
            } else if bests[key] == nil {
                bests[key] = Best(
                    score: session.score, total: nil, time: session.date.timeIntervalSinceReferenceDate,
                    title: session.title)
            }
        }
        self.bests = bests
        var runs: [[Int]] = []
        for day in days.sorted() {
            if let last = runs.last, last[1] == day - 1 {
                runs[runs.count - 1][1] = day
            } else {
                runs.append([day, day])
            }
        }
        dayRuns = runs
    }

    static func day(of date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSinceReferenceDate + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86400).rounded(.down))
    }

    /// The widest range of day numbers a summary may name: 2001 plus or minus
    /// about 3,000 years (the journal and the archive refuse dates further
    /// out than 1e11 seconds, some 1.16 million days).
    static let dayBound = 1_200_000
    /// The longest run of days a summary may name, about 300 years: the
    /// last run becomes one stand-in game per day.
    static let longestRun = 110_000

    /// Whether every value is one this type could have written: each run
    /// `[first, last]` with first <= last, no longer than `longestRun`, day
    /// numbers within `dayBound`, runs sorted and apart; each best with a
    /// finite time of a date the history accepts; a known time zone. The
    /// store rebuilds a summary that is not (it is never trusted to be).
    var isWellFormed: Bool {
        guard archiveSize >= 0, archiveModified.isFinite, TimeZone(identifier: timeZone) != nil else { return false }
        var previous: Int?
        for run in dayRuns {
            guard run.count == 2, abs(run[0]) <= Self.dayBound, abs(run[1]) <= Self.dayBound, run[0] <= run[1],
                run[1] - run[0] < Self.longestRun
            else { return false }
            if let previous, run[0] <= previous + 1 { return false }
            previous = run[1]
        }
        for best in bests.values {
            guard best.time.isFinite, abs(best.time) < 1e11, best.total.map({ $0 >= 0 }) ?? true else { return false }
        }
        return true
    }

    /// Sessions that stand in for the history in `Milestones`: each quiz's
    /// best, and one game at noon of each day of the last run of days played
    /// (with a quiz id of no quiz, so it counts for the streak and never as a
    /// best). Earlier runs cannot change the current streak, which is all the
    /// end of a game shows.
    func standIns() -> [Session] {
        var sessions = bests.map { quiz, best in
            Session(
                date: Date(timeIntervalSinceReferenceDate: best.time), score: best.score, total: best.total,
                quiz: quiz.isEmpty ? nil : quiz, title: best.title)
        }
        guard let zone = TimeZone(identifier: timeZone) else { return sessions }
        guard isWellFormed, let run = dayRuns.last else { return sessions }
        for day in run[0]...run[1] {
            let noon = Double(day) * 86400 + 43200
            let date = Date(timeIntervalSinceReferenceDate: noon - Double(zone.secondsFromGMT()))
            sessions.append(Session(date: date, score: 0, quiz: "\u{0}day"))
        }
        return sessions
    }
}
