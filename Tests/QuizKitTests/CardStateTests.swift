import Foundation
import Testing

@testable import QuizCore

@Suite struct CardStateTests {
    let start = utcDate(2026, 1, 1)

    @Test func aNewCardIsDueAndUnscheduled() {
        let card = CardState()
        #expect(card.phase == .new)
        #expect(card.isDue(at: start))
        #expect(card.scheduledDays == nil)
        #expect(card.retrievability(at: start) == 0)
        #expect(card.reps == 0 && card.lapses == 0)
    }

    /// The values py-fsrs 6.3.2 printed for Good, Good two days later, Again
    /// ten days after that, and Good three hours later.
    @Test func aHistoryGivesThePyFSRSValues() {
        var card = CardState()
        card.apply(review: .good, at: start)
        #expect(card.phase == .review)
        #expect(card.stability == 2.3065)
        #expect(card.difficulty == 2.118103970459016)
        #expect(card.due == utcDate(2026, 1, 3))
        #expect(card.scheduledDays == 2)

        card.apply(review: .good, at: utcDate(2026, 1, 3))
        #expect(abs(card.stability - 10.964332335820698) < 1e-12)
        #expect(abs(card.difficulty - 2.111214235785395) < 1e-12)
        #expect(card.due == utcDate(2026, 1, 14))
        #expect(!card.isDue(at: utcDate(2026, 1, 13, 23, 59, 59)))
        #expect(card.isDue(at: utcDate(2026, 1, 14)))

        card.apply(review: .again, at: utcDate(2026, 1, 13))
        #expect(abs(card.stability - 1.5221381549648938) < 1e-12)
        #expect(abs(card.difficulty - 7.392238132342694) < 1e-12)
        #expect(card.due == utcDate(2026, 1, 15))
        #expect(card.lapses == 1)

        card.apply(review: .good, at: utcDate(2026, 1, 13, 3))
        #expect(abs(card.stability - 1.5557354510726913) < 1e-12, "same day: short-term stability")
        #expect(abs(card.difficulty - 7.38007426350719) < 1e-12)
        #expect(card.due == utcDate(2026, 1, 15, 3))
        #expect(card.reps == 4 && card.lapses == 1)
    }

    @Test func aFirstAgainIsNoLapse() {
        var card = CardState()
        card.apply(review: .again, at: start)
        #expect(card.lapses == 0 && card.reps == 1)
        #expect(card.due == utcDate(2026, 1, 2), "no relearning steps: a day later")
        card.apply(review: .again, at: utcDate(2026, 1, 2))
        #expect(card.lapses == 1)
    }

    @Test func retrievabilityCountsWholeDays() {
        var card = CardState()
        card.apply(review: .good, at: start)
        #expect(card.retrievability(at: utcDate(2026, 1, 1, 23, 59)) == 1)
        let afterTwo = card.retrievability(at: utcDate(2026, 1, 3))
        #expect(afterTwo < 1 && afterTwo > 0.9)
        #expect(card.retrievability(at: utcDate(2026, 1, 3, 23)) == afterTwo)
    }

    /// A clock set back, or a review far in the future: no trap, values in range.
    @Test func oddDatesStayInRange() {
        var card = CardState()
        card.apply(review: .good, at: start)
        card.apply(review: .easy, at: utcDate(2025, 6, 1))
        #expect(card.stability >= 2.3065, "an earlier date counts as the same day")
        card.apply(review: .good, at: .distantFuture)
        card.apply(review: .again, at: Date(timeIntervalSince1970: 1e15))
        #expect(card.stability >= FSRS.minimumStability && card.stability.isFinite)
        #expect(FSRS.difficultyRange.contains(card.difficulty))
        #expect(card.retrievability(at: .distantPast) == 1)
        #expect(card.reps == 4)
    }

    /// Fields as a damaged file might hold them: no trap, a number or nil.
    /// (Values are taken out before `#expect`: Foundation's `Date.description`
    /// traps on an infinite date, and `#expect` would describe the card.)
    @Test func damagedFieldsDoNotTrap() {
        var card = CardState(
            phase: .review, stability: .nan, difficulty: -3, lastReview: Date(timeIntervalSince1970: 0),
            due: Date(timeIntervalSince1970: .infinity), reps: 1, lapses: 0)
        let infinite = card.scheduledDays
        #expect(infinite == nil)
        card.due = Date(timeIntervalSince1970: .nan)
        let notANumber = card.scheduledDays
        let dueNow = card.isDue(at: Date(timeIntervalSince1970: 0))
        #expect(notANumber == nil)
        #expect(dueNow, "a due date that is not a number counts as due")
        card.apply(review: .good, at: Date(timeIntervalSince1970: 86_400 * 3))
        let afterReview = card.scheduledDays
        #expect(afterReview == 1, "a stability that is not a number schedules a day ahead")
        card = CardState(phase: .review, stability: -5, difficulty: 50, lastReview: nil, due: nil, reps: 1, lapses: 0)
        card.apply(review: .again, at: Date(timeIntervalSince1970: 0))
        let afterLapse = card.scheduledDays
        #expect(afterLapse != nil)
    }
}
