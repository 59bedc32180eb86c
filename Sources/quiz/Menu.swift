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
        ("play", "play QUIZ: a quiz by number, id, title or a word of one (or just type it); QUIZ -n 5: 5 questions"),
        ("list", "list the quizzes"),
        ("history", "show the games played, newest first"),
        (
            "share",
            "the last game's share card; share 2: the game before; also share text, share colorblind, share ascii"
        ),
        ("review", "review QUIZ or review: the questions due for review, most overdue first"),
        ("daily", "daily or daily DATE: today's daily quiz, or a past day's (yyyy-MM-dd) as practice"),
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
        // What "Did you mean …?" offered: y or Enter at the next prompt runs it.
        var suggested: String?
        while true {
            input.completions = menuCompletions
            var line: String
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
            if let offered = suggested {
                suggested = nil
                if ["", "y", "yes"].contains(line.lowercased()) { line = offered }
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
                let (ended, offer) = review(words.count > 1 ? words[1] : nil)
                if ended == .ioError { status = .ioError }
                suggested = offer
            case "daily":
                if daily(words.count > 1 ? words[1] : nil) == .ioError { status = .ioError }
            case "play":
                guard words.count > 1 else {
                    console.out("Which quiz? Type play and a number, an id or a title from the list.")
                    continue
                }
                let (ended, offer) = play(named: words[1], orCommand: false)
                if ended == .ioError { status = .ioError }
                suggested = offer
            default:
                let (ended, offer) = play(named: line, orCommand: true)
                if ended == .ioError { status = .ioError }
                suggested = offer
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

    /// The quizzes, numbered as `play N` takes them; `only`: just those.
    private func list(only: [QuestionBank]? = nil) {
        // Ids and titles come from bank files: made safe; the title wraps under itself.
        let ids = library.banks.map { console.show($0.id) }
        let idWidth = ids.map(DisplayWidth.of).max() ?? 0
        for (index, bank) in library.banks.enumerated() {
            if let only, !only.contains(where: { $0.id == bank.id }) { continue }
            let number = DisplayWidth.pad("\(index + 1)", to: 3, right: true)
            // Ids are typed to play: never shortened.
            let id = DisplayWidth.pad(ids[index], to: idWidth)
            console.out(
                console.wrapped(
                    "\(bank.title) (\(bank.questionCount))", first: "\(number)  \(id)  ", lineBreaks: false))
        }
        if only == nil { for failure in library.failures { console.err("skipped \(failure.error)") } }
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
    /// `share text`: as a sentence; `share colorblind`, `share ascii`: those
    /// squares; a number picks the game that many back (`share 2`, `share
    /// text 2`), as `--game N` does.
    private func share(_ argument: String) -> ExitStatus {
        var words = argument.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var back: Int?
        if let index = words.firstIndex(where: { Int($0) != nil }), let number = Int(words[index]) {
            guard number >= 1 else {
                console.out("share N: the game N back, 1 for the last.")
                return .success
            }
            back = number
            words.remove(at: index)
        }
        let word = words.joined(separator: " ")
        let form = word.isEmpty ? .card(nil) : ShareCommand.menuForms.first { $0.word == word }?.form
        guard let form, words.count <= 1 else {
            console.out(
                console.wrapped(
                    "Unknown share form '\(console.show(argument))'. "
                        + "Type share, share text, share colorblind or share ascii, and a number for a game further back."
                ))
            return .success
        }
        let chosen = context.with { $0.game = back }
        return perform { () throws(CommandFailure) in try ShareCommand.run(chosen, form: form, atMenu: true) }
    }

    /// `stats`: `quiz --stats`, as text, with the menu's banks, paged as `history` is.
    private func stats() -> ExitStatus {
        let text = command.with { $0.format = nil }
        return perform { () throws(CommandFailure) in try text.stats(library: library) }
    }

    /// Plays the quiz `text` names (`QuizLookup.find`), with the options
    /// after its name (`mathematics -n 3`); several that match are listed,
    /// a near spelling offered. `orCommand`: the line was no command word,
    /// so a near command is offered too. Returns the line a "Did you mean"
    /// offered, for y or Enter to run.
    private func play(named text: String, orCommand: Bool) -> (ExitStatus, String?) {
        let request: (name: String, options: Options)
        do {
            request = try Options.menuPlay(text)
        } catch {
            console.out(console.yellow(console.wrapped(error.message)))
            return (.success, nil)
        }
        let name = request.name
        // The start of a command (`hist`, `sta`) is offered before a quiz it also starts.
        if orCommand, name.count >= 2, QuizLookup.menu(name, in: library) == nil,
            let command = Self.commands.map(\.name).first(where: { $0.hasPrefix(name.lowercased()) })
        {
            console.out(
                console.wrapped(
                    "Unknown command or quiz '\(console.show(text))'. Did you mean \(command)? (Enter or y runs it)"))
            return (.success, command)
        }
        // The options after the name, kept in what a "Did you mean" offers.
        let tail = text.split(whereSeparator: \.isWhitespace).dropFirst(name.split(separator: " ").count)
            .joined(separator: " ")
        switch QuizLookup.find(name, in: library) {
        case .bank(let bank):
            return (play(bank, count: request.options.count, seed: request.options.seed), nil)
        case .several(let banks):
            console.out(
                console.wrapped("'\(console.show(name))' could be any of these; type more of the name, or its number:"))
            list(only: banks)
            return (.success, nil)
        case .near(let bank) where commandNear(text, orCommand) == nil:
            let offer = ([bank.id] + (tail.isEmpty ? [] : [tail])).joined(separator: " ")
            console.out(
                console.wrapped(
                    "No quiz '\(console.show(name))'. Did you mean \(console.show(bank.id))? (Enter or y plays it)"))
            return (.success, offer)
        case .near, .none:
            if let command = commandNear(text, orCommand) {
                console.out(
                    console.wrapped(
                        "Unknown command or quiz '\(console.show(text))'. Did you mean \(command)? (Enter or y runs it)"
                    ))
                return (.success, command)
            }
            console.out(
                console.wrapped(
                    "\(orCommand ? "Unknown command or quiz" : "No quiz") '\(console.show(text))'. "
                        + "Type help for commands, list for the quizzes."))
            return (.success, nil)
        }
    }

    /// The command a line's first word is a near spelling of (`histroy`),
    /// when the line was no command: offered before a quiz.
    private func commandNear(_ text: String, _ orCommand: Bool) -> String? {
        guard orCommand, let first = text.split(separator: " ").first else { return nil }
        return NearestMatch.suggestion(for: String(first), among: Self.commands.map(\.name))
    }

    /// `review` or `review QUIZ`: the questions due; a quiz named as `play`
    /// names one. Returns the line a "Did you mean" offered.
    private func review(_ name: String?) -> (ExitStatus, String?) {
        var quiz: String?
        if let name {
            switch QuizLookup.find(name, in: library) {
            case .bank(let bank):
                quiz = bank.id
            case .several(let banks):
                console.out(
                    console.wrapped(
                        "'\(console.show(name))' could be any of these; type more of the name, or its number:"))
                list(only: banks)
                return (.success, nil)
            case .near(let bank):
                console.out(
                    console.wrapped(
                        "No quiz '\(console.show(name))' to review. Did you mean review \(console.show(bank.id))? "
                            + "(Enter or y reviews it)"))
                return (.success, "review \(bank.id)")
            case .none:
                console.out(
                    console.wrapped("No quiz '\(console.show(name))' to review. Type review alone for every quiz."))
                return (.success, nil)
            }
        }
        let gather = context.with { $0.quizFilter = quiz }
        let status = perform { () throws(CommandFailure) in
            let found = try ReviewCommand.gather(gather, quiz: quiz, library: library)
            return try ReviewDesk(console: console, context: context).present(
                found, input: input, seed: context.options.seedForGame, sharePrompt: true)
        }
        return (status, nil)
    }

    /// `daily` or `daily DATE`: `quiz --daily [DATE]`.
    private func daily(_ date: String?) -> ExitStatus {
        perform { () throws(CommandFailure) in
            let played = try command.daily(date, ghost: nil, input: input)
            return played == .ioError ? .ioError : .success
        }
    }

    /// Plays `bank`: `count` questions (else the settings' count), dealt by `seed` (else a fresh one).
    private func play(_ bank: QuestionBank, count: Int? = nil, seed: UInt64? = nil) -> ExitStatus {
        perform { () throws(CommandFailure) in
            var player = GamePlayer(console: console, input: input, store: context.store)
            player.sharePrompt = true
            player.streaks = context.settings.streaks
            player.clock = try context.clock
            _ = try context.scheduler  // a bad --fsrs-parameters is said before the game
            // Ctrl-C twice abandons the game, not the menu.
            let end = player.play(
                bank, count: count ?? context.settings.count, seed: seed ?? context.options.seedForGame)
            return end.status == .ioError ? .ioError : .success
        }
    }
}
