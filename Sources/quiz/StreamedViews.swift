import Foundation
import QuizCore
import QuizKit
import QuizStore

/// The views of the whole history that read every game, one game at a time
/// (`HistoryStream`): `--history` in every format, and the quizzes played
/// for `--quiz ID`. (`--stats` reads the kept files: `history.statistics`
/// and `history.schedule`.) Each goes back to the whole-history path (`loadedSessions`,
/// which repairs damage and reports it) when the stream will not do.
extension QuizCommand {
    /// `--history` streamed (with `--limit N`, N games of the history read):
    /// nil when the whole-history path is the one (a data folder that is not
    /// one; damage, which it repairs and reports).
    func streamedHistory() throws(CommandFailure) -> ExitStatus? {
        guard DataDirectory.problem(folder: store.folder) == nil else { return nil }
        let quiz = options.quizFilter
        let format = options.format ?? .table
        guard let stream = store.stream(where: quiz.map { id in { $0.quiz == id } }, newest: options.limit),
            let report = StreamedHistoryReport(
                stream, format: format, quiz: quiz, limit: options.limit, timeZone: LocalTimeZone.current)
        else { return nil }
        console.tell(stream.diagnostics)
        if report.count == 0, let quiz, let note = try noGamesOf(quiz) {
            console.out(note)
            return .success
        }
        // A pager the shell could not start is known only at its end: said,
        // then the report written again, here (it reads the mapped archive again).
        var refusedPager = options.noPager
        while true {
            let output = HistoryOutput(
                console: console, environment: environment, refusedPager: refusedPager, csv: format == .csv)
            do {
                try report.write(width: console.width, ascii: console.ascii, to: output.write)
            } catch {
                output.finish()
                throw CommandFailure(status: .ioError, message: error.description)
            }
            guard let failure = output.finish(), !refusedPager else { break }
            console.err(failure)
            refusedPager = true
        }
        return .success
    }

    /// How many games the history holds and the quizzes they are of (for
    /// `--quiz ID` that matches none), read a game at a time when it can be.
    func historyQuizzes() throws(CommandFailure) -> (count: Int, played: [String]) {
        if let stream = store.stream() {
            var played: Set<String> = []
            var readable = true
            for position in 0..<stream.count where readable {
                guard let session = try? stream.session(at: position, results: false) else {
                    readable = false
                    break
                }
                if let quiz = session.quiz { played.insert(quiz) }
            }
            if readable { return (stream.count, played.sorted()) }
        }
        do {
            let all = try store.load(results: false).sessions
            return (all.count, Set(all.compactMap(\.quiz)).sorted())
        } catch {
            throw CommandFailure(status: .ioError, message: error.description)
        }
    }
}
