import Foundation

/// Every finished game, oldest first: the classic iOS `SessionHistory`
/// singleton, archived as the root of `history.archive` with the key
/// `sessions`. `shared` is the one history of the process; its state is
/// guarded by a lock, so it is safe to use from any thread under Swift 6.
public final class SessionHistory: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    /// The history of this process; `load(from:)` fills it.
    public static let shared = SessionHistory()

    private let lock = NSLock()
    private var storage: [Session]

    public init(sessions: [Session] = []) {
        storage = sessions
    }

    public var sessions: [Session] {
        lock.withLock { storage }
    }

    /// Replaces the sessions in memory with what `store` holds on disk;
    /// returns what the player should be told (pending games, say, and
    /// what could not be read: `HistoryStore.Loaded.problems`).
    @discardableResult
    public func load(
        from store: HistoryStore, results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(HistoryError) -> [Diagnostic] {
        let loaded = try store.load(results: results, newest: newest, where: include)
        lock.withLock { storage = loaded.sessions }
        return loaded.diagnostics
    }

    /// Records a finished game on disk (durable when this returns), then here.
    /// (`whileLocked`: see `HistoryStore.record`.)
    @discardableResult
    public func record(
        _ session: Session, in store: HistoryStore, whileLocked: ((HistoryStore.LockedMoment) -> Void)? = nil
    ) throws(HistoryStore.RecordFailure) -> HistoryStore.RecordReport {
        let report = try store.record(session, whileLocked: whileLocked)
        lock.withLock { storage.append(session) }
        return report
    }

    public func encode(with coder: NSCoder) {
        coder.encode(sessions as NSArray, forKey: "sessions")
    }

    public init?(coder: NSCoder) {
        let list =
            coder.containsValue(forKey: "sessions")
            ? coder.decodeObject(of: [NSArray.self, Session.self, QuestionResult.self], forKey: "sessions") : nil
        storage = (list as? [Session]) ?? []
    }
}
