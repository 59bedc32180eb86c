import Foundation
import QuizKit

/// What `quiz` does with its command line: one entry per mode of DESIGN.md.
struct QuizCommand {
    static let version = "quiz 0.1.0"

    let options: Options
    let environment: [String: String]
    let console: Console

    init(options: Options, environment: [String: String]) {
        self.options = options
        self.environment = environment
        console = Console(noColorFlag: options.noColor, environment: environment)
    }

    /// The history; a game that cannot be written waits in the data folder,
    /// else in the state folder, else in the temporary folder.
    var store: HistoryStore {
        HistoryStore(
            folder: DataDirectory.resolve(option: options.dataDir, environment: environment),
            pendingFolders: [DataDirectory.stateFolder(environment: environment), NSTemporaryDirectory()])
    }

    func run() throws(CommandFailure) -> ExitStatus {
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
            do {
                try store.compact()
            } catch {
                throw CommandFailure(status: .ioError, message: error.description)
            }
            return .success
        case .play(let name):
            return try play(name)
        case .repl:
            let library = try BankLocator.library(extraPaths: options.questionPaths)
            if library.banks.isEmpty {
                throw CommandFailure(
                    status: .noInput, message: "no question banks found; give a bank file or folder with --questions")
            }
            let input: LineInput =
                console.interactiveInput
                ? LineEditor(historyFile: InputHistoryFile(environment: environment)) : PlainLineInput()
            return Menu(console: console, input: input, library: library, store: store, options: options).run()
        }
    }

    private func list() throws(CommandFailure) -> ExitStatus {
        let library = try BankLocator.library(extraPaths: options.questionPaths)
        BankLocator.cache.waitForWrites()  // before output a pipe may close
        let idWidth = library.banks.map { DisplayWidth.of($0.id) }.max() ?? 0
        let bundled = BankLocator.bundledFolder()
        for bank in library.banks {
            console.out(
                "\(DisplayWidth.pad(bank.id, to: idWidth))  \(DisplayWidth.pad("\(bank.questions.count)", to: 4, right: true)) questions  \(bank.title)"
            )
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
        for file in files {
            do {
                let bank = try BankLoader.load(path: file)
                console.out("\(file): ok, \(bank.questions.count) questions")
            } catch {
                for line in error.problems { console.out(line) }
                if case .invalid = error { status = .dataError } else if status == .success { status = .noInput }
            }
        }
        return status
    }

    private func history() throws(CommandFailure) -> ExitStatus {
        // The table, markdown and CSV show no per-question results (JSON does),
        // and --limit needs only the newest games: read no more than that.
        let quiz = options.quizFilter
        let sessions = try loadedSessions(
            results: options.format == .json, newest: options.limit, where: quiz.map { id in { $0.quiz == id } })
        let report = HistoryReport(sessions: sessions, quiz: options.quizFilter, limit: options.limit)
        let text = report.render(options.format ?? .table, width: console.width)
        // CSV rows already end in CRLF (RFC 4180); add no bare LF after them.
        if text.hasSuffix("\r\n") { console.write(text) } else { console.out(text) }
        return .success
    }

    private func loadedSessions(
        results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(CommandFailure) -> [Session] {
        do {
            let notices = try SessionHistory.shared.load(from: store, results: results, newest: newest, where: include)
            for notice in notices { console.err(notice) }
            return SessionHistory.shared.sessions
        } catch {
            throw CommandFailure(status: .ioError, message: error.description)
        }
    }

    /// The share card of the last game, or of the Nth back with `--game N`.
    private func share() throws(CommandFailure) -> ExitStatus {
        let sessions = try loadedSessions()
        guard !sessions.isEmpty else {
            console.out("No games yet, so nothing to share. Play one with `quiz`.")
            return .success
        }
        let back = options.game ?? 1
        guard back <= sessions.count else {
            throw CommandFailure(
                status: .usage,
                message: "--game \(back): there are only \(sessions.count) game\(sessions.count == 1 ? "" : "s")")
        }
        let newestFirst = sessions.enumerated().sorted {
            $0.element.date != $1.element.date ? $0.element.date > $1.element.date : $0.offset > $1.offset
        }
        console.out(ShareCard(session: newestFirst[back - 1].element, timeZone: .current).text(ascii: options.ascii))
        return .success
    }

    private func stats() throws(CommandFailure) -> ExitStatus {
        let sessions = try loadedSessions()
        let statistics = Statistics(sessions: sessions, now: Date(), timeZone: .current)
        if options.format == .json {
            console.out(statistics.json())
        } else {
            console.out(statistics.text(ascii: options.ascii, width: min(console.width, 100)))
        }
        return .success
    }

    private func play(_ name: String) throws(CommandFailure) -> ExitStatus {
        // The one bank asked for, when its file is known by name; every bank
        // otherwise (a URL among the paths, a name that is not a file's).
        var library = QuestionLibrary()
        if let file = BankLocator.file(forQuiz: name, extraPaths: options.questionPaths),
            let single = try? BankLoader.load(path: file)
        {
            library.add(single)
        } else {
            library = try BankLocator.library(extraPaths: options.questionPaths)
        }
        var bank = library.bank(id: name)
        if bank == nil && (name.hasSuffix(".json") || name.contains("/")) {
            do {
                try library.add(path: name)
            } catch {
                if case .invalid = error { throw CommandFailure(status: .dataError, message: error.description) }
                throw CommandFailure(status: .noInput, message: error.description)
            }
            bank = library.bank(id: BankLoader.quizID(forPath: name))
        }
        guard var bank else {
            if let failure = library.failure(id: name) {
                throw CommandFailure(status: .dataError, message: failure.description)
            }
            let names = library.banks.map(\.id).joined(separator: ", ")
            throw CommandFailure(
                status: .noInput, message: "no quiz named '\(name)'; the quizzes are: \(names.isEmpty ? "none" : names)"
            )
        }
        do {
            bank = try QuestionFilter(category: options.category, difficulty: options.difficulty).apply(to: bank)
        } catch {
            throw CommandFailure(status: .noInput, message: error.description)
        }
        let input: LineInput =
            console.interactiveInput
            ? LineEditor(historyFile: InputHistoryFile(environment: environment)) : PlainLineInput()
        let player = GamePlayer(console: console, input: input, store: store)
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        switch player.play(
            bank, count: options.questionsPerGame, seed: seed, category: options.category,
            difficulty: options.difficulty)
        {
        case .finished(_, let failure): return failure == nil ? .success : .ioError
        case .abandoned(let interrupted): return interrupted ? .interrupted : .success
        }
    }
}
