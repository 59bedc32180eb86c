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
        let start = (base + range.lowerBound).assumingMemoryBound(to: CChar.self)
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        guard let end, UnsafeRawPointer(end) == base + range.upperBound else { return nil }
        return value
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
