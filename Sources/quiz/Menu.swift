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

    static let commands = ["play", "list", "history", "help", "quit"]

    /// Runs until the player quits; returns the exit status (74 when a game could not be recorded).
    func run() -> ExitStatus {
        var status = ExitStatus.success
        console.out(
            console.bold("quiz")
                + " — \(library.banks.count) quizzes. Type a number or a name to play, help for commands.")
        list()
        input.completions = Self.commands + library.banks.map(\.id)
        while let line = input.readLine(prompt: "quiz> ") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first?.lowercased() else { continue }
            input.remember(line)
            switch first {
            case "quit", "exit", "q":
                return status
            case "help", "?":
                help()
            case "list", "ls":
                list()
            case "history", "h":
                showHistory()
            case "play", "p":
                guard words.count > 1 else {
                    console.out("Which quiz? Type play and a number or a name from the list.")
                    continue
                }
                if play(words[1]) == .ioError { status = .ioError }
            default:
                if play(first, typed: true) == .ioError { status = .ioError }
            }
            input.completions = Self.commands + library.banks.map(\.id)
        }
        console.out()
        return status
    }

    private func help() {
        console.out(
            """
            play QUIZ    play a quiz: its number or its name (or just type either)
            list         list the quizzes
            history      show the games played
            help         show this help
            quit         leave (Ctrl-D also leaves)
            During a game: a choice's number, letter or text answers; skip skips; quit abandons.
            """)
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
            try SessionHistory.shared.load(from: store)
        } catch {
            console.err(error.description)
            return
        }
        console.out(
            HistoryReport(sessions: SessionHistory.shared.sessions, timeZone: .current).table(width: console.width))
    }

    private func play(_ name: String, typed: Bool = false) -> ExitStatus {
        let bank: QuestionBank?
        if let number = Int(name), number >= 1, number <= library.banks.count {
            bank = library.banks[number - 1]
        } else {
            bank = library.bank(id: name) ?? library.banks.first { $0.id.lowercased() == name.lowercased() }
        }
        guard let bank else {
            console.out(
                typed
                    ? "Unknown command or quiz '\(name)'. Type help for commands, list for the quizzes."
                    : "No quiz '\(name)'. Type list for the quizzes.")
            return .success
        }
        let player = GamePlayer(console: console, input: input, store: store)
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        if case .finished(_, let failure?) = player.play(bank, count: options.count, seed: seed) {
            _ = failure
            return .ioError
        }
        return .success
    }
}
