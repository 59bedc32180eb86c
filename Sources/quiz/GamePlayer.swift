import Foundation
import QuizCore
import QuizKit
import QuizStore

/// Plays one game at the prompt: asks each question, reads answers, shows
/// feedback, records the finished game and prints the summary.
struct GamePlayer {
    enum End {
        /// Finished and recorded (or recorded failed: `failure` says why);
        /// `whole`: the history was read whole (`GameEnd.whole`).
        case finished(Session, failure: HistoryStore.RecordFailure?, whole: Bool)
        /// Quit, end of input, Ctrl-C twice (`interrupted`): nothing recorded.
        case abandoned(interrupted: Bool)
        /// A review stopped part way, its answered questions recorded as
        /// `finished` records a game; `interrupted` by Ctrl-C (130).
        case stopped(Session, failure: HistoryStore.RecordFailure?, whole: Bool, interrupted: Bool)

        /// The exit status a game ends with: 74 when it could not be
        /// recorded, or when the history was read only in part (said
        /// already, the game recorded), as the views end; 130 interrupted.
        var status: ExitStatus {
            switch self {
            case .finished(_, let failure, let whole): failure == nil && whole ? .success : .ioError
            case .abandoned(let interrupted): interrupted ? .interrupted : .success
            case .stopped(_, let failure, let whole, let interrupted):
                interrupted ? .interrupted : failure == nil && whole ? .success : .ioError
            }
        }
    }

    let console: Console
    let input: LineInput
    let store: HistoryStore
    /// Playing from the menu, where `share` is a command.
    var sharePrompt = false
    /// Whether the summary may mention the daily streak (`streaks = off` in the configuration file).
    var streaks = true
    /// What dates the game (`QUIZ_NOW` in tests).
    var clock = QuizClock.system
    /// Ask the questions in the bank's order (a review: most overdue first).
    var inOrder = false
    /// A review: stopped part way, the questions answered are recorded, so
    /// they are not due again at once; the rest stay due.
    var keepsAnswered = false
    /// What the first line says after the title, instead of the count and
    /// the seed (a review's `10 of 13 due · from …`).
    var heading: String?
    /// A daily quiz: recorded with its number and practice mark, its ghost raced.
    var daily: DailyCommand.Daily?

