/// One row of an Anki collection's `revlog` table, as Anki stored it: a
/// review of one card (see rslib/src/revlog in ankitects/anki).
public struct AnkiRevlogEntry: Sendable, Equatable {
    /// `id`: when the card was answered, in milliseconds since 1970.
    public var id: Int64
    /// `cid`: the card reviewed.
    public var cardID: Int64
    /// `ease`: the button, 1 (Again) to 4 (Easy); 0 for a manual change.
    public var ease: Int
    /// `ivl`: the interval given, days if positive, seconds if negative.
    public var interval: Int64
    /// `lastIvl`: the interval before, days if positive, seconds if negative.
    public var lastInterval: Int64
    /// `factor`: the ease factor (permille), or FSRS's difficulty × 100 + 100.
    public var factor: Int64
    /// `time`: how long the answer took, in milliseconds.
    public var milliseconds: Int64
    /// `type`: 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
    public var kind: Int

    public init(
        id: Int64, cardID: Int64, ease: Int, interval: Int64, lastInterval: Int64, factor: Int64,
        milliseconds: Int64, kind: Int
    ) {
        self.id = id
        self.cardID = cardID
        self.ease = ease
        self.interval = interval
        self.lastInterval = lastInterval
        self.factor = factor
        self.milliseconds = milliseconds
        self.kind = kind
    }
}
