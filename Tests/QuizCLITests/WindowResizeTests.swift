import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A window resize (SIGWINCH) while a line is being typed: the line is drawn
/// again whole at the new width, with nothing of the old drawing left on the
/// prompt's lines.
@Suite struct WindowResizeTests {
    /// From 40 columns to 20 (the line now takes two rows), and from 20 to
    /// 30 (a line over two rows redrawn at the new width).
    @Test(arguments: [
        (40, 20, ["quiz> play mini quiz", " now pleasex"]), (20, 30, ["quiz> play mini quiz now pleas", "ex"]),
    ])
    func aResizeRedrawsThePromptLineCleanly(from: UInt16, to: UInt16, expected: [String]) throws {
        let scratch = Scratch()
        let terminal = try PseudoTerminal(
            arguments: [], environment: scratch.environment(["TERM": "xterm"]), columns: from, rows: 24)
        try terminal.wait(for: "quiz> ")
        terminal.type("play mini quiz now please")
        usleep(200_000)
        var screen = Screen(columns: Int(from))
        let before = terminal.mark
        screen.feed(String(terminal.output[..<before]))
        terminal.resize(columns: to, rows: 24)
        screen.resize(columns: Int(to))
        usleep(300_000)
        terminal.type("x")
        usleep(200_000)
        let after = terminal.mark
        screen.feed(String(terminal.output[before..<after]))
        let rows = screen.rows.drop { !$0.hasPrefix("quiz> ") }
        #expect(Array(rows) == expected, "the screen after the resize:\n\(screen.rows.joined(separator: "\n"))")
        #expect(screen.rows.filter { $0.contains("quiz>") }.count == 1, "\(screen.rows)")
        terminal.type(PseudoTerminal.enter, PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
}

/// What a terminal that does not reflow (xterm) shows, from the bytes a
/// program wrote: printable characters with automatic margins, CR, LF, BS,
/// and the CSI cursor moves and erasures; other sequences are skipped.
struct Screen {
    private(set) var columns: Int
    private var cells: [[Character]] = [[]]
    private var row = 0
    private var column = 0
    private var wrapPending = false

    init(columns: Int) { self.columns = columns }

    /// Each row, without trailing spaces.
    var rows: [String] {
        cells.map { line in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// A window made narrower cuts its rows; the cursor stays in the window.
    mutating func resize(columns: Int) {
        self.columns = columns
        cells = cells.map { Array($0.prefix(columns)) }
        column = min(column, columns - 1)
        wrapPending = false
    }

    mutating func feed(_ text: String) {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                guard let next = scalars.next() else { return }
                guard next == "[" else { continue }
                var parameters = ""
                var final: Unicode.Scalar = "@"
                while let c = scalars.next() {
                    if (0x40...0x7E).contains(c.value) {
                        final = c
                        break
                    }
                    parameters.unicodeScalars.append(c)
                }
                csi(final, Int(parameters) ?? 0)
            case "\r":
                column = 0
                wrapPending = false
            case "\n":
                down(1)
                wrapPending = false
            case "\u{08}":
                if wrapPending { wrapPending = false } else if column > 0 { column -= 1 }
            case "\u{07}":
                break
            default:
                put(Character(scalar))
            }
        }
    }

    private mutating func down(_ count: Int) {
        row += count
        while cells.count <= row { cells.append([]) }
    }

    private mutating func put(_ character: Character) {
        if wrapPending {
            down(1)
            column = 0
            wrapPending = false
        }
        while cells[row].count <= column { cells[row].append(" ") }
        cells[row][column] = character
        if column == columns - 1 { wrapPending = true } else { column += 1 }
    }

    private mutating func csi(_ final: Unicode.Scalar, _ number: Int) {
        let count = max(1, number)
        wrapPending = false
        switch final {
        case "A": row = max(0, row - count)
        case "B": down(count)
        case "C": column = min(columns - 1, column + count)
        case "D": column = max(0, column - count)
        case "K": cells[row] = Array(cells[row].prefix(column))
        case "J":
            cells[row] = Array(cells[row].prefix(column))
            cells.removeSubrange((row + 1)...)
        default: break
        }
    }
}
