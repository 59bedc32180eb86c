import Foundation
import QuizKit

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
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").map(String.init).suffix(limit))
    }

    /// Appends one command; rewrites the file, cut to `limit`, when it has grown past it.
    func append(_ line: String) {
        let folder = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        fchmod(fd, 0o600)
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // Cut back to `limit` once it is a tenth over, so most commands only append.
        guard let all = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        let lines = all.split(separator: "\n")
        if lines.count > limit + limit / 10 {
            let kept = lines.suffix(limit).joined(separator: "\n") + "\n"
            let temporary = path + ".tmp-\(getpid())"
            if FileManager.default.createFile(
                atPath: temporary, contents: Data(kept.utf8), attributes: [.posixPermissions: 0o600])
            {
                rename(temporary, path)
            }
        }
    }
}
