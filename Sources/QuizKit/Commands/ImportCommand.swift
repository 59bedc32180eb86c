import QuizCore
import QuizStore

/// `quiz --import FILE --output BANK.json`: the cards of Anki's text export,
/// a Quizlet export, CSV or `Q:`/`A:` markdown made a bank file
/// (`CardImport.importFile`), and one line saying how many questions it
/// holds and what was left out. Nothing is written on failure: 64 when the
/// output is the input, 66 when FILE is not there or unreadable, 65 when
/// its cards are bad, 74 when the bank could not be written.
public enum ImportCommand {
    public static func run(_ context: CommandContext, input: String) throws(CommandFailure) -> ExitStatus {
        guard let output = context.options.output else { return .usage }  // Options requires it
        let result: CardImport.Result
        do {
            result = try CardImport.importFile(input, to: output, settings: context.options.importSettings)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
        }
        context.output.out(TerminalText.safe(line(result, input: input, output: output)))
        return .success
    }

    /// "imported deck.txt (Anki's text export): 12 questions in deck.json; skipped 2 that need their picture or sound".
    static func line(_ result: CardImport.Result, input: String, output: String) -> String {
        let skipped = result.skipped.isEmpty ? "" : "; skipped " + result.skipped.joined(separator: ", ")
        return "imported \(input) (\(result.format.name)): \(result.questions) question"
            + "\(result.questions == 1 ? "" : "s") in \(output)\(skipped)"
    }
}
