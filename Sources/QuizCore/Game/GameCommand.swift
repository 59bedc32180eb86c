/// A command typed at a question's prompt instead of an answer.
///
/// Commands never shadow answers. With a colon (`:skip`, `:quit`, `:help`,
/// `:mine`) a line is always a command. The bare words (`skip`, `quit`,
/// `help`, `mine`) are commands only at a question with choices, and only
/// when no choice reads the same; at a free-text question they are answers
/// like any other text. `?` and `!` are commands everywhere, unless a choice
/// or an accepted answer reads so.
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
        // Folded first: `!` pasted with a zero-width space is still `!`.
        let word = AnswerFolding.fold(line).trimmed.lowercased()
        if word.hasPrefix(":") {
            return colon[word] ?? .unknown(word)
        }
        guard let command = punctuation[word] ?? (asked.choices.isEmpty ? nil : bare[word]) else { return nil }
        // A choice, or a free-text answer, that reads the same wins.
        var answers = asked.choices
        if case .freeText(let answer, let accepted) = asked.question.kind { answers += [answer] + accepted }
        let typed = AnswerNormalizer.normalize(word)
        let isAnswer = answers.contains {
            $0.trimmed.lowercased() == word || (!typed.isEmpty && AnswerNormalizer.normalize($0) == typed)
        }
        if isAnswer { return nil }
        return command
    }

    /// The words to offer on Tab at `asked`.
    public static func completions(at asked: Game.Asked) -> [String] {
        asked.choices.isEmpty ? [":skip", ":quit", ":help"] : ["skip", "quit", "help"]
    }
}
