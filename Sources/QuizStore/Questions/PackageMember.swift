import CZlib
import CZstd
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// One member of a zip (`ZipDirectory`) written out to a file descriptor, a
/// megabyte at a time: inflated with zlib when deflated, then, for a current
/// Anki collection (`collection.anki21b`), decompressed with zstd. Bounded:
/// a member whose directory declares more than `limit`, or that inflates past
/// what it declares, or whose zstd content passes `limit`, is refused as soon
/// as it does (a zip bomb costs at most `limit` bytes of disk and no memory).
/// Its CRC-32 is checked.
struct PackageMember {
    enum Failure: Error {
        /// The member is bad: what to say of it.
        case data(String)
        /// Writing it out failed: the system's words.
        case io(String)
    }

    let member: ZipDirectory.Member
    /// The whole zip file.
    let file: UnsafeRawBufferPointer
    let zstd: Bool
    let limit: UInt64

    static let chunk = 1 << 20

    func write(to fd: Int32) throws(Failure) {
        let name = member.name
        guard member.size <= limit else {
            throw .data(
                "its \(name) would inflate to \(member.size >> 20) MiB, more than the \(limit >> 20) MiB quiz reads")
        }
        var sink = Sink(fd: fd, zstd: zstd, limit: limit, name: name)
        defer { sink.close() }
        try sink.open()
        let data = UnsafeRawBufferPointer(
            rebasing: file[member.dataOffset..<(member.dataOffset + Int(member.compressedSize))])
        var written: UInt64 = 0
        var crc = crc32(0, nil, 0)
        func emit(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            written += UInt64(bytes.count)
            guard written <= member.size else {
                throw .data("its \(name) inflates to more than the \(member.size) bytes it declares (a zip bomb?)")
            }
            crc = crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            try sink.take(bytes)
        }
        switch member.method {
        case 0:
            var offset = 0
            while offset < data.count {
                let end = min(offset + Self.chunk, data.count)
                try emit(UnsafeRawBufferPointer(rebasing: data[offset..<end]))
                offset = end
            }
        case 8:
            try inflate(data, emit: emit)
        default:
            throw .data("its \(name) is compressed with zip method \(member.method), which quiz cannot read")
        }
        guard written == member.size, crc == uLong(member.crc32) else {
            throw .data("its \(name) is damaged (it does not inflate to what its zip directory says)")
        }
        try sink.finish()
    }

    private func inflate(_ data: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(Failure) -> Void)
        throws(Failure)
    {
        var stream = z_stream()
        // -15: raw deflate, as zip stores it.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .io("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 16)
        defer { output.deallocate() }
        var offset = 0
        while true {
            if stream.avail_in == 0, offset < data.count {
                let take = min(data.count - offset, 1 << 30)
                stream.next_in = UnsafeMutableRawPointer(mutating: data.baseAddress!.advanced(by: offset))
                    .assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(take)
                offset += take
            }
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(output.count)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let made = output.count - Int(stream.avail_out)
            if made > 0 { try emit(UnsafeRawBufferPointer(rebasing: output[0..<made])) }
            switch status {
            case Z_STREAM_END: return
            case Z_OK: continue
            case Z_BUF_ERROR where stream.avail_in == 0 && offset >= data.count:
                throw .data("its \(member.name) is cut short")
            case Z_BUF_ERROR: continue
            default: throw .data("its \(member.name) is damaged (zlib: bad deflate data)")
            }
        }
    }

    /// Where the member's bytes go: straight to the file, or through zstd.
    private struct Sink {
        let fd: Int32
        let zstd: Bool
        let limit: UInt64
        let name: String
        var stream: OpaquePointer?
        var output: UnsafeMutableRawBufferPointer?
        var written: UInt64 = 0
        var frameDone = false

        init(fd: Int32, zstd: Bool, limit: UInt64, name: String) {
            self.fd = fd
            self.zstd = zstd
            self.limit = limit
            self.name = name
        }

        mutating func open() throws(Failure) {
            guard zstd else { return }
            guard let made = ZSTD_createDStream() else { throw .io("zstd could not start") }
            stream = made
            ZSTD_initDStream(made)
            output = UnsafeMutableRawBufferPointer.allocate(byteCount: PackageMember.chunk, alignment: 16)
        }

        mutating func close() {
            if let stream { ZSTD_freeDStream(stream) }
            output?.deallocate()
            stream = nil
            output = nil
        }

        mutating func take(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            guard let stream, let output else { return try put(bytes) }
            var input = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
            while input.pos < input.size {
                var out = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
                let result = ZSTD_decompressStream(stream, &out, &input)
                if ZSTD_isError(result) != 0 {
                    throw .data("its \(name) is damaged (zstd: \(String(cString: ZSTD_getErrorName(result))))")
                }
                try put(UnsafeRawBufferPointer(rebasing: output[0..<out.pos]))
                frameDone = result == 0
            }
        }

        mutating func finish() throws(Failure) {
            if zstd, !frameDone { throw .data("its \(name) is cut short (its zstd data ends early)") }
        }

        private mutating func put(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            written += UInt64(bytes.count)
            guard written <= limit else {
                throw .data("its \(name) decompresses to more than the \(limit >> 20) MiB quiz reads")
            }
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .io(String(cString: strerror(errno)))
                }
                offset += count
            }
        }
    }
}
