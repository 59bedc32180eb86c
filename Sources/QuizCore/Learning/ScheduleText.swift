import Foundation

/// The text form of `history.schedule`'s payload (after the first line every
/// derived file has, with its CRC-32, stamp and settings: `DerivedFile` in
/// QuizStore), quick to read back (a line per question, no JSON decoder):
///
///     games N
///     latest SECONDS FIELDS
///     times KIND T1 T2 …
///     day DAY DUE RIGHT
///     alias FINGERPRINT-IDENTITY<TAB>IDENTITY
///     card STABILITY DIFFICULTY LAST DUE REPS LAPSES FIRST<TAB>IDENTITY<TAB>QUIZ<TAB>PROMPT
///
/// `day` lines are `ReviewSchedule.dueDays` (a UTC day as days since 2001,
/// the due reviews and the right ones); `latest` is `ReviewSchedule.latest`
/// (the date and the fields' CRC-32 of the latest game applied, none
/// without a game); `alias` lines are `ReviewSchedule.aliased`. Dates are seconds since 2001 (Foundation's reference date), numbers as
/// Swift prints them (they read back exactly); a tab, line break or
/// backslash in the texts is escaped (`\t`, `\n`, `\r`, `\\`). Anything
/// that does not parse makes the whole file unreadable, and it is rebuilt.
package enum ScheduleText {
    /// The file's version: bumped when the text or what it means changes, so
    /// old files are rebuilt.
    /// 3: `alias` lines (a file of 2 is made again, once: it may have counted through aliases gone since).
    /// 4: reviews timed to the second (`ReviewSchedule.reviewTime`).
    /// 5: a daily's answers count for their own quizzes' cards (a file of 4
    /// written by an older quiz put them under no quiz).
    /// 6: games applied by date (`ReviewSchedule.Order`), the latest named:
    /// a file of 5 applied them as recorded.
    package static let version = 6

    /// The settings a schedule is made with (the scheduler's parameters, its
    /// retention and longest interval), as the file names them.
    package static func settings(_ scheduler: FSRS) -> String {
        (scheduler.parameters + [scheduler.desiredRetention, Double(scheduler.maximumInterval)])
            .map(\.description).joined(separator: " ")
    }

    package static func encode(_ schedule: ReviewSchedule) -> Data {
        // Bytes appended to one buffer: a `String` built piece by piece, and
        // `Character`s looked at for escapes, cost most of a game's recording.
        var out: [UInt8] = []
        out.reserveCapacity(256 + schedule.cards.count * 160)
        func word(_ text: String) { out.append(contentsOf: text.utf8) }
        func number(_ value: Double) {
            out.append(space)
            out.append(contentsOf: value.description.utf8)
        }
        word("games \(schedule.games)\n")
        if let latest = schedule.latest {
            word("latest")
            number(latest.seconds)
            word(" \(latest.fields)\n")
        }
        for (kind, times) in schedule.recentTimes.sorted(by: { $0.key < $1.key }) {
            word("times ")
            escape(kind, into: &out)
            for value in times { number(value) }
            out.append(newline)
        }
        for (day, count) in schedule.dueDays.sorted(by: { $0.key < $1.key }) {
            word("day \(day) \(count.due) \(count.right)\n")
        }
        for (from, to) in schedule.aliased.sorted(by: { $0.key < $1.key }) {
            word("alias ")
            escape(from, into: &out)
            out.append(tab)
            escape(to, into: &out)
            out.append(newline)
        }
        for (identity, card) in schedule.cards.sorted(by: { $0.key < $1.key }) {
            word("card")
            number(card.stability)
            number(card.difficulty)
            number(card.lastReview.timeIntervalSinceReferenceDate)
            number(card.due.timeIntervalSinceReferenceDate)
            word(" \(card.reps) \(card.lapses)")
            number(card.firstSeen.timeIntervalSinceReferenceDate)
            for text in [identity, card.quiz, card.prompt] {
                out.append(tab)
                escape(text, into: &out)
            }
            out.append(newline)
        }
        return Data(out)
    }

    /// Reads the file by bytes, in place (splitting it into lines, words or
    /// characters, or a `String` per number, costs more than everything else together).
    package static func decode(_ data: Data) -> ReviewSchedule? {
        var cards: [String: ReviewSchedule.Card] = [:]
        guard
            let header = walk(
                data,
                reserving: { cards.reserveCapacity($0) },
                card: { line in
                    cards[line.identity] = ReviewSchedule.Card(
                        stability: line.values[0], difficulty: line.values[1],
                        lastReview: Date(timeIntervalSinceReferenceDate: line.values[2]),
                        due: Date(timeIntervalSinceReferenceDate: line.values[3]), reps: line.reps,
                        lapses: line.lapses, firstSeen: Date(timeIntervalSinceReferenceDate: line.values[6]),
                        quiz: line.text(line.quiz), prompt: line.text(line.prompt))
                })
        else { return nil }
        return ReviewSchedule(
            cards: cards, recentTimes: header.times, games: header.games, dueDays: header.days,
            aliased: header.aliased, latest: header.latest)
    }

    /// Every line but the cards', as read.
    package struct Header {
        var games: Int
        var times: [String: [Double]]
        var days: [Int: ReviewSchedule.DayCount]
        package var aliased: [String: String]
        var latest: ReviewSchedule.Order?
    }

    /// A card's line, read: its numbers, its identity, and where its other texts are.
    package struct CardLine {
        /// STABILITY DIFFICULTY LAST DUE REPS LAPSES FIRST.
        package var values: [Double]
        package var reps: Int
        var lapses: Int
        package var identity: String
        var quiz: Range<Int>
        var prompt: Range<Int>
        let body: UnsafeRawBufferPointer

        func text(_ range: Range<Int>) -> String { ScheduleText.text(body, range) }
        /// The bank it was last played from.
        package var quizText: String { text(quiz) }
    }

    /// Reads `data` (every line), handing each card's line
    /// to `card` as it is read (after `reserving` is told how many lines
    /// there are at most); the other lines when the whole file was read,
    /// nil when any of it is not as written. A caller that is given nil
    /// drops whatever `card` was told.
    package static func walk(_ data: Data, reserving: (Int) -> Void = { _ in }, card: (CardLine) -> Void) -> Header? {
        data.withUnsafeBytes { body in
            guard body.last == newline else { return nil }
            return CLocale.numbers { walk(body: body, reserving: reserving, card: card) }
        }
    }

    /// The lines after the first; each ends with a line break.
    private static func walk(body: UnsafeRawBufferPointer, reserving: (Int) -> Void, card: (CardLine) -> Void)
        -> Header?
    {
        var games: Int?
        var times: [String: [Double]] = [:]
        var days: [Int: ReviewSchedule.DayCount] = [:]
        var aliased: [String: String] = [:]
        var latest: ReviewSchedule.Order?
        // Room for every card at once, one a line (counted by `memchr`: a
        // guess by size made a table twice as large as needed).
        var lines = 0
        var from = 0
        while let stop = index(of: newline, in: body, from..<body.count) {
            lines += 1
            from = stop + 1
        }
        reserving(lines)
        days.reserveCapacity(ReviewSchedule.keptDays)
        var start = 0
        while start < body.count {
            guard let stop = index(of: newline, in: body, start..<body.count) else { return nil }
            let line = start..<stop
            start = stop + 1
            guard let space = index(of: space, in: body, line) else { return nil }
            let name = body[line.lowerBound..<space]
            let rest = (space + 1)..<line.upperBound
            if name.elementsEqual("card".utf8) {
                guard let first = index(of: tab, in: body, rest),
                    let second = index(of: tab, in: body, (first + 1)..<rest.upperBound),
                    let third = index(of: tab, in: body, (second + 1)..<rest.upperBound),
                    index(of: tab, in: body, (third + 1)..<rest.upperBound) == nil,
                    let values = numbers(body, rest.lowerBound..<first), values.count == 7,
                    let reps = Int(exactly: values[4]), let lapses = Int(exactly: values[5])
                else { return nil }
                card(
                    CardLine(
                        values: values, reps: reps, lapses: lapses, identity: text(body, (first + 1)..<second),
                        quiz: (second + 1)..<third, prompt: (third + 1)..<rest.upperBound, body: body))
            } else if name.elementsEqual("games".utf8) {
                games = Int(String(decoding: body[rest], as: UTF8.self))
            } else if name.elementsEqual("day".utf8) {
                guard let values = numbers(body, rest), values.count == 3, let day = Int(exactly: values[0]),
                    let due = Int(exactly: values[1]), let right = Int(exactly: values[2]), right >= 0, right <= due,
                    days[day] == nil
                else { return nil }
                days[day] = ReviewSchedule.DayCount(due: due, right: right)
            } else if name.elementsEqual("latest".utf8) {
                guard latest == nil, let cut = index(of: self.space, in: body, rest),
                    let values = numbers(body, rest.lowerBound..<cut), values.count == 1,
                    let fields = UInt32(String(decoding: body[(cut + 1)..<rest.upperBound], as: UTF8.self))
                else { return nil }
                latest = ReviewSchedule.Order(seconds: values[0], fields: fields)
            } else if name.elementsEqual("alias".utf8) {
                guard let cut = index(of: tab, in: body, rest),
                    index(of: tab, in: body, (cut + 1)..<rest.upperBound) == nil
                else { return nil }
                aliased[text(body, rest.lowerBound..<cut)] = text(body, (cut + 1)..<rest.upperBound)
            } else if name.elementsEqual("times".utf8) {
                guard let cut = index(of: self.space, in: body, rest),
                    let values = numbers(body, (cut + 1)..<rest.upperBound)
                else { return nil }
                times[text(body, rest.lowerBound..<cut)] = values
            } else {
                return nil
            }
        }
        guard let games else { return nil }
        return Header(games: games, times: times, days: days, aliased: aliased, latest: latest)
    }

    /// Where `byte` first is in `range` of `bytes` (`memchr`: the generic
    /// `firstIndex(of:)` on a slice of raw bytes was a seventh of decoding).
    private static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// The numbers of `range`, separated by spaces, every one finite; nil
    /// otherwise. Each is read where it is (`CLocale.number`): the byte after
    /// a range is always a space, a tab or the line's break, which ends it.
    private static func numbers(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Double]? {
        var values: [Double] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let stop = index(of: space, in: bytes, start..<range.upperBound) ?? range.upperBound
            if stop > start {  // (several spaces in a row part numbers as one does)
                guard let value = CLocale.number(bytes, start..<stop), value.isFinite else { return nil }
                values.append(value)
            }
            start = stop + 1
        }
        return values
    }

    /// A text field, unescaped; nil never (invalid UTF-8 is replaced, as it was never written).
    private static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        let string = String(decoding: bytes[range], as: UTF8.self)
        return index(of: UInt8(ascii: "\\"), in: bytes, range) != nil ? unescape(Substring(string)) : string
    }

    /// `text` with a tab, line break or backslash escaped, appended to `out`.
    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += [byte, byte]
            case tab: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case newline: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: out.append(byte)
            }
        }
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
