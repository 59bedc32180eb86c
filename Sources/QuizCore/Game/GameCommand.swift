/// A command typed at a question's prompt instead of an answer.
///
/// Commands never shadow answers. With a colon (`:skip`, `:quit`, `:help`,
/// `:mine`) a line is always a command. The bare words (`skip`, `quit`,
/// `help`, `mine`) are commands at every question unless that question
/// accepts the word as an answer: a choice reads so, or (at a free-text
/// question) its answer or an `accept` form is the word. So a bank can still
/// ask for `exit` or `skip` as an answer, and there the colon gives the
/// command. `?` and `!` are commands everywhere, unless an answer reads so.
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
        guard let command = punctuation[word] ?? bare[word] else { return nil }
        return accepts(word, at: asked) ? nil : command
    }

    /// Whether `asked` takes `word` as an answer: a choice reads the same,
    /// or its answer or an accepted form does (as written, or as the
    /// question's matcher reads it).
    static func accepts(_ word: String, at asked: Game.Asked) -> Bool {
        var answers = asked.choices
        if case .freeText(let answer, let accepted) = asked.question.kind { answers += [answer] + accepted }
        let typed = AnswerNormalizer.normalize(word)
        if answers.contains(where: {
            $0.trimmed.lowercased() == word || (!typed.isEmpty && AnswerNormalizer.normalize($0) == typed)
        }) {
            return true
        }
        guard case .freeText(let answer, let accepted) = asked.question.kind, !typed.isEmpty else { return false }
        let matcher = AnswerMatcher(
            accepted: [answer] + accepted, reject: asked.question.reject, strict: asked.question.strict)
        return matcher.verdict(for: word).isAccepted
    }

    /// Whether the bare words are commands at `asked` (no answer reads as one
    /// of them): then the hint and help name them bare, else with the colon.
    public static func bareWordsWork(at asked: Game.Asked) -> Bool {
        !bare.keys.contains { accepts($0, at: asked) }
    }

    /// The hint's words for the commands at `asked`: "skip skips, quit abandons".
    public static func hint(at asked: Game.Asked) -> String {
        bareWordsWork(at: asked) ? "skip skips, quit abandons" : ":skip skips, :quit abandons"
    }

    /// The words to offer on Tab at `asked`.
    public static func completions(at asked: Game.Asked) -> [String] {
        bareWordsWork(at: asked) ? ["skip", "quit", "help"] : [":skip", ":quit", ":help"]
    }
}
