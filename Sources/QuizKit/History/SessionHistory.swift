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

    /// Replaces the sessions in memory with what `store` holds on disk.
    public func load(from store: HistoryStore) throws(HistoryError) {
        let loaded = try store.load()
        lock.withLock { storage = loaded }
    }

    /// Appends a finished game to the history on disk (merged with whatever
    /// other processes recorded meanwhile) and then to this one. When this
    /// returns, the game is durable.
    @discardableResult
    public func record(_ session: Session, in store: HistoryStore) throws(HistoryError) -> HistoryStore.RecordReport {
        let report = try store.record(session)
        lock.withLock { storage = report.sessions }
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
