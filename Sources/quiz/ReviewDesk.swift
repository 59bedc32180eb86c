import Foundation
import QuizCore
import QuizKit
import QuizStore

/// Reviews at the command line and the menu: what is due (from the schedule
/// kept beside the history, rebuilt when stale), the menu's line of what is
/// waiting, and a review played as a game of quiz id `review`.
struct ReviewDesk {
    let console: Console
    let store: HistoryStore
    let library: QuestionLibrary
    let clock: QuizClock
    let scheduler: FSRS

    var file: ScheduleFile { ScheduleFile(store: store, scheduler: scheduler) }
    var index: QuestionIndex { QuestionIndex(banks: library.banks) }

    /// The schedule now; what could not be read is said on standard error.
    func schedule(index: QuestionIndex) throws(CommandFailure) -> ReviewSchedule {
        if let problem = DataDirectory.problem(folder: store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        do {
            let current = try file.current(index: index)
            for line in current.notices + current.problems { console.err(line) }
            return current.schedule
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The review without reading every bank, when the schedule is fresh
    /// and the due questions' banks are bank files found by their ids: only
    /// those banks are read. Nil when that cannot be done (the caller then
    /// reads every bank, which also rebuilds a stale schedule).
    static func quickBank(
        file: ScheduleFile, at now: Date, quiz: String?, count: Int, extraPaths: [String]
    ) -> QuestionBank? {
        // Aliases are checked against every bank (`QuestionIndex.keeps`): the full way.
        guard let schedule = file.fresh(), schedule.aliased.isEmpty else { return nil }
        let candidates = schedule.cards.filter {
            ReviewSchedule.dueMinute($0.value.due) <= now && (quiz == nil || $0.value.quiz == quiz)
        }
        .sorted { $0.value.due != $1.value.due ? $0.value.due < $1.value.due : $0.key < $1.key }
        var indexes: [String: QuestionIndex] = [:]
        var questions: [Question] = []
        for (identity, card) in candidates {
            if indexes[card.quiz] == nil {
                guard let path = BankLocator.file(forQuiz: card.quiz, extraPaths: extraPaths),
                    let bank = try? BankLocator.parsed.load(path: path)
                else { return nil }
                indexes[card.quiz] = QuestionIndex(banks: [bank])
            }
            // A card kept under the fingerprint of a question that has an "id" now: the full way rebuilds.
            if indexes[card.quiz]?.alias(of: identity) != nil { return nil }
            guard var question = indexes[card.quiz]?.entries[identity]?.question else { continue }
            question.identity = identity
            questions.append(question)
            if questions.count >= max(count, 1) { break }
        }
        guard !questions.isEmpty else { return nil }
        return QuestionBank(
            id: ReviewSession.quizID, title: ReviewSession.title, questions: questions, path: ReviewSession.quizID)
    }

    /// `12 questions due for review · 3 new today`, or when the next one is
    /// due; nil before any question was met.
    func waitingLine() -> String? {
        let index = index
        let now = clock.now
        let waiting: ReviewWaiting
        // Straight from the stored schedule's lines when it is fresh (the
        // data folder checked first, as `schedule(index:)` does), else from
        // the schedule made again.
        if DataDirectory.problem(folder: store.folder) == nil,
            let glanced = file.waiting(index: index, at: now, timeZone: LocalTimeZone.current)
        {
            waiting = glanced
        } else {
            guard let schedule = try? schedule(index: index) else { return nil }
            waiting = schedule.waiting(at: now, index: index, timeZone: LocalTimeZone.current)
        }
        guard waiting.cards > 0 else { return nil }
        let newPart = newToday(waiting.newToday)
        if waiting.due > 0 {
            return "\(waiting.due) question\(waiting.due == 1 ? "" : "s") due for review\(newPart) (type review)"
        }
        return nothingDue(next: waiting.next, now: now) + newPart + "."
    }

    /// ` · 3 new today`, or nothing when none was met first today.
    func newToday(_ count: Int) -> String {
        count > 0 ? " \(console.glyph("·", "-")) \(count) new today" : ""
    }

    /// When nothing is due (of `quiz` only when given): when the next question is (no full stop).
    func nothingDue(_ schedule: ReviewSchedule, index: QuestionIndex, now: Date, quiz: String? = nil) -> String {
        nothingDue(next: schedule.nextDue(after: now, index: index, quiz: quiz), now: now, quiz: quiz)
    }

    /// When nothing is due: when `next` is, if any.
    func nothingDue(next: Date?, now: Date, quiz: String? = nil) -> String {
        let of = quiz.map { " in \($0)" } ?? ""
        guard let next else { return "Nothing due for review\(of)" }
        return "Nothing due for review\(of); the next question is due \(Self.when(next, from: now))"
    }

    /// `within the hour`, `in 3 hours` (whole hours, rounded down, from the
    /// minute now to the due minute) within a
    /// day; after that `tomorrow (2026-12-02 09:01)` or `in 5 days
    /// (2026-12-06 09:01)`, counted in calendar days of the local time zone
    /// (the date and minute shown are local too).
    static func when(_ date: Date, from now: Date) -> String {
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

    /// Plays the questions due (of `quiz` only when given), `count` at most.
    func play(
        quiz: String?, count: Int?, seed: UInt64, input: LineInput, settings: Settings, sharePrompt: Bool = false
    ) throws(CommandFailure) -> ExitStatus {
        let index = index
        let schedule = try schedule(index: index)
        let now = clock.now
        guard
            let bank = ReviewSession.bank(
                schedule: schedule, index: index, at: now, quiz: quiz, count: count ?? ReviewSession.defaultCount)
        else {
            if let quiz, !schedule.cards.keys.contains(where: { index.entries[$0]?.bank == quiz }) {
                console.out(
                    console.wrapped(
                        "Nothing to review in \(quiz) yet: play it, and the questions you meet come back here when due."
                    ))
            } else if schedule.cards.isEmpty {
                console.out(
                    console.wrapped(
                        "Nothing to review yet: play a quiz, and the questions you meet come back here when due."))
            } else {
                let new = schedule.newToday(at: now, timeZone: LocalTimeZone.current, quiz: quiz)
                console.out(
                    console.wrapped(nothingDue(schedule, index: index, now: now, quiz: quiz) + newToday(new) + "."))
            }
            return .success
        }
        return play(bank, input: input, settings: settings, seed: seed, sharePrompt: sharePrompt)
    }

    /// Plays a review already gathered.
    func play(
        _ bank: QuestionBank, input: LineInput, settings: Settings, seed: UInt64, sharePrompt: Bool = false
    ) -> ExitStatus {
        var player = GamePlayer(console: console, input: input, store: store)
        player.sharePrompt = sharePrompt
        player.streaks = settings.streaks
        player.clock = clock
        player.schedule = file
        player.inOrder = true
        switch player.play(bank, count: nil, seed: seed) {
        case .finished(_, let failure): return failure == nil ? .success : .ioError
        case .abandoned(let interrupted): return interrupted ? .interrupted : .success
        }
    }
}
