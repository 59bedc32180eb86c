import QuizCore
import QuizStore

/// `quiz --merge-history PATH` (repeatable): the games of other data
/// folders, archives, journals or `--history --format json` exports that the
/// history lacks, added at once each (`HistoryStore.merge`), in the order
/// given, and one line each saying how many were added and how many it held
/// already. Every PATH is checked before any is merged: one not there or
/// unreadable, 66; one that is no history, 65. A damaged source is said, and
/// ends with 74 after the lines.
public enum MergeCommand {
    /// The exit status, and whether the journal wants a compaction now (the
    /// executable starts it in the background, as after a game).
    public static func run(_ context: CommandContext, paths: [String]) throws(CommandFailure) -> (
        status: ExitStatus, needsCompaction: Bool
    ) {
        var sources: [MergeSource] = []
        for path in paths {
            do {
                sources.append(try MergeSource(path: path))
            } catch {
                throw CommandFailure(status: ExitStatus(error), message: error.description)
            }
        }
        if let problem = DataDirectory.problem(folder: context.store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        var status = ExitStatus.success
        var needsCompaction = false
        var added = 0
        for source in sources {
            let report: HistoryStore.MergeReport
            do {
                report = try context.store.merge(source)
            } catch {
                throw CommandFailure(error)
            }
            context.output.tell(report.diagnostics)
            context.output.out(line(report, path: source.path))
            added += report.added
            if !report.diagnostics.whole { status = .ioError }
            needsCompaction = needsCompaction || report.needsCompaction
        }
        // With a synced folder, the games added go to this machine's file there too.
        if added > 0, let sync = context.store.sync { context.output.tell(sync.publish()) }
        return (status, needsCompaction)
    }

    /// "merged PATH: 3 games added, 1 already in the history".
    static func line(_ report: HistoryStore.MergeReport, path: String) -> String {
        "merged \(TerminalText.safe(path)): \(report.added) game\(report.added == 1 ? "" : "s") added, "
            + "\(report.already) already in the history"
    }
}
