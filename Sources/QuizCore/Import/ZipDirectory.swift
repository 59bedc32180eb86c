/// The members of a zip file (an Anki package is one), read from its
/// central directory: names, sizes, and where each member's bytes are. Only
/// what a package needs: one disk, stored or deflated members, Zip64 sizes;
/// no encryption. Names are checked, never used as paths: a member named
/// `../x` or `/x` makes the whole file refused.
public struct ZipDirectory: Sendable {
    public struct Member: Sendable, Equatable {
        public var name: String
        /// 0 stored, 8 deflated.
        public var method: UInt16
        public var crc32: UInt32
        public var compressedSize: UInt64
        /// The size the directory declares once inflated.
        public var size: UInt64
        /// Where the member's compressed bytes start in the file.
        public var dataOffset: Int
    }

    public var members: [Member]

    /// Why a file is not a zip quiz can read.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
        init(_ message: String) { self.message = message }
    }

    /// A zip's first bytes: a local file header (`PK\3\4`), or the end
    /// record of an empty zip (`PK\5\6`).
    public static func isZip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// The member named `name`, if any.
    public func member(_ name: String) -> Member? { members.first { $0.name == name } }

    /// The directory of the zip `bytes` (the whole file).
    public init(_ bytes: UnsafeRawBufferPointer) throws(Problem) {
        let count = bytes.count
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
        let notZip = Problem("not a zip file, as an Anki package is (no zip directory at its end)")
        // The end record: 22 bytes, then a comment of at most 65,535.
        guard count >= 22 else { throw notZip }
        var end = count - 22
        let lowest = max(0, count - 22 - 65535)
        while end >= lowest, u32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= lowest else { throw notZip }
        var entries = UInt64(u16(end + 10))
        var directorySize = UInt64(u32(end + 12))
        var directoryOffset = UInt64(u32(end + 16))
        if u16(end + 4) != 0, u16(end + 4) != 0xFFFF {
            throw Problem("a zip split across several files")
        }
        // Zip64: the locator just before the end record names the Zip64 end record.
        if end >= 20, u32(end - 20) == 0x0706_4B50 {
            let record = u64(end - 12)
            guard count >= 56, record <= UInt64(count - 56), u32(Int(record)) == 0x0606_4B50 else { throw notZip }
            entries = u64(Int(record) + 32)
            directorySize = u64(Int(record) + 40)
            directoryOffset = u64(Int(record) + 48)
        }
        guard directoryOffset <= UInt64(count), directorySize <= UInt64(count) - directoryOffset,
            entries <= directorySize / 46
        else { throw Problem("its zip directory is damaged (it points past the end of the file)") }
        var members: [Member] = []
        members.reserveCapacity(Int(entries))
        var at = Int(directoryOffset)
        let directoryEnd = Int(directoryOffset + directorySize)
        for _ in 0..<entries {
            guard at + 46 <= directoryEnd, u32(at) == 0x0201_4B50 else {
                throw Problem("its zip directory is damaged")
            }
            let flags = u16(at + 8)
            let method = u16(at + 10)
            let crc = u32(at + 16)
            var compressed = UInt64(u32(at + 20))
            var size = UInt64(u32(at + 24))
            let nameLength = Int(u16(at + 28))
            let extraLength = Int(u16(at + 30))
            let commentLength = Int(u16(at + 32))
            var local = UInt64(u32(at + 42))
            let nameStart = at + 46
            let extraStart = nameStart + nameLength
            at = extraStart + extraLength + commentLength
            guard at <= directoryEnd else { throw Problem("its zip directory is damaged") }
            let nameBytes = Array(UnsafeRawBufferPointer(rebasing: bytes[nameStart..<extraStart]))
            // Zip64 sizes: the extra field 0x0001 holds, in order, those the header left at 0xFFFFFFFF.
            var extra = extraStart
            while extra + 4 <= extraStart + extraLength {
                let id = u16(extra)
                let length = Int(u16(extra + 2))
                var field = extra + 4
                let fieldEnd = field + length
                guard fieldEnd <= extraStart + extraLength else { break }
                if id == 0x0001 {
                    if size == 0xFFFF_FFFF, field + 8 <= fieldEnd {
                        size = u64(field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= fieldEnd {
                        compressed = u64(field)
                        field += 8
                    }
                    if local == 0xFFFF_FFFF, field + 8 <= fieldEnd { local = u64(field) }
                }
                extra = fieldEnd
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            try Self.check(name: name)
            if flags & 1 != 0 { throw Problem("its member \(name) is encrypted") }
            // The local header: 30 bytes, its own name and extra field, then the data.
            guard local <= UInt64(count - 30), u32(Int(local)) == 0x0403_4B50 else {
                throw Problem("its member \(name) is damaged (its header is not where the directory says)")
            }
            let data = Int(local) + 30 + Int(u16(Int(local) + 26)) + Int(u16(Int(local) + 28))
            guard data <= count, compressed <= UInt64(count - data) else {
                throw Problem("its member \(name) is cut short")
            }
            members.append(
                Member(
                    name: name, method: method, crc32: crc, compressedSize: compressed, size: size,
                    dataOffset: data))
        }
        self.members = members
    }

    /// A member's name must stay inside the package: no `..` part, not
    /// absolute, no drive letter (quiz writes no member anywhere, but such a
    /// name says the file was made to harm).
    static func check(name: String) throws(Problem) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "\\", omittingEmptySubsequences: false)
        }
        let absolute = name.hasPrefix("/") || name.hasPrefix("\\") || (name.count >= 2 && name.dropFirst().first == ":")
        if absolute || parts.contains("..") {
            let shown = String(name.prefix(80)).map { $0.isASCII && !$0.isNewline ? String($0) : "?" }.joined()
            throw Problem("a member is named \(shown), outside the package: refused")
        }
    }
}
