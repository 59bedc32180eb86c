import QuizCore
import QuizStore

/// `quiz --history` and the menu's `history`: the games played, newest
/// first, as a table, markdown, CSV or JSON (`--limit N`: the newest N;
/// `--quiz ID`: the games of quiz ID, its case aside), or every answer as a
/// review in the FSRS optimizer's CSV (`--format reviews`).
///
/// The text is returned to be written (`Text`), not written here: the
/// executable pages it on a terminal. The history is read one game at a time
/// (`HistoryStream`, `StreamedHistoryReport`), or whole (`loadedSessions`,
/// which repairs damage and reports it) when the stream will not do.
public enum HistoryCommand {
    /// What `--history` shows, handed on a chunk at a time.
    public struct Text {
        /// On a terminal, more lines than the screen go through a pager: the
        /// table and the exports; not a one-line note, nor the review log.
        public let paged: Bool
        /// CSV rows: on a terminal their control characters are shown visibly.
        public let csv: Bool
        /// After the text: 74 when the history was read only in part (said).
        public let status: ExitStatus
        private let chunks: ((String) -> Bool) throws(CommandFailure) -> Void

        init(
            paged: Bool, csv: Bool, status: ExitStatus,
            chunks: @escaping ((String) -> Bool) throws(CommandFailure) -> Void
        ) {
            self.paged = paged
            self.csv = csv
            self.status = status
            self.chunks = chunks
        }

        /// One text, ending with its line end: LF, or CRLF for CSV rows.
        static func whole(_ text: String, paged: Bool, csv: Bool, status: ExitStatus = .success) -> Text {
            let ended = text.hasSuffix("\r\n") ? text : text + "\n"
            return Text(paged: paged, csv: csv, status: status) { output in _ = output(ended) }
        }

        /// Hands the text to `output` in chunks, the last ending with the
        /// text's line end; `output` returns false to stop (the reader has
        /// gone). It may be written again (a pager that failed at its end).
        public func write(to output: (String) -> Bool) throws(CommandFailure) {
            try chunks(output)
        }

        /// The whole text (for tests and small outputs).
        public func joined() throws(CommandFailure) -> String {
            var text = ""
            try write { chunk in
                text += chunk
                return true
            }
            return text
        }
    }

    public static func run(_ context: CommandContext) throws(CommandFailure) -> Text {
        let options = context.options
        if options.reviewLog { return try reviewLog(context) }
        if let streamed = try streamed(context) { return streamed }
        // The table, markdown and CSV show no per-question results (JSON does),
        // and --limit needs only the newest games: read no more than that.
        let quiz = options.quizFilter.map { QuizID($0) }
        let (sessions, complete) = try context.loadedSessions(
            results: options.format == .json, newest: options.limit, where: quiz.map { id in { id.matches($0.quiz) } })
        if sessions.isEmpty, let quiz, let note = try noGames(context, of: quiz) {
            return .whole(note, paged: false, csv: false)
        }
        let format = options.format ?? .table
        let report = HistoryReport(
            sessions: sessions, quiz: quiz, limit: options.limit, timeZone: LocalTimeZone.current)
        let text = report.render(format, width: context.output.width, ascii: context.output.ascii)
        return .whole(text, paged: true, csv: format == .csv, status: complete ? .success : .ioError)
    }

    /// `--history` streamed (with `--limit N`, N games of the history read):
    /// nil when the whole-history path is the one (a data folder that is not
    /// one; damage, which it repairs and reports).
    static func streamed(_ context: CommandContext) throws(CommandFailure) -> Text? {
        let options = context.options
        let output = context.output
        let store = context.store
        guard DataDirectory.problem(folder: store.folder) == nil else { return nil }
        let quiz = options.quizFilter.map { QuizID($0) }
        let format = options.format ?? .table
        guard let stream = store.stream(where: quiz.map { id in { id.matches($0.quiz) } }, newest: options.limit),
            let report = StreamedHistoryReport(
                stream, format: format, quiz: quiz, limit: options.limit, timeZone: LocalTimeZone.current)
        else { return nil }
        output.tell(stream.diagnostics)
        if report.count == 0, let quiz, let note = try noGames(context, of: quiz) {
            return .whole(note, paged: false, csv: false)
        }
        let width = output.width
        let ascii = output.ascii
        return Text(paged: true, csv: format == .csv, status: .success) { write throws(CommandFailure) in
            // The last chunk ends with a line end: CSV rows have their own CRLF.
            var going = true
            var tail: [UInt8] = []
            do {
                try report.write(width: width, ascii: ascii) { chunk in
                    tail = Array((tail + chunk.utf8.suffix(2)).suffix(2))
                    going = write(chunk)
                    return going
                }
            } catch {
                throw CommandFailure(status: .ioError, message: "\(error)")
            }
            if going && tail != [13, 10] { _ = write("\n") }
        }
    }