    /// `category` and `difficulty`: the filters the bank was narrowed by, as
    /// typed, kept in the session for the share card's replay command.
    /// `dealt`: the game already dealt from the bank (then `bank` may hold
    /// only the questions dealt, `ParsedBankCache.load(path:choosing:)`).
    func play(
        _ bank: QuestionBank, count: Int?, seed: UInt64, category: String? = nil, difficulty: Difficulty? = nil,
        dealt: Game? = nil
    ) -> End {
        var game = dealt ?? Game(bank: bank, count: count, seed: seed, inOrder: inOrder)
        let started = Date()
        var answerTimes: [TimeInterval] = []
        let dealt = game.asked.count
        let dot = console.glyph("·", "-")
        var freeTextHintShown = false
        var overrideHintShown = false
        // A line read ahead from a pipe (see below), for the question it was read at.
        var readAhead: LineEvent?
        /// Quit, the end of input or Ctrl-C: a game is abandoned; a review
        /// keeps what was answered.
        func stop(interrupted: Bool) -> End {
            let kept =
                keepsAnswered
                ? game.answeredSession(
                    finishedAt: clock.now, duration: Date().timeIntervalSince(started), answerTimes: answerTimes)
                : nil
            guard let kept else {
                console.out("\(keepsAnswered ? "Review stopped" : "Game abandoned"); nothing recorded.")
                return .abandoned(interrupted: interrupted)
            }
            let left = game.asked.count - game.results.count
            console.out(
                console.wrapped(
                    "Review stopped. The \(Self.count(game.results.count, "question")) answered "
                        + "\(game.results.count == 1 ? "is" : "are") kept; "
                        + "the \(Self.count(left, "question")) left \(left == 1 ? "stays" : "stay") due."))
            let (failure, whole) = record(kept, bank: bank)
            return .stopped(kept, failure: failure, whole: whole, interrupted: interrupted)
        }
        console.out(
            console.wrapped(
                head: bank.title, painted: console.bold,
                then: " \(dot) "
                    + (heading
                        ?? "\(dealt) question\(dealt == 1 ? "" : "s") \(dot) "
                        + (daily.map { $0.day.iso } ?? "seed \(seed)"))))
        while let asked = game.current {
            console.out()
            console.out(console.dim("Question \(asked.number)/\(asked.total)"))
            console.out(console.bold(console.wrapped(asked.question.prompt)))
            let labels = asked.labels
            for (index, choice) in asked.choices.enumerated() {
                let label = "  \(labels.label(index).map { $0 + ")" } ?? "-") "
                console.out(console.wrapped(choice, first: label, lineBreaks: false))
            }
            // The hint: under the first question, under each whose labels
            // differ, under the first free-text one, and under each where the
            // commands take a colon (an answer reads skip, quit, help or mine).
            let firstFreeText = asked.choices.isEmpty && !freeTextHintShown
            let bareWords = GameCommand.bareWordsWork(at: asked)
            if asked.number == 1 || !labels.numbers || !labels.letters || firstFreeText || !bareWords {
                if asked.choices.isEmpty { freeTextHintShown = true }
                let how = asked.choices.isEmpty ? "type your answer" : console.own(labels.howToAnswer)
                console.out(console.dim(console.wrapped("(\(how); \(GameCommand.hint(at: asked)))", first: "  ")))
            }
            input.completions = asked.choices + GameCommand.completions(at: asked)
            let prompt = "\(console.show(bank.id)) \(asked.number)/\(asked.total)> "
            var feedback: Game.Feedback?
            var interruptedAtEmptyPrompt = false
            let shown = Date()
            while feedback == nil {
                let line: String
                let event = readAhead ?? input.readLine(prompt: prompt)
                readAhead = nil
                switch event {
                case .end:
                    console.out()
                    return stop(interrupted: false)
                case .interrupted(let partial):
                    // Ctrl-C clears the line; a second at an empty prompt offers to abandon.
                    guard partial.isEmpty else {
                        interruptedAtEmptyPrompt = false
                        continue
                    }
                    if !interruptedAtEmptyPrompt {
                        interruptedAtEmptyPrompt = true
                        console.out(console.dim("(Ctrl-C again to abandon the game)"))
                        continue
                    }
                    if confirmAbandon() { return stop(interrupted: true) }
                    interruptedAtEmptyPrompt = false
                    continue
                case .line(let text):
                    line = text
                }
                interruptedAtEmptyPrompt = false
                switch GameCommand.parse(line, at: asked) {
                case .quit:
                    return stop(interrupted: false)
                case .skip:
                    feedback = game.skip()
                case .help:
                    console.out(help(for: asked))
                case .mine:
                    countLastAsRight(&game)
                case .unknown(let word):
                    console.out(
                        console.yellow(
                            console.wrapped(
                                "Unknown command \(word); the commands are :skip, :quit, :help and :mine.")))
                case nil:
                    switch game.answer(line) {
                    case .answered(let result): feedback = result
                    case .notUnderstood(let hint): console.out(console.yellow(console.wrapped(console.own(hint))))
                    }
                }
            }
            answerTimes.append(Date().timeIntervalSince(shown))
            show(feedback!, overrideHint: !overrideHintShown && (game.current != nil || console.interactiveInput))
            if let ghost = daily?.ghost,
                let line = DailyComparison.ghostLine(friend: ghost, index: asked.number - 1, seconds: answerTimes.last)
            {
                console.out(console.dim(console.wrapped(line, first: "  ")))
            }
            if feedback?.outcome == .wrong { overrideHintShown = true }
            // From a pipe, a `!` for this wrong mark is the next line: read it
            // now, so its confirmation comes before the next question, as at a
            // terminal, where it follows the next prompt. Any other line is
            // the next question's answer. Only a line already there is read:
            // a script that waits for the next question to answer is not
            // kept waiting (its `!` then follows that question).
            if feedback?.outcome == .wrong, !console.interactiveInput, input.inputWaiting(), let next = game.current {
                let event = input.readLine(prompt: "")
                if case .line(let text) = event, GameCommand.parse(text, at: next) == .mine {
                    countLastAsRight(&game)
                } else {
                    readAhead = event
                }
            }
        }
        // The last answer has no next prompt: at a terminal, one more for `!`.
        if game.results.last?.outcome == .wrong && console.interactiveInput {
            input.completions = ["!"]
            if case .line(let text) = input.readLine(prompt: "Enter to finish, ! to count your answer right> "),
                ["!", "mine", ":mine", ":!"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
            {
                countLastAsRight(&game)
            }
        }
        let duration = Date().timeIntervalSince(started)
        guard
            var session = game.session(
                finishedAt: clock.now, duration: duration, category: category, difficulty: difficulty?.rawValue,
                source: Session.Kind(quiz: bank.id) == .review || daily != nil ? nil : Self.source(of: bank),
                answerTimes: answerTimes)
        else {
            return .abandoned(interrupted: false)
        }
        if let daily {
            // A daily is its number, not a quiz id or a seed: `quiz --daily DATE` plays it again.
            var fields = session.fields
            fields.quiz = nil
            fields.seed = nil
            fields.daily = daily.day.number
            fields.practice = daily.practice
            session = Session(fields)
        }
        let (failure, whole) = record(session, bank: bank)
        return .finished(session, failure: failure, whole: whole)
    }

