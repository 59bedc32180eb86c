import Foundation

/// Writes `PropertyListValue`s in Apple's binary property list format
/// (`bplist00`), sharing one object for every equal string, number and UID,
/// as CoreFoundation does, so keys repeated in every session cost nothing.
public struct BinaryPropertyListWriter {
    private var objects: [[UInt8]] = []
    private var strings: [String: Int] = [:]
    private var integers: [Int64: Int] = [:]
    private var uids: [UInt32: Int] = [:]
    private var pendingRefs: [(object: Int, refs: [Int])] = []

    public static func data(for value: PropertyListValue) -> Data {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(value)
        return writer.finish(top: top)
    }

    /// Adds a value and returns its object number.
    private mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .string(let text):
            if let existing = strings[text] { return existing }
            let number = append(Self.encodeString(text))
            strings[text] = number
            return number
        case .integer(let int):
            if let existing = integers[int] { return existing }
            let number = append(Self.encodeInteger(int, marker: 0x10))
            integers[int] = number
            return number
        case .real(let double):
            var bytes: [UInt8] = [0x23]
            withUnsafeBytes(of: double.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
            return append(bytes)
        case .bool(let flag):
            return append([flag ? 0x09 : 0x08])
        case .uid(let uid):
            if let existing = uids[uid] { return existing }
            var bytes: [UInt8]
            switch uid {
            case 0...0xFF: bytes = [0x80, UInt8(uid)]
            case 0x100...0xFFFF: bytes = [0x81, UInt8(uid >> 8), UInt8(uid & 0xFF)]
            default:
                bytes = [0x83]
                withUnsafeBytes(of: uid.bigEndian) { bytes.append(contentsOf: $0) }
            }
            let number = append(bytes)
            uids[uid] = number
            return number
        case .array(let elements):
            let number = append([])
            let refs = elements.map { add($0) }
            objects[number] = Self.header(0xA0, count: refs.count)
            pendingRefs.append((number, refs))
            return number
        case .dictionary(let entries, let order):
            let number = append([])
            let keys = order.map { add(.string($0)) }
            let values = order.map { add(entries[$0]!) }
            objects[number] = Self.header(0xD0, count: keys.count)
            pendingRefs.append((number, keys + values))
            return number
        }
    }

    private mutating func append(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    private static func header(_ marker: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F] + encodeInteger(Int64(count), marker: 0x10)
    }

    private static func encodeInteger(_ value: Int64, marker: UInt8) -> [UInt8] {
        var bytes: [UInt8]
        switch value {
        case 0...0xFF: bytes = [marker, UInt8(value)]
        case 0x100...0xFFFF: bytes = [marker | 1, UInt8(value >> 8), UInt8(value & 0xFF)]
        case 0x10000...0xFFFF_FFFF:
            bytes = [marker | 2]
            withUnsafeBytes(of: UInt32(value).bigEndian) { bytes.append(contentsOf: $0) }
        default:
            bytes = [marker | 3]
            withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    private static func encodeString(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return header(0x50, count: text.utf8.count) + Array(text.utf8)
        }
        let units = Array(text.utf16)
        var bytes = header(0x60, count: units.count)
        bytes.reserveCapacity(bytes.count + units.count * 2)
        for unit in units {
            bytes.append(UInt8(unit >> 8))
            bytes.append(UInt8(unit & 0xFF))
        }
        return bytes
    }

    private static func byteWidth(for value: Int) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private static func appendSized(_ value: Int, width: Int, to data: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    private mutating func finish(top: Int) -> Data {
        let refWidth = Self.byteWidth(for: objects.count)
        for (object, refs) in pendingRefs {
            for ref in refs { Self.appendSized(ref, width: refWidth, to: &objects[object]) }
        }
        var out: [UInt8] = Array("bplist00".utf8)
        out.reserveCapacity(objects.reduce(64) { $0 + $1.count } + objects.count * 4)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            out.append(contentsOf: object)
        }
        let tableOffset = out.count
        let offsetWidth = Self.byteWidth(for: tableOffset)
        for offset in offsets { Self.appendSized(offset, width: offsetWidth, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(refWidth)])
        Self.appendSized(objects.count, width: 8, to: &out)
        Self.appendSized(top, width: 8, to: &out)
        Self.appendSized(tableOffset, width: 8, to: &out)
        return Data(out)
    }
}
