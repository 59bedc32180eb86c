import Foundation
import QuizCore
import QuizStore

/// `quiz --review` and the menu's `review`: the questions due (from the
/// schedule kept beside the history, rebuilt when stale), gathered into one
/// bank of quiz id `review`, or the line that says why there is none; and
/// the menu's line of what is waiting. The executable plays the bank.
public enum ReviewCommand {
    /// What `gather` found.
    public enum Gathered {
        /// The questions due, most overdue first, as a bank to play in order;
        /// what the review's first line says of them; a line to say before
        /// it (questions due in banks not loaded), if any.
        case due(QuestionBank, heading: ReviewSession.Heading, note: String?)
        /// Nothing to play: the sentence to say.
        case nothing(String)
    }

    /// The questions due, of `quiz` only when given (its id, 66 when no bank
    /// has it), `-n` (the settings' count) at most; `whole` is false when the
    /// history could be read only in part (said already): the command then
    /// ends with 74, as every view of the history does.
    /// `library`: the banks already read (the menu's); without it, a fresh
    /// schedule's due questions are found reading only their own banks
    /// (`quick`), else every bank is read, which also rebuilds a stale schedule.
    public static func gather(_ context: CommandContext, quiz: String?, library: QuestionLibrary? = nil)
        throws(CommandFailure) -> (gathered: Gathered, whole: Bool)
    {
        let now = try context.clock.now
        let scheduler = try context.scheduler
        let count = context.settings.count
        let file = ScheduleFile(store: context.store, scheduler: scheduler)
        let banks: QuestionLibrary
        if let library {
            banks = library
        } else {
            // A bank named with --questions is read, or its error said, even when no question due comes from it.
            try context.banks.checkNamed(context.options.questionPaths)
            if let found = quick(context, file: file, at: now, quiz: quiz, count: count) {
                return (.due(found.bank, heading: found.heading, note: nil), true)
            }
            banks = try context.library()
        }
        if let quiz {
            do {
                _ = try QuizLookup.option(quiz, in: banks)
            } catch {
                throw CommandFailure(error)
            }
        }
        let index = QuestionIndex(banks: banks.banks)
        let (schedule, whole) = try current(context, file: file, index: index)
        let notLoaded = schedule.dueNotLoaded(at: now, index: index, quiz: quiz)
        let due = schedule.due(at: now, index: index, quiz: quiz)
        let asked = Array(due.prefix(max(count, 1)))
        if let bank = ReviewSession.bank(of: asked) {
            let heading = ReviewSession.Heading(
                asked: asked.count, due: due.count, titles: asked.map(\.entry.bankTitle))
            return (.due(bank, heading: heading, note: notLoadedLine(notLoaded, context: context)), whole)
        }
        if let quiz, !schedule.cards.keys.contains(where: { index.entries[$0]?.bank == quiz }) {
            return (
                .nothing(
                    "Nothing to review in \(quiz) yet: play it, and the questions you meet come back here when due."),
                whole
            )
        }
        if schedule.cards.isEmpty {
            return (
                .nothing("Nothing to review yet: play a quiz, and the questions you meet come back here when due."),
                whole
            )
        }
        let new = schedule.newToday(at: now, timeZone: LocalTimeZone.current, quiz: quiz)
        let next = schedule.nextDue(after: now, index: index, quiz: quiz)
        let sentence = nothingDue(next: next, now: now, quiz: quiz) + newToday(new, ascii: context.output.ascii) + "."
        return (
            .nothing(
                ([sentence] + [notLoadedLine(notLoaded, context: context)].compactMap { $0 }).joined(separator: "\n")),
            whole
        )
    }

    /// The review without reading every bank, when the schedule is fresh and
    /// the due questions' banks are bank files found by their ids: only
    /// those banks are read (every due question's, to count them). Nil when
    /// that cannot be done.
    static func quick(_ context: CommandContext, file: ScheduleFile, at now: Date, quiz: String?, count: Int)
        -> (bank: QuestionBank, heading: ReviewSession.Heading)?
    {
        // Aliases are checked against every bank (`QuestionIndex.keeps`): the full way.
        guard let schedule = file.fresh(), schedule.aliased.isEmpty else { return nil }
        struct GiveUp: Error {}
        var indexes: [String: QuestionIndex] = [:]
        let due: [ReviewSchedule.Due]
        do {
            due = try schedule.due(at: now, quiz: quiz) { (identity, card) throws(GiveUp) in
                // A card of another quiz: its bank need not be read.
                if let quiz, card.quiz != quiz { return nil }
                if indexes[card.quiz] == nil {
                    guard
                        let path = BankLocator.file(forQuiz: card.quiz, extraPaths: context.bankPaths),
                        let bank = try? context.banks.parsed.load(path: path)
                    else { throw GiveUp() }
                    indexes[card.quiz] = QuestionIndex(banks: [bank])
                }
                // A card kept under the fingerprint of a question that has an "id" now: the full way rebuilds.
                if indexes[card.quiz]?.alias(of: identity) != nil { throw GiveUp() }
                return indexes[card.quiz]?.entries[identity]
            }
        } catch {
            return nil
        }
        let asked = Array(due.prefix(max(count, 1)))
        guard let bank = ReviewSession.bank(of: asked) else { return nil }
        let titles = asked.map(\.entry.bankTitle)
        return (bank, ReviewSession.Heading(asked: asked.count, due: due.count, titles: titles))
    }

