import Foundation

/// What the menu's line says is waiting: how many questions are due, when
/// the next one is when none is, and how many were first met today. The
/// same counts as `ReviewSchedule.due(at:index:)`'s length, `nextDue` and `newToday`, made
/// in one pass over the cards, which `ScheduleFile.waiting` takes straight
/// from the file's lines: making the whole schedule (a table of every card,
/// with its texts, then counting over it) was an eighth of the menu's
/// start, for a line of numbers.
public struct ReviewWaiting: Sendable, Equatable {
    /// Cards in the schedule (questions ever met), whether a bank still has them or not.
    public var cards = 0
    /// Questions due now that a bank still has (the length of `ReviewSchedule.due(at:index:)`).
    public var due = 0
    /// The earliest due minute after now among those a bank still has (`ReviewSchedule.nextDue`).
    public var next: Date?
    /// Questions first met on today's local date (`ReviewSchedule.newToday`).
    public var newToday = 0
    /// Questions due now of banks not loaded (`ReviewSchedule.dueNotLoaded`).
    public var notLoaded = 0
    /// Some question was answered again after its first meeting: review is
    /// not new to the player.
    public var reviewed = false

    /// Counts cards one at a time, by the rules of the three functions it stands for.
    package struct Tally {
        let now: Date
        let index: QuestionIndex
        var days: StatisticsTally.OffsetCache
        let today: Int
        /// The ids of the banks loaded, made when a due card no bank has is met.
        var loaded: Set<String>?
        package var waiting = ReviewWaiting()

        package init(at now: Date, index: QuestionIndex, timeZone: TimeZone) {
            self.now = now
            self.index = index
            days = StatisticsTally.OffsetCache(timeZone: timeZone)
            today = days.day(of: now)
        }

        /// `quiz`: the bank the card was last played from, asked only for a due card no bank loaded has.
        package mutating func add(identity: String, due: Date, firstSeen: Date, reps: Int, quiz: () -> String) {
            waiting.cards += 1
            if reps > 1 { waiting.reviewed = true }
            if ReviewSchedule.isNew(firstSeen: firstSeen, today: today, at: now, days: &days) {
                waiting.newToday += 1
            }
            let minute = ReviewSchedule.dueMinute(due)
            guard index.entries[identity] != nil else {
                if minute <= now {
                    if loaded == nil { loaded = index.bankIDs }
                    if loaded?.contains(quiz()) == false { waiting.notLoaded += 1 }
                }
                return
            }
            if minute <= now {
                waiting.due += 1
            } else if waiting.next.map({ minute < $0 }) ?? true {
                waiting.next = minute
            }
        }
    }
}

extension ReviewSchedule {
    /// What is waiting at `date`, from the cards made.
    public func waiting(at date: Date, index: QuestionIndex, timeZone: TimeZone) -> ReviewWaiting {
        var tally = ReviewWaiting.Tally(at: date, index: index, timeZone: timeZone)
        for (identity, card) in cards {
            tally.add(identity: identity, due: card.due, firstSeen: card.firstSeen, reps: card.reps) { card.quiz }
        }
        return tally.waiting
    }
}
