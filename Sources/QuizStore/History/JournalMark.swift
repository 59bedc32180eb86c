import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// How long `history.journal` was when quiz last finished writing it, and
/// which file it was: the evidence that tells a journal cut short (an
/// interrupted copy, a sync, a bad sector) from a record torn by a crash.
///
/// A record is appended and synced, and only then is the mark written (the
/// game is acknowledged: its score is shown after). So a crash inside the
/// append leaves the mark at the length before it, and the torn record lies
/// wholly past it: never acknowledged, cut by the next append without a word.
/// Within one journal file (the same device and inode), quiz never makes the
/// file shorter than its mark: a torn tail it cuts lies past the mark, a
/// failed append is cut back to where it began, and a journal rewritten whole
/// (a compaction, a repair) is a new file, marked anew (the mark is cleared
/// first, so a crash between leaves none). A journal shorter than its mark has
/// therefore lost bytes of games that were acknowledged: damage, kept aside
/// and said once (`HistoryJournal.Contents.cutShort`).
///
/// Kept in the first bytes of `history.lock`, which every writer holds
/// exclusively while it writes (and whose contents nothing else reads):
/// `QUIZACK1`, the device, inode and length (big-endian), and a CRC-32 of
/// them. Written in place and not synced: a power cut may lose the mark, and
/// a lost or unreadable mark only means a cut goes unsaid, as before marks.
struct JournalMark: Equatable {
    static let magic = Array("QUIZACK1".utf8)
    static let size = 36

    var device: UInt64
    var inode: UInt64
    var length: UInt64

    /// The journal at `path` as it is now; nil when it cannot be read.
    static func current(of path: String) -> JournalMark? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return JournalMark(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), length: UInt64(info.st_size))
    }

    var bytes: [UInt8] {
        var bytes = Self.magic
        BigEndian.append(device, to: &bytes)
        BigEndian.append(inode, to: &bytes)
        BigEndian.append(length, to: &bytes)
        BigEndian.append(bytes.withUnsafeBytes { CRC32.checksum($0) }, to: &bytes)
        return bytes
    }

    /// The mark kept in `lock`, nil when there is none (or it is damaged).
    static func read(lock: String) -> JournalMark? {
        let fd = open(lock, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: size)
        guard buffer.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, size, 0) }) == size,
            buffer.starts(with: magic)
        else { return nil }
        return buffer.withUnsafeBytes { raw -> JournalMark? in
            guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<(size - 4)])) == BigEndian.uint32(raw, at: 32)
            else { return nil }
            return JournalMark(
                device: BigEndian.uint64(raw, at: 8), inode: BigEndian.uint64(raw, at: 16),
                length: BigEndian.uint64(raw, at: 24))
        }
    }

    /// Writes `mark` into `lock` (zeros for nil: no mark); a failure is
    /// ignored, as a missing mark only means a cut goes unsaid.
    static func write(_ mark: JournalMark?, lock: String) {
        let fd = open(lock, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let bytes = mark?.bytes ?? [UInt8](repeating: 0, count: size)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, size, 0) }
    }
}
