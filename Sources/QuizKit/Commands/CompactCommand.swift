import QuizCore
import QuizStore

/// `quiz --compact-history`: the journal folded into the archive, with the
/// history's lock held, and `history.schedule` stamped anew when it was
/// fresh (`ScheduleFile.compacting`). Started detached after a game
/// (`Compaction` in the executable); says nothing.
public enum CompactCommand {
    public static func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        var schedule = ScheduleFile(store: context.store).compacting()
        do {
            try context.store.compact { schedule.step($0) }
        } catch {
            throw CommandFailure(error)
        }
        return .success
    }
}
