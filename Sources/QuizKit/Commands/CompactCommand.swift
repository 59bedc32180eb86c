import QuizCore
import QuizStore

/// `quiz --compact-history`: the journal folded into the archive, with the
/// history's lock held; the store stamps its derived files anew itself
/// (`DerivedFile`). Started detached after a game (`Compaction` in the
/// executable); says nothing.
public enum CompactCommand {
    public static func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        do {
            try context.store.compact()
        } catch {
            throw CommandFailure(error)
        }
        return .success
    }
}
