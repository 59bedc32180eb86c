import Foundation

/// A finished game as a few lines to paste anywhere: title, score and date;
/// one square per question in the order asked; the time and the command that
/// replays the same questions. Pure: the caller passes the time zone.
///
/// ```
/// quiz · World Capitals 8/10 · 2026-11-29
/// 🟩🟩🟥🟩🟩🟩🟥🟩🟩🟩
/// ⏱ 1:42 · quiz world-capitals --seed 48213 -n 10
/// ```
///
/// An answer marked wrong that the player counted right (`!`) has a square
/// of its own (🟨, `!` in ASCII) and a line saying how many, so a shared
/// score stays honest.
public struct ShareCard: Sendable {
    /// Squares per line when a game has more than `maxSquaresOnOneLine` questions.
    public static let squaresPerWrappedLine = 20
    /// A game of up to 40 questions shows its squares on one line (80 columns).
    public static let maxSquaresOnOneLine = 40
    public static let width = 80

    public let session: Session
    public let timeZone: TimeZone

    public init(session: Session, timeZone: TimeZone) {
        self.session = session
        self.timeZone = timeZone
    }

    /// The card's lines joined by "\n". `ascii` draws `#` right, `x` wrong,
    /// `-` skipped, `*` for the clock and `-` between fields. Every line fits
    /// 80 columns: a long title is shortened with "…", and when the time and
    /// a long replay command do not fit on one line the command takes its own,
    /// never shortened. A game of a bank file of the player's own says that
    /// replaying it needs that file. Sessions from classic archives degrade: no squares
    /// without results, "replay unavailable" without a seed or quiz id.
    /// `colorblind` draws orange and blue squares (see `SquareStyle`).
    /// A daily's card is `DailyCard`'s, with its ghost line when `ghost`.
    public func text(ascii: Bool = false, colorblind: Bool = false, ghost: Bool = false) -> String {
        if let daily = DailyCard(session: session) {
            return daily.text(style: SquareStyle(ascii: ascii, colorblind: colorblind), ghost: ghost)
        }
        let separator = ascii ? " - " : " · "
        var lines = [headline(separator: separator, ascii: ascii)]
        lines += squareLines(style: SquareStyle(ascii: ascii, colorblind: colorblind))
        let clock = session.duration.map { (ascii ? "* " : "⏱ ") + DurationFormat.clock($0) }
        let replay = replayCommand ?? "replay unavailable"
        if let clock {
            let joined = clock + separator + replay
            lines += DisplayWidth.of(joined) <= Self.width ? [joined] : [clock, replay]
        } else {
            lines.append(replay)
        }
        if let caveat = replayCaveat { lines.append(DisplayWidth.truncate(caveat, to: Self.width, ascii: ascii)) }
        let overridden = session.results.count { $0.overridden }
        if overridden > 0 {
            let square = ascii ? "!" : "🟨"
            lines.append(
                "\(square) \(overridden == 1 ? "1 answer" : "\(overridden) answers") marked wrong, counted right by the player"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `quiz ID --seed N -n TOTAL`, the shell command that deals the same
    /// questions again, with the `--category`, `--difficulty` and
    /// `--questions` the game was played with; nil when the session lacks its
    /// quiz id or seed, and for a daily (`DailyCard.replayCommand`) or a review (quiz `review` from no bank file of
    /// that name), whose questions were the player's own due ones.
    public var replayCommand: String? {
        guard let quiz = session.quiz, !quiz.isEmpty, let seed = session.seed else { return nil }
        if session.kind == .review && session.source == nil { return nil }
        var options = ["--seed", String(UInt64(bitPattern: seed))]
        if let total = session.total ?? (session.results.isEmpty ? nil : session.results.count) {
            options += ["-n", String(total)]
        }
        if let category = session.category { options += ["--category", Self.shellQuoted(category)] }
        if let difficulty = session.difficulty { options += ["--difficulty", Self.shellQuoted(difficulty)] }
        let questions = session.source.map { ["--questions", Self.shellQuoted($0)] } ?? []
        let id = Self.shellQuoted(quiz)
        // An id that looks like an option goes after "--".
        let words =
            quiz.hasPrefix("-") ? ["quiz"] + questions + options + ["--", id] : ["quiz"] + questions + [id] + options
        return words.joined(separator: " ")
    }

    /// Why the replay command may not deal the same game on another machine:
    /// it needs a bank file of the player's own; nil when it does not (a
    /// bundled quiz, or a bank at a URL).
    public var replayCaveat: String? {
        guard replayCommand != nil, let source = session.source, !Self.isURL(source) else { return nil }
        return "(replaying needs the same bank file, \(Self.shellQuoted(source)))"
    }

    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    private func headline(separator: String, ascii: Bool) -> String {
        let title = Statistics.singleLine(QuizTitle.shown(title: session.title, quiz: session.quiz, unknown: "quiz"))
        let score = "\(session.score)/\(session.total.map(String.init) ?? "?")"
        let day = headlineDay
        let prefix = "quiz" + separator
        let suffix = " " + score + separator + day
        let room = Self.width - DisplayWidth.of(prefix) - DisplayWidth.of(suffix)
        return prefix + DisplayWidth.truncate(title, to: max(1, room), ascii: ascii) + suffix
    }

    /// The day the game finished, `yyyy-MM-dd` in the card's time zone.
    var headlineDay: String {
        // Without DateFormatter when it can (making one costs ICU a few
        // milliseconds, a third of `quiz --share`).
        var dates = InternetDateFormat(timeZone: timeZone)
        return dates.dayAndTime(from: session.date)?.day
            ?? {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = timeZone
                formatter.dateFormat = "yyyy-MM-dd"
                return formatter.string(from: session.date)
            }()
    }

    private func squareLines(style: SquareStyle) -> [String] {
        let squares = session.results.map { style.square($0.outcome, overridden: $0.overridden) }
        if squares.isEmpty { return [] }
        let perLine = squares.count > Self.maxSquaresOnOneLine ? Self.squaresPerWrappedLine : squares.count
        return stride(from: 0, to: squares.count, by: perLine).map {
            squares[$0..<min($0 + perLine, squares.count)].joined()
        }
    }

    /// `text` as one shell word: unchanged when it holds only safe characters,
    /// else in single quotes; one holding control characters (a file name may)
    /// in `$'…'` with them as `\xHH` or `\uXXXX` (bash, zsh and ksh), so the
    /// command stays exact and safe to print.
    static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:+,@%=")
        if !text.isEmpty && text.allSatisfy({ safe.contains($0) }) { return text }
        guard text.unicodeScalars.contains(where: TerminalText.needsChange) else {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where TerminalText.needsChange(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted +=
                    scalar.value < 0x80
                    ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
