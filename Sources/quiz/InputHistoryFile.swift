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

    /// Appends one command (a failed append leaves no half line); rewrites
    /// the file, cut to `limit`, when it has grown past it. A failure only
    /// costs the command's place in the history.
    func append(_ line: String) {
        _ = try? PrivateFolder.make((path as NSString).deletingLastPathComponent)
        guard let file = try? DurableFile(path).openForAppending(create: true) else { return }
        try? file.append(Array((line + "\n").utf8))
        file.close()
        // Cut back to `limit` once it is a tenth over, so most commands only append.
        guard let all = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        let lines = all.split(separator: "\n")
        if lines.count > limit + limit / 10 {
            try? DurableFile(path).replace(with: Array((lines.suffix(limit).joined(separator: "\n") + "\n").utf8))
        }
    }
}
