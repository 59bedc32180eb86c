import Foundation
import QuizCore
import QuizKit
import QuizStore

/// The REPL: lists the quizzes, plays the one chosen, shows the history,
/// until `quit` or Ctrl-D.
/// `history`, `share`, `stats` and `review` are the command line's
/// `--history`, `--share`, `--stats` and `--review`, called with the menu's
/// defaults.
struct Menu {
    /// The command line's command, whose options and settings the menu keeps.
    let command: QuizCommand
    let input: LineInput
    let library: QuestionLibrary

    var console: Console { command.console }
    var context: CommandContext { command.context }

    /// Each command with its one-line help, in the order `help` lists them.
    static let commands: [(name: String, help: String)] = [
        ("play", "play QUIZ: a quiz by number, id or title (or just type it)"),
        ("list", "list the quizzes"),
        ("history", "show the games played, newest first"),
        ("share", "the last game's share card; also share text, share colorblind, share ascii"),
        ("review", "review QUIZ or review: the questions due for review, most overdue first"),
        ("stats", "statistics: streaks, bests, trends, a calendar, the questions you miss"),
        ("help", "show this help"),
        ("quit", "leave (Ctrl-D also leaves)"),
    ]
    static let aliases = ["exit": "quit", "q": "quit", "?": "help", "ls": "list", "h": "history", "p": "play"]

    /// The words `share` takes.
    static let shareForms = ShareCommand.menuForms.map(\.word)

    /// What Tab completes at the menu: commands, quiz ids, titles, `play ID`, `share text`.
    var menuCompletions: [String] {
        Self.commands.map(\.name) + library.banks.map(\.id) + library.banks.map(\.title)
            + library.banks.map { "play \($0.id)" } + Self.shareForms.map { "share \($0)" }
    }

    /// Runs until the player quits; returns the exit status (74 when a game could not be recorded).
    func run() -> ExitStatus {
        var status = ExitStatus.success
        console.out(
            console.wrapped(
                head: "quiz", painted: console.bold,
                then: " \(console.glyph("—", "-")) \(library.banks.count) quizzes. "
                    + "Type a number or a name to play, help for commands."))
        list()
        let waiting = ReviewCommand.waitingLine(context, library: library)
        if let line = waiting.line { console.out(console.wrapped(line)) }
        // A history read only in part (said already): the menu ends with 74.
        if !waiting.whole { status = .ioError }
        while true {
            input.completions = menuCompletions
            let line: String
            switch input.readLine(prompt: "quiz> ") {
            case .end:
                console.out()
                return status
            case .interrupted(let partial):
                if partial.isEmpty { console.out(console.dim("(type quit or press Ctrl-D to leave)")) }
                continue
            case .line(let text):
                line = AnswerNormalizer.trimmingSpaces(text)
            }
            guard !line.isEmpty else { continue }
            input.remember(line)
            // The command word and the rest, spaces around it trimmed (`review  oceans`).
            let words = line.split(separator: " ", maxSplits: 1).map { AnswerNormalizer.trimmingSpaces(String($0)) }
            let command = Self.aliases[words[0].lowercased()] ?? words[0].lowercased()
            // The views read the synced folder's new games first (another
            // machine may have played since the menu started).
            if ["history", "share", "stats", "review"].contains(command) { self.command.sync() }
            switch command {
            case "quit":
                return status
            case "help":
                help()
            case "list":
                list()
            case "history":
                if showHistory() == .ioError { status = .ioError }
            case "share":
                if share(words.count > 1 ? words[1] : "") == .ioError { status = .ioError }
            case "stats":
                if stats() == .ioError { status = .ioError }
            case "review":
                if review(words.count > 1 ? words[1] : nil) == .ioError { status = .ioError }
            case "play":
                guard words.count > 1 else {
                    console.out("Which quiz? Type play and a number, an id or a title from the list.")
                    continue
                }
                if play(words[1]) == .ioError { status = .ioError }
            default:
                if let bank = bank(named: line) {
                    if play(bank) == .ioError { status = .ioError }
                } else {
                    unknown(line)
                }
            }
        }
    }

    private func help() {
        let width = Self.commands.map(\.name.count).max() ?? 0
        for command in Self.commands {
            console.out(console.wrapped(command.help, first: "  \(DisplayWidth.pad(command.name, to: width))  "))
        }
        console.out(console.wrapped("In a game: a choice's number, letter or text answers; skip skips; quit abandons."))
        console.out(
            console.wrapped(
                "Keys: Tab completes, Up/Down recall earlier commands, Ctrl-R searches them, Ctrl-C clears the line."))
    }

