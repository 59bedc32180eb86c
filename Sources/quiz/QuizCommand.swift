import Foundation
import QuizCore
import QuizKit
import QuizStore

/// What `quiz` does with its command line: one entry per mode (README, "Usage").
struct QuizCommand {
    static let version = "quiz 0.1.0"

    let options: Options
    let environment: [String: String]
    let console: Console
    /// The options, then the configuration file, then the defaults.
    let settings: Settings
    /// What was wrong with the configuration file, printed before anything else.
    let configurationProblems: [Configuration.Problem]

    init(options: Options, environment: [String: String]) {
        self.options = options
        self.environment = environment
        // --help and --version read no file; a background compaction has no one to tell.
        let reads = ![.help, .version, .compact].contains(options.mode)
        let (file, problems) = reads ? ConfigurationFile.load(environment: environment) : (Configuration(), [])
        configurationProblems = problems
        console = Console(noColorFlag: options.noColor, environment: environment, fileSaysNever: file.color == .never)
        settings = Settings(count: options.count, ascii: options.ascii, colorblind: options.colorblind, file: file)
        store = HistoryStore(
            folder: DataDirectory.resolve(option: options.dataDir, environment: environment),
            pendingFolders: [
                DataDirectory.stateFolder(environment: environment),
                DataDirectory.temporaryFolder(environment: environment),
            ],
            adoptsUntaggedPending: DataDirectory.isDefault(option: options.dataDir, environment: environment),
            onWait: { message in StandardStreams.err(Console.errorLine(message)) })
    }

