import Foundation

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

    /// `$XDG_STATE_HOME/quiz`, else `~/.local/state/quiz`: input history, pending games.
    public static func stateFolder(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/quiz" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/quiz"
    }
}
