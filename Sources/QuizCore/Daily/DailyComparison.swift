import Foundation

/// Two cards of one daily side by side, question by question, and what a
/// ghost says after each answer.
public struct DailyComparison: Sendable {
    public let mine: DailyCard
    public let friend: DailyCard
    public let ascii: Bool

    public init(mine: DailyCard, friend: DailyCard, ascii: Bool) {
        self.mine = mine
        self.friend = friend
        self.ascii = ascii
    }

    /// ```
    /// Daily #12 (2026-12-12) · fp 3f9ac21e
    ///        you          friend
    ///   1    ✓  4.1s      ✓  3.2s
    ///   …
    ///        7/10 1:42    8/10 1:30
    /// ```
    public var lines: [String] {
        let dot = ascii ? "-" : "·"
        var lines = ["Daily #\(mine.day.number) (\(mine.day.iso)) \(dot) fp \(mine.fingerprint)"]
        lines.append("      " + pad("you") + "friend")
        for index in 0..<max(mine.marks.count, friend.marks.count) {
            let number = String(repeating: " ", count: max(0, 3 - String(index + 1).count)) + "\(index + 1)"
            lines.append(number + "   " + pad(cell(mine, index)) + cell(friend, index))
        }
        lines.append("      " + pad(total(mine)) + total(friend))
        let verdict =
            mine.score == friend.score
            ? "A tie on score" + timeVerdict
            : mine.score > friend.score
                ? "You win by \(mine.score - friend.score)." : "Your friend wins by \(friend.score - mine.score)."
        lines.append(verdict)
        return lines.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
    }

    private var timeVerdict: String {
        guard let a = mine.duration?.rounded(), let b = friend.duration?.rounded(), a != b else { return "." }
        return a < b ? ", and you were faster." : ", and your friend was faster."
    }

    private func pad(_ text: String) -> String { text + String(repeating: " ", count: max(1, 13 - text.count)) }

    private func cell(_ card: DailyCard, _ index: Int) -> String {
        guard index < card.marks.count else { return "" }
        let time = card.times?[index].map { String(format: "%.1fs", $0) } ?? ""
        return glyph(card.marks[index]) + "  " + time
    }

    private func total(_ card: DailyCard) -> String {
        "\(card.score)/\(card.marks.count)" + (card.duration.map { " " + DurationFormat.clock($0) } ?? "")
    }

    func glyph(_ mark: DailyCard.Mark) -> String {
        switch mark {
        case .right: ascii ? "+" : "✓"
        case .counted: "!"
        case .wrong: ascii ? "x" : "✗"
        case .skipped: ascii ? "-" : "→"
        }
    }

    /// What the ghost says after the player's answer `index` (in `seconds`): whether the friend had it right, and how much faster or
    /// slower the player was.
    public static func ghostLine(friend: DailyCard, index: Int, seconds: TimeInterval?) -> String? {
        guard index < friend.marks.count else { return nil }
        var line =
            "Ghost: your friend "
            + (friend.marks[index] == .skipped
                ? "skipped it" : "had it " + (friend.marks[index].isRight ? "right" : "wrong"))
        if let theirs = friend.times?[index], let seconds {
            let difference = (seconds * 10).rounded() / 10 - theirs
            line +=
                abs(difference) < 0.05
                ? " in \(String(format: "%.1f", theirs)) s, as fast as you"
                : " in \(String(format: "%.1f", theirs)) s; you were \(String(format: "%.1f", abs(difference))) s "
                    + (difference < 0 ? "faster" : "slower")
        }
        return line + "."
    }
}