    /// The history; a game that cannot be written waits in the data folder,
    /// else in the state folder, else in the temporary folder (named after
    /// the data folder there). Waiting for another process's lock is said.
    let store: HistoryStore

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
            return validate(files)
        case .history:
            return try history()
        case .share:
            return try share()
        case .stats:
            return try stats()
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
            let library = try BankLocator.library(
                extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
            if library.banks.isEmpty {
                throw CommandFailure(
                    status: .noInput, message: "no question banks found; give a bank file or folder with --questions")
            }
            let input = newInput()
            return Menu(
                console: console, input: input, library: library, store: store, options: options, settings: settings,
                clock: try clock, scheduler: try scheduler
            )
            .run()
        }
    }

    private func list() throws(CommandFailure) -> ExitStatus {
        let library = try BankLocator.library(extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
        BankLocator.cache.waitForWrites()  // before output a pipe may close
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

    private func validate(_ files: [String]) -> ExitStatus {
        var status = ExitStatus.success
        var history: [Session]?
        var historyComplete = true
        if options.historyCheck {
            do {
                let (sessions, complete) = try loadedSessions()
                history = sessions
                historyComplete = complete
                if !complete { status = .ioError }
            } catch {
                console.err(error.message)
                return error.status
            }
        }
        for file in files {
            // `quiz --validate Questions/*.json` names the schema beside the banks.
            if file.hasSuffix(".schema.json") {
                console.out("\(file): skipped: a JSON Schema (*.schema.json), not a bank")
                continue
            }
            do {
                let bank = try BankLoader.load(path: file)
                let count = bank.questionCount
                let repeated = bank.repeatedQuestions.map { " (\($0))" } ?? ""
                console.out(console.show("\(file): ok, \(count) question\(count == 1 ? "" : "s")\(repeated)"))
                // Warnings do not change the status: the bank plays, its control characters shown visibly.
                for warning in ControlCharacterWarnings.problems(in: bank) {
                    console.out(console.show(warning.description))
                }
                if let history {
                    for line in HistoryCheck(bank: bank, sessions: history).lines(file: file, complete: historyComplete)
                    {
                        console.out(console.show(line))
                    }
                }
            } catch {
                for line in error.problems { console.out(console.show(line)) }
                // Bad data (65) outranks a file not found (66), which outranks success.
                let failed = ExitStatus(error)
                if failed == .dataError || status == .success { status = failed }
            }
        }
        return status
    }

    private func history() throws(CommandFailure) -> ExitStatus {
        if options.reviewLog { return try reviewLog() }
        if let status = try streamedHistory() { return status }
        // The table, markdown and CSV show no per-question results (JSON does),
        // and --limit needs only the newest games: read no more than that.
        let quiz = options.quizFilter
        let (sessions, complete) = try loadedSessions(
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
        let bank = (try? BankLocator.library(extraPaths: options.questionPaths))?.bank(id: quiz)
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

    /// The history, and whether it is whole: what could not be read is said
    /// on standard error (one line a file), everything that could is returned,
    /// and the command then ends with 74 after its output.
    func loadedSessions(
        results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(CommandFailure) -> (sessions: [Session], complete: Bool) {
        // A data folder that is a file (or inside one) has no history, but the
        // games waiting to be written to it are still its own: show those, if
        // any, after the one line that says what is wrong.
        let folderProblem = DataDirectory.problem(folder: store.folder)
        let loaded: HistoryStore.Loaded
        do {
            loaded = try store.load(results: results, newest: newest, where: include)
        } catch {
            throw CommandFailure(status: .ioError, message: folderProblem ?? error.description)
        }
        if let folderProblem {
            guard !loaded.sessions.isEmpty else { throw CommandFailure(status: .ioError, message: folderProblem) }
            console.err(folderProblem)
        }
        for line in loaded.notices + loaded.problems { console.err(line) }
        return (loaded.sessions, loaded.problems.isEmpty && folderProblem == nil)
    }

    /// The share card of the last game, or of the Nth back with `--game N`.
    private func share() throws(CommandFailure) -> ExitStatus {
        // Only the newest games, as far back as --game asks: fewer than that
        // means the history holds no more.
        let back = options.game ?? 1
        let (sessions, complete) = try loadedSessions(newest: back)
        guard let session = try NthGame.pick(back, from: sessions) else {
            console.out("No games yet, so nothing to share. Play one with `quiz`.")
            return complete ? .success : .ioError
        }
        // Under a locale that is not UTF-8 the squares are ASCII, whatever was chosen.
        let squares = console.ascii ? .ascii : settings.squares
        if options.text {
            console.out(ShareText(session: session).text)
        } else {
            console.out(
                ShareCard(session: session, timeZone: LocalTimeZone.current).text(
                    ascii: squares == .ascii, colorblind: squares == .colorblind))
        }
        return complete ? .success : .ioError
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

    private var clock: QuizClock {
        get throws(CommandFailure) { try QuizClock(environment: environment) }
    }

    private var scheduler: FSRS {
        get throws(CommandFailure) {
            try FSRSParametersFile.scheduler(path: options.fsrsParameters, retention: settings.retention)
        }
    }

    /// `quiz --review`: the questions due, across every bank or of `--quiz ID`.
    private func review() throws(CommandFailure) -> ExitStatus {
        let clock = try clock
        let scheduler = try scheduler
        let seed = options.seedForGame
        // A bank named with --questions is read, or its error said, even when no question due comes from it.
        try BankLocator.checkNamed(options.questionPaths)
        // Quick: a fresh schedule and only the banks of the questions due.
        if let bank = ReviewDesk.quickBank(
            file: ScheduleFile(store: store, scheduler: scheduler), at: clock.now, quiz: options.quizFilter,
            count: settings.count, extraPaths: options.questionPaths)
        {
            let input = newInput()
            let desk = ReviewDesk(
                console: console, store: store, library: QuestionLibrary(), clock: clock, scheduler: scheduler)
            return desk.play(bank, input: input, settings: settings, seed: seed)
        }
        let library = try BankLocator.library(extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
        if let quiz = options.quizFilter { _ = try QuizLookup.option(quiz, in: library) }
        let input = newInput()
        let desk = ReviewDesk(console: console, store: store, library: library, clock: clock, scheduler: scheduler)
        return try desk.play(
            quiz: options.quizFilter, count: settings.count, seed: seed, input: input, settings: settings)
    }

    private func stats() throws(CommandFailure) -> ExitStatus {
        // The banks named with --questions are read (or their error said) even before any game.
        let named: QuestionLibrary? =
            options.questionPaths.isEmpty
            ? nil : try BankLocator.library(extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
        // The kept statistics and the games since (HistoryStore.statistics):
        // the same figures as from every game, without reading every game.
        if let problem = DataDirectory.problem(folder: store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        let tallied: HistoryStore.Tallied
        do {
            tallied = try store.statistics(timeZone: LocalTimeZone.current)
        } catch {
            throw CommandFailure(error)
        }
        for line in tallied.notices + tallied.problems { console.err(line) }
        let now = try clock.now
        let statistics = Statistics(tally: tallied.tally, now: now, timeZone: LocalTimeZone.current)
        // The review section: from history.schedule (kept beside the
        // history), rebuilt one game at a time when stale. What a rebuild's
        // read says that the count above already said is not said twice.
        var complete = tallied.problems.isEmpty
        var progress = ReviewProgress(
            schedule: ReviewSchedule(), index: QuestionIndex(), now: now, timeZone: LocalTimeZone.current)
        if tallied.tally.games > 0 {
            let banks: [QuestionBank]
            if let named { banks = named.banks } else { banks = try BankLocator.library(extraPaths: []).banks }
            let index = QuestionIndex(banks: banks)
            let file = ScheduleFile(store: store, scheduler: try scheduler)
            let current: ScheduleFile.Current
            do {
                current = try file.current(index: index)
            } catch {
                throw CommandFailure(status: .ioError, message: error.description)
            }
            let said = Set(tallied.notices + tallied.problems)
            for line in current.notices + current.problems where !said.contains(line) { console.err(line) }
            complete = complete && current.problems.isEmpty
            progress = ReviewProgress(
                schedule: current.schedule, index: index, now: now, timeZone: LocalTimeZone.current)
        }
        let ascii = settings.ascii || console.ascii
        let width = min(console.width, 100)
        if options.format == .json {
            console.out(statistics.json(reviews: progress.jsonObject))
        } else if tallied.tally.games == 0 {
            console.out(statistics.text(ascii: ascii, width: width, streaks: settings.streaks))
        } else {
            console.out(statistics.text(ascii: ascii, width: width, streaks: settings.streaks))
            console.out()
            for line in progress.lines(ascii: ascii, width: width) { console.out(line) }
        }
        return complete ? .success : .ioError
    }

    /// `--history --format reviews`: every answer as a review, in the FSRS optimizer's CSV.
    /// `--quiz ID`: the rows of its questions, from its games and the reviews
    /// that asked them (66 for no such quiz, a header alone for a quiz not
    /// played); `--limit N`: the rows of the last N games recorded (of those
    /// games, with `--quiz`). Every game is rated in order either way, as in
    /// the whole log.
    private func reviewLog() throws(CommandFailure) -> ExitStatus {
        // `--quiz review`: the review games' rows, whatever their questions' quizzes.
        let reviewsOnly = options.quizFilter == ReviewSession.quizID
        let quiz = reviewsOnly ? nil : options.quizFilter
        let (sessions, complete) = try loadedSessions()
        func ofQuiz(_ identity: String) -> Bool {
            quiz == nil || QuestionIdentity.bank(of: identity).map(String.init) == quiz
        }
        let chosen = sessions.indices.filter { position in
            let session = sessions[position]
            if reviewsOnly { return session.quiz == ReviewSession.quizID }
            return quiz == nil || session.quiz == quiz
                || (session.quiz == ReviewSession.quizID
                    && session.results.contains { $0.identity.map(ofQuiz) == true })
        }
        if chosen.isEmpty, let filter = options.quizFilter { _ = try noGamesOf(filter) }
        // The bundled banks and any named: a card whose question gained an
        // "id" since it was first played is one card, as the scheduler has it.
        let banks = try BankLocator.library(extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
            .banks
        let index = QuestionIndex(banks: banks)
        let kept = Set(chosen.suffix(options.limit ?? chosen.count))
        let log = ReviewLog.csv(sessions: sessions, index: index, scheduler: try scheduler) { position, review in
            kept.contains(position) && ofQuiz(review.identity)
        }
        console.write(log)
        return complete ? .success : .ioError
    }

    private func play(_ name: String) throws(CommandFailure) -> ExitStatus {
        // The one bank asked for, when its file is known by name; every bank
        // otherwise (a URL among the paths, a name that is not a file's).
        var library = QuestionLibrary()
        let seed = options.seedForGame
        // (Through the parsed copy in the cache: an Open Trivia file of 5,250
        // questions is parsed once, not before every game; and without a
        // filter, only the questions dealt are made, as Game would deal them.)
        let parsed = ParsedBankCache(folder: ParsedBankCache.defaultFolder(environment: environment))
        let file = BankLocator.file(forQuiz: name, extraPaths: options.questionPaths)
        // Every other bank named with --questions is checked all the same.
        try BankLocator.checkNamed(options.questionPaths, except: file)
        var bank: QuestionBank
        var game: Game?
        var deal: Game.Deal?
        if let file, options.category == nil, options.difficulty == nil,
            let dealt = parsed.load(
                path: file,
                choosing: { size in
                    let made = Game.Deal(size: size, count: settings.count, seed: seed)
                    deal = made
                    return made.positions
                }),
            dealt.id == name, let deal
        {
            bank = dealt
            game = Game(quizID: dealt.id, quizTitle: dealt.title, questions: dealt.questions, dealt: deal)
        } else {
            if let file, let single = try? parsed.load(path: file) {
                library.add(single)
            } else {
                library = try BankLocator.library(
                    extraPaths: options.questionPaths, maxDownload: options.maxDownloadBytes)
            }
            bank = try QuizLookup.command(name, in: &library)
            do {
                bank = try QuestionFilter(category: options.category, difficulty: options.difficulty).apply(to: bank)
            } catch {
                throw CommandFailure(status: .noInput, message: error.description)
            }
        }
        let input = newInput()
        var player = GamePlayer(console: console, input: input, store: store)
        player.streaks = settings.streaks
        player.clock = try clock
        player.schedule = ScheduleFile(store: store, scheduler: try scheduler)
        switch player.play(
            bank, count: settings.count, seed: seed, category: options.category, difficulty: options.difficulty,
            dealt: game)
        {
        case .finished(_, let failure): return failure == nil ? .success : .ioError
        case .abandoned(let interrupted): return interrupted ? .interrupted : .success
        }
    }
}
