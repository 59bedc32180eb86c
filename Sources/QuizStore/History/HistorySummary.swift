import Foundation
import QuizCore
internal import QuizFormats

/// `history.summary`'s payload (a `DerivedFile` of kind `summary`): the
/// `MilestoneBaseline` of every game (each quiz's best, the days played), so
/// the end of a game at 100,000 games need not read them all.
///
/// The JSON keeps the layout the first summaries had: days are numbered from
/// 2001-01-01 on disk, from 1970-01-01 (`CalendarDay`) everywhere else,
/// converted here only (`dayOffset`); a quiz's key "" stands for games
/// without a quiz id (so a quiz id "" is the same quiz as none); a quiz whose
/// games have no known fraction has a best without a total.
struct HistorySummary: Codable, Equatable {
    struct Best: Codable, Equatable {
        var score: Int
        var total: Int?
        /// The game's date, in seconds since 2001-01-01 UTC.
        var time: Double
        var title: String?
    }

    /// The file's version (`DerivedFile`): 2 since the end of a game names
    /// the best `--stats` does (4/8 over an earlier 2/4); 3 since a daily
    /// (`Session.daily`) is no game of a quiz and has no best.
    static let version = 3
    var timeZone: String
    /// Each quiz's best game; the key "" stands for games without a quiz id.
    var bests: [String: Best]
    /// The local days (days since 2001-01-01 in `timeZone`) with a game, as
    /// runs of consecutive days `[first, last]`, oldest first.
    var dayRuns: [[Int]]

    /// Days from 1970-01-01 (`CalendarDay` 0) to 2001-01-01 (day 0 on disk).
    static let dayOffset = 11_323

    init(baseline: MilestoneBaseline) {
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

    /// The JSON of this summary, as `JSONEncoder` would write it (keys in
    /// another order, numbers as Swift prints them), built by bytes: the
    /// encoder's generic metadata, made at first use, weighs on recording a
    /// game as the decoder's did (CONTRIBUTING.md, "Measured choices in the code").
    func json() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + bests.count * 96 + dayRuns.count * 16)
        func word(_ text: String) { out.append(contentsOf: text.utf8) }
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0..<0x20:
                    word("\\u00")
                    word(String(byte >> 4, radix: 16) + String(byte & 15, radix: 16))
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        word("{\"timeZone\":")
        string(timeZone)
        word(",\"bests\":{")
        for (number, (key, best)) in bests.sorted(by: { $0.key < $1.key }).enumerated() {
            if number > 0 { word(",") }
            string(key)
            word(":{\"score\":\(best.score)")
            if let total = best.total { word(",\"total\":\(total)") }
            word(",\"time\":" + best.time.description)
            if let title = best.title {
                word(",\"title\":")
                string(title)
            }
            word("}")
        }
        word("},\"dayRuns\":[")
        for (number, run) in dayRuns.enumerated() {
            if number > 0 { word(",") }
            word("[" + run.map { "\($0)" }.joined(separator: ",") + "]")
        }
        word("]}")
        return Data(out)
    }

    /// The summary `data` holds: the JSON `json()` (or `JSONEncoder`) writes for this type,
    /// read with `JSONParser`, not `JSONDecoder` (whose generic metadata,
    /// made at first use, weighs on recording a game: CONTRIBUTING.md,
    /// "Measured choices in the code"). As `JSONDecoder` would: every key but `total` and `title`
    /// required, of its type (integers whole and in range, read from their
    /// digits, not through a `Double`), other keys ignored, of a key given
    /// twice the first; nil otherwise.
    /// Whether the values make sense is `isWellFormed`'s to say.
    static func read(_ data: Data) -> HistorySummary? {
        let bytes = [UInt8](data)
        guard let root = try? JSONParser.parse(bytes), let bests = root["bests"]?.members,
            let runs = root["dayRuns"]?.array, let timeZone = root["timeZone"]?.string
        else { return nil }
        var summary = HistorySummary(timeZone: timeZone)
        for member in bests {
            let best = member.value
            guard best.members != nil, let score = integer(best["score"], bytes), let time = number(best["time"])
            else { return nil }
            var total: Int?
            if let node = best["total"], !isNull(node) {
                guard let value = integer(node, bytes) else { return nil }
                total = value
            }
            var title: String?
            if let node = best["title"], !isNull(node) {
                guard let value = node.string else { return nil }
                title = value
            }
            // A key given twice: the first, as `JSONDecoder` has it.
            if summary.bests[member.key] == nil {
                summary.bests[member.key] = Best(score: score, total: total, time: time, title: title)
            }
        }
        for run in runs {
            guard let days = run.array else { return nil }
            var read: [Int] = []
            for day in days {
                guard let value = integer(day, bytes) else { return nil }
                read.append(value)
            }
            summary.dayRuns.append(read)
        }
        return summary
    }

    private init(timeZone: String) {
        self.timeZone = timeZone
        bests = [:]
        dayRuns = []
    }

    private static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    /// A JSON number.
    private static func number(_ node: JSONNode?) -> Double? {
        guard case .number(let value) = node?.value else { return nil }
        return value
    }

    /// A JSON number written as a whole number (digits, an optional minus,
    /// no fraction or exponent) that fits a `T`, read from its digits in `bytes`.
    private static func integer<T: FixedWidthInteger>(_ node: JSONNode?, _ bytes: [UInt8], as: T.Type = Int.self)
        -> T?
    {
        guard let node, case .number = node.value else { return nil }
        var index = node.offset
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowPlus else { return nil }
            magnitude = next
            index += 1
        }
        guard index > start else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            return nil
        }
        guard negative else { return T(exactly: magnitude) }
        guard T.isSigned else { return magnitude == 0 ? 0 : nil }
        if magnitude > 0 && magnitude - 1 == UInt64(exactly: T.max) { return T.min }
        return T(exactly: magnitude).map { 0 - $0 }
    }

    /// The baseline this summary holds, for `timeZone` (nil when the summary
    /// was written for another zone, or is not well formed).
    func baseline(in timeZone: TimeZone) -> MilestoneBaseline? {
        guard isWellFormed, LocalTimeZone.sameRules(self.timeZone, timeZone) else { return nil }
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
        guard LocalTimeZone.named(timeZone) != nil else { return false }
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

/// `history.summary` as a kind of derived file, for one time zone (its setting).
struct SummaryKind: DerivedKind {
    let file: DerivedFile
    let timeZone: TimeZone

    init(folder: String, timeZone: TimeZone) {
        file = DerivedFile(.summary, version: HistorySummary.version, folder: folder, settings: timeZone.identifier)
        self.timeZone = timeZone
    }

    var empty: MilestoneBaseline { MilestoneBaseline(timeZone: timeZone) }

    func decode(_ payload: Data) -> MilestoneBaseline? { HistorySummary.read(payload)?.baseline(in: timeZone) }

    func encode(_ value: MilestoneBaseline) -> Data? { HistorySummary(baseline: value).json() }

    func add(_ session: Session, to value: inout MilestoneBaseline) { value.add(session) }
}
