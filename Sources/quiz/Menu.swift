import Foundation
import QuizKit

/// The REPL: lists the quizzes, plays the one chosen, shows the history,
/// until `quit` or Ctrl-D.
struct Menu {
    let console: Console
    let input: LineInput
    let library: QuestionLibrary
    let store: HistoryStore
    let options: Options

    /// Each command with its one-line help, in the order `help` lists them.
    static let commands: [(name: String, help: String)] = [
        ("play", "play QUIZ: a quiz by number, id or title (or just type it)"),
        ("list", "list the quizzes"),
        ("history", "show the games played, newest first"),
        ("share", "share the last game: score squares, time, the command to replay it"),
        ("stats", "statistics: streaks, bests, trends, a calendar, the questions you miss"),
        ("help", "show this help"),
        ("quit", "leave (Ctrl-D also leaves)"),
    ]
    static let aliases = ["exit": "quit", "q": "quit", "?": "help", "ls": "list", "h": "history", "p": "play"]

    /// What Tab completes at the menu: commands, quiz ids, titles, `play ID`.
    var menuCompletions: [String] {
        Self.commands.map(\.name) + library.banks.map(\.id) + library.banks.map(\.title)
            + library.banks.map { "play \($0.id)" }
    }

    /// Runs until the player quits; returns the exit status (74 when a game could not be recorded).
    func run() -> ExitStatus {
        var status = ExitStatus.success
        console.out(
            console.bold("quiz") + " — \(library.banks.count) quizzes. "
                + "Type a number or a name to play, help for commands.")
        list()
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
                line = text.trimmingCharacters(in: .whitespaces)
            }
            guard !line.isEmpty else { continue }
            input.remember(line)
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            let command = Self.aliases[words[0].lowercased()] ?? words[0].lowercased()
            switch command {
            case "quit":
                return status
            case "help":
                help()
            case "list":
                list()
            case "history":
                showHistory()
            case "share":
                share(words.count > 1 ? words[1] : "")
            case "stats":
                stats()
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
            console.out("  \(DisplayWidth.pad(command.name, to: width))  \(command.help)")
        }
        console.out("In a game: a choice's number, letter or text answers; skip skips; quit abandons.")
        console.out(
            "Keys: Tab completes, Up/Down recall earlier commands, Ctrl-R searches them, Ctrl-C clears the line.")
    }

    private func list() {
        let idWidth = library.banks.map { DisplayWidth.of($0.id) }.max() ?? 0
        for (index, bank) in library.banks.enumerated() {
            let number = DisplayWidth.pad("\(index + 1)", to: 3, right: true)
            console.out(
                "\(number)  \(DisplayWidth.pad(bank.id, to: idWidth))  \(bank.title) "
                    + console.dim("(\(bank.questions.count))"))
        }
        for failure in library.failures { console.err("skipped \(failure.error)") }
    }

    private func showHistory() {
        do {
            try SessionHistory.shared.load(from: store, results: false)
        } catch {
            console.err(error.description)
            return
        }
        console.out(HistoryReport(sessions: SessionHistory.shared.sessions).table(width: console.width))
    }

    /// `share`, `share ascii`: the last game's card.
    private func share(_ argument: String) {
        let newest: [Session]
        do {
            newest = try store.load(newest: 1).sessions
        } catch {
            console.err(error.description)
            return
        }
        guard let last = newest.last else {
            console.out("No games yet, so nothing to share.")
            return
        }
        console.out(ShareCard(session: last, timeZone: .current).text(ascii: argument.lowercased() == "ascii"))
    }

    private func stats() {
        do {
            try SessionHistory.shared.load(from: store)
        } catch {
            console.err(error.description)
            return
        }
        let statistics = Statistics(sessions: SessionHistory.shared.sessions, now: Date(), timeZone: .current)
        console.out(statistics.text(width: min(console.width, 100)))
    }

    /// A bank by its number in the list, its id or its title (ignoring case).
    private func bank(named name: String) -> QuestionBank? {
        if let number = Int(name), number >= 1, number <= library.banks.count {
            return library.banks[number - 1]
        }
        let key = name.lowercased()
        return library.bank(id: name)
            ?? library.banks.first { $0.id.lowercased() == key || $0.title.lowercased() == key }
    }

    /// Answers unknown input with the nearest command or quiz, if one is close.
    private func unknown(_ line: String) {
        let candidates = Self.commands.map(\.name) + library.banks.map(\.id)
        let first = String(line.split(separator: " ")[0])
        if let suggestion = NearestMatch.suggestion(for: line, among: candidates)
            ?? NearestMatch.suggestion(for: first, among: Self.commands.map(\.name))
        {
            console.out("Unknown command or quiz '\(line)'. Did you mean \(suggestion)?")
        } else {
            console.out("Unknown command or quiz '\(line)'. Type help for commands, list for the quizzes.")
        }
    }

    private func play(_ name: String) -> ExitStatus {
        guard let bank = bank(named: name) else {
            let suggestion = NearestMatch.suggestion(for: name, among: library.banks.map(\.id))
            console.out(
                "No quiz '\(name)'." + (suggestion.map { " Did you mean \($0)?" } ?? " Type list for the quizzes."))
            return .success
        }
        return play(bank)
    }

    private func play(_ bank: QuestionBank) -> ExitStatus {
        var player = GamePlayer(console: console, input: input, store: store)
        player.sharePrompt = true
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        if case .finished(_, .some) = player.play(bank, count: options.questionsPerGame, seed: seed) {
            return .ioError
        }
        return .success
    }
}
