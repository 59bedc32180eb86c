import Foundation

/// A daily's share card, as shown and as read back from a friend's paste.
///
/// ```
/// quiz daily #12 · 7/10 · 2026-12-12
/// 🟩🟩🟥🟩🟩🟩🟥🟩🟩⬜
/// ⏱ 1:42 · fp 3f9ac21e · quiz --daily 2026-12-12
/// ghost 0k1a0z0c0k1a0z0c0k1a
/// ```
///
/// The headline ends `· practice` for a daily that did not count. The
/// fingerprint (`DailyQuiz.fingerprint`) names the questions without
/// showing them; the ghost line, when the settings ask for it
/// (`ghost = on`), is each answer's time in tenths of a second (`GhostCode`).
/// Never a question or an answer.
public struct DailyCard: Sendable, Equatable {
    /// One question's square.
    public enum Mark: Sendable, Equatable {
        case right, wrong, skipped
        /// Marked wrong, counted right by the player (`!`).
        case counted

        public var isRight: Bool { self == .right || self == .counted }
    }

    public var day: DailyDay
    public var score: Int
    public var marks: [Mark]
    /// Seconds the whole daily took, when known.
    public var duration: TimeInterval?
    public var fingerprint: String
    public var practice: Bool
    /// Each answer's seconds, when the card carries them.
    public var times: [TimeInterval?]?

    public init(
        day: DailyDay, score: Int, marks: [Mark], duration: TimeInterval?, fingerprint: String, practice: Bool,
        times: [TimeInterval?]?
    ) {
        self.day = day
        self.score = score
        self.marks = marks
        self.duration = duration
        self.fingerprint = fingerprint
        self.practice = practice
        self.times = times
    }

    /// The card of a daily's session; nil for any other game.
    public init?(session: Session) {
        guard let number = session.daily else { return nil }
        self.init(
            day: DailyDay(number: number), score: session.score,
            marks: session.results.map { $0.overridden ? .counted : Self.mark($0.outcome) },
            duration: session.duration,
            fingerprint: DailyQuiz.fingerprint(session.results.map { $0.identity ?? "" }), practice: session.practice,
            times: session.results.map(\.seconds))
    }

    static func mark(_ outcome: QuestionOutcome) -> Mark {
        switch outcome {
        case .right: .right
        case .wrong: .wrong
        case .skipped: .skipped
        }
    }

    /// `quiz --daily 2026-12-12`: the command that plays the same day.
    public var replayCommand: String { "quiz --daily \(day.iso)" }

    /// The card in squares of `style`; with the ghost line when `ghost`.
    public func text(style: SquareStyle, ghost: Bool) -> String {
        let ascii = style == .ascii
        let separator = ascii ? " - " : " · "
        let headline =
            "quiz daily #\(day.number)" + separator + "\(score)/\(marks.count)" + separator + day.iso
            + (practice ? separator + "practice" : "")
        let squares = marks.map { mark -> String in
            switch mark {
            case .right: style.square(.right)
            case .wrong: style.square(.wrong)
            case .skipped: style.square(.skipped)
            case .counted: style.square(.right, overridden: true)
            }
        }
        let perLine = squares.count > ShareCard.maxSquaresOnOneLine ? ShareCard.squaresPerWrappedLine : squares.count
        var lines = [headline]
        lines += stride(from: 0, to: squares.count, by: max(perLine, 1)).map {
            squares[$0..<min($0 + perLine, squares.count)].joined()
        }
        var tail = ["fp " + fingerprint, replayCommand]
        if let duration { tail.insert((ascii ? "* " : "⏱ ") + DurationFormat.clock(duration), at: 0) }
        lines.append(tail.joined(separator: separator))
        if ghost, let code = ghostCode { lines.append("ghost " + code) }
        return lines.joined(separator: "\n")
    }

    /// The card as one sentence (`--text`), for screen readers.
    public func sentence(ghost: Bool) -> String {
        var first = "quiz daily #\(day.number) (\(day.iso)\(practice ? ", practice" : "")), \(score) of \(marks.count)"
        if !marks.isEmpty {
            first += ": " + marks.map { Self.word($0) }.joined(separator: ", ")
        }
        var sentences = [first + "."]
        if let time = DurationFormat.words(duration) { sentences.append(time + ".") }
        sentences.append("Questions fp \(fingerprint).")
        sentences.append("Replay: " + replayCommand)
        if ghost, let code = ghostCode { sentences[sentences.count - 1] += ". Race: ghost " + code }
        return sentences.joined(separator: " ")
    }

    static func word(_ mark: Mark) -> String {
        switch mark {
        case .right: ShareText.word(.right)
        case .wrong: ShareText.word(.wrong)
        case .skipped: ShareText.word(.skipped)
        case .counted: ShareText.word(.right, overridden: true)
        }
    }

    /// The answers' times as a ghost code; nil when none was measured.
    public var ghostCode: String? {
        guard let times, times.contains(where: { $0 != nil }) else { return nil }
        return GhostCode.encode(times)
    }
}

/// Each answer's time in two base-36 digits of tenths of a second (up to
/// 129.4 s; `zz` unknown): ten answers in 20 characters.
public enum GhostCode {
    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    static let unknown = 36 * 36 - 1

    public static func encode(_ times: [TimeInterval?]) -> String {
        String(
            times.flatMap { time -> [Character] in
                let tenths =
                    time.flatMap { $0.isFinite && $0 >= 0 ? min(Int(($0 * 10).rounded()), unknown - 1) : nil }
                    ?? unknown
                return [digits[tenths / 36], digits[tenths % 36]]
            })
    }

    /// The times of `code`; nil when it is not a ghost code.
    public static func decode(_ code: String) -> [TimeInterval?]? {
        let characters = Array(code.lowercased())
        guard !characters.isEmpty, characters.count % 2 == 0 else { return nil }
        var times: [TimeInterval?] = []
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let high = digits.firstIndex(of: characters[index]),
                let low = digits.firstIndex(of: characters[index + 1])
            else { return nil }
            let tenths = high * 36 + low
            times.append(tenths == unknown ? nil : Double(tenths) / 10)
        }
        return times
    }
}
