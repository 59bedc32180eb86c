import Foundation

/// Reads a binary property list (`bplist00`) lazily, one object at a time,
/// checking every offset, count and reference against the file's bounds.
/// Untrusted bytes can only make it throw: it never traps, and since callers
/// follow references themselves it cannot be sent round a cycle. Containers
/// are not copied out: `array` and `dictionary` return where their references
/// are, and `reference(_:_:)` reads one, so reading the last 20 of 100,000
/// sessions touches 20 sessions.
public struct BinaryPropertyListReader {
    public struct FormatError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Where a container's references are: `count` of them from `start`
    /// (a dictionary's keys, then as many values).
    public struct Container: Equatable {
        public let start: Int
        public let count: Int
    }

    /// The bytes, in memory of our own (copied once) or mapped from the file,
    /// so that reads are plain loads: this is the hot path of every history
    /// command.
    private final class Storage {
        let buffer: UnsafeMutableRawBufferPointer
        let mapped: Bool

        init(_ data: Data) {
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
            data.copyBytes(to: buffer)
            mapped = false
            count = data.count
        }

        let count: Int

        /// The file mapped into memory: only the pages read are loaded, so the
        /// newest 20 of 100,000 sessions cost a few pages, not the whole file.
        init?(mapping path: String) {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_size > 0, let address = Self.map(fd, size: Int(info.st_size)) else {
                return nil
            }
            buffer = UnsafeMutableRawBufferPointer(start: address, count: Int(info.st_size))
            mapped = true
            count = Int(info.st_size)
        }

        /// Maps `size` bytes of `fd` one page past a 2 MiB boundary. The page
        /// cache keeps a large file in folios of up to 2 MiB, and a mapping
        /// aligned to them gets a whole folio mapped (2 MiB resident) at the
        /// first byte read there; one page off, the kernel maps the pages
        /// around the one read (about 128 KiB). A pass over a million games,
        /// which also reads values shared with games far back in the file,
        /// peaked at 265 MiB aligned (Linux 6.18). Any address will do when
        /// the one asked for cannot be had.
        private static func map(_ fd: Int32, size: Int) -> UnsafeMutableRawPointer? {
            let folio = 2 << 20
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let span = size + 2 * folio
            if let reserved = mmap(nil, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), reserved != MAP_FAILED {
                let start = Int(bitPattern: reserved)
                let target = (start + folio - 1) / folio * folio + page
                let end = target + (size + page - 1) / page * page
                if let address = mmap(
                    UnsafeMutableRawPointer(bitPattern: target), size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0),
                    address != MAP_FAILED
                {
                    munmap(reserved, target - start)
                    munmap(UnsafeMutableRawPointer(bitPattern: end), start + span - end)
                    return address
                }
                munmap(reserved, span)
            }
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
                return nil
            }
            return address
        }

