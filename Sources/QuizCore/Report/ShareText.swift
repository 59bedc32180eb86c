import Foundation

/// A finished game as one plain sentence, for screen readers and for places
/// where a grid of emoji squares would be read out square by square:
///
/// ```
/// Lighthouses and Tides, 4 of 6: right, right, wrong, right, skipped, right. 1 minute 12 seconds. Replay: quiz lighthouses --seed 7 -n 6
/// ```
///
/// The replay command is the share card's own (`ShareCard.replayCommand`).
/// Sessions from classic archives degrade: "4 right" without a total, no
/// list of outcomes without results, no time without a duration, and
/// "Replay unavailable." without a seed or quiz id. One line, never wrapped:
/// a chat or a screen reader reflows it.
public struct ShareText: Sendable {
    public let session: Session
    /// A daily's sentence ends with its ghost code.
    public let ghost: Bool

    public init(session: Session, ghost: Bool = false) {
        self.session = session
        self.ghost = ghost
    }

    public var text: String {
        if let daily = DailyCard(session: session) { return daily.sentence(ghost: ghost) }
        let title = Statistics.singleLine(QuizTitle.shown(title: session.title, quiz: session.quiz, unknown: "quiz"))
        var sentence = title + ", " + (session.total.map { "\(session.score) of \($0)" } ?? "\(session.score) right")
        if !session.results.isEmpty {
            sentence +=
                ": " + session.results.map { Self.word($0.outcome, overridden: $0.overridden) }.joined(separator: ", ")
        }
        var sentences = [sentence + "."]
        if let time = DurationFormat.words(session.duration) { sentences.append(time + ".") }
        let card = ShareCard(session: session, timeZone: .gmt)
        // The card's own command, and its caveat when the bank is a file of the player's own.
        sentences.append(
            card.replayCommand.map { "Replay: " + $0 + (card.replayCaveat.map { " " + $0 } ?? "") }
                ?? "Replay unavailable.")
        return sentences.joined(separator: " ")
    }

    /// How one outcome is said; an answer marked wrong that the player
    /// counted right (`!`) says so, as the card's own square does.
    static func word(_ outcome: QuestionOutcome, overridden: Bool = false) -> String {
        if overridden { return "right by the player's word" }
        return switch outcome {
        case .right: "right"
        case .wrong: "wrong"
        case .skipped: "skipped"
        }
    }
}
