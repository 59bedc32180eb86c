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

    var store: HistoryStore {
        HistoryStore(folder: DataDirectory.resolve(option: options.dataDir, environment: environment))
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
            throw CommandFailure(status: .usage, message: "--share is not built yet")
        case .play(let name):
            return try play(name)
        case .repl:
            let library = try BankLocator.library(extraPaths: options.questionPaths)
            if library.banks.isEmpty {
                throw CommandFailure(
                    status: .noInput, message: "no question banks found; give a bank file or folder with --questions")
            }
            loadHistoryQuietly()
            let input: LineInput = console.interactiveInput ? LineEditor() : PlainLineInput()
            return Menu(console: console, input: input, library: library, store: store, options: options).run()
        }
    }

    /// Loads the history for "new best" messages; a problem is reported, not fatal.
    private func loadHistoryQuietly() {
        do {
            try SessionHistory.shared.load(from: store)
        } catch {
            console.err(error.description)
        }
    }

    private func list() throws(CommandFailure) -> ExitStatus {
        let library = try BankLocator.library(extraPaths: options.questionPaths)
        BankLocator.cache.waitForWrites()  // before output a pipe may close
        let idWidth = library.banks.map { DisplayWidth.of($0.id) }.max() ?? 0
        for bank in library.banks {
            console.out(
                "\(DisplayWidth.pad(bank.id, to: idWidth))  \(DisplayWidth.pad("\(bank.questions.count)", to: 4, right: true)) questions  \(bank.title)"
            )
            for line in BankCategories(bank).listing(width: console.width) { console.out(line) }
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
        let sessions: [Session]
        do {
            try SessionHistory.shared.load(from: store)
            sessions = SessionHistory.shared.sessions
        } catch {
            throw CommandFailure(status: .ioError, message: error.description)
        }
        let report = HistoryReport(sessions: sessions, quiz: options.quizFilter, limit: options.limit)
        let text = report.render(options.format ?? .table, width: console.width)
        // CSV rows already end in CRLF (RFC 4180); add no bare LF after them.
        if text.hasSuffix("\r\n") { console.write(text) } else { console.out(text) }
        return .success
    }

    private func play(_ name: String) throws(CommandFailure) -> ExitStatus {
        var library = try BankLocator.library(extraPaths: options.questionPaths)
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
        loadHistoryQuietly()
        let input: LineInput = console.interactiveInput ? LineEditor() : PlainLineInput()
        let player = GamePlayer(console: console, input: input, store: store)
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        switch player.play(bank, count: options.count, seed: seed) {
        case .finished(_, let failure): return failure == nil ? .success : .ioError
        case .abandoned: return .success
        }
    }
}
