import CEditLine
import Foundation
import QuizCore
import QuizKit
import QuizStore

/// What was on the line when Ctrl-C was pressed; nil when it was not.
nonisolated(unsafe) private var interruptedLine: String?
/// Set by our SIGCONT handler (libedit passes the signal on to it): the line
/// is drawn again after `fg`.
nonisolated(unsafe) private var continued: sig_atomic_t = 0
/// Set by our SIGWINCH handler (libedit, which measures the window again,
/// passes the signal on to it): the line is drawn again at the new width.
nonisolated(unsafe) private var resized: sig_atomic_t = 0
/// `isig` is off for the line being read. libedit sets the terminal's modes
/// (with `isig`) once per line and again after SIGCONT, so one `tcsetattr` then
/// is enough, not one per key.
nonisolated(unsafe) private var isigOff = false

/// Terminal input through libedit's readline interface: line editing, Up and
/// Down through the commands of this and earlier runs, Ctrl-R searching them,
/// Tab completing the whole line from `completions`, and `~/.editrc` (libedit
/// reads it in `rl_initialize`, so vi mode and custom bindings work).
///
/// Keys are read by `readKey` (libedit's `rl_getc_function`), which decodes
/// UTF-8 itself (libedit's readline layer would take each byte as a
/// character) and turns the terminal's `isig` off while it waits, so Ctrl-C
/// arrives as a key, not as SIGINT (which would also stop `make play`). The
/// key is bound to `quiz-interrupt`, which sees the line being edited and
/// ends `readline`: `readLine` reports `.interrupted(partial:)`. libedit puts
/// the terminal's own settings back after each line, before a signal's default
/// action (SIGTERM, SIGHUP) and when suspended (Ctrl-Z is bound to SIGTSTP);
/// it redraws after SIGCONT. After SIGWINCH we draw the line again ourselves
/// (`redrawAfterResize`): libedit only measures the window again, and a line
/// over more than one row was then drawn on top of its old drawing.
final class LineEditor: LineInput {
    /// The whole-line completions, read by the C callback below (which cannot
    /// capture context). Only the main thread reads lines.
    nonisolated(unsafe) private static var candidates: [String] = []
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var nextMatch = 0

    private let historyFile: InputHistoryFile?
    /// No UTF-8 locale: libedit can show and hold ASCII alone.
    nonisolated(unsafe) private static var asciiOnly = false
    /// The prompt being shown, and the window's columns it was drawn at.
    nonisolated(unsafe) private static var prompt = ""
    nonisolated(unsafe) private static var columns = 0

    /// Text holding control characters is never offered: libedit would print
    /// it raw in its list of matches (such a choice is answered by number).
    var completions: [String] {
        get { Self.candidates }
        set { Self.candidates = newValue.filter { !$0.unicodeScalars.contains(where: TerminalText.needsChange) } }
    }

    /// Loads libedit (once): nil when it is ready, else why it is not (a
    /// machine without Debian's libedit2), for `PlainLineInput` to say.
    static func load() -> String? {
        var message = [CChar](repeating: 0, count: 512)
        guard edit_open(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Only after `load()` returned nil.
    init(historyFile: InputHistoryFile?) {
        self.historyFile = historyFile
        // A UTF-8 LC_CTYPE, or libedit crashes on a prompt it cannot decode
        // and drops typed characters (see TerminalLocale).
        Self.asciiOnly = TerminalLocale.current == .ascii
        edit_set_readline_name(UnsafePointer(strdup("quiz")))
        edit_set_getc_function { _ in LineEditor.readKey() }
        var onContinue = sigaction()
        onContinue.__sigaction_handler.sa_handler = { _ in continued = 1 }
        sigemptyset(&onContinue.sa_mask)
        sigaction(SIGCONT, &onContinue, nil)
        var onResize = sigaction()
        onResize.__sigaction_handler.sa_handler = { _ in resized = 1 }
        sigemptyset(&onResize.sa_mask)
        sigaction(SIGWINCH, &onResize, nil)
        edit_initialize()
        edit_using_history()
        edit_stifle_history(Int32(historyFile?.limit ?? 1000))
        for line in historyFile?.load() ?? [] { edit_add_history(line) }
        // Complete the whole line, so choices and titles with spaces complete too.
        edit_set_completer_word_break_characters(strdup("\n"))
        edit_set_completion_append_character(0)
        edit_set_completion_entry_function { text, state in
            guard let text else { return nil }
            if state == 0 {
                let typed = String(cString: text)
                let prefix = typed.lowercased()
                // The matches as written (`magna` completes to `Magna Carta`),
                // unless they differ in case where typed: then what was typed is
                // kept, so that they still share it as a prefix.
                let found = Array(Set(LineEditor.candidates.filter { $0.lowercased().hasPrefix(prefix) })).sorted()
                let heads = Set(found.map { $0.prefix(typed.count) })
                LineEditor.matches =
                    heads.count <= 1 ? found : Array(Set(found.map { typed + $0.dropFirst(typed.count) })).sorted()
                LineEditor.nextMatch = 0
            }
            guard LineEditor.nextMatch < LineEditor.matches.count else { return nil }
            LineEditor.nextMatch += 1
            return strdup(LineEditor.matches[LineEditor.nextMatch - 1])
        }
        edit_add_defun(
            "quiz-interrupt",
            { _, _ in
                interruptedLine = edit_line_buffer().map { String(cString: $0) } ?? ""
                edit_set_done(1)
                return 0
            }, 3)
        // The key `readKey` gives after SIGWINCH: bound here, so that libedit
        // has the line and the cursor's place ready when it is drawn again.
        edit_add_defun(
            "quiz-redraw",
            { _, _ in
                LineEditor.redrawAfterResize()
                return 0
            }, Self.redrawKey)
    }

    /// Ctrl-^, which libedit leaves unbound (its map takes only keys below
    /// 0x80 by this name); typed, it only draws the line again.
    private static let redrawKey: Int32 = 0x1E

    /// Whether the window was resized since last asked.
    private static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }

    /// Reads one key: a whole UTF-8 character as its scalar value, or -1 at end of input.
    private static func readKey() -> Int32 {
        resumeIfContinued()
        if takeResize() { return redrawKey }
        turnIsigOff()
        var bytes: [UInt8] = []
        var needed = 1
        while bytes.count < needed {
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR {
                // After SIGCONT the line is drawn again and `isig` turned off
                // again; after SIGWINCH the line is drawn again at the new width.
                resumeIfContinued()
                if takeResize() { return redrawKey }
                turnIsigOff()
                continue
            }
            guard count == 1 else { return -1 }
            if bytes.isEmpty {
                needed = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            } else if byte & 0xC0 != 0x80 {
                return 0xFFFD  // a broken sequence
            }
            bytes.append(byte)
        }
        guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return 0xFFFD }
        if asciiOnly && !scalar.isASCII { return 0x3F }  // "?": libedit could not show it
        return Int32(scalar.value)
    }

