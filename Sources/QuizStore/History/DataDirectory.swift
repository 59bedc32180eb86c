import Foundation
import QuizCore

/// Where the history lives: `--data-dir` > `$QUIZ_DATA_DIR` >
/// `$XDG_DATA_HOME/quiz` > `~/.local/share/quiz`.
public enum DataDirectory {
    public static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let dir = environment["QUIZ_DATA_DIR"], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/quiz" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/quiz"
    }

    /// True when neither `--data-dir` nor `QUIZ_DATA_DIR` names the folder:
    /// the player's own history, found through XDG or HOME.
    public static func isDefault(option: String?, environment: [String: String]) -> Bool {
        (option ?? "").isEmpty && (environment["QUIZ_DATA_DIR"] ?? "").isEmpty
    }

    /// Why `folder` cannot hold a history, when something other than a folder
    /// is there (a file, say): "PATH: the data folder is a file, not a folder",
    /// or it cannot be reached (a loop of links, a folder on the way that may
    /// not be searched). Nil when it is a folder or not there yet (it is
    /// created when needed).
    public static func problem(folder: String) -> String? {
        let origin = "the data folder (--data-dir, QUIZ_DATA_DIR, XDG_DATA_HOME)"
        var info = stat()
        guard stat(folder, &info) == 0 else {
            switch errno {
            case ENOENT: return nil  // not there yet (or a link to a drive not mounted): made when a game is recorded
            case ENOTDIR: return "\(folder): \(origin) is inside a file, not a folder"
            case ELOOP: return "\(folder): \(origin) is a loop of symbolic links"
            default: return "\(folder): \(origin) cannot be reached: " + SystemReason.current
            }
        }
        if info.st_mode & S_IFMT == S_IFDIR { return nil }
        let what = info.st_mode & S_IFMT == S_IFREG ? "a file" : "something else"
        return "\(folder): \(origin) is \(what), not a folder"
    }

    /// `$XDG_STATE_HOME/quiz`, else `~/.local/state/quiz`: input history, pending games.
    public static func stateFolder(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/quiz" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/quiz"
    }

    /// The temporary folder as Foundation's `NSTemporaryDirectory()` names it
    /// on Linux (`$TMPDIR` with a slash after it, else `/tmp/`), from
    /// `environment`: `NSTemporaryDirectory` builds a dictionary of the
    /// whole environment each time it is called. A `$TMPDIR` it would
    /// rewrite (relative, empty, `/`, with `//`, `.` or `..` in it) is left to it.
    public static func temporaryFolder(environment: [String: String]) -> String {
        guard let folder = environment["TMPDIR"] else { return "/tmp/" }
        guard folder.count > 1, folder.hasPrefix("/"), !folder.contains("//"), !folder.contains("/.") else {
            return NSTemporaryDirectory()
        }
        return folder.hasSuffix("/") ? folder : folder + "/"
    }
}
