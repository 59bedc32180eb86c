import Foundation

/// Reads a binary property list (`bplist00`) one object at a time, checking
/// every offset, count and reference against the file's bounds. Untrusted
/// bytes can only make it throw: it never traps, and since callers follow
/// references themselves it cannot be sent round a cycle.
public struct BinaryPropertyListReader {
    /// An object with its children as object numbers, not yet read.
    public enum Object: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case date(Double)
        case data(Range<Int>)
        case string(String)
        case uid(UInt64)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    public struct FormatError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    private let bytes: [UInt8]
    private let offsetWidth: Int
    private let refWidth: Int
    private let tableOffset: Int
    public let objectCount: Int
    public let topObject: Int

    public init(_ data: Data) throws(FormatError) {
        bytes = [UInt8](data)
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
            throw FormatError(description: "not a binary property list")
        }
        let trailer = bytes.count - 32
        offsetWidth = Int(bytes[trailer + 6])
        refWidth = Int(bytes[trailer + 7])
        let count = Self.readUInt(bytes, at: trailer + 8, width: 8)
        let top = Self.readUInt(bytes, at: trailer + 16, width: 8)
        let table = Self.readUInt(bytes, at: trailer + 24, width: 8)
        guard [1, 2, 4, 8].contains(offsetWidth), [1, 2, 4, 8].contains(refWidth),
            count > 0, count < UInt64(bytes.count), top < count,
            table >= 8, table < UInt64(trailer),
            count.multipliedReportingOverflow(by: UInt64(offsetWidth)).partialValue <= UInt64(trailer) - table
        else { throw FormatError(description: "the property list's trailer is damaged") }
        objectCount = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
    }

    private static func readUInt(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<width { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    private func offset(of object: Int) throws(FormatError) -> Int {
        guard object >= 0, object < objectCount else { throw FormatError(description: "reference out of range") }
        let offset = Self.readUInt(bytes, at: tableOffset + object * offsetWidth, width: offsetWidth)
        guard offset >= 8, offset < UInt64(tableOffset) else {
            throw FormatError(description: "object offset out of range")
        }
        return Int(offset)
    }

    private func need(_ count: Int, at offset: Int) throws(FormatError) {
        guard count >= 0, offset <= tableOffset, count <= tableOffset - offset else {
            throw FormatError(description: "object runs past the end of the data")
        }
    }

    /// Reads a length that follows a marker whose low nibble is 0xF.
    private func length(marker: UInt8, at start: inout Int) throws(FormatError) -> Int {
        let low = Int(marker & 0x0F)
        guard low == 0x0F else { return low }
        try need(1, at: start)
        let intMarker = bytes[start]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw FormatError(description: "bad length in the property list")
        }
        let width = 1 << Int(intMarker & 0x0F)
        try need(1 + width, at: start)
        let value = Self.readUInt(bytes, at: start + 1, width: width)
        start += 1 + width
        guard value < UInt64(bytes.count) else { throw FormatError(description: "length larger than the data") }
        return Int(value)
    }

    private func refs(count: Int, at start: Int) throws(FormatError) -> [Int] {
        guard count.multipliedReportingOverflow(by: refWidth).partialValue <= tableOffset else {
            throw FormatError(description: "container larger than the data")
        }
        try need(count * refWidth, at: start)
        var result: [Int] = []
        result.reserveCapacity(count)
        for i in 0..<count {
            let ref = Self.readUInt(bytes, at: start + i * refWidth, width: refWidth)
            guard ref < UInt64(objectCount) else { throw FormatError(description: "reference out of range") }
            result.append(Int(ref))
        }
        return result
    }

    /// Reads object number `number`.
    public func object(_ number: Int) throws(FormatError) -> Object {
        let start = try offset(of: number)
        let marker = bytes[start]
        var body = start + 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw FormatError(description: "unknown object type 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let width = 1 << Int(marker & 0x0F)
            guard width <= 8 else { throw FormatError(description: "integer wider than 64 bits") }
            try need(width, at: body)
            let raw = Self.readUInt(bytes, at: body, width: width)
            return .integer(width == 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            let width = 1 << Int(marker & 0x0F)
            try need(width, at: body)
            switch width {
            case 4: return .real(Double(Float(bitPattern: UInt32(Self.readUInt(bytes, at: body, width: 4)))))
            case 8: return .real(Double(bitPattern: Self.readUInt(bytes, at: body, width: 8)))
            default: throw FormatError(description: "bad real number")
            }
        case 0x3:
            guard marker == 0x33 else { throw FormatError(description: "bad date") }
            try need(8, at: body)
            return .date(Double(bitPattern: Self.readUInt(bytes, at: body, width: 8)))
        case 0x4:
            let count = try length(marker: marker, at: &body)
            try need(count, at: body)
            return .data(body..<(body + count))
        case 0x5:
            let count = try length(marker: marker, at: &body)
            try need(count, at: body)
            guard let text = String(validating: bytes[body..<(body + count)], as: UTF8.self),
                text.utf8.allSatisfy({ $0 < 0x80 })
            else { throw FormatError(description: "bad ASCII string") }
            return .string(text)
        case 0x6:
            let count = try length(marker: marker, at: &body)
            guard count <= tableOffset / 2 else { throw FormatError(description: "string larger than the data") }
            try need(count * 2, at: body)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for i in 0..<count { units.append(UInt16(bytes[body + 2 * i]) << 8 | UInt16(bytes[body + 2 * i + 1])) }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw FormatError(description: "bad UTF-16 string")
            }
            return .string(text)
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            guard width <= 8 else { throw FormatError(description: "bad UID") }
            try need(width, at: body)
            return .uid(Self.readUInt(bytes, at: body, width: width))
        case 0xA:
            let count = try length(marker: marker, at: &body)
            return .array(try refs(count: count, at: body))
        case 0xD:
            let count = try length(marker: marker, at: &body)
            guard count <= tableOffset / 2 else { throw FormatError(description: "dictionary larger than the data") }
            let all = try refs(count: count * 2, at: body)
            return .dictionary(keys: Array(all[..<count]), values: Array(all[count...]))
        default:
            throw FormatError(description: "unknown object type 0x\(String(marker, radix: 16))")
        }
    }

    /// The object as a string, or nil.
    public func string(_ number: Int) throws(FormatError) -> String? {
        if case .string(let text) = try object(number) { return text }
        return nil
    }

    /// A dictionary object's entries, keyed by their string keys.
    public func dictionary(_ number: Int) throws(FormatError) -> [String: Int]? {
        guard case .dictionary(let keys, let values) = try object(number) else { return nil }
        var result: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard let name = try string(key) else { throw FormatError(description: "dictionary key is not a string") }
            result[name] = value
        }
        return result
    }
}
