import Foundation

/// Every finished game, oldest first: the classic iOS `SessionHistory`
/// singleton, archived as the root of `history.archive` with the key
/// `sessions`. `shared` is the one history of the process; its state is
/// guarded by a lock, so it is safe to use from any thread under Swift 6.
public final class SessionHistory: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    /// The history of this process; `load(from:)` (QuizStore) fills it.
    public static let shared = SessionHistory()

    /// `storage` is read and written under `lock`; both are `package` for
    /// QuizStore's `load(from:)` and `record(_:in:)`.
    package let lock = NSLock()
    package var storage: [Session]

    public init(sessions: [Session] = []) {
        storage = sessions
    }

    public var sessions: [Session] {
        lock.withLock { storage }
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
