import Foundation
import QuizCore
import QuizKit
import QuizStore

/// Where `quiz --history` writes its report a chunk at a time
/// (`StreamedHistoryReport`): standard output as `Console.write` writes it,
/// or, on a terminal, the pager once there are more lines than the screen,
/// exactly as `Pager.forOutput` decides for the whole text. Until that is
/// known, chunks wait here (a screenful, or one chunk). CSV on a terminal has
/// its control characters shown visibly, line by line, as the whole text had.
final class HistoryOutput {
    private let console: Console
    private let csvOnTerminal: Bool
    /// The pager to start when the lines outnumber the screen's rows.
    private var candidate: (pager: Pager, rows: Int)?
    private var waiting: [String] = []
    private var lines = 1
    private var pager: Pager.Running?
    /// The pager, once one is started.
    private var started: Pager?
    private var pagerGone = false
    /// The last two bytes written: whether the text ended with CRLF, or LF.
    private var tail: [UInt8] = []

    init(console: Console, environment: [String: String], refusedPager: Bool, csv: Bool) {
        self.console = console
        csvOnTerminal = csv && console.isTerminal
        candidate = Pager.forTerminal(environment: environment, refused: refusedPager)
    }

    /// Takes the next chunk; false when nothing more should be written (the
    /// pager has gone, or standard output cannot be written).
    func write(_ chunk: String) -> Bool {
        let text =
            csvOnTerminal
            ? chunk.components(separatedBy: "\r\n").map { TerminalText.safe($0, lineBreaks: true) }
                .joined(separator: "\r\n") : chunk
        tail = Array((tail + text.utf8.suffix(2)).suffix(2))
        if let pager {
            pagerGone = !pager.write(text)
            return !pagerGone
        }
        guard let (chosen, rows) = candidate else {
            console.write(text)
            return StandardStreams.failure == nil
        }
        waiting.append(text)
        for byte in text.utf8 where byte == 10 { lines += 1 }
        guard lines > rows else { return true }
        candidate = nil
        switch chosen.start() {
        case .success(let started):
            pager = started
            self.started = chosen
            for text in waiting where !pagerGone { pagerGone = !started.write(text) }
        case .failure(let failure):
            // No pager after all: said, and what waited goes out as it would have.
            console.err(chosen.cannotStart(failure.reason))
            for text in waiting { console.write(text) }
        }
        waiting = []
        return !pagerGone && StandardStreams.failure == nil
    }

    /// Ends the output with a line end where the text has none (`Console.out`
    /// for a table, the markdown or JSON; CSV rows end in CRLF), then waits
    /// for the pager, if one was started, to end.
    ///
    /// A pager that failed (a non-zero exit status: `QUIZ_PAGER=false`), or
    /// that the shell could not start (its 126 or 127), is found only here:
    /// then the line to say is returned (`Pager.failure(ending:)`), and the
    /// caller writes the report again without a pager.
    @discardableResult
    func finish() -> String? {
        if let pager {
            if tail.last != 10 && !pagerGone { _ = pager.write("\n") }
            let status = pager.finish()
            return started?.failure(ending: status, throughShell: pager.throughShell)
        }
        for text in waiting { console.write(text) }
        waiting = []
        if tail != [13, 10] { console.write("\n") }
        return nil
    }
}
