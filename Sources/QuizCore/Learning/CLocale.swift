#if canImport(Glibc)
    import Glibc
#endif

/// Decimal numbers read where they are, in a buffer of bytes, by the C
/// library's `strtod` in the "C" locale whatever `LC_NUMERIC` the process
/// has: for what `Double.description` wrote, the value `Double(String)`
/// gives, without a `String` for each number (which cost more than the
/// reading itself in `ScheduleText`).
enum CLocale {
    /// The "C" locale for numbers; nil if the C library could not make one
    /// (then `numbers` reads in the process's locale, which is "C" unless
    /// someone set `LC_NUMERIC`, and a number it misreads makes the file unreadable, so rebuilt).
    nonisolated(unsafe) private static let numeric = newlocale(LC_NUMERIC_MASK, "C", nil)

    /// `body`, with this thread's numbers read in the "C" locale.
    static func numbers<Value>(_ body: () -> Value) -> Value {
        guard let numeric else { return body() }
        let previous = uselocale(numeric)
        defer { uselocale(previous) }
        return body()
    }

    /// The finite or infinite number that is exactly the bytes of `range`;
    /// nil when they are not one. The byte after `range` must be a space, a
    /// tab or a line break (so `strtod` stops there, never past the buffer);
    /// a number may not start with white space (which `strtod` would skip).
    /// Call it inside `numbers`.
    static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound < bytes.count, let base = bytes.baseAddress,
            isEnd(bytes[range.upperBound]), isStart(bytes[range.lowerBound])
        else { return nil }
        if let fast = fastNumber(bytes, range) { return fast }
        let start = (base + range.lowerBound).assumingMemoryBound(to: CChar.self)
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        guard let end, UnsafeRawPointer(end) == base + range.upperBound else { return nil }
        return value
    }

    /// The value of plain decimal digits with at most one point (no sign,
    /// no exponent), read from its digits when that is exact, as
    /// `Double.description` writes most schedule numbers (a date in seconds,
    /// a count, a stability); nil for any other form, which `strtod` reads.
    /// Exact by Clinger's fast path: when the digits, point left out, are a
    /// whole number of at most 2^53 and at most 22 follow the point, both it
    /// and the power of ten are `Double`s exactly, and one division rounds
    /// correctly, to the value `strtod` gives. `strtod` was a seventh of
    /// `--review`'s instructions.
    static func fastNumber(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        guard let base = bytes.baseAddress, range.count <= 20 else { return nil }
        var significand: UInt64 = 0
        var digits = 0
        var point = -1
        var offset = range.lowerBound
        // At most 20 bytes, so at most 19 digits beside a point: no overflow.
        while offset < range.upperBound {
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            offset &+= 1
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
                digits &+= 1
            } else if byte == UInt8(ascii: "."), point < 0, digits > 0 {
                point = digits
            } else {
                return nil
            }
        }
        let fraction = point < 0 ? 0 : digits &- point
        guard digits > 0, significand <= 1 << 53, fraction <= 22 else { return nil }
        return fraction == 0 ? Double(significand) : Double(significand) / Self.powersOfTen[fraction]
    }

    /// 10^0 to 10^22, every one a `Double` exactly.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A byte that ends a number: a space, a tab or a line break.
    private static func isEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
    }

    /// A byte a decimal number may start with.
    private static func isStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }
}
