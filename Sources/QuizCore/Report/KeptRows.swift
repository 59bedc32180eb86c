/// The rows `StreamedHistoryReport`'s first pass made, kept for its second
/// in one buffer of bytes, up to a budget: a row costs its bytes and 4 more,
/// not a `Session` object, so at 100,000 games every row is kept and the
/// second pass reads no game again. Past the budget the oldest rows made are
/// let go (the second pass makes those again from the game), so memory stays
/// bounded at any size.
struct KeptRows {
    /// The kept rows' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each kept row ends in `bytes`.
    private var ends: [UInt32] = []
    /// Rows made and let go, from the first.
    private var dropped = 0
    /// Bytes kept at most (a row longer than that is not kept at all).
    let budget: Int

    init(budget: Int, expected rows: Int) {
        self.budget = max(0, min(budget, Int(UInt32.max)))
        // Once, at its largest likely size: growing by doubling would hold two copies.
        bytes.reserveCapacity(min(self.budget, rows * 96))
    }

    /// Rows made so far, kept or not: the next row's number.
    var made: Int { dropped + ends.count }

    /// Keeps `row`; its number (for `row(_:)`).
    mutating func add(_ row: ArraySlice<UInt8>) -> Int {
        bytes += row
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        if bytes.count > budget { dropOldest(keeping: budget / 2) }
        return made - 1
    }

    /// The bytes of row `number`; nil when it was let go.
    func row(_ number: Int) -> ArraySlice<UInt8>? {
        let index = number - dropped
        guard index >= 0, index < ends.count else { return nil }
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes[start..<Int(ends[index])]
    }

    /// Lets the oldest rows go until at most `keep` bytes are kept (none, when
    /// the newest row alone is longer).
    private mutating func dropOldest(keeping keep: Int) {
        let total = bytes.count
        // The first row that can stay: everything from its start is at most `keep`.
        var first = ends.count
        while first > 0 && total - (first == 1 ? 0 : Int(ends[first - 2])) <= keep { first -= 1 }
        let cut = first == 0 ? 0 : Int(ends[first - 1])
        bytes.removeFirst(cut)
        ends.removeFirst(first)
        for index in ends.indices { ends[index] -= UInt32(cut) }
        dropped += first
    }
}