    /// `2 more due in banks not loaded (...)`, or nil for none.
    public static func notLoadedLine(_ count: Int, context: CommandContext) -> String? {
        guard count > 0 else { return nil }
        return "\(count) more due in banks not loaded: keep those banks in \(context.banksFolder), "
            + "or name them with banks = PATH in the settings file."
    }

    /// The schedule now; what could not be read is said as diagnostics, and
    /// `whole` is false then.
    static func current(_ context: CommandContext, file: ScheduleFile, index: QuestionIndex) throws(CommandFailure)
        -> (schedule: ReviewSchedule, whole: Bool)
    {
        if let problem = DataDirectory.problem(folder: context.store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        do {
            let current = try file.current(index: index)
            context.output.tell(current.diagnostics)
            return (current.schedule, current.diagnostics.whole)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The menu's lines: `12 questions due for review · 3 first seen today
    /// (type review)` (and what review is, until a question was reviewed),
    /// or when the next one is due; then questions due in banks not loaded,
    /// if any; lines joined by line ends; nil before any question was met
    /// or when the schedule cannot be read. `whole` is false when the history
    /// could be read only in part (said already).
    public static func waitingLine(_ context: CommandContext, library: QuestionLibrary) -> (
        line: String?, whole: Bool
    ) {
        let index = QuestionIndex(banks: library.banks)
        guard let now = try? context.clock.now, let scheduler = try? context.scheduler else { return (nil, true) }
        let file = ScheduleFile(store: context.store, scheduler: scheduler)
        let waiting: ReviewWaiting
        var whole = true
        // Straight from the stored schedule's lines when it is fresh (the
        // data folder checked first, as `current` does), else from the
        // schedule made again.
        if DataDirectory.problem(folder: context.store.folder) == nil,
            let glanced = file.waiting(index: index, at: now, timeZone: LocalTimeZone.current)
        {
            waiting = glanced
        } else {
            guard let current = try? current(context, file: file, index: index) else { return (nil, false) }
            waiting = current.schedule.waiting(at: now, index: index, timeZone: LocalTimeZone.current)
            whole = current.whole
        }
        guard waiting.cards > 0 else { return (nil, whole) }
        let newPart = newToday(waiting.newToday, ascii: context.output.ascii)
        var lines: [String]
        if waiting.due > 0 {
            lines = ["\(waiting.due) question\(waiting.due == 1 ? "" : "s") due for review\(newPart) (type review)"]
            if !waiting.reviewed { lines.append(whatReviewIs) }
        } else {
            lines = [nothingDue(next: waiting.next, now: now) + newPart + "."]
        }
        if let line = notLoadedLine(waiting.notLoaded, context: context) { lines.append(line) }
        return (lines.joined(separator: "\n"), whole)
    }

    /// Said under the menu's due line until a question has been answered a
    /// second time: what review is, for a player who has not met it.
    public static let whatReviewIs =
        "Review asks again the questions you have met, each when you are about to forget it: "
        + "the better you know one, the longer until it comes back."

    /// ` · 3 first seen today`, or nothing when none was met first today.
    static func newToday(_ count: Int, ascii: Bool) -> String {
        count > 0 ? " \(ascii ? "-" : "·") \(count) first seen today" : ""
    }

    /// When nothing is due (of `quiz` only when given): when `next` is, if any (no full stop).
    static func nothingDue(next: Date?, now: Date, quiz: String? = nil) -> String {
        let of = quiz.map { " in \($0)" } ?? ""
        guard let next else { return "Nothing due for review\(of)" }
        return "Nothing due for review\(of); the next question is due \(when(next, from: now))"
    }

    /// `within the hour`, `in 3 hours` (whole hours, rounded down, from the
    /// minute now to the due minute) within a day; after that `tomorrow
    /// (2026-12-02 09:01)` or `in 5 days (2026-12-06 09:01)`, counted in
    /// calendar days of the local time zone (the date and minute shown are
    /// local too).
    public static func when(_ date: Date, from now: Date) -> String {
        // By whole minutes, as due times are (`ReviewSchedule.dueMinute`) and shown.
        let seconds = ReviewSchedule.dueMinute(date).timeIntervalSince(ReviewSchedule.minute(of: now))
        if seconds < 3_600 { return "within the hour" }
        if seconds < 86_400 {
            let hours = Int((seconds / 3_600).rounded(.down))
            return "in \(hours) hour\(hours == 1 ? "" : "s")"
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = LocalTimeZone.current
        let days =
            calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date))
            .day ?? Int(min(seconds / 86_400, 1e9))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = LocalTimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let shown = formatter.string(from: date)
        return days <= 1 ? "tomorrow (\(shown))" : "in \(days) days (\(shown))"
    }
}
