/// How a share card draws one question's outcome: the standard green and
/// red emoji, the orange and blue pair word games offer players who cannot
/// tell red from green, or plain ASCII.
///
/// | outcome | standard | colorblind | ascii |
/// | --- | --- | --- | --- |
/// | right | 🟩 | 🟧 | `#` |
/// | wrong | 🟥 | 🟦 | `x` |
/// | skipped | ⬜ | ⬜ | `-` |
/// | wrong, counted right by the player's word (`!`) | 🟨 | 🟨 | `!` |
public enum SquareStyle: String, Sendable, CaseIterable {
    case standard
    case colorblind
    case ascii

    /// ASCII wins over colour-blind squares: ASCII draws no colour at all.
    public init(ascii: Bool, colorblind: Bool) {
        self = ascii ? .ascii : colorblind ? .colorblind : .standard
    }

    /// The square for one outcome; an answer the player overrode (`!`) has
    /// a square of its own, so a shared score stays honest.
    public func square(_ outcome: QuestionOutcome, overridden: Bool = false) -> String {
        if overridden { return self == .ascii ? "!" : "🟨" }
        return switch (self, outcome) {
        case (.standard, .right): "🟩"
        case (.standard, .wrong): "🟥"
        case (.colorblind, .right): "🟧"
        case (.colorblind, .wrong): "🟦"
        case (.standard, .skipped), (.colorblind, .skipped): "⬜"
        case (.ascii, .right): "#"
        case (.ascii, .wrong): "x"
        case (.ascii, .skipped): "-"
        }
    }
}
