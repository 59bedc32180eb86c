import Foundation
internal import QuizFormats

/// One day's daily quiz: its number (`#1` is 2026-12-01) and its date.
/// Numbers are counted in calendar dates (`CalendarDay`), never in steps of
/// 86,400 seconds, so a change of daylight saving neither skips nor repeats one.
public struct DailyDay: Sendable, Hashable, Comparable {
    /// The daily's number: 1 on `DailyQuiz.firstDate`, one more each calendar day.
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The daily of the calendar day on which `date` falls in `timeZone`
    /// (local midnight starts the next one).
    public init(at date: Date, timeZone: TimeZone) {
        self.init(CalendarDay(date, in: CalendarDay.calendar(in: timeZone)))
    }

    init(_ day: CalendarDay) { number = day.number - DailyQuiz.first.number + 1 }

    /// The daily of a date written `yyyy-MM-dd`; nil when it is no such date.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
            day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] else { return nil }
        self.init(CalendarDay(year: year, month: month, day: day))
    }

    var calendarDay: CalendarDay { CalendarDay(number: DailyQuiz.first.number + number - 1) }

    /// `yyyy-MM-dd`.
    public var iso: String { calendarDay.iso }

    public static func < (a: DailyDay, b: DailyDay) -> Bool { a.number < b.number }
}

/// The daily quiz: the same ten questions for everyone on a calendar day,
/// drawn from the bundled library only, by a rule of the date and the
/// questions' identities alone (README, "The daily quiz"):
///
/// 1. The candidates are the bundled questions whose `"added"` date is not
///    after the day (a question without one has been there from the start).
/// 2. Each is ranked by a 64-bit FNV-1a hash of `yyyy-MM-dd`, a line feed
///    and its `QuestionIdentity`, smallest first.
/// 3. Down the ranking, a question is taken when its quiz has none yet and
///    its difficulty's share is not full (3 easy, 4 medium or unmarked,
///    3 hard); then, for places still empty, one per quiz whatever the
///    difficulty; then any.
/// 4. They are asked easy first, then medium, then hard, each by rank.
///
/// A question added later ranks only from its `"added"` day on, so a bank
/// gaining questions leaves past days' quizzes as they were.
public enum DailyQuiz {
    public static let questionCount = 10
    /// Daily #1's date.
    public static let firstDate = "2026-12-01"
    static let first = CalendarDay(year: 2026, month: 12, day: 1)
    /// How many questions of each difficulty a daily asks first.
    static let shares: [Difficulty: Int] = [.easy: 3, .medium: 4, .hard: 3]

    /// The quiz id a daily's bank has while it is played (never recorded:
    /// a daily is recorded with its number in `Session.daily`).
    public static let bankID = "daily"

    /// The questions of `day`'s daily from `banks` (the bundled library),
    /// in the order asked, each carrying its identity in its own bank.
    public static func questions(on day: DailyDay, from banks: [QuestionBank]) -> [Question] {
        struct Candidate {
            var question: Question
            var bank: String
            var rank: UInt64
            var level: Difficulty { question.difficulty ?? .medium }
        }
        var candidates: [Candidate] = []
        let prefix = day.iso + "\n"
        for bank in banks.sorted(by: { $0.id < $1.id }) {
            for var question in bank.questions {
                if let added = question.added, let from = DailyDay(iso: added), from > day { continue }
                let identity = QuestionIdentity.of(question, bank: bank.id)
                question.identity = identity
                candidates.append(Candidate(question: question, bank: bank.id, rank: rank(prefix + identity)))
            }
        }
        candidates.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.question.identity! < $1.question.identity! }
        var chosen: [Candidate] = []
        var taken = Set<String>()
        var banksTaken = Set<String>()
        var left = shares
        for pass in 0..<3 {
            for candidate in candidates where chosen.count < questionCount {
                let identity = candidate.question.identity!
                guard !taken.contains(identity) else { continue }
                if pass < 2 && banksTaken.contains(candidate.bank) { continue }
                if pass == 0 && left[candidate.level, default: 0] == 0 { continue }
                left[candidate.level, default: 0] -= 1
                taken.insert(identity)
                banksTaken.insert(candidate.bank)
                chosen.append(candidate)
            }
        }
        let order: [Difficulty: Int] = [.easy: 0, .medium: 1, .hard: 2]
        return chosen.enumerated()
            .sorted { a, b in
                let (x, y) = (order[a.element.level]!, order[b.element.level]!)
                return x != y ? x < y : a.offset < b.offset
            }
            .map(\.element.question)
    }

    /// The bank a daily is played from.
    public static func bank(on day: DailyDay, questions: [Question]) -> QuestionBank {
        QuestionBank(id: bankID, title: title(day), questions: questions, path: bankID)
    }

    /// `Daily #12`.
    public static func title(_ day: DailyDay) -> String { "Daily #\(day.number)" }

    /// A short fingerprint of a daily's questions, in the order asked: the
    /// CRC-32 of their identities, one a line, as 8 hex digits. Two cards
    /// with one fingerprint were dealt the same questions.
    public static func fingerprint(_ identities: [String]) -> String {
        let bytes = Array(identities.joined(separator: "\n").utf8)
        let value = bytes.withUnsafeBytes { CRC32.checksum($0) }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// 64-bit FNV-1a of `text`'s UTF-8, mixed once more (SplitMix64's
    /// finaliser) so that dates a day apart rank questions unalike.
    static func rank(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }
}
