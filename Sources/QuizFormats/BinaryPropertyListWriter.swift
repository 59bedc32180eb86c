import Foundation

/// Writes Apple's binary property list format (`bplist00`) object by object,
/// straight into bytes: a container is written after the objects it refers
/// to, so their numbers are known. Equal strings, integers and UIDs are
/// written once and shared, as CoreFoundation does. `referenceWidth` must fit
/// every object number the list will have: pass an upper bound of the count.
public struct BinaryPropertyListWriter {
    private(set) var bytes: [UInt8] = Array("bplist00".utf8)
    private var offsets: [Int] = []
    private var strings: [String: Int] = [:]
    private var integers: [Int64: Int] = [:]
    private var uids: [UInt64: Int] = [:]
    private let refWidth: Int

    public init(maximumObjects: Int, expectedBytes: Int = 0) {
        refWidth = Self.byteWidth(for: maximumObjects)
        bytes.reserveCapacity(expectedBytes)
        offsets.reserveCapacity(maximumObjects / 2)
    }

    static func byteWidth(for value: Int) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private mutating func begin() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    private mutating func appendUInt(_ value: UInt64, width: Int) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    private mutating func appendHeader(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendIntegerBody(Int64(count))
        }
    }

    /// An integer object's bytes (marker 0x1n, then 1, 2, 4 or 8 bytes; negatives take 8).
    private mutating func appendIntegerBody(_ value: Int64) {
        switch value {
        case 0...0xFF:
            bytes.append(0x10)
            appendUInt(UInt64(value), width: 1)
        case 0x100...0xFFFF:
            bytes.append(0x11)
            appendUInt(UInt64(value), width: 2)
        case 0x10000...0xFFFF_FFFF:
            bytes.append(0x12)
            appendUInt(UInt64(value), width: 4)
        default:
            bytes.append(0x13)
            appendUInt(UInt64(bitPattern: value), width: 8)
        }
    }

    public mutating func string(_ text: String) -> Int {
        if let existing = strings[text] { return existing }
        let number = begin()
        var text = text
        text.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 >= 0x80 }) {
                appendHeader(0x50, count: utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }
        if bytes.count == offsets[number] {
            let units = Array(text.utf16)
            appendHeader(0x60, count: units.count)
            for unit in units {
                bytes.append(UInt8(unit >> 8))
                bytes.append(UInt8(unit & 0xFF))
            }
        }
        strings[text] = number
        return number
    }

    /// Small integers (scores, totals, flags) are written once and shared;
    /// others (seeds, checksums) each where they are used, so that reading a
    /// game reads bytes near it, not a seed first written a million games
    /// back (a reader of every game then touches pages all over the file).
    public mutating func integer(_ value: Int64) -> Int {
        let shared = (-128...1023).contains(value)
        if shared, let existing = integers[value] { return existing }
        let number = begin()
        appendIntegerBody(value)
        if shared { integers[value] = number }
        return number
    }

    public mutating func real(_ value: Double) -> Int {
        let number = begin()
        bytes.append(0x23)
        appendUInt(value.bitPattern, width: 8)
        return number
    }

    public mutating func uid(_ value: UInt64) -> Int {
        if let existing = uids[value] { return existing }
        let number = begin()
        switch value {
        case 0...0xFF:
            bytes.append(0x80)
            appendUInt(value, width: 1)
        case 0x100...0xFFFF:
            bytes.append(0x81)
            appendUInt(value, width: 2)
        default:
            bytes.append(0x83)
            appendUInt(value, width: 4)
        }
        uids[value] = number
        return number
    }

    public mutating func array(_ references: [Int]) -> Int {
        let number = begin()
        appendHeader(0xA0, count: references.count)
        for reference in references { appendUInt(UInt64(reference), width: refWidth) }
        return number
    }

    /// A dictionary of string keys (already written) to values.
    public mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        let number = begin()
        appendHeader(0xD0, count: keys.count)
        for reference in keys { appendUInt(UInt64(reference), width: refWidth) }
        for reference in values { appendUInt(UInt64(reference), width: refWidth) }
        return number
    }

    /// The finished list with `top` as its root object.
    public mutating func finish(top: Int) -> Data {
        precondition(offsets.count <= 1 << (refWidth * 8) - 1 || refWidth == 8, "maximumObjects was too small")
        let tableOffset = bytes.count
        let offsetWidth = Self.byteWidth(for: tableOffset)
        for offset in offsets { appendUInt(UInt64(offset), width: offsetWidth) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(refWidth)]
        appendUInt(UInt64(offsets.count), width: 8)
        appendUInt(UInt64(top), width: 8)
        appendUInt(UInt64(tableOffset), width: 8)
        return Data(bytes)
    }
}
