import Foundation
import QuizCore
import QuizStore

/// `quiz --import FILE --output BANK.json`: the cards of an Anki package,
/// Anki's text export, a Quizlet export, CSV or `Q:`/`A:` markdown made a
/// bank file (`CardImport.importFile`), and one line saying how many
/// questions it holds and what was left out; an Anki package's review log
/// then added to the history as review games of the bank written
/// (`AnkiReviewImport`, through the merge: twice adds nothing twice), unless
/// `--no-reviews`, and a second line saying how many. Nothing is written on
/// failure: 64 when the output is the input, 66 when FILE is not there or
/// unreadable, 65 when its cards are bad, 74 when the bank or the history
/// could not be written (the bank is kept then: importing again adds the
/// reviews once).
public enum ImportCommand {
    /// The exit status, and whether the journal wants a compaction now (the
    /// executable starts it in the background, as after a merge).
    public static func run(_ context: CommandContext, input: String) throws(CommandFailure) -> (
        status: ExitStatus, needsCompaction: Bool
    ) {
        guard let output = context.options.output else { return (.usage, false) }  // Options requires it
        // A bank written to the data folder's banks folder (where the menu
        // always looks, README's example) makes that folder, as a first game
        // makes the data folder; any other folder must be there.
        if (output as NSString).deletingLastPathComponent.standardizedPath == context.banksFolder.standardizedPath {
            _ = try? PrivateFolder.make(context.banksFolder)
        }
        let result: CardImport.Result
        do {
            result = try CardImport.importFile(input, to: output, settings: context.options.importSettings)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
        }
        context.output.out(TerminalText.safe(line(result, input: input, output: output)))
        guard !result.revlog.isEmpty, !context.options.noReviews else { return (.success, false) }
        return try addReviews(context, result: result, output: output)
    }

    /// The package's reviews, made review games of the bank as written (its
    /// questions' identities are those a game of it records), added to the history.
    static func addReviews(_ context: CommandContext, result: CardImport.Result, output: String)
        throws(CommandFailure) -> (status: ExitStatus, needsCompaction: Bool)
    {
        let bank: QuestionBank
        do {
            bank = try BankLoader.load(path: output)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
        }
        let games = AnkiReviewImport.sessions(
            bank: bank, quizID: BankLoader.quizID(forPath: output), cards: result.cards, revlog: result.revlog,
            timeZone: LocalTimeZone.current)
        if let problem = DataDirectory.problem(folder: context.store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        let report: HistoryStore.MergeReport
        do {
            report = try context.store.add(imported: games)
        } catch {
            throw CommandFailure(error)
        }
        context.output.tell(report.diagnostics)
        if report.added > 0, let sync = context.store.sync { context.output.tell(sync.publish()) }
        let answers = games.reduce(0) { $0 + $1.results.count }
        context.output.out(
            "\(answers) Anki review\(answers == 1 ? "" : "s") in \(games.count) review game\(games.count == 1 ? "" : "s"): "
                + "\(report.added) added to the history, \(report.already) already there")
        return (report.diagnostics.whole ? .success : .ioError, report.needsCompaction)
    }

    /// "imported deck.txt (Anki's text export): 12 questions in deck.json; skipped 2 that need their picture or sound".
    static func line(_ result: CardImport.Result, input: String, output: String) -> String {
        let skipped = result.skipped.isEmpty ? "" : "; skipped " + result.skipped.joined(separator: ", ")
        return "imported \(input) (\(result.format.name)): \(result.questions) question"
            + "\(result.questions == 1 ? "" : "s") in \(output)\(skipped)"
    }
}

extension String {
    /// The path with `.`, `..` and repeated slashes taken out (no links resolved).
    fileprivate var standardizedPath: String { (self as NSString).standardizingPath }
}
