import QuizCore
import QuizStore

/// `quiz --list`: each quiz found, its id, question count and title, one a
/// line (the title wrapped under itself on a narrow terminal); the
/// categories of banks that are not bundled under it; a bank that could not
/// be read said on standard error, the others listed.
public enum ListCommand {
    public static func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let output = context.output
        let library = try context.library()
        context.banks.cache.waitForWrites()  // before output a pipe may close
        // Ids and titles come from bank files: made safe.
        let ids = library.banks.map { TerminalText.safe($0.id) }
        let idWidth = ids.map(DisplayWidth.of).max() ?? 0
        let bundled = BankLocator.bundledFolder()
        for (bank, id) in zip(library.banks, ids) {
            let count = DisplayWidth.pad("\(bank.questionCount)", to: 4, right: true)
            let first =
                "\(DisplayWidth.pad(id, to: idWidth))  \(count) \(bank.questionCount == 1 ? "question " : "questions")  "
            output.out(TextWrap.wrap(TerminalText.safe(bank.title), width: output.wrapWidth, first: first))
            // Categories matter for large banks of your own (played with --category),
            // not for the bundled ones, whose lists would only crowd the screen.
            if bundled.map({ !bank.path.hasPrefix($0 + "/") }) ?? true {
                for line in BankCategories(bank).listing(width: output.width) { output.out(line) }
            }
        }
        for failure in library.failures { output.err("skipped \(failure.error)") }
        return .success
    }
}
