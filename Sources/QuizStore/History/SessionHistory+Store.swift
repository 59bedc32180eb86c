import QuizCore

/// Filling the process's history from the files, and recording a game in
/// both: the files' side of `SessionHistory`.
extension SessionHistory {
    /// Replaces the sessions in memory with what `store` holds on disk;
    /// returns what the player should be told (pending games, say, and
    /// what could not be read: `HistoryStore.Loaded.diagnostics`).
    @discardableResult
    public func load(
        from store: HistoryStore, results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(HistoryError) -> [Diagnostic] {
        let loaded = try store.load(results: results, newest: newest, where: include)
        lock.withLock { storage = loaded.sessions }
        return loaded.diagnostics
    }

    /// Records a finished game on disk (durable when this returns), then here.
    /// (`index`: see `HistoryStore.record`.)
    @discardableResult
    public func record(_ session: Session, in store: HistoryStore, index: QuestionIndex? = nil)
        throws(HistoryStore.RecordFailure) -> HistoryStore.RecordReport
    {
        let report = try store.record(session, index: index)
        lock.withLock { storage.append(session) }
        return report
    }
}