    private func list() {
        // Ids and titles come from bank files: made safe; the title wraps under itself.
        let ids = library.banks.map { console.show($0.id) }
        let idWidth = ids.map(DisplayWidth.of).max() ?? 0
        for (index, bank) in library.banks.enumerated() {
            let number = DisplayWidth.pad("\(index + 1)", to: 3, right: true)
            // Ids are typed to play: never shortened.
            let id = DisplayWidth.pad(ids[index], to: idWidth)
            console.out(
                console.wrapped(
                    "\(bank.title) (\(bank.questionCount))", first: "\(number)  \(id)  ", lineBreaks: false))
        }
        for failure in library.failures { console.err("skipped \(failure.error)") }
    }

    /// Runs one of the command line's commands at the menu: its failure is
    /// said on standard error, and the menu goes on.
    private func perform(_ body: () throws(CommandFailure) -> ExitStatus) -> ExitStatus {
        do {
            return try body()
        } catch {
            console.err(error.message)
            return error.status
        }
    }

    /// `history`: `quiz --history`, the whole table.
    private func showHistory() -> ExitStatus {
        let history = command.with {
            $0.mode = .history
            $0.format = nil
            $0.limit = nil
            $0.quizFilter = nil
            $0.reviewLog = false
        }
        return perform { () throws(CommandFailure) in try history.history() }
    }

    /// `share`: the last game's card, with the squares the settings say;
    /// `share text`: as a sentence; `share colorblind`, `share ascii`: those squares.
    private func share(_ argument: String) -> ExitStatus {
        let word = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let form = word.isEmpty ? .card(nil) : ShareCommand.menuForms.first { $0.word == word }?.form
        guard let form else {
            console.out(
                console.wrapped(
                    "Unknown share form '\(console.show(argument))'. Type share, share text, share colorblind or share ascii."
                ))
            return .success
        }
        let last = context.with { $0.game = nil }
        return perform { () throws(CommandFailure) in try ShareCommand.run(last, form: form, atMenu: true) }
    }

    /// `stats`: `quiz --stats`, as text, with the menu's banks.
    private func stats() -> ExitStatus {
        let text = context.with { $0.format = nil }
        return perform { () throws(CommandFailure) in try StatsCommand.run(text, library: library) }
    }

    /// A bank by id, title or number in the list (`QuizLookup.menu`).
    private func bank(named name: String) -> QuestionBank? {
        QuizLookup.menu(name, in: library)
    }

    /// Answers unknown input with the nearest command or quiz, if one is close.
    private func unknown(_ line: String) {
        let candidates = Self.commands.map(\.name) + library.banks.map(\.id)
        let first = String(line.split(separator: " ")[0])
        if let suggestion = NearestMatch.suggestion(for: line, among: candidates)
            ?? NearestMatch.suggestion(for: first, among: Self.commands.map(\.name))
        {
            console.out(console.wrapped("Unknown command or quiz '\(console.show(line))'. Did you mean \(suggestion)?"))
        } else {
            console.out(
                console.wrapped(
                    "Unknown command or quiz '\(console.show(line))'. Type help for commands, list for the quizzes."))
        }
    }

    private func play(_ name: String) -> ExitStatus {
        guard let bank = bank(named: name) else {
            let suggestion = NearestMatch.suggestion(for: name, among: library.banks.map(\.id))
            console.out(
                console.wrapped(
                    "No quiz '\(console.show(name))'."
                        + (suggestion.map { " Did you mean \($0)?" } ?? " Type list for the quizzes."))
            )
            return .success
        }
        return play(bank)
    }

    /// `review` or `review QUIZ`: the questions due.
    private func review(_ name: String?) -> ExitStatus {
        var quiz: String?
        if let name {
            guard let bank = bank(named: name) else {
                let suggestion = NearestMatch.suggestion(for: name, among: library.banks.map(\.id))
                console.out(
                    console.wrapped(
                        "No quiz '\(console.show(name))' to review."
                            + (suggestion.map { " Did you mean review \($0)?" } ?? " Type review alone for every quiz.")
                    ))
                return .success
            }
            quiz = bank.id
        }
        let gather = context.with { $0.quizFilter = quiz }
        return perform { () throws(CommandFailure) in
            let found = try ReviewCommand.gather(gather, quiz: quiz, library: library)
            return try ReviewDesk(console: console, context: context).present(
                found, input: input, seed: context.options.seedForGame, sharePrompt: true)
        }
    }

    private func play(_ bank: QuestionBank) -> ExitStatus {
        perform { () throws(CommandFailure) in
            var player = GamePlayer(console: console, input: input, store: context.store)
            player.sharePrompt = true
            player.streaks = context.settings.streaks
            player.clock = try context.clock
            _ = try context.scheduler  // a bad --fsrs-parameters is said before the game
            // Ctrl-C twice abandons the game, not the menu.
            let end = player.play(bank, count: context.settings.count, seed: context.options.seedForGame)
            return end.status == .ioError ? .ioError : .success
        }
    }
}
