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

    var options: Options { context.options }
    var environment: [String: String] { context.environment }
    var settings: Settings { context.settings }
    var store: HistoryStore { context.store }

    init(options: Options, environment: [String: String]) {
        let (file, problems) = CommandContext.configuration(options: options, environment: environment)
        configurationProblems = problems
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
    }

    func with(_ change: (inout Options) -> Void) -> QuizCommand {
        QuizCommand(context: context.with(change), console: console)
    }

    func run() throws(CommandFailure) -> ExitStatus {
        for problem in configurationProblems { console.err(problem.description) }
        switch options.mode {
        case .help:
            console.out(Options.usage)
            return .success
        case .version:
            console.out(Self.version)
            return .success
        case .list:
            return try list()
        case .validate(let files):
            return ValidateCommand.run(context, files: files)
        case .history:
            return try history()
        case .share:
            return try ShareCommand.run(context, form: ShareCommand.form(options))
        case .stats:
            return try StatsCommand.run(context)
        case .compact:
            var schedule = ScheduleFile(store: store).compacting()
            do {
                try store.compact { schedule.step($0) }
            } catch {
                throw CommandFailure(error)
            }
            return .success
        case .play(let name):
            return try play(name)
        case .review:
            return try review()
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

    private func list() throws(CommandFailure) -> ExitStatus {
        let library = try context.library()
        context.banks.cache.waitForWrites()  // before output a pipe may close
        // Ids and titles come from bank files: made safe, one bank a line
        // (the title wrapped under itself on a narrow terminal).
        let ids = library.banks.map { console.show($0.id) }
        let idWidth = ids.map(DisplayWidth.of).max() ?? 0
        let bundled = BankLocator.bundledFolder()
        for (bank, id) in zip(library.banks, ids) {
            let count = DisplayWidth.pad("\(bank.questionCount)", to: 4, right: true)
            console.out(
                console.wrapped(
                    bank.title,
                    first:
                        "\(DisplayWidth.pad(id, to: idWidth))  \(count) \(bank.questionCount == 1 ? "question " : "questions")  ",
                    lineBreaks: false))
            // Categories matter for large banks of your own (played with --category),
            // not for the bundled ones, whose lists would only crowd the screen.
            if bundled.map({ !bank.path.hasPrefix($0 + "/") }) ?? true {
                for line in BankCategories(bank).listing(width: console.width) { console.out(line) }
            }
        }
        for failure in library.failures { console.err("skipped \(failure.error)") }
        return .success
    }

    func history() throws(CommandFailure) -> ExitStatus {
        if options.reviewLog { return try reviewLog() }
        if let status = try streamedHistory() { return status }
        // The table, markdown and CSV show no per-question results (JSON does),
        // and --limit needs only the newest games: read no more than that.
        let quiz = options.quizFilter
        let (sessions, complete) = try context.loadedSessions(
            results: options.format == .json, newest: options.limit, where: quiz.map { id in { $0.quiz == id } })
        if sessions.isEmpty, let quiz, let note = try noGamesOf(quiz) {
            console.out(note)
            return .success
        }
        let report = HistoryReport(
            sessions: sessions, quiz: options.quizFilter, limit: options.limit, timeZone: LocalTimeZone.current)
        var text = report.render(options.format ?? .table, width: console.width, ascii: console.ascii)
        // CSV keeps the data exact for a file or a pipe; on a terminal its
        // control characters are shown visibly, as everywhere else.
        if console.isTerminal && text.hasSuffix("\r\n") {
            text =
                text.components(separatedBy: "\r\n").map { TerminalText.safe($0, lineBreaks: true) }
                .joined(separator: "\r\n")
        }
        // On a terminal, more lines than the screen go through a pager (Pager);
        // one that cannot be started or fails is said, and the text printed here.
        if let pager = Pager.forOutput(text, environment: environment, refused: options.noPager) {
            guard let failure = pager.show(text) else { return complete ? .success : .ioError }
            console.err(failure)
        }
        // CSV rows already end in CRLF (RFC 4180); add no bare LF after them.
        if text.hasSuffix("\r\n") { console.write(text) } else { console.out(text) }
        return complete ? .success : .ioError
    }

    /// What to say when `--quiz ID` matches no game though the history has
    /// games: an error (66) when ID is neither a quiz played nor a quiz there
    /// is, else, for the table, a line naming the quiz; nil for an empty
    /// history or an export (whose empty form is the answer).
    func noGamesOf(_ quiz: String) throws(CommandFailure) -> String? {
        // The games counted and their quizzes gathered one at a time (StreamedViews).
        let (count, played) = try historyQuizzes()
        guard count > 0 else { return nil }
        // The bundled banks and any named (`--format reviews` takes `--questions`).
        let bank = (try? context.banks.library(extraPaths: options.questionPaths))?.bank(id: quiz)
        guard let bank else {
            let games = count == 1 ? "game" : "games"
            let guess = NearestMatch.suggestion(for: quiz, among: played).map { " Did you mean \($0)?" } ?? ""
            throw CommandFailure(
                status: .noInput,
                message: "--quiz \(quiz): no such quiz; the history has \(count) \(games), of "
                    + "\(played.isEmpty ? "unnamed quizzes" : played.joined(separator: ", ")).\(guess)")
        }
        guard (options.format ?? .table) == .table else { return nil }
        let others = count == 1 ? "1 game of another quiz" : "\(count) games of other quizzes"
        return
            "No games of \(TerminalText.safe(bank.title)) (\(TerminalText.safe(quiz))) yet; the history has \(others)."
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

    /// `--history --format reviews`: every answer as a review, in the FSRS optimizer's CSV.
    /// `--quiz ID`: the rows of its questions, from its games and the reviews
    /// that asked them (66 for no such quiz, a header alone for a quiz not
    /// played); `--limit N`: the rows of the last N games recorded (of those
    /// games, with `--quiz`). Every game is rated in order either way, as in
    /// the whole log.
    private func reviewLog() throws(CommandFailure) -> ExitStatus {
        // `--quiz review`: the review games' rows, whatever their questions' quizzes.
        let reviewsOnly = Session.Kind(quiz: options.quizFilter) == .review
        let quiz = reviewsOnly ? nil : options.quizFilter
        let (sessions, complete) = try context.loadedSessions()
        func ofQuiz(_ identity: String) -> Bool {
            quiz == nil || QuestionIdentity.bank(of: identity).map(String.init) == quiz
        }
        let chosen = sessions.indices.filter { position in
            let session = sessions[position]
            if reviewsOnly { return session.kind == .review }
            return quiz == nil || session.quiz == quiz
                || (session.kind == .review
                    && session.results.contains { $0.identity.map(ofQuiz) == true })
        }
        if chosen.isEmpty, let filter = options.quizFilter { _ = try noGamesOf(filter) }
        // The bundled banks and any named: a card whose question gained an
        // "id" since it was first played is one card, as the scheduler has it.
        let banks = try context.library().banks
        let index = QuestionIndex(banks: banks)
        let kept = Set(chosen.suffix(options.limit ?? chosen.count))
        let log = ReviewLog.csv(sessions: sessions, index: index, scheduler: try context.scheduler) {
            position, review in
            kept.contains(position) && ofQuiz(review.identity)
        }
        console.write(log)
        return complete ? .success : .ioError
    }

    private func play(_ name: String) throws(CommandFailure) -> ExitStatus {
        let seed = options.seedForGame
        let (bank, game) = try PlayCommand.bank(context, name: name, seed: seed)
        let input = newInput()
        var player = GamePlayer(console: console, input: input, store: store)
        player.streaks = settings.streaks
        player.clock = try context.clock
        player.schedule = ScheduleFile(store: store, scheduler: try context.scheduler)
        return player.play(
            bank, count: settings.count, seed: seed, category: options.category, difficulty: options.difficulty,
            dealt: game
        ).status
    }
}

/// The commands' words go to standard output and standard error through the console.
extension Console: CommandOutput {}
