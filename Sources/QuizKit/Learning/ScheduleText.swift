import Foundation

/// The text form of `history.schedule`, quick to read back (a line per
/// question, no JSON decoder):
///
///     quiz-schedule 1
///     stamp SIZE MTIME SIZE MTIME SIZE MTIME
///     settings W0 … W20 RETENTION MAXIMUM
///     games N
///     times KIND T1 T2 …
///     card STABILITY DIFFICULTY LAST DUE REPS LAPSES FIRST<TAB>IDENTITY<TAB>QUIZ<TAB>PROMPT
///
/// Dates are seconds since 2001 (Foundation's reference date), numbers as
/// Swift prints them (they read back exactly); a tab, line break or
/// backslash in the texts is escaped (`\t`, `\n`, `\r`, `\\`). Anything
/// that does not parse makes the whole file unreadable, and it is rebuilt.
enum ScheduleText {
    struct Contents {
        var stamp: [Double]
        var parameters: [Double]
        var schedule: ReviewSchedule
    }

    static let magic = "quiz-schedule 1"

    static func encode(_ contents: Contents) -> Data {
        var out = magic + "\n"
        out += "stamp " + contents.stamp.map { "\($0)" }.joined(separator: " ") + "\n"
        out += "settings " + contents.parameters.map { "\($0)" }.joined(separator: " ") + "\n"
        out += "games \(contents.schedule.games)\n"
        for (kind, times) in contents.schedule.recentTimes.sorted(by: { $0.key < $1.key }) {
            out += "times " + ([escape(kind)] + times.map { "\($0)" }).joined(separator: " ") + "\n"
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
        return Data(out.utf8)
    }

    static func decode(_ data: Data) -> Contents? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(magic), lines.last == "" else { return nil }
        lines.removeLast()
        var stamp: [Double]?
        var parameters: [Double]?
        var games: Int?
        var times: [String: [Double]] = [:]
        var cards: [String: ReviewSchedule.Card] = [:]
        cards.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let rest = line[line.index(after: space)...]
            switch line[..<space] {
            case "stamp": stamp = numbers(rest)
            case "settings": parameters = numbers(rest)
            case "games": games = Int(rest)
            case "times":
                let words = rest.split(separator: " ")
                guard let kind = words.first, let values = numbers(rest.dropFirst(kind.count)) else { return nil }
                times[unescape(kind)] = values
            case "card":
                let fields = rest.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 4, let values = numbers(fields[0]), values.count == 7,
                    let reps = Int(exactly: values[4]), let lapses = Int(exactly: values[5])
                else { return nil }
                cards[unescape(fields[1])] = ReviewSchedule.Card(
                    stability: values[0], difficulty: values[1],
                    lastReview: Date(timeIntervalSinceReferenceDate: values[2]),
                    due: Date(timeIntervalSinceReferenceDate: values[3]), reps: reps, lapses: lapses,
                    firstSeen: Date(timeIntervalSinceReferenceDate: values[6]), quiz: unescape(fields[2]),
                    prompt: unescape(fields[3]))
            default: return nil
            }
        }
        guard let stamp, let parameters, let games else { return nil }
        return Contents(
            stamp: stamp, parameters: parameters,
            schedule: ReviewSchedule(cards: cards, recentTimes: times, games: games))
    }

    /// Space-separated numbers, every one finite; nil otherwise.
    private static func numbers(_ text: Substring) -> [Double]? {
        var values: [Double] = []
        for word in text.split(separator: " ") {
            guard let value = Double(word), value.isFinite else { return nil }
            values.append(value)
        }
        return values
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
