import Foundation
import QuizCore
import QuizStore

/// The end of a finished game, for a game of a quiz and a review alike: the
/// game compared with the games before it, recorded (the review schedule
/// with it), and the summary to show, as lines the executable paints.
public struct GameEnd: Sendable {
    /// One line of the summary, by what it says (the executable chooses how it looks).
    public enum Line: Sendable, Equatable {
        /// `Title: 3/5 right (60%)`, then ` in 1:02`.
        case score(String, time: String)
        /// A line of news: the first game of a quiz, equal or below the best.
        case news(String)
        /// A line of good news: a new best.
        case best(String)
        /// A daily streak of this many days, grown today.
        case streak(Int)
        /// How to share the game.
        case share(String)
    }

    /// Why the game could not be written, if it could not (it waits in a pending file).
    public let failure: HistoryStore.RecordFailure?
    /// The journal should be folded into the archive, in the background.
    public let needsCompaction: Bool
    /// The history was read whole: no problem was said while the game was
    /// compared and recorded (damage found and repaired then is said once,
    /// and the game still ends with 74, as the views do).
    public let whole: Bool
    public let lines: [Line]

    /// Records `session`, played from `bank`, in `store` (which keeps the
    /// review schedule with it, naming the questions by `bank`).
    /// What the history's reads and writes say is said through `output`.
    /// `guarding` runs the write (the executable blocks the signals that
    /// would end it there). `streaks`: whether a daily streak may be said;
    /// `atMenu`: where `share` is a command.
    public static func record(
        _ session: Session, bank: QuestionBank, store: HistoryStore, streaks: Bool,
        atMenu: Bool, output: any CommandOutput, guarding: (() -> Void) -> Void = { $0() }
    ) -> GameEnd {
        // What this game achieved against the games before it (a summary
        // and the journal, not the whole history: HistoryStore.milestoneHistory).
        // When the history cannot be read, the game is compared with none.
        var baseline = MilestoneBaseline(timeZone: LocalTimeZone.current)
        var whole = true
        do {
            let loaded = try store.milestoneHistory(timeZone: LocalTimeZone.current)
            baseline = loaded.baseline
            output.tell(loaded.diagnostics)
            whole = loaded.diagnostics.whole
        } catch {
            output.err(error.description)
            whole = false
        }
        var failure: HistoryStore.RecordFailure?
        var needsCompaction = false
        let index = QuestionIndex(banks: [bank])
        guarding {
            do throws(HistoryStore.RecordFailure) {
                let report = try store.record(session, index: index)
                output.tell(report.diagnostics)
                whole = whole && report.diagnostics.whole
                needsCompaction = report.needsCompaction
            } catch {
                failure = error
            }
        }
        return GameEnd(
            failure: failure, needsCompaction: needsCompaction, whole: whole,
            lines: summary(session, milestones: baseline.milestones(of: session), streaks: streaks, atMenu: atMenu))
    }

    /// Score, percentage, time; a new best or a longer daily streak (unless
    /// streaks are off); and the share card on offer.
    public static func summary(_ session: Session, milestones: Milestones, streaks: Bool, atMenu: Bool) -> [Line] {
        let total = session.total ?? 0
        let percent = Percent.rounded(session.score, of: total) ?? 0
        let title = session.title ?? "this quiz"
        var lines: [Line] = [
            .score(
                "\(session.title ?? "Quiz"): \(session.score)/\(total) right (\(percent)%)",
                time: " in \(DurationFormat.clock(session.duration))")
        ]
        switch milestones.standing {
        case .unranked: break
        case .firstGame: lines.append(.news("Your first game of \(title): a best to beat next time."))
        case .newBest(let previous):
            let before = previous.map { " Your best before was \($0.score)/\($0.total)." } ?? ""
            lines.append(.best("New best for \(title)!" + before))
        case .equalsBest: lines.append(.news("That equals your best."))
        case .belowBest(let best): lines.append(.news("Your best is \(best.score)/\(best.total)."))
        }
        if let number = session.daily {
            lines.append(
                session.practice
                    ? .news("Practice: daily #\(number) is recorded, not counted (a day counts its first daily only).")
                    : .news("Daily #\(number) counted: today's result. Compare a friend's card with quiz --compare."))
        }
        if streaks, let streak = milestones.streakToAnnounce { lines.append(.streak(streak)) }
        lines.append(.share("Share this game: type share" + (atMenu ? "" : " at the menu, or run quiz --share") + "."))
        return lines
    }
}
