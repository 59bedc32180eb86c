/// `quiz --share --game N` and the menu's `share`: the Nth game back (1 =
/// the last), counted in the order the games were recorded, not by date: a
/// clock set wrong (or right again) must not make another game "the last".
public enum NthGame {
    /// The game `back` games back among `sessions` (the newest games, oldest
    /// first; reading the newest `back` is enough); nil when there are none.
    /// Fewer games than `back` is a usage error (64) saying how many there are.
    public static func pick(_ back: Int, from sessions: [Session]) throws(CommandFailure) -> Session? {
        guard !sessions.isEmpty else { return nil }
        guard back >= 1, back <= sessions.count else {
            throw CommandFailure(
                status: .usage,
                message: sessions.count == 1
                    ? "--game \(back): there is only 1 game" : "--game \(back): there are only \(sessions.count) games")
        }
        return sessions[sessions.count - back]
    }
}
