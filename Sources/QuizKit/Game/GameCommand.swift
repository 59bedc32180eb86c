/// A command typed at a question's prompt instead of an answer.
///
/// Commands never shadow answers. With a colon (`:skip`, `:quit`, `:help`,
/// `:mine`) a line is always a command. The bare words (`skip`, `quit`,
/// `help`, `mine`) are commands only at a question with choices, and only
/// when no choice reads the same; at a free-text question they are answers
/// like any other text. `?` and `!` are commands everywhere (no free-text
/// answer can be punctuation alone), unless a choice reads so.
public enum GameCommand: Sendable, Equatable {
    case skip, quit, help
    /// Count the previous answer, marked wrong, as right.
    case mine
    /// A colon and a word that is no command: `:sikp`.
    case unknown(String)

    /// Every spelling with a colon, and the bare words.
    static let colon: [String: GameCommand] = [
        ":skip": .skip, ":s": .skip, ":quit": .quit, ":q": .quit, ":exit": .quit, ":help": .help, ":h": .help,
        ":?": .help, ":mine": .mine, ":!": .mine,
    ]
    static let bare: [String: GameCommand] = ["skip": .skip, "quit": .quit, "help": .help, "mine": .mine]
    static let punctuation: [String: GameCommand] = ["?": .help, "!": .mine]

    /// The command `line` means at `asked`; nil when it is an answer.
    public static func parse(_ line: String, at asked: Game.Asked) -> GameCommand? {
        let word = line.trimmed.lowercased()
        if word.hasPrefix(":") {
            return colon[word] ?? .unknown(word)
        }
        guard let command = punctuation[word] ?? (asked.choices.isEmpty ? nil : bare[word]) else { return nil }
        let typed = AnswerNormalizer.normalize(word)
        let isChoice = asked.choices.contains {
            $0.trimmed.lowercased() == word || (!typed.isEmpty && AnswerNormalizer.normalize($0) == typed)
        }
        if isChoice { return nil }
        return command
    }

    /// The words to offer on Tab at `asked`.
    public static func completions(at asked: Game.Asked) -> [String] {
        asked.choices.isEmpty ? [":skip", ":quit", ":help"] : ["skip", "quit", "help"]
    }
}
