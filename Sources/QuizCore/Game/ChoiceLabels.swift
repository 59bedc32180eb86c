/// How the choices of a question are labelled on screen and picked by a
/// label: by number (`1`…), by letter (`a`…`z`, either case), both, or
/// neither. A kind of label is left out when a choice could be mistaken for
/// it: a choice that is a number (`4`, `1945`) takes the numbers away, a
/// choice that is a single letter (`A`, `D`) or more choices than letters
/// take the letters away. Then what the player types means a choice's text.
public struct ChoiceLabels: Sendable, Equatable {
    /// The most choices a question may have: one letter each (see `BankLoader`).
    public static let maximumChoices = 26

    public let count: Int
    /// A typed number picks the choice in that position.
    public let numbers: Bool
    /// A typed letter picks the choice in that position.
    public let letters: Bool

    public init(_ choices: [String]) {
        count = choices.count
        numbers = !Self.numbersAreText(choices)
        letters = !Self.lettersAreText(choices)
    }

    /// Some choice reads as a whole number once spaces are trimmed.
    public static func numbersAreText(_ choices: [String]) -> Bool {
        choices.contains { Int($0.trimmed) != nil }
    }

    /// Some choice is a single letter (after case and accents are folded,
    /// so `É` counts as `e`), or there are more choices than letters.
    public static func lettersAreText(_ choices: [String]) -> Bool {
        choices.count > maximumChoices || choices.contains { isLetterLabel(AnswerNormalizer.normalize($0)) }
    }

    /// `a`…`z`: the text a letter label is typed as.
    static func isLetterLabel(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return false }
        return scalar.value >= 97 && scalar.value <= 122
    }

    /// The label shown before choice `index`: `1`, or `a` when numbers are
    /// text; nil when neither kind can be used.
    public func label(_ index: Int) -> String? {
        if numbers { return String(index + 1) }
        if letters, let letter = Self.letter(index) { return String(letter) }
        return nil
    }

    /// The letter of position `index` (`a` for 0), nil past `z`.
    public static func letter(_ index: Int) -> Character? {
        guard index >= 0, index < 26, let scalar = Unicode.Scalar(97 + UInt32(index)) else { return nil }
        return Character(scalar)
    }

    /// The choice a typed label picks: a number in range (when numbers are
    /// labels) or a letter in range, either case (when letters are).
    public func index(picking typed: String) -> Int? {
        let input = typed.trimmed
        if numbers, let number = Int(input) {
            return number >= 1 && number <= count ? number - 1 : nil
        }
        if letters, input.unicodeScalars.count == 1, let scalar = input.lowercased().unicodeScalars.first,
            scalar.value >= 97, scalar.value < 97 + UInt32(min(count, 26))
        {
            return Int(scalar.value) - 97
        }
        return nil
    }

    /// What the player may type, for the hint under the first question:
    /// "answer 1–4, a–d or the text".
    public var howToAnswer: String {
        let lastLetter = Self.letter(count - 1).map(String.init) ?? "z"
        switch (numbers, letters) {
        case (true, true): return "answer 1–\(count), a–\(lastLetter) or the text"
        case (true, false): return "answer 1–\(count) or the text; a letter means the choice itself"
        case (false, true): return "answer a–\(lastLetter) or the text; a number means the choice itself"
        case (false, false): return "type the choice itself"
        }
    }

    /// What to say when a line picks no choice.
    public var notUnderstood: String {
        let lastLetter = Self.letter(count - 1).map(String.init) ?? "z"
        switch (numbers, letters) {
        case (true, true): return "Answer with 1–\(count), a–\(lastLetter), or a choice's text."
        case (true, false): return "Answer with 1–\(count), or a choice's text."
        case (false, true): return "Answer with a letter a–\(lastLetter), or a choice's text."
        case (false, false): return "Answer with a choice's text."
        }
    }
}
