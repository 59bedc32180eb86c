import Foundation
import QuizCore
import QuizKit
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// The commands typed at the prompt, kept across runs in
/// `$XDG_STATE_HOME/quiz/input_history` (default `~/.local/state/quiz/`):
/// one command a line, at most `limit` lines, the file 0600 and its folder
/// 0700. Only commands are written, never answers.
struct InputHistoryFile {
    let path: String
    let limit: Int

    init(environment: [String: String], limit: Int = 1000) {
        let state = DataDirectory.stateFolder(environment: environment)
        path = state + "/input_history"
        self.limit = limit
    }

    /// The saved commands, oldest first; none when the file is absent or unreadable.
    func load() -> [String] {
        guard let text = Self.tail(path) else { return [] }
        return Array(text.split(separator: "\n").map(String.init).suffix(limit))
    }

    /// The last `tailBytes` of the file, as text (bytes that are not UTF-8
    /// read as U+FFFD, so one odd line does not lose the others); nil when
    /// it is missing or not a regular file (a FIFO there must not hang the
    /// menu). Only the tail: a huge or sparse file costs no more than a small one.
    static func tail(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let start = max(0, size - tailBytes)
        var bytes = [UInt8](repeating: 0, count: size - start)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + done, $0.count - done, off_t(start + done))
            }
            if count <= 0 { break }
            done += count
        }
        var text = bytes[..<done]
        // A tail that starts inside a line: that line is dropped.
        if start > 0, let newline = text.firstIndex(of: UInt8(ascii: "\n")) { text = text[(newline + 1)...] }
        return String(decoding: text, as: UTF8.self)
    }

    /// 1,000 commands of up to 256 bytes.
    static let tailBytes = 256 << 10

    /// Whether the file can be appended to: missing, or a regular file.
    private var isRegularOrMissing: Bool {
        var info = stat()
        return lstat(path, &info) != 0 ? errno == ENOENT : (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Appends one command (a failed append leaves no half line); rewrites
    /// the file, cut to `limit`, when it has grown past it. A failure only
    /// costs the command's place in the history.
    func append(_ line: String) {
        _ = try? PrivateFolder.make((path as NSString).deletingLastPathComponent)
        guard isRegularOrMissing, let file = try? DurableFile(path).openForAppending(create: true) else { return }
        // A file whose last line has no line break (edited by hand) gets one
        // first, so the command is not joined onto that line.
        var info = stat()
        var last: UInt8 = 0
        let reading = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let unended =
            reading >= 0 && fstat(reading, &info) == 0 && info.st_size > 0
            && pread(reading, &last, 1, info.st_size - 1) == 1 && last != UInt8(ascii: "\n")
        if reading >= 0 { close(reading) }
        try? file.append(Array(((unended ? "\n" : "") + line + "\n").utf8))
        file.close()
        // Cut back to `limit` once it is a tenth over (or larger than its
        // tail), so most commands only append.
        let whole = stat(path, &info) == 0 && Int(info.st_size) <= Self.tailBytes
        guard let all = Self.tail(path) else { return }
        let lines = all.split(separator: "\n")
        if !whole || lines.count > limit + limit / 10 {
            try? DurableFile(path).replace(with: Array((lines.suffix(limit).joined(separator: "\n") + "\n").utf8))
        }
    }
}
