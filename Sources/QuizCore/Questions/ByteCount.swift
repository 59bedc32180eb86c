/// Sizes as a person writes them for `--max-download` (`32M`, `512K`,
/// `1G`, `1048576`) and as messages say them (`32 MiB`): K, M and G are
/// powers of 1024, and an optional `iB` or `B` after them is accepted.
public enum ByteCount {
    /// The number of bytes `text` means, or nil when it is not a whole
    /// number of at least 1, optionally followed by K, M or G (any case), or
    /// when it does not fit in an `Int`.
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        let suffixes: [(String, Int)] = [
            ("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30), ("kb", 1 << 10), ("mb", 1 << 20),
            ("gb", 1 << 30), ("k", 1 << 10), ("m", 1 << 20), ("g", 1 << 30), ("b", 1),
        ]
        let lower = text.lowercased()
        for (suffix, size) in suffixes where lower.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            unit = size
            break
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(digits),
            number >= 1
        else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }

    /// `32 MiB`, `1.5 KiB`, `1 byte`, `100 bytes`: the largest unit in which
    /// the size is at least 1, with one decimal when it is not whole.
    public static func text(_ bytes: Int) -> String {
        let units: [(String, Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (name, size) in units where bytes >= size {
            if bytes % size == 0 { return "\(bytes / size) \(name)" }
            let tenths = Int((Double(bytes) / Double(size) * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
