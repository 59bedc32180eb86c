/// Whole percentages, rounded half away from zero, as every screen and
/// export shows them (the summary, the history, the statistics, reviews).
public enum Percent {
    /// `fraction` (0.5) as a percentage (50); nil when it is not finite.
    /// A value a rounding error away from a half (an average summed in
    /// another order: 0.665 as 0.66499999999999992) rounds as the half does,
    /// so the history's line and `--stats` never differ by one.
    public static func of(_ fraction: Double) -> Int? {
        guard fraction.isFinite else { return nil }
        let scaled = fraction * 100
        return Int((scaled + (scaled < 0 ? -tolerance : tolerance)).rounded())
    }

    /// Far above the error of summing a million fractions, far below any
    /// difference two real scores' percentages can have near a half.
    static let tolerance = 1e-9

    /// `part` of `whole` as a percentage; nil unless `whole` is above 0.
    public static func rounded(_ part: Int, of whole: Int) -> Int? {
        whole > 0 ? of(Double(part) / Double(whole)) : nil
    }
}
