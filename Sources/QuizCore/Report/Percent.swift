/// Whole percentages, rounded half away from zero, as every screen and
/// export shows them (the summary, the history, the statistics, reviews).
public enum Percent {
    /// `fraction` (0.5) as a percentage (50); nil when it is not finite.
    public static func of(_ fraction: Double) -> Int? {
        guard fraction.isFinite else { return nil }
        return Int((fraction * 100).rounded())
    }

    /// `part` of `whole` as a percentage; nil unless `whole` is above 0.
    public static func rounded(_ part: Int, of whole: Int) -> Int? {
        whole > 0 ? of(Double(part) / Double(whole)) : nil
    }
}
