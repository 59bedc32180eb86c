import Foundation
import QuizCore
import QuizKit
import QuizStore

/// Where `quiz --history` writes the text `HistoryCommand` returns, a chunk
/// at a time: standard output as `Console.write` writes it, or, on a
/// terminal, the pager once there are more lines than the screen. Until that
/// is known, chunks wait here (a screenful, or one chunk). CSV on a terminal
/// has its control characters shown visibly, line by line, as the whole text
/// had.
final class HistoryOutput {
    private let console: Console
    private let csvOnTerminal: Bool
    /// The pager to start when the lines outnumber the screen's rows.
    private var candidate: (pager: Pager, rows: Int)?
    private var waiting: [String] = []
    /// Line ends written so far, and whether the text so far ends with one:
    /// the lines it takes on the screen.
    private var lineEnds = 0
    private var endsALine = false
    private var pager: Pager.Running?
    /// The pager, once one is started.
    private var started: Pager?
    private var pagerGone = false

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
        if let pager {
            pagerGone = !pager.write(text)
            return !pagerGone
        }
        guard let (chosen, rows) = candidate else {
            console.write(text)
            return StandardStreams.failure == nil
        }
        waiting.append(text)
        for byte in text.utf8 where byte == 10 { lineEnds += 1 }
        if let last = text.utf8.last { endsALine = last == 10 }
        guard lineEnds + (endsALine ? 0 : 1) > rows else { return true }
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

    /// Writes what still waits, or waits for the pager, if one was started,
    /// to end.
    ///
    /// A pager that failed (a non-zero exit status: `QUIZ_PAGER=false`), or
    /// that the shell could not start (its 126 or 127), is found only here:
    /// then the line to say is returned (`Pager.failure(ending:)`), and the
    /// caller writes the report again without a pager.
    @discardableResult
    func finish() -> String? {
        if let pager {
            let status = pager.finish()
            return started?.failure(ending: status, throughShell: pager.throughShell)
        }
        for text in waiting { console.write(text) }
        waiting = []
        return nil
    }

    /// Writes `text` (paged on a terminal when it may be, unless `refusedPager`)
    /// and returns its status. A pager the shell could not start is known
    /// only at its end: said, then the text written again, here.
    static func show(
        _ text: HistoryCommand.Text, console: Console, environment: [String: String], refusedPager: Bool
    ) throws(CommandFailure) -> ExitStatus {
        var refused = refusedPager || !text.paged
        while true {
            let output = HistoryOutput(console: console, environment: environment, refusedPager: refused, csv: text.csv)
            do {
                try text.write(to: output.write)
            } catch {
                output.finish()
                throw error
            }
            guard let failure = output.finish(), !refused else { break }
            console.err(failure)
            refused = true
        }
        return text.status
    }
}
