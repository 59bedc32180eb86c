import Foundation
import QuizCore
import QuizKit
import QuizStore

/// The REPL: lists the quizzes, plays the one chosen, shows the history,
/// until `quit` or Ctrl-D.
struct Menu {
    let console: Console
    let input: LineInput
    let library: QuestionLibrary
    let store: HistoryStore
    let options: Options
    let settings: Settings
    let clock: QuizClock
    let scheduler: FSRS

    var desk: ReviewDesk {
        ReviewDesk(console: console, store: store, library: library, clock: clock, scheduler: scheduler)
    }

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
    static let shareForms = ["text", "colorblind", "ascii"]

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
        if let waiting = desk.waitingLine() { console.out(console.wrapped(waiting)) }
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

    private func showHistory() {
        if let problem = DataDirectory.problem(folder: store.folder) {
            console.err(problem)
            return
        }
        guard let sessions = load(results: false) else { return }
        console.out(
            HistoryReport(sessions: sessions, timeZone: LocalTimeZone.current).table(
                width: console.width, ascii: console.ascii))
    }

    /// `share`: the last game's card, with the squares the settings say;
    /// `share text`: as a sentence; `share colorblind`, `share ascii`: those squares.
    private func share(_ argument: String) {
        let form = argument.trimmingCharacters(in: .whitespaces).lowercased()
        guard form.isEmpty || Self.shareForms.contains(form) else {
            console.out(
                console.wrapped(
                    "Unknown share form '\(console.show(argument))'. Type share, share text, share colorblind or share ascii."
                ))
            return
        }
        if let problem = DataDirectory.problem(folder: store.folder) {
            console.err(problem)
            return
        }
        guard let newest = load(newest: 1) else { return }
        // One game back, which any history with a game has.
        guard let last = try? NthGame.pick(1, from: newest) else {
            console.out("No games yet, so nothing to share.")
            return
        }
        if form == "text" {
            console.out(ShareText(session: last).text)
            return
        }
        // Under a locale that is not UTF-8 the squares are ASCII, whatever was chosen.
        let squares =
            console.ascii ? .ascii : form.isEmpty ? settings.squares : form == "ascii" ? .ascii : .colorblind
        console.out(
            ShareCard(session: last, timeZone: LocalTimeZone.current).text(
                ascii: squares == .ascii, colorblind: squares == .colorblind))
    }

    private func stats() {
        if let problem = DataDirectory.problem(folder: store.folder) {
            console.err(problem)
            return
        }
        guard let sessions = load() else { return }
        let statistics = Statistics(sessions: sessions, now: clock.now, timeZone: LocalTimeZone.current)
        console.out(
            statistics.text(
                ascii: settings.ascii || console.ascii, width: min(console.width, 100), streaks: settings.streaks))
        guard !sessions.isEmpty else { return }
        let progress = ReviewProgress(
            sessions: sessions, index: desk.index, now: clock.now,
            timeZone: LocalTimeZone.current, scheduler: scheduler)
        console.out()
        for line in progress.lines(ascii: settings.ascii || console.ascii, width: min(console.width, 100)) {
            console.out(line)
        }
    }

    /// The games from the store (the newest `newest` only, when given);
    /// what could not be read is said on standard error; nil when nothing could be.
    private func load(results: Bool = true, newest: Int? = nil) -> [Session]? {
        do {
            let loaded = try store.load(results: results, newest: newest)
            for line in loaded.notices + loaded.problems { console.err(line) }
            return loaded.sessions
        } catch {
            console.err(error.description)
            return nil
        }
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
        do {
            return try desk.play(
                quiz: quiz, count: settings.count, seed: options.seedForGame, input: input,
                settings: settings, sharePrompt: true)
        } catch {
            console.err(error.message)
            return error.status
        }
    }

    private func play(_ bank: QuestionBank) -> ExitStatus {
        var player = GamePlayer(console: console, input: input, store: store)
        player.sharePrompt = true
        player.streaks = settings.streaks
        player.clock = clock
        player.schedule = ScheduleFile(store: store, scheduler: scheduler)
        let seed = options.seedForGame
        if case .finished(_, .some) = player.play(bank, count: settings.count, seed: seed) {
            return .ioError
        }
        return .success
    }
}
