/// Durations as players read them: `0:42`, `1:42`, `1:02:03`; or in words,
/// as a screen reader says them: "45 seconds", "1 minute 12 seconds".
public enum DurationFormat {
    public static func clock(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "?" }
        let whole = Int(seconds.rounded())
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// Whole seconds in words, largest unit first, leaving out the units that
    /// are zero: "1 hour 2 minutes", "1 minute 12 seconds", "0 seconds"; nil
    /// when unknown, negative or not finite.
    public static func words(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite, seconds >= 0, seconds < Double(Int.max / 2) else { return nil }
        let whole = Int(seconds.rounded())
        let parts = [(whole / 3600, "hour"), (whole / 60 % 60, "minute"), (whole % 60, "second")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
