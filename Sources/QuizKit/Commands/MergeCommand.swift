import QuizCore
import QuizStore

/// `quiz --merge-history PATH`: the games of another data folder, archive,
/// journal or `--history --format json` export that the history lacks, added
/// at once (`HistoryStore.merge`), and one line saying how many were added
/// and how many it held already. A damaged source is said, and ends with 74
/// after that line; a PATH not there, 66; one that is no history, 65.
public enum MergeCommand {
    /// The exit status, and whether the journal wants a compaction now (the
    /// executable starts it in the background, as after a game).
    public static func run(_ context: CommandContext, path: String) throws(CommandFailure) -> (
        status: ExitStatus, needsCompaction: Bool
    ) {
        let source: MergeSource
        do {
            source = try MergeSource(path: path)
        } catch {
            throw CommandFailure(status: ExitStatus(error), message: error.description)
        }
        if let problem = DataDirectory.problem(folder: context.store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        let report: HistoryStore.MergeReport
        do {
            report = try context.store.merge(source)
        } catch {
            throw CommandFailure(error)
        }
        context.output.tell(report.diagnostics)
        // With a synced folder, the games added go to this machine's file there too.
        if report.added > 0, let sync = context.store.sync { context.output.tell(sync.publish()) }
        context.output.out(line(report, path: path))
        return (report.diagnostics.whole ? .success : .ioError, report.needsCompaction)
    }

    /// "merged PATH: 3 games added, 1 already in the history".
    static func line(_ report: HistoryStore.MergeReport, path: String) -> String {
        "merged \(TerminalText.safe(path)): \(report.added) game\(report.added == 1 ? "" : "s") added, "
            + "\(report.already) already in the history"
    }
}
