/// SplitMix64: a small, fast generator whose sequence for a seed is fixed
/// forever, so `--seed N` replays the same game on any machine and any Swift
/// version (the standard library's shuffle algorithm is not promised stable,
/// so `Game` shuffles with `shuffle(_:using:)` below).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, without modulo bias (Lemire's method is not
    /// needed at these sizes; rejection keeps it exact and fixed).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let limit = UInt64.max - UInt64.max % UInt64(bound)
        while true {
            let value = next()
            if value < limit { return Int(value % UInt64(bound)) }
        }
    }

    /// Fisher–Yates, written out so the order for a seed never changes.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}
