import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a file of the data folder or the cache whole, without being made
/// to read without end: a file quiz derives (`history.summary`,
/// `history.statistics`, `history.schedule`, a parsed bank's copy) is read
/// only when it is a regular file of at most a limit (`bounded`), and the
/// journal, which has no limit, without reading the holes of a sparse file
/// (`skippingHoles`). Neither ever opens a folder, a pipe or a device to
/// read it: a pipe would wait for a writer, a device give endless bytes.
package enum FileContents {
    /// The bytes of the regular file at `path` when it holds at most `limit`
    /// bytes; nil when there is none, it cannot be read, it is larger (then
    /// not one byte of it is read), or it is not a regular file. For a file
    /// that can be made again from the history, whose reader takes nil as
    /// "missing" and rebuilds it.
    package static func bounded(_ path: String, limit: Int) -> Data? {
        var info = stat()
        // What it is before opening it (opening a device may do something),
        // and again after (it may have been replaced meanwhile).
        guard stat(path, &info) == 0, isRegular(info), info.st_size <= limit else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, isRegular(info), info.st_size <= limit else { return nil }
        // The size `fstat` gave, read straight into the memory handed back (no
        // buffer zeroed and copied from); then the rest, should it have grown.
        let size = Int(info.st_size)
        guard let memory = malloc(max(size, 1)) else { return nil }
        var filled = 0
        while filled < size {
            let count = read(fd, memory + filled, size - filled)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                free(memory)
                return nil
            }
            filled += count
        }
        var data = Data(bytesNoCopy: memory, count: filled, deallocator: .free)
        guard filled == size else { return data }  // shrunk since `fstat`: what there was
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            // Grown past the limit since `fstat`: refused all the same.
            guard data.count + count <= limit else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Whether `path` is there and is not a regular file (following links):
    /// a folder, a pipe, a device or a socket in place of a derived file,
    /// which is then neither read nor written.
    package static func isNotRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && !isRegular(info)
    }

    /// The whole file at `path` and its holes (where a sparse file has no
    /// data, which reads as zeros), nil when there is none. Only the data is
    /// read: the memory for the holes is asked for zeroed and never touched,
    /// so it costs nothing, and a reader that skips the holes reads a 3 GB
    /// sparse file at the cost of its data.
    package static func skippingHoles(_ path: String) throws(FileFailure) -> (data: Data, holes: [Range<Int>])? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw FileFailure(.open, file: path, reason: SystemReason.current)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileFailure(.read, file: path, reason: SystemReason.current) }
        guard isRegular(info) else { throw FileFailure(.read, file: path, reason: "it is not a regular file") }
        let size = Int(info.st_size)
        guard size > 0 else { return (Data(), []) }
        // calloc: pages of zeros the system hands out only when touched.
        guard let memory = calloc(1, size) else {
            throw FileFailure(.read, file: path, reason: "not enough memory for its \(size) bytes")
        }
        var holes: [Range<Int>] = []
        var end = 0
        for extent in dataExtents(of: fd, size: size) {
            if extent.lowerBound > end { holes.append(end..<extent.lowerBound) }
            var offset = extent.lowerBound
            while offset < extent.upperBound {
                let count = pread(fd, memory + offset, extent.upperBound - offset, off_t(offset))
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    let reason = SystemReason.current
                    free(memory)
                    throw FileFailure(.read, file: path, reason: reason)
                }
                // Cut short meanwhile: what is missing reads as zeros (damage the reader finds).
                if count == 0 { break }
                offset += count
            }
            end = extent.upperBound
        }
        if end < size { holes.append(end..<size) }
        return (Data(bytesNoCopy: memory, count: size, deallocator: .free), holes)
    }

    /// The ranges of the open file `fd` (of `size` bytes) that hold data,
    /// in order (`lseek` with `SEEK_DATA` and `SEEK_HOLE`); the whole file
    /// where the file system cannot say.
    static func dataExtents(of fd: Int32, size: Int) -> [Range<Int>] {
        var extents: [Range<Int>] = []
        var offset = 0
        while offset < size {
            let start = lseek(fd, off_t(offset), seekData)
            if start < 0 {
                // ENXIO: nothing but a hole from here; anything else: no answer.
                if errno != ENXIO { extents.append(offset..<size) }
                break
            }
            let hole = lseek(fd, start, seekHole)
            let stop = hole < 0 ? size : min(Int(hole), size)
            guard Int(start) < stop else { break }
            extents.append(Int(start)..<stop)
            offset = stop
        }
        return extents
    }

    /// Linux's `SEEK_DATA` and `SEEK_HOLE`, which Glibc declares only under
    /// `_GNU_SOURCE` (a file system without them answers as if all were data).
    private static let seekData: Int32 = 3
    private static let seekHole: Int32 = 4

    static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
}
