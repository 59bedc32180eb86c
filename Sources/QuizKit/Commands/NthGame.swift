import QuizCore
import QuizStore

/// `quiz --share --game N` and the menu's `share`: the Nth game back (1 =
/// the last), counted in the order the games were recorded, not by date: a
/// clock set wrong (or right again) must not make another game "the last".
public enum NthGame {
    /// Why there is no game `back` games back.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A number below 1: the last game is 1 (a usage error, 64).
        case belowOne(Int)
        /// Fewer games than `back` (66, as a quiz or a file not there).
        case notThere(back: Int, games: Int)

        public var description: String {
            switch self {
            case .belowOne(let back):
                return "--game \(back): the last game is 1, the one before it 2"
            case .notThere(let back, let count):
                let games = count == 0 ? "no games" : count == 1 ? "1 game" : "\(count) games"
                return "no game \(back) back (--game \(back)): the history has \(games)"
            }
        }
    }

    /// The game `back` games back among `sessions` (the newest games, oldest
    /// first; reading the newest `back` is enough); nil for the last game
    /// (`back` 1) when there are none.
    public static func pick(_ back: Int, from sessions: [Session]) throws(Failure) -> Session? {
        guard back >= 1 else { throw .belowOne(back) }
        // No games: the last game is "no games yet"; an earlier one is not found.
        guard !sessions.isEmpty || back > 1 else { return nil }
        guard back <= sessions.count else { throw .notThere(back: back, games: sessions.count) }
        return sessions[sessions.count - back]
    }
}