    /// Makes Ctrl-C a key for the line being read (see `isigOff`).
    private static func turnIsigOff() {
        guard !isigOff else { return }
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 && settings.c_lflag & tcflag_t(ISIG) != 0 {
            settings.c_lflag &= ~tcflag_t(ISIG)
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        isigOff = true
    }

    /// Back from Ctrl-Z: libedit's SIGCONT handler restored the terminal's
    /// modes but does not draw the line; draw it, and turn `isig` off again.
    private static func resumeIfContinued() {
        guard continued != 0 else { return }
        continued = 0
        isigOff = false
        edit_forced_update_display()
    }

    /// The window's columns now; 0 when unknown.
    private static func measuredColumns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return 0 }
        return Int(size.ws_col)
    }

    /// After a resize, a line drawn over more than one row (at the old width
    /// or the new) is drawn again whole: the cursor goes up to the prompt's
    /// row, everything from there down is erased, and libedit, measuring
    /// the window again, draws the prompt and the line. It goes up by the
    /// fewer of the rows the old width and the new one put the cursor below
    /// the prompt (a terminal may keep its rows or reflow them), so nothing
    /// above the prompt is ever erased. With `TERM=dumb` (no cursor moves)
    /// the line is drawn again on a new line.
    private static func redrawAfterResize() {
        let old = columns
        let new = measuredColumns()
        columns = new
        edit_resize_terminal()
        guard old > 0, new > 0, old != new else { return }
        let bytes = edit_line_buffer().map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        let point = min(max(0, Int(edit_point())), bytes.count)
        func width(_ part: ArraySlice<CChar>) -> Int {
            DisplayWidth.of(String(decoding: part.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let promptWidth = DisplayWidth.of(prompt)
        // On one row at both widths, libedit's own drawing stays right.
        guard promptWidth + width(bytes[...]) >= min(old, new) else { return }
        let cursor = promptWidth + width(bytes[..<point])
        if getenv("TERM").map({ String(cString: $0) }) == "dumb" {
            StandardStreams.out("\n")
        } else {
            let up = min(cursor / old, cursor / new)
            StandardStreams.out((up > 0 ? "\u{1B}[\(up)A" : "") + "\r\u{1B}[J")
        }
        edit_forced_update_display()
    }

    func readLine(prompt: String) -> LineEvent {
        interruptedLine = nil
        isigOff = false
        // The prompt holds a bank's id: made safe, and ASCII when libedit can show nothing else.
        let safe = TerminalText.safe(prompt)
        let shown = Self.asciiOnly ? TerminalText.ascii(safe) : safe
        Self.prompt = shown
        Self.columns = Self.measuredColumns()
        resized = 0
        guard let raw = edit_readline(shown) else {
            if let partial = interruptedLine {
                interruptedLine = nil
                StandardStreams.out("^C\n")
                return .interrupted(partial: partial.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return .end
        }
        defer { free(raw) }
        return .line(String(cString: raw))
    }

    func inputWaiting() -> Bool { false }

    func remember(_ line: String) {
        let command = line.trimmingCharacters(in: .whitespaces)
        guard !command.isEmpty else { return }
        edit_add_history(command)
        historyFile?.append(command)
    }
}