        deinit {
            if mapped { munmap(buffer.baseAddress, buffer.count) } else { buffer.deallocate() }
        }
    }

    /// Lets go of the mapped pages read so far (`madvise(MADV_DONTNEED)`):
    /// they count in the process's resident memory until then, so a pass
    /// over every game of a 240 MB archive would otherwise hold all of it.
    /// The file's bytes do not change (a history file is only ever replaced
    /// by renaming a new one over it), and a page read again comes back from
    /// the page cache. Nothing for bytes in memory of our own.
    public func releaseReadPages() {
        guard storage.mapped else { return }
        madvise(storage.buffer.baseAddress, storage.buffer.count, MADV_DONTNEED)
    }

    private let storage: Storage
    private let bytes: UnsafeMutableRawBufferPointer
    let offsetWidth: Int
    let refWidth: Int
    let tableOffset: Int
    public let objectCount: Int
    public let topObject: Int

    public init(_ data: Data) throws(FormatError) {
        try self.init(storage: Storage(data))
    }

    /// Reads the file at `path` through a memory mapping; nil when it cannot
    /// be mapped (read it into `Data` then).
    public init?(mappingFileAt path: String) throws(FormatError) {
        guard let storage = Storage(mapping: path) else { return nil }
        try self.init(storage: storage)
    }

    private init(storage: Storage) throws(FormatError) {
        self.storage = storage
        bytes = UnsafeMutableRawBufferPointer(rebasing: storage.buffer[0..<storage.count])
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

    @inline(__always)
    /// A big-endian number of `width` bytes; the caller has checked the bounds.
    private static func readUInt(_ bytes: UnsafeMutableRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(bytes[offset])
        case 2: return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for i in 0..<width { value = value << 8 | UInt64(bytes[offset + i]) }
            return value
        }
    }

    /// Where object `number` starts, with its marker byte.
    @inline(__always)
    private func start(of number: Int) throws(FormatError) -> Int {
        guard number >= 0, number < objectCount else { throw FormatError(description: "reference out of range") }
        let offset = Self.readUInt(bytes, at: tableOffset + number * offsetWidth, width: offsetWidth)
        guard offset >= 8, offset < UInt64(tableOffset) else {
            throw FormatError(description: "object offset out of range")
        }
        return Int(offset)
    }

    @inline(__always)
    private func need(_ count: Int, at offset: Int) throws(FormatError) {
        guard count >= 0, offset <= tableOffset, count <= tableOffset - offset else {
            throw FormatError(description: "object runs past the end of the data")
        }
    }

    /// Reads a length that follows a marker whose low nibble is 0xF.
    private func length(marker: UInt8, at body: inout Int) throws(FormatError) -> Int {
        let low = Int(marker & 0x0F)
        guard low == 0x0F else { return low }
        try need(1, at: body)
        let intMarker = bytes[body]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw FormatError(description: "bad length in the property list")
        }
        let width = 1 << Int(intMarker & 0x0F)
        try need(1 + width, at: body)
        let value = Self.readUInt(bytes, at: body + 1, width: width)
        body += 1 + width
        guard value < UInt64(bytes.count) else { throw FormatError(description: "length larger than the data") }
        return Int(value)
    }

    // MARK: Typed reads: nil when the object is of another type

    public func integer(_ number: Int) throws(FormatError) -> Int64? {
        let at = try start(of: number)
        let marker = bytes[at]
        guard marker >> 4 == 0x1 else { return nil }
        let width = 1 << Int(marker & 0x0F)
        guard width <= 8 else { throw FormatError(description: "integer wider than 64 bits") }
        try need(width, at: at + 1)
        let raw = Self.readUInt(bytes, at: at + 1, width: width)
        return width == 8 ? Int64(bitPattern: raw) : Int64(raw)
    }

    /// A real, or an integer read as a real.
    public func real(_ number: Int) throws(FormatError) -> Double? {
        let at = try start(of: number)
        let marker = bytes[at]
        switch marker {
        case 0x22:
            try need(4, at: at + 1)
            return Double(Float(bitPattern: UInt32(Self.readUInt(bytes, at: at + 1, width: 4))))
        case 0x23:
            try need(8, at: at + 1)
            return Double(bitPattern: Self.readUInt(bytes, at: at + 1, width: 8))
        default:
            return try integer(number).map(Double.init)
        }
    }

    public func uid(_ number: Int) throws(FormatError) -> UInt64? {
        let at = try start(of: number)
        let marker = bytes[at]
        guard marker >> 4 == 0x8 else { return nil }
        let width = Int(marker & 0x0F) + 1
        guard width <= 8 else { throw FormatError(description: "bad UID") }
        try need(width, at: at + 1)
        return Self.readUInt(bytes, at: at + 1, width: width)
    }

    public func string(_ number: Int) throws(FormatError) -> String? {
        let at = try start(of: number)
        let marker = bytes[at]
        var body = at + 1
        switch marker >> 4 {
        case 0x5:
            let count = try length(marker: marker, at: &body)
            try need(count, at: body)
            let buffer = UnsafeRawBufferPointer(rebasing: bytes[body..<(body + count)])
            guard !buffer.contains(where: { $0 >= 0x80 }) else { throw FormatError(description: "bad ASCII string") }
            return String(decoding: buffer, as: UTF8.self)
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
            return text
        default:
            return nil
        }
    }

    private func container(_ number: Int, marker kind: UInt8, perEntry: Int) throws(FormatError) -> Container? {
        let at = try start(of: number)
        let marker = bytes[at]
        guard marker >> 4 == kind else { return nil }
        var body = at + 1
        let count = try length(marker: marker, at: &body)
        guard count <= tableOffset / (refWidth * perEntry) else {
            throw FormatError(description: "container larger than the data")
        }
        try need(count * perEntry * refWidth, at: body)
        return Container(start: body, count: count)
    }

    public func array(_ number: Int) throws(FormatError) -> Container? {
        try container(number, marker: 0xA, perEntry: 1)
    }

    /// A dictionary: `count` key references from `start`, then the values.
    public func dictionary(_ number: Int) throws(FormatError) -> Container? {
        try container(number, marker: 0xD, perEntry: 2)
    }

    /// The `index`th reference of a container (for a dictionary, indexes
    /// `count...` are its values).
    @inline(__always)
    public func reference(_ container: Container, _ index: Int) throws(FormatError) -> Int {
        let value = Self.readUInt(bytes, at: container.start + index * refWidth, width: refWidth)
        guard value < UInt64(objectCount) else { throw FormatError(description: "reference out of range") }
        return Int(value)
    }

    /// A dictionary's entries by their string keys (for the few small
    /// dictionaries at the top of an archive).
    public func entries(_ number: Int) throws(FormatError) -> [String: Int]? {
        guard let dictionary = try dictionary(number) else { return nil }
        var result: [String: Int] = [:]
        for i in 0..<dictionary.count {
            guard let name = try string(try reference(dictionary, i)) else {
                throw FormatError(description: "dictionary key is not a string")
            }
            result[name] = try reference(dictionary, dictionary.count + i)
        }
        return result
    }
}
