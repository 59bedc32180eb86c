import Foundation
import QuizCore
import QuizKit
import QuizStore

/// What `quiz` does with its command line: one entry per mode (README, "Usage").
struct QuizCommand {
    static let version = "quiz 0.1.0"

    let context: CommandContext
    let console: Console
    /// What was wrong with the configuration file, printed before anything else.
    let configurationProblems: [Configuration.Problem]
    /// The settings file's problems and skipped banks are said by this command (not by the menu's).
    let saysSettings: Bool

    var options: Options { context.options }
    var environment: [String: String] { context.environment }
    var settings: Settings { context.settings }
    var store: HistoryStore { context.store }

    init(options: Options, environment: [String: String]) {
        let (file, problems) = CommandContext.configuration(options: options, environment: environment)
        configurationProblems = problems
        saysSettings = true
        let console = Console(
            noColorFlag: options.noColor, environment: environment, fileSaysNever: file.color == .never)
        self.console = console
        // Waiting for another process's lock is said.
        context = CommandContext(
            options: options, environment: environment, configuration: file, output: console,
            fetch: FetchProgram.fetch, onWait: { message in StandardStreams.err(Console.errorLine(message)) })
    }

    /// The same command with other options (the menu's, for `history`).
    private init(context: CommandContext, console: Console) {
        self.context = context
        self.console = console
        configurationProblems = []
        saysSettings = false
    }

    func with(_ change: (inout Options) -> Void) -> QuizCommand {
        QuizCommand(context: context.with(change), console: console)
    }

    func run() throws(CommandFailure) -> ExitStatus {
        for problem in configurationProblems { console.err(problem.description) }
        for path in saysSettings ? context.missingBanks : [] {
            console.err("settings: banks = \(TerminalText.safe(path)): no such file or folder; skipped")
        }
        // Every command that reads the history reads the synced folder's new games first.
        if [.repl, .history, .share, .stats, .review].contains(options.mode)
            || ["play", "daily", "compare"].contains(options.mode.name)
        {
            sync()
        }
        switch options.mode {
        case .help:
            console.out(Options.usage)
            return .success
        case .version:
            console.out(Self.version)
            return .success
        case .list:
            return try ListCommand.run(context)
        case .validate(let files):
            return ValidateCommand.run(context, files: files)
        case .history:
            return try history()
        case .share:
            return try ShareCommand.run(context, form: ShareCommand.form(options))
        case .stats:
            return try stats()
        case .compact:
            return try CompactCommand.run(context)
        case .merge(let paths):
            let merged = try MergeCommand.run(context, paths: paths)
            if merged.needsCompaction { Compaction.startInBackground(folder: store.folder) }
            return merged.status
        case .importCards(let input):
            let imported = try ImportCommand.run(context, input: input) { finish in
                let blocked = SignalBlock.terminating()
                finish()
                blocked.release()
            }
            if imported.needsCompaction { Compaction.startInBackground(folder: store.folder) }
            return imported.status
        case .play(let name):
            return try play(name)
        case .review:
            return try review()
        case .daily(let date):
            return try daily(date, ghost: options.ghost, input: nil)
        case .compare(let path):
            return try DailyCommand.compare(context, path: path)
        case .repl:
            // A bad QUIZ_NOW or --fsrs-parameters is said before the menu starts.
            _ = try context.clock
            _ = try context.scheduler
            let library = try context.library()
            if library.banks.isEmpty {
                throw CommandFailure(
                    status: .noInput, message: "no question banks found; give a bank file or folder with --questions")
            }
            let input = newInput()
            return Menu(command: self, input: input, library: library).run()
        }
    }

    /// The synced folder's new games added (`CommandContext.sync`); a long
    /// journal folded in the background, as after a game.
    func sync() {
        if context.sync() { Compaction.startInBackground(folder: store.folder) }
    }

    /// `--history` and the menu's `history`: the text `HistoryCommand`
    /// returns, paged on a terminal (`HistoryOutput`).
    func history() throws(CommandFailure) -> ExitStatus {
        try HistoryOutput.show(
            HistoryCommand.run(context), console: console, environment: environment,
            refusedPager: options.noPager)
    }

    /// `--stats` and the menu's `stats` (with its banks, `library`): the
    /// text `StatsCommand` returns, paged on a terminal as `history` is.
    func stats(library: QuestionLibrary? = nil) throws(CommandFailure) -> ExitStatus {
        try HistoryOutput.show(
            StatsCommand.run(context, library: library), console: console, environment: environment,
            refusedPager: options.noPager)
    }

    /// The player's input: libedit at a terminal (with the input history),
    /// plain lines from a pipe, and at a terminal where libedit cannot be
    /// loaded (said once), plain lines after a printed prompt.
    private func newInput() -> LineInput {
        guard console.interactiveInput else { return PlainLineInput() }
        if let problem = LineEditor.load() {
            console.err("\(problem); no line editing, plain lines are read")
            return PlainLineInput(prompting: true)
        }
        return LineEditor(historyFile: InputHistoryFile(environment: environment))
    }

    /// `quiz --review`: the questions due, across every bank or of `--quiz ID`.
    private func review() throws(CommandFailure) -> ExitStatus {
        let seed = options.seedForGame
        let found = try ReviewCommand.gather(context, quiz: options.quizFilter)
        return try ReviewDesk(console: console, context: context).present(found, input: newInput(), seed: seed)
    }

    /// `quiz --daily [DATE]` and the menu's `daily [DATE]` (`input`: the menu's).
    func daily(_ date: String?, ghost: String?, input: LineInput?) throws(CommandFailure) -> ExitStatus {
        _ = try context.scheduler  // a bad --fsrs-parameters is said before the game
        let daily = try DailyCommand.prepare(context, date: date, ghostPath: ghost)
        var player = GamePlayer(console: console, input: input ?? newInput(), store: store)
        player.sharePrompt = input != nil
        player.streaks = settings.streaks
        player.clock = try context.clock
        player.inOrder = true
        player.daily = daily
        if daily.practice {
            console.out(
                console.dim(
                    console.wrapped(
                        "Practice: \(DailyQuiz.title(daily.day)) (\(daily.day.iso)) "
                            + (daily.day == DailyDay(at: player.clock.now, timeZone: LocalTimeZone.current)
                                ? "was counted already today." : "is a past day's.")
                            + " It is recorded, not counted.")))
        }
        return player.play(daily.bank, count: nil, seed: UInt64(daily.day.number)).status
    }

    private func play(_ name: String) throws(CommandFailure) -> ExitStatus {
        let seed = options.seedForGame
        let (bank, game) = try PlayCommand.bank(context, name: name, seed: seed)
        let input = newInput()
        var player = GamePlayer(console: console, input: input, store: store)
        player.streaks = settings.streaks
        player.clock = try context.clock
        _ = try context.scheduler  // a bad --fsrs-parameters is said before the game
        return player.play(
            bank, count: settings.count, seed: seed, category: options.category, difficulty: options.difficulty,
            dealt: game
        ).status
    }
}

/// The commands' words go to standard output and standard error through the console.
extension Console: CommandOutput {
    var wrapWidth: Int? { measuredWidth }
}
