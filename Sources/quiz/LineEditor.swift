@preconcurrency import CEditLine
import Foundation

/// Terminal input through libedit's readline interface: line editing, Up and
/// Down through this run's lines, Tab completing from `completions`.
/// libedit restores the terminal's settings when a line is read and when a
/// signal arrives, so the terminal is left as it was found.
final class LineEditor: LineInput {
    /// The words Tab completes, read by the C callback below (which cannot
    /// capture context). Only the main thread reads lines.
    nonisolated(unsafe) private static var candidates: [String] = []
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var nextMatch = 0

    var completions: [String] {
        get { Self.candidates }
        set { Self.candidates = newValue }
    }

    init() {
        setlocale(LC_CTYPE, "")
        rl_readline_name = UnsafePointer(strdup("quiz"))
        rl_initialize()
        using_history()
        stifle_history(500)
        rl_completion_entry_function = { text, state in
            guard let text else { return nil }
            if state == 0 {
                let prefix = String(cString: text).lowercased()
                LineEditor.matches = LineEditor.candidates.filter { $0.lowercased().hasPrefix(prefix) }
                LineEditor.nextMatch = 0
            }
            guard LineEditor.nextMatch < LineEditor.matches.count else { return nil }
            LineEditor.nextMatch += 1
            return strdup(LineEditor.matches[LineEditor.nextMatch - 1])
        }
    }

    func readLine(prompt: String) -> String? {
        guard let raw = CEditLine.readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        add_history(line)
    }
}