    /// Records a game (or a review's answered questions) and prints its
    /// summary: why it could not be recorded, if it could not, and whether
    /// the history was read whole.
    private func record(_ session: Session, bank: QuestionBank) -> (HistoryStore.RecordFailure?, Bool) {
        // No signal may end the process between a game's end and its record.
        let end = GameEnd.record(
            session, bank: bank, store: store, streaks: streaks, atMenu: sharePrompt,
            output: console
        ) { write in
            let blocked = SignalBlock.terminating()
            write()
            blocked.release()
        }
        if end.needsCompaction { Compaction.startInBackground(folder: store.folder) }
        summarize(end.lines)
        let failure = end.failure
        if let failure {
            console.err("not recorded: \(failure.description)")
        }
        return (failure, end.whole)
    }

    /// `3 questions`, `1 question`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// What `help` says at a question.
    private func help(for asked: Game.Asked) -> String {
        let choices = console.own(asked.labels.howToAnswer)
        let how =
            asked.choices.isEmpty
            ? "Type your answer." : choices.prefix(1).uppercased() + choices.dropFirst() + " (Tab completes it)."
        let commands =
            GameCommand.bareWordsWork(at: asked)
            ? " skip skips, counting as wrong; quit abandons the game; ! after a wrong mark counts it right."
            : " :skip skips, counting as wrong; :quit abandons the game; ! after a wrong mark counts it right. "
                + "Here an answer reads as a command word, so the commands take a colon."
        return how + commands
    }

    /// Where a bank that is not bundled came from, as a friend could name it:
    /// its URL, or its file's name (never the folders above it, which are
    /// private); nil for a bundled bank, which the quiz id alone names.
    static func source(of bank: QuestionBank) -> String? {
        if RemoteBankLoader.isRemote(bank.path) {
            // The card is pasted into chats: a user name and password in the
            // URL (http://alice:secret@host/…) are left out of the history and
            // the replay command.
            guard var parts = URLComponents(string: bank.path), parts.user != nil || parts.password != nil else {
                return bank.path
            }
            parts.user = nil
            parts.password = nil
            return parts.string ?? bank.path
        }
        let file = URL(fileURLWithPath: bank.path).resolvingSymlinksInPath().path
        if let bundled = BankLocator.bundledFolder(),
            file.hasPrefix(URL(fileURLWithPath: bundled).resolvingSymlinksInPath().path + "/")
        {
            return nil
        }
        return (bank.path as NSString).lastPathComponent
    }

