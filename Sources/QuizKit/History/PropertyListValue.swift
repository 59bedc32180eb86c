import Foundation

/// A property-list value as the binary format holds it, including the `UID`
/// type that keyed archives use for references, which Foundation on Linux
/// keeps private. `BinaryPropertyListWriter` writes these.
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case uid(UInt32)
    case array([PropertyListValue])
    /// Keys in the order given; the writer keeps that order.
    case dictionary([String: PropertyListValue], order: [String])

    /// A dictionary with keys in sorted order.
    public static func dict(_ entries: [String: PropertyListValue]) -> PropertyListValue {
        .dictionary(entries, order: entries.keys.sorted())
    }
}
