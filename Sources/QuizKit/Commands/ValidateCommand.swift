import QuizCore
import QuizStore

/// `quiz --validate FILE...`: each bank checked, `ok` and its question
/// count or its problems, one a line; with `--history-check`, what the
/// history says of each bank's questions too.
public enum ValidateCommand {
    /// Bad data (65) outranks a file not found (66), which outranks success;
    /// a history not read whole makes it 74.
    public static func run(_ context: CommandContext, files: [String]) -> ExitStatus {
        let output = context.output
        var status = ExitStatus.success
        var history: [Session]?
        var historyComplete = true
        if context.options.historyCheck {
            do {
                let (sessions, complete) = try context.loadedSessions()
                history = sessions
                historyComplete = complete
                if !complete { status = .ioError }
            } catch {
                output.err(error.message)
                return error.status
            }
        }
        // Names and texts from bank files are made safe.
        func say(_ line: String) { output.out(TerminalText.safe(line)) }
        for file in files {
            // `quiz --validate Questions/*.json` names the schema beside the banks.
            if file.hasSuffix(".schema.json") {
                output.out("\(file): skipped: a JSON Schema (*.schema.json), not a bank")
                continue
            }
            do {
                let bank = try BankLoader.load(path: file)
                let count = bank.questionCount
                let repeated = bank.repeatedQuestions.map { " (\($0))" } ?? ""
                say("\(file): ok, \(count) question\(count == 1 ? "" : "s")\(repeated)")
                // Warnings do not change the status: the bank plays (its control characters shown visibly).
                for warning in BankWarnings.problems(in: bank) { say(warning.description) }
                if let history {
                    for line in HistoryCheck(bank: bank, sessions: history).lines(file: file, complete: historyComplete)
                    {
                        say(line)
                    }
                }
            } catch {
                for line in error.problems { say(line) }
                let failed = ExitStatus(error)
                if failed == .dataError || status == .success { status = failed }
            }
        }
        return status
    }
}
