import QuizCore
import QuizStore

/// `quiz --share --game N` and the menu's `share`: the Nth game back (1 =
/// the last), counted in the order the games were recorded, not by date: a
/// clock set wrong (or right again) must not make another game "the last".
public enum NthGame {
    /// The game `back` games back among `sessions` (the newest games, oldest
    /// first; reading the newest `back` is enough); nil for the last game
    /// (`back` 1) when there are none.
    /// A `back` below 1 is a usage error (64); fewer games than `back` is a
    /// game not found (66, as a quiz or a file not there), saying how many
    /// games the history has.
    public static func pick(_ back: Int, from sessions: [Session]) throws(CommandFailure) -> Session? {
        guard back >= 1 else {
            throw CommandFailure(status: .usage, message: "--game \(back): the last game is 1, the one before it 2")
        }
        // No games: the last game is "no games yet"; an earlier one is not found.
        guard !sessions.isEmpty || back > 1 else { return nil }
        guard back <= sessions.count else {
            let games = sessions.isEmpty ? "no games" : sessions.count == 1 ? "1 game" : "\(sessions.count) games"
            throw CommandFailure(
                status: .noInput, message: "no game \(back) back (--game \(back)): the history has \(games)")
        }
        return sessions[sessions.count - back]
    }
}
