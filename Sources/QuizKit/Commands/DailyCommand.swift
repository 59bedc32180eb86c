import Foundation
import QuizCore
import QuizStore

/// `quiz --daily [DATE]` and the menu's `daily [DATE]`: the day's quiz from
/// the bundled library (`DailyQuiz`), whether it counts, and a friend's card
/// to race (`--ghost`); and `quiz --compare [FILE]`: a friend's card beside
/// the player's own daily of that day.
public enum DailyCommand {
    /// A daily ready to play.
    public struct Daily: Sendable {
        public let day: DailyDay
        public let bank: QuestionBank
        /// Not the day's counted attempt: a past day's daily, or today's played already.
        public let practice: Bool
        /// The friend's card raced, when `--ghost` gave one.
        public let ghost: DailyCard?
    }

    /// The daily of `date` (`yyyy-MM-dd`; nil: today in the local zone, or
    /// the day of the ghost's card) at `now`.
    public static func prepare(_ context: CommandContext, date: String?, ghostPath: String?) throws(CommandFailure)
        -> Daily
    {
        let now = try context.clock.now
        let today = DailyDay(at: now, timeZone: LocalTimeZone.current)
        let ghost = try ghostPath.map { path throws(CommandFailure) in try card(path, context: context) }
        var day = today
        if let date {
            guard let asked = DailyDay(iso: date) else {
                throw CommandFailure(
                    status: .usage, message: "'\(TerminalText.safe(date))' is not a date such as \(today.iso)")
            }
            day = asked
        } else if let ghost {
            day = ghost.day
        }
        if let ghost, ghost.day != day {
            throw CommandFailure(
                status: .usage,
                message: "the ghost's card is of daily #\(ghost.day.number) (\(ghost.day.iso)), not of \(day.iso)")
        }
        guard day.number >= 1 else {
            throw CommandFailure(status: .usage, message: "the daily quiz began on \(DailyQuiz.firstDate) (#1)")
        }
        guard day <= today else {
            throw CommandFailure(
                status: .usage, message: "daily #\(day.number) (\(day.iso)) is not out yet: today's is #\(today.number)"
            )
        }
        // The bundled library only: a player's own banks would make friends' dailies differ.
        let banks = try context.banks.library(extraPaths: []).banks
        let questions = DailyQuiz.questions(on: day, from: banks)
        guard !questions.isEmpty else {
            throw CommandFailure(status: .noInput, message: "no bundled question banks found for the daily quiz")
        }
        var practice = day != today
        if !practice {
            // The counted dailies are in the kept statistics (and the journal's games after them).
            do {
                let tallied = try context.store.statistics(timeZone: LocalTimeZone.current)
                context.output.tell(tallied.diagnostics)
                practice = tallied.tally.dailies[day.number] != nil
            } catch {
                throw CommandFailure(error)
            }
        }
        return Daily(day: day, bank: DailyQuiz.bank(on: day, questions: questions), practice: practice, ghost: ghost)
    }

    /// The card in the file at `path` ("-": standard input); 65 when it holds none.
    /// The most of a paste read for a card (a card is a few lines).
    static let pasteLimit = 1 << 20

    static func card(_ path: String, context: CommandContext) throws(CommandFailure) -> DailyCard {
        let name = path == "-" ? "standard input" : "'\(TerminalText.safe(path))'"
        let data: Data
        var more = false
        if path != "-" {
            // Why a path cannot be read, in the words of the rest of quiz.
            var info = stat()
            guard stat(path, &info) == 0 else {
                let code = errno
                throw CommandFailure(
                    status: .noInput,
                    message: "cannot read \(name): " + (code == ENOENT ? "no such file" : SystemReason.of(code)))
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                throw CommandFailure(status: .noInput, message: "cannot read \(name): it is a folder, not a file")
            }
        }
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(status: .noInput, message: "cannot read \(name): " + SystemReason.current)
        }
        do {
            data = try handle.read(upToCount: Self.pasteLimit) ?? Data()
            if data.count == Self.pasteLimit { more = !(try handle.read(upToCount: 1) ?? Data()).isEmpty }
        } catch {
            throw CommandFailure(status: .noInput, message: "cannot read \(name): \(SystemReason.of(error))")
        }
        guard let card = DailyCardReader.read(String(decoding: data, as: UTF8.self)) else {
            throw CommandFailure(
                status: .dataError,
                message: "no daily card in " + (more ? "the first MiB of " : "") + name
                    + ": paste a whole card, from its 'quiz daily #' line to its 'fp' line")
        }
        return card
    }

    /// `quiz --compare [FILE]`: the friend's card and the player's daily of
    /// that day, question by question; or why they cannot be compared.
    public static func compare(_ context: CommandContext, path: String?) throws(CommandFailure) -> ExitStatus {
        let friend = try card(path ?? "-", context: context)
        let (sessions, complete) = try context.loadedSessions { $0.daily == friend.day.number }
        // The counted attempt, else the latest practice.
        let mine = sessions.first { !$0.practice } ?? sessions.last
        let output = context.output
        let title = "Daily #\(friend.day.number) (\(friend.day.iso))"
        guard let mine, let card = DailyCard(session: mine) else {
            // Offered only when it can be played: not before #1, not before its day here.
            let today = DailyDay(at: try context.clock.now, timeZone: LocalTimeZone.current)
            guard friend.day.number >= 1, friend.day <= today else {
                output.out(
                    "You cannot have played \(title): "
                        + (friend.day.number < 1
                            ? "the daily quiz began on \(DailyQuiz.firstDate) (#1)."
                            : "it is not out yet here (today's is #\(today.number))."))
                return complete ? .success : .ioError
            }
            output.out("You have not played \(title) yet: play it with quiz --daily \(friend.day.iso)")
            return complete ? .success : .ioError
        }
        guard card.fingerprint == friend.fingerprint else {
            output.out(
                "\(title) had other questions for your friend (fp \(friend.fingerprint), yours fp \(card.fingerprint)): "
                    + "another version of the question library, so the two are not compared.")
            return complete ? .success : .ioError
        }
        for line in DailyComparison(mine: card, friend: friend, ascii: context.ascii).lines { output.out(line) }
        return complete ? .success : .ioError
    }
}
