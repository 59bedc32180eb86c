/// A trend drawn as one character per value, oldest first. A fraction `f` of
/// the total (clamped to 0...1) takes level `min(7, Int(f * 8))` of eight, so
/// each level covers an eighth: 0% is the lowest, 100% the highest, 50% level 4;
/// an unknown value (nil or NaN) is a space.
public enum Sparkline {
    /// The eight levels, lowest first: `▁▂▃▄▅▆▇█`.
    public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The eight levels for places that mangle Unicode, lowest first: `_.:-=+*#`.
    public static let asciiLevels: [Character] = ["_", ".", ":", "-", "=", "+", "*", "#"]

    /// The level (0...7) of `fraction`; nil when it is unknown.
    public static func level(of fraction: Double?) -> Int? {
        guard let fraction, !fraction.isNaN else { return nil }
        return min(7, Int(min(1, max(0, fraction)) * 8))
    }

    /// The character for one value.
    public static func character(for fraction: Double?, ascii: Bool = false) -> Character {
        guard let level = level(of: fraction) else { return " " }
        return (ascii ? asciiLevels : blocks)[level]
    }

    /// The sparkline of `fractions`, one character each, in the order given.
    public static func render(_ fractions: [Double?], ascii: Bool = false) -> String {
        String(fractions.map { character(for: $0, ascii: ascii) })
    }
}