    /// What to say when `--quiz ID` matches no game though the history has
    /// games: an error (66) when ID is neither a quiz played nor a quiz there
    /// is, else, for the table, a line naming the quiz; nil for an empty
    /// history or an export (whose empty form is the answer).
    static func noGames(_ context: CommandContext, of quiz: QuizID) throws(CommandFailure) -> String? {
        // The games counted and their quizzes gathered one at a time.
        let (count, played) = try historyQuizzes(context.store)
        guard count > 0 else { return nil }
        // The bundled banks and any named (`--format reviews` takes `--questions`).
        let library = try? context.banks.library(extraPaths: context.bankPaths)
        let bank = library?.bank(id: quiz.typed) ?? library?.banks.first { quiz.matches($0.id) }
        guard let bank else {
            let games = count == 1 ? "game" : "games"
            let guess = NearestMatch.suggestion(for: quiz.typed, among: played).map { " Did you mean \($0)?" } ?? ""
            throw CommandFailure(
                status: .noInput,
                message: "--quiz \(quiz.typed): no such quiz; the history has \(count) \(games), of "
                    + "\(played.isEmpty ? "unnamed quizzes" : played.joined(separator: ", ")).\(guess)")
        }
        guard (context.options.format ?? .table) == .table else { return nil }
        let others = count == 1 ? "1 game of another quiz" : "\(count) games of other quizzes"
        return
            "No games of \(TerminalText.safe(bank.title)) (\(TerminalText.safe(bank.id))) yet; the history has \(others)."
    }

    /// How many games the history holds and the quizzes they are of (for
    /// `--quiz ID` that matches none), read a game at a time when it can be.
    static func historyQuizzes(_ store: HistoryStore) throws(CommandFailure) -> (count: Int, played: [String]) {
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

    /// `--history --format reviews`: every answer as a review, in the FSRS optimizer's CSV.
    /// `--quiz ID`: the rows of its questions, from its games and the reviews
    /// that asked them (66 for no such quiz, a header alone for a quiz not
    /// played); `--limit N`: the rows of the last N games recorded (of those
    /// games, with `--quiz`). Every game is rated in order either way, as in
    /// the whole log.
    static func reviewLog(_ context: CommandContext) throws(CommandFailure) -> Text {
        let options = context.options
        let filter = options.quizFilter.map { QuizID($0) }
        // `--quiz review`: the review games' rows, whatever their questions' quizzes.
        let reviewsOnly = filter?.matches(Session.Kind.reviewQuizID) == true
        let quiz = reviewsOnly ? nil : filter
        let (sessions, complete) = try context.loadedSessions()
        func ofQuiz(_ identity: String) -> Bool {
            quiz.map { $0.matches(QuestionIdentity.bank(of: identity).map(String.init)) } ?? true
        }
        let chosen = sessions.indices.filter { position in
            let session = sessions[position]
            if reviewsOnly { return session.kind == .review }
            return quiz == nil || quiz?.matches(session.quiz) == true
                || (session.kind == .review
                    && session.results.contains { $0.identity.map(ofQuiz) == true })
        }
        if chosen.isEmpty, let filter { _ = try noGames(context, of: filter) }
        // The bundled banks and any named: a card whose question gained an
        // "id" since it was first played is one card, as the scheduler has it.
        let banks = try context.library().banks
        let index = QuestionIndex(banks: banks)
        let kept = Set(chosen.suffix(options.limit ?? chosen.count))
        let log = ReviewLog.csv(sessions: sessions, index: index, scheduler: try context.scheduler) {
            position, review in
            kept.contains(position) && ofQuiz(review.identity)
        }
        return .whole(log, paged: false, csv: false, status: complete ? .success : .ioError)
    }
}