    /// Asks whether to abandon the game; yes, or a third Ctrl-C, abandons.
    /// Ctrl-D is the default, No: the game goes on. Input that has really
    /// ended cannot loop: the question's prompt is read next, and the end of
    /// input there abandons the game as it always does.
    private func confirmAbandon() -> Bool {
        input.completions = ["yes", "no"]
        let question =
            keepsAnswered
            ? "Stop this review? What you answered is kept. [y/N] "
            : "Abandon this game? Nothing will be recorded. [y/N] "
        switch input.readLine(prompt: question) {
        case .interrupted: return true
        case .end:
            console.out()  // libedit leaves the cursor after the question
            return false
        case .line(let answer): return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    /// `!` after a wrong mark: the previous answer counts as right, marked
    /// `overridden` in the history and on the share card.
    private func countLastAsRight(_ game: inout Game) {
        if game.lastAnswerRejected, game.results.last?.outcome == .wrong {
            let given = game.results.last?.typed ?? game.results.last?.given ?? ""
            console.out(
                console.yellow(console.wrapped("The quiz never accepts \(given) for that question; it stays wrong.")))
            return
        }
        guard let counted = game.overrideLast() else {
            console.out(console.yellow("There is no answer just marked wrong to count as right."))
            return
        }
        let given = counted.typed ?? counted.given ?? ""
        console.out(
            console.wrapped(
                head: console.glyph("✓", "+") + " Counted as right:", painted: console.green,
                then: " \(console.show(given)) (your call; marked as such in the history and on the card)"))
    }

    private func show(_ feedback: Game.Feedback, overrideHint: Bool = false) {
        // The verdict's words are wrapped with the answer, then painted.
        let (mark, verdict, answer, paint): (String, String, String, (String) -> String) =
            switch feedback.outcome {
            case .right:
                (
                    console.glyph("✓", "+"), "Right!",
                    feedback.spelled.map { "(spelled \($0))" } ?? feedback.correctAnswer, console.green
                )
            case .wrong:
                (
                    console.glyph("✗", "x"), "Wrong" + (feedback.readAs.map { " (read as \($0))" } ?? "") + ".",
                    (feedback.chosen.map { "You chose \($0). " } ?? "") + "The answer is \(feedback.correctAnswer).",
                    console.red
                )
            case .skipped:
                (console.glyph("→", "->"), "Skipped.", "The answer is \(feedback.correctAnswer).", console.yellow)
            }
        let indent = String(repeating: " ", count: DisplayWidth.of(mark) + 1)
        console.out(
            console.wrapped(
                head: mark + " " + verdict, painted: paint, then: " " + console.show(answer), indent: indent))
        if overrideHint, feedback.outcome == .wrong {
            console.out(
                console.dim(
                    console.wrapped("(If your answer was right after all, type ! at the next prompt.)", first: "  ")))
        }
        if let explanation = feedback.explanation, !explanation.isEmpty {
            console.out(console.dim(console.wrapped(explanation, first: "  ")))
        }
    }

    /// The summary `GameEnd` made: the score bold, good news green, the share hint dim.
    private func summarize(_ lines: [GameEnd.Line]) {
        console.out()
        for line in lines {
            switch line {
            case .score(let score, let time):
                console.out(console.wrapped(head: score, painted: console.bold, then: time))
            case .news(let text):
                console.out(console.wrapped(text, lineBreaks: false))
            case .best(let text):
                console.out(console.green(console.wrapped(text, lineBreaks: false)))
            case .streak(let days):
                console.out(console.green("Play streak: \(days) days!") + " Come back tomorrow to keep it going.")
            case .share(let text):
                console.out(console.dim(console.wrapped(text)))
            }
        }
    }
}
