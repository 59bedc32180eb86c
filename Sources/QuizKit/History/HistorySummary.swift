import Foundation

/// `history.summary`: the `MilestoneBaseline` of every game in the archive
/// (each quiz's best, the days played), so the end of a game at 100,000 games
/// need not read them all. It is rewritten with the archive, and names the
/// archive it describes by size and modification time; any mismatch (the
/// archive replaced, a different time zone) and the store reads the archive
/// instead.
///
/// The file keeps the layout the first summaries had, so those stay right:
/// days are numbered from 2001-01-01 on disk, from 1970-01-01 (`CalendarDay`)
/// everywhere else, converted here only (`dayOffset`); a quiz's key "" stands
/// for games without a quiz id (so a quiz id "" is the same quiz as none);
/// a quiz whose games have no known fraction has a best without a total.
struct HistorySummary: Codable, Equatable {
    /// The largest file read (`FileContents.bounded`): the summary holds a
    /// few numbers per quiz and per run of days, about 45 KB at 100,000
    /// games (BENCHMARKS.md), so 64 MiB leaves a thousandfold room; anything
    /// larger is not one quiz wrote, and is ignored (the archive read instead).
    static let maximumSize = 64 << 20

    struct Best: Codable, Equatable {
        var score: Int
        var total: Int?
        /// The game's date, in seconds since 2001-01-01 UTC.
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

    /// Days from 1970-01-01 (`CalendarDay` 0) to 2001-01-01 (day 0 on disk).
    static let dayOffset = 11_323

    init(baseline: MilestoneBaseline, archiveSize: Int, archiveModified: Double, journalSequence: UInt64) {
        self.archiveSize = archiveSize
        self.archiveModified = archiveModified
        self.journalSequence = journalSequence
        timeZone = baseline.timeZone.identifier
        var bests: [String: Best] = [:]
        for (quiz, played) in baseline.quizzes {
            bests[quiz ?? ""] =
                played.best.map { best in
                    Best(
                        score: best.score, total: best.total, time: best.date.timeIntervalSinceReferenceDate,
                        title: best.title)
                } ?? Best(score: 0, total: nil, time: 0, title: nil)
        }
        self.bests = bests
        dayRuns = baseline.dayRuns.map { [$0.lowerBound - Self.dayOffset, $0.upperBound - Self.dayOffset] }
    }

    /// The baseline this summary holds, for `timeZone` (nil when the summary
    /// was written for another zone, or is not well formed).
    func baseline(in timeZone: TimeZone) -> MilestoneBaseline? {
        guard isWellFormed, timeZone.identifier == self.timeZone else { return nil }
        var quizzes: [String?: MilestoneBaseline.Quiz] = [:]
        for (key, best) in bests {
            let scored = MilestoneBaseline.scored(best.score, best.total).map { scored in
                MilestoneBaseline.Best(
                    score: scored.score, total: scored.total, date: Date(timeIntervalSinceReferenceDate: best.time),
                    title: best.title)
            }
            quizzes[key.isEmpty ? nil : key] = MilestoneBaseline.Quiz(best: scored)
        }
        let runs = dayRuns.map { ($0[0] + Self.dayOffset)...($0[1] + Self.dayOffset) }
        return MilestoneBaseline(timeZone: timeZone, quizzes: quizzes, dayRuns: runs)
    }

    /// The widest range of day numbers a summary may name: 2001 plus or minus
    /// about 3,000 years (the journal and the archive refuse dates further
    /// out than 1e11 seconds, some 1.16 million days).
    static let dayBound = 1_200_000
    /// The longest run of days a summary may name, about 300 years; a
    /// summary with a longer one is rebuilt, as any other odd value is.
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
}
