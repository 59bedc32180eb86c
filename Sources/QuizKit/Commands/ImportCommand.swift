import Foundation
import QuizCore
import QuizStore

/// `quiz --import FILE --output BANK.json`: the cards of an Anki package,
/// Anki's text export, a Quizlet export, CSV or `Q:`/`A:` markdown made a
/// bank file (`CardImport.prepare`, then `write`), and one line saying how many
/// questions it holds and what was left out; an Anki package's review log
/// then added to the history as review games of the bank written
/// (`AnkiReviewImport`, through the merge: twice adds nothing twice), unless
/// `--no-reviews`, and a second line saying how many. Nothing is written on
/// failure: 64 when the output is the input, 66 when FILE is not there or
/// unreadable, 65 when its cards are bad, 74 when the history could not
/// take the reviews or the bank could not be written (it is written beside
/// the output before the reviews are added, and put in place after).
public enum ImportCommand {
    /// The exit status, and whether the journal wants a compaction now (the
    /// executable starts it in the background, as after a merge). `holding`
    /// runs the part no signal may cut short, from adding the reviews to
    /// putting the bank in place (the executable holds back SIGINT, SIGTERM
    /// and SIGHUP meanwhile, as while a game is recorded): a kill leaves
    /// neither reviews without their bank nor a bank's temporary file.
    public static func run(
        _ context: CommandContext, input: String, holding: (() -> Void) -> Void = { $0() }
    ) throws(CommandFailure) -> (status: ExitStatus, needsCompaction: Bool) {
        guard let output = context.options.output else { return (.usage, false) }  // Options requires it
        // A bank written to the data folder's banks folder (where the menu
        // always looks, README's example) makes that folder, as a first game
        // makes the data folder; any other folder must be there.
        if (output as NSString).deletingLastPathComponent.standardizedPath == context.banksFolder.standardizedPath {
            _ = try? PrivateFolder.make(context.banksFolder)
        }
        let prepared: CardImport.Prepared
        do {
            prepared = try CardImport.prepare(input, to: output, settings: context.options.importSettings)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
        }
        // The bank is written beside the output first, then an Anki
        // package's reviews go into the history, then the bank takes its
        // place: a bank that cannot be written adds no review, a history that
        // cannot take them leaves the output as it was, and importing again
        // adds each review once.
        let staged: CardImport.Staged
        do {
            staged = try CardImport.stage(prepared, to: output)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
        }
        var finished: Result<(needsCompaction: Bool, line: String)?, CommandFailure> = .success(nil)
        holding {
            finished = Result { () throws(CommandFailure) -> (needsCompaction: Bool, line: String)? in
                var reviews: (needsCompaction: Bool, line: String)?
                if !prepared.result.revlog.isEmpty, !context.options.noReviews {
                    do throws(CommandFailure) {
                        reviews = try addReviews(context, prepared: prepared, output: output)
                    } catch {
                        staged.abandon()
                        throw error
                    }
                }
                do throws(CardImport.FileFailure) {
                    try staged.commit()
                } catch {
                    throw CommandFailure(status: ExitStatus(error), message: TerminalText.safe(error.description))
                }
                return reviews
            }
        }
        let reviews = try finished.get()
        context.output.out(TerminalText.safe(line(prepared.result, input: input, output: output)))
        guard let reviews else { return (.success, false) }
        context.output.out(reviews.line)
        return (.success, reviews.needsCompaction)
    }

    /// The package's reviews, made review games of the bank as it will be
    /// written (its questions' identities are those a game of it records),
    /// added to the history; the line to say once the bank is written.
    static func addReviews(_ context: CommandContext, prepared: CardImport.Prepared, output: String)
        throws(CommandFailure) -> (needsCompaction: Bool, line: String)
    {
        let result = prepared.result
        let games = AnkiReviewImport.sessions(
            bank: prepared.bank, quizID: prepared.bank.id, cards: result.cards, revlog: result.revlog,
            timeZone: LocalTimeZone.current)
        if let problem = DataDirectory.problem(folder: context.store.folder) {
            throw CommandFailure(status: .ioError, message: problem + "; nothing was written")
        }
        let report: HistoryStore.MergeReport
        do {
            report = try context.store.add(imported: games)
        } catch {
            throw CommandFailure(error)
        }
        context.output.tell(report.diagnostics)
        if report.added > 0, let sync = context.store.sync { context.output.tell(sync.publish()) }
        // A history read only in part: its damage is said above; the bank is
        // not written, so a second import, once the history is whole, adds what this one could not.
        guard report.diagnostics.whole else {
            throw CommandFailure(
                status: .ioError,
                message: "\(TerminalText.safe(output)) was not written: the history was read only in part")
        }
        return (report.needsCompaction, reviewLine(answers: games.reduce(0) { $0 + $1.results.count }, report))
    }

    /// "112 Anki reviews: 112 added to the history in 21 review games, 0 already there".
    static func reviewLine(answers: Int, _ report: HistoryStore.MergeReport) -> String {
        let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
        let games = report.added > 0 ? " in " + plural(report.added, "review game") : ""
        return plural(answers, "Anki review") + ": \(report.addedAnswers) added to the history\(games), "
            + "\(answers - report.addedAnswers) already there"
    }

    /// "imported deck.txt (Anki's text export): 12 questions in deck.json; skipped 2 that need their picture or sound".
    static func line(_ result: CardImport.Result, input: String, output: String) -> String {
        let skipped = result.skipped.isEmpty ? "" : "; skipped " + result.skipped.joined(separator: ", ")
        let typed =
            result.choicesDropped == 0
            ? ""
            : "; \(result.choicesDropped) with choices quiz cannot ask (fewer than two, more than 26, "
                + "or one over 500 characters) asked as typed answers"
        return "imported \(input) (\(result.format.name)): \(result.questions) question"
            + "\(result.questions == 1 ? "" : "s") in \(output)\(skipped)\(typed)"
    }
}

extension String {
    /// The path with `.`, `..` and repeated slashes taken out (no links resolved).
    fileprivate var standardizedPath: String { (self as NSString).standardizingPath }
}
