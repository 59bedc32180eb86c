import Foundation
internal import QuizFormats

/// The text form of `history.schedule`, quick to read back (a line per
/// question, no JSON decoder):
///
///     quiz-schedule 2 CRC
///     stamp SIZE MTIME SIZE MTIME …
///     settings W0 … W20 RETENTION MAXIMUM
///     games N
///     times KIND T1 T2 …
///     day DAY DUE RIGHT
///     card STABILITY DIFFICULTY LAST DUE REPS LAPSES FIRST<TAB>IDENTITY<TAB>QUIZ<TAB>PROMPT
///
/// CRC is the CRC-32 (hexadecimal) of every byte after the first line, so
/// damage that still parses (a digit changed) is found too. `day` lines are `ReviewSchedule.dueDays` (a UTC day as days since 2001,
/// the due reviews and the right ones). Dates are seconds since 2001 (Foundation's reference date), numbers as
/// Swift prints them (they read back exactly); a tab, line break or
/// backslash in the texts is escaped (`\t`, `\n`, `\r`, `\\`). Anything
/// that does not parse makes the whole file unreadable, and it is rebuilt.
enum ScheduleText {
    struct Contents {
        var stamp: [Double]
        var parameters: [Double]
        var schedule: ReviewSchedule
    }

    static let magic = "quiz-schedule 2"

    static func encode(_ contents: Contents) -> Data {
        var out = "stamp " + contents.stamp.map { "\($0)" }.joined(separator: " ") + "\n"
        out += "settings " + contents.parameters.map { "\($0)" }.joined(separator: " ") + "\n"
        out += "games \(contents.schedule.games)\n"
        for (kind, times) in contents.schedule.recentTimes.sorted(by: { $0.key < $1.key }) {
            out += "times " + ([escape(kind)] + times.map { "\($0)" }).joined(separator: " ") + "\n"
        }
        for (day, count) in contents.schedule.dueDays.sorted(by: { $0.key < $1.key }) {
            out += "day \(day) \(count.due) \(count.right)\n"
        }
        for (identity, card) in contents.schedule.cards.sorted(by: { $0.key < $1.key }) {
            let numbers = [
                "\(card.stability)", "\(card.difficulty)", "\(card.lastReview.timeIntervalSinceReferenceDate)",
                "\(card.due.timeIntervalSinceReferenceDate)", "\(card.reps)", "\(card.lapses)",
                "\(card.firstSeen.timeIntervalSinceReferenceDate)",
            ]
            out +=
                "card " + numbers.joined(separator: " ") + "\t" + escape(identity) + "\t" + escape(card.quiz) + "\t"
                + escape(card.prompt) + "\n"
        }
        let body = Data(out.utf8)
        let check = body.withUnsafeBytes { CRC32.checksum($0) }
        return Data((magic + " " + String(check, radix: 16) + "\n").utf8) + body
    }

    /// Reads the file by bytes (splitting a long text into characters
    /// costs more than everything else together).
    static func decode(_ data: Data) -> Contents? {
        let bytes = [UInt8](data)
        guard let end = bytes.firstIndex(of: newline) else { return nil }
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        guard header.hasPrefix(magic + " "), let check = UInt32(header.dropFirst(magic.count + 1), radix: 16),
            check == bytes[(end + 1)...].withUnsafeBytes({ CRC32.checksum($0) })
        else { return nil }
        var lines = bytes[...].split(separator: newline, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        var stamp: [Double]?
        var parameters: [Double]?
        var games: Int?
        var times: [String: [Double]] = [:]
        var cards: [String: ReviewSchedule.Card] = [:]
        var days: [Int: ReviewSchedule.DayCount] = [:]
        cards.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: self.space) else { return nil }
            let name = line[..<space]
            let rest = line[(space + 1)...]
            if name.elementsEqual("card".utf8) {
                let fields = rest.split(separator: tab, omittingEmptySubsequences: false)
                guard fields.count == 4, let values = numbers(fields[0]), values.count == 7,
                    let reps = Int(exactly: values[4]), let lapses = Int(exactly: values[5])
                else { return nil }
                cards[text(fields[1])] = ReviewSchedule.Card(
                    stability: values[0], difficulty: values[1],
                    lastReview: Date(timeIntervalSinceReferenceDate: values[2]),
                    due: Date(timeIntervalSinceReferenceDate: values[3]), reps: reps, lapses: lapses,
                    firstSeen: Date(timeIntervalSinceReferenceDate: values[6]), quiz: text(fields[2]),
                    prompt: text(fields[3]))
            } else if name.elementsEqual("stamp".utf8) {
                stamp = numbers(rest)
            } else if name.elementsEqual("settings".utf8) {
                parameters = numbers(rest)
            } else if name.elementsEqual("games".utf8) {
                games = Int(String(decoding: rest, as: UTF8.self))
            } else if name.elementsEqual("day".utf8) {
                guard let values = numbers(rest), values.count == 3, let day = Int(exactly: values[0]),
                    let due = Int(exactly: values[1]), let right = Int(exactly: values[2]), right >= 0, right <= due,
                    days[day] == nil
                else { return nil }
                days[day] = ReviewSchedule.DayCount(due: due, right: right)
            } else if name.elementsEqual("times".utf8) {
                guard let cut = rest.firstIndex(of: self.space), let values = numbers(rest[(cut + 1)...]) else {
                    return nil
                }
                times[text(rest[..<cut])] = values
            } else {
                return nil
            }
        }
        guard let stamp, let parameters, let games else { return nil }
        return Contents(
            stamp: stamp, parameters: parameters,
            schedule: ReviewSchedule(cards: cards, recentTimes: times, games: games, dueDays: days))
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// Space-separated numbers, every one finite; nil otherwise.
    private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Double]? {
        var values: [Double] = []
        for word in bytes.split(separator: space) {
            guard let value = Double(String(decoding: word, as: UTF8.self)), value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// A text field, unescaped; nil never (invalid UTF-8 is replaced, as it was never written).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        let string = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "\\")) ? unescape(Substring(string)) : string
    }

    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
