import Foundation

/// A friend's daily card found in pasted text: any of the card's forms
/// (emoji, colour-blind, ASCII squares, or `--text`'s sentence), with chat
/// text around it and a chat's prefix (`> `, `Alice: `) before its lines.
public enum DailyCardReader {
    /// The first daily card in `text`; nil when there is none whole (its
    /// number and date, a square or word for every question agreeing with
    /// its score, and its fingerprint).
    public static func read(_ text: String) -> DailyCard? {
        let lower = text.lowercased()
        guard let start = lower.firstMatch(of: /quiz daily #([0-9]{1,9})/) else { return nil }
        let rest = lower[start.range.upperBound...]
        guard let number = Int(start.output.1),
            let date = rest.firstMatch(of: /([0-9]{4}-[0-9]{2}-[0-9]{2})/),
            let day = DailyDay(iso: String(date.output.1)), day.number == number,
            let fingerprint = rest.firstMatch(of: /fp ([0-9a-f]{8})/)
        else { return nil }
        let practice = rest.prefix(while: { $0 != "\n" }).contains("practice")
        let marks: [DailyCard.Mark]
        let score: Int
        let total: Int
        if let sentence = rest.firstMatch(of: /^[^\n]*?, ([0-9]+) of ([0-9]+): ([a-z' ,]+)\./) {
            guard let right = Int(sentence.output.1), let count = Int(sentence.output.2) else { return nil }
            (score, total) = (right, count)
            var read: [DailyCard.Mark] = []
            for word in sentence.output.3.split(separator: ",") {
                let word = word.trimmingCharacters(in: .whitespaces)
                guard let mark = Self.words[word] else { return nil }
                read.append(mark)
            }
            marks = read
        } else {
            guard let fraction = rest.firstMatch(of: /([0-9]+)\/([0-9]+)/),
                let right = Int(fraction.output.1), let count = Int(fraction.output.2)
            else { return nil }
            (score, total) = (right, count)
            marks = squares(in: text[text.index(start.range.upperBound, offsetBy: 0)...])
        }
        guard !marks.isEmpty, marks.count == total, marks.count(where: { $0.isRight }) == score else { return nil }
        var duration: TimeInterval?
        if let clock = rest.firstMatch(of: /(?:⏱|\*) ([0-9]+):([0-9]{2})(?::([0-9]{2}))?/) {
            let parts = [clock.output.1, clock.output.2, clock.output.3 ?? ""].compactMap { Int($0) }
            duration = TimeInterval(parts.reduce(0) { $0 * 60 + $1 })
        } else if let words = rest.firstMatch(
            of: /\. ((?:[0-9]+ hours? ?)?(?:[0-9]+ minutes? ?)?(?:[0-9]+ seconds?)?)\./)
        {
            var seconds = 0
            for match in words.output.1.matches(of: /([0-9]+) (hour|minute|second)/) {
                let unit = match.output.2 == "hour" ? 3600 : match.output.2 == "minute" ? 60 : 1
                seconds += (Int(match.output.1) ?? 0) * unit
            }
            if !words.output.1.isEmpty { duration = TimeInterval(seconds) }
        }
        let times = rest.firstMatch(of: /ghost ([0-9a-z]+)/).flatMap { GhostCode.decode(String($0.output.1)) }
        return DailyCard(
            day: day, score: score, marks: marks, duration: duration, fingerprint: String(fingerprint.output.1),
            practice: practice, times: times?.count == marks.count ? times : nil)
    }

    static let words: [String: DailyCard.Mark] = [
        "right": .right, "wrong": .wrong, "skipped": .skipped, "right by the player's word": .counted,
    ]

    /// The squares of the lines after the headline: each line whose last
    /// word is all squares (a chat's prefix before it is left), up to the
    /// first line that is not, once one was.
    static func squares(in text: Substring) -> [DailyCard.Mark] {
        var marks: [DailyCard.Mark] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            guard let word = line.split(separator: " ").last,
                let read = Optional(word.compactMap { Self.square[$0] }), read.count == word.count
            else {
                if marks.isEmpty { continue } else { break }
            }
            marks += read
        }
        return marks
    }

    static let square: [Character: DailyCard.Mark] = [
        "🟩": .right, "🟧": .right, "#": .right, "🟥": .wrong, "🟦": .wrong, "x": .wrong, "X": .wrong, "⬜": .skipped,
        "-": .skipped, "🟨": .counted, "!": .counted,
    ]
}
