import Foundation
import Testing

@testable import QuizCore

/// Known values of the FSRS-6 model with py-fsrs 6.3.2's defaults (the
/// numbers below were printed by py-fsrs itself).
@Suite struct FSRSTests {
    let fsrs = FSRS.standard

    @Test func theDefaultsAreFSRS6sAsPyFSRS632HasThem() {
        #expect(FSRS.defaultParameters.count == 21)
        #expect(FSRS.defaultParameters[0...3] == [0.212, 1.2931, 2.3065, 8.2956])
        #expect(FSRS.defaultParameters[20] == 0.1542)
        #expect(fsrs.desiredRetention == 0.9)
        #expect(fsrs.maximumInterval == 36_500)
        #expect(fsrs.decay == -0.1542)
        #expect(fsrs.factor == 0.9803464944134797)
    }

    @Test func theFirstReviewSetsStabilityToTheRatingsParameter() {
        #expect(ReviewRating.allCases.map(fsrs.initialStability) == [0.212, 1.2931, 2.3065, 8.2956])
        // Again: w[4] itself; Easy falls below 1 and is clamped.
        #expect(fsrs.initialDifficulty(.again) == 6.4133)
        #expect(fsrs.initialDifficulty(.good) == 2.118103970459016)
        #expect(fsrs.initialDifficulty(.easy) == 1)
    }

    @Test func atNinetyPercentTheIntervalIsTheStabilityRoundedHalfToEven() {
        #expect(
            [0.212, 0.5, 1.2931, 1.5, 2.3065, 2.5, 3.5, 4.5, 8.2956, 10.5].map { fsrs.nextInterval(stability: $0) }
                == [1, 1, 1, 2, 2, 2, 4, 4, 8, 10])
    }

    @Test func theIntervalIsClampedToTheMaximum() throws {
        let short = try FSRS(maximumInterval: 30)
        #expect(short.nextInterval(stability: 29.6) == 30)
        #expect(short.nextInterval(stability: 5000) == 30)
        #expect(fsrs.nextInterval(stability: 1e9) == 36_500)
        #expect(fsrs.nextInterval(stability: .infinity) == 36_500)
        #expect(fsrs.nextInterval(stability: .nan) == 1)
    }

    @Test func aLowerRetentionGivesLongerIntervals() throws {
        let relaxed = try FSRS(desiredRetention: 0.8)
        let strict = try FSRS(desiredRetention: 0.97)
        #expect(relaxed.nextInterval(stability: 10) > 10)
        #expect(strict.nextInterval(stability: 10) < 10)
        // The retrievability after that interval is about the retention asked for.
        let days = relaxed.nextInterval(stability: 100)
        #expect(abs(relaxed.retrievability(stability: 100, elapsedDays: days) - 0.8) < 0.002)
    }

    @Test func retrievabilityIsNinetyPercentAfterStabilityDays() {
        #expect(abs(fsrs.retrievability(stability: 10, elapsedDays: 10) - 0.9) < 1e-12)
        #expect(fsrs.retrievability(stability: 10, elapsedDays: 0) == 1)
        #expect(fsrs.retrievability(stability: 10, elapsedDays: -3) == 1)
        #expect(
            fsrs.retrievability(stability: 10, elapsedDays: 100) < fsrs.retrievability(stability: 10, elapsedDays: 30))
    }

    @Test func laterReviewsMoveStabilityAndDifficultyTheRightWay() {
        let r = fsrs.retrievability(stability: 10, elapsedDays: 10)
        let again = fsrs.nextStability(difficulty: 5, stability: 10, retrievability: r, rating: .again)
        let hard = fsrs.nextStability(difficulty: 5, stability: 10, retrievability: r, rating: .hard)
        let good = fsrs.nextStability(difficulty: 5, stability: 10, retrievability: r, rating: .good)
        let easy = fsrs.nextStability(difficulty: 5, stability: 10, retrievability: r, rating: .easy)
        #expect(again < 10 && 10 < hard && hard < good && good < easy)
        #expect(fsrs.nextDifficulty(5, .again) > 5)
        #expect(fsrs.nextDifficulty(5, .easy) < 5)
        #expect(fsrs.nextDifficulty(10, .again) == 9.985228369296838, "damped at the top, pulled back a little")
        #expect(fsrs.nextDifficulty(1, .easy) == 1)
        // Same day: Good never lowers stability, Again does.
        #expect(fsrs.shortTermStability(3, .good) >= 3)
        #expect(fsrs.shortTermStability(3, .again) < 3)
        #expect(fsrs.shortTermStability(0.001, .again) == FSRS.minimumStability)
    }

    @Test func badValuesAreRefusedByName() {
        #expect(throws: FSRSError.parameterCount(20)) { try FSRS(parameters: Array(FSRS.defaultParameters.dropLast())) }
        var decayTooHigh = FSRS.defaultParameters
        decayTooHigh[20] = 0.9
        #expect(throws: FSRSError.parameterOutOfBounds(index: 20, value: 0.9, bounds: 0.1...0.8)) {
            try FSRS(parameters: decayTooHigh)
        }
        var notANumber = FSRS.defaultParameters
        notANumber[3] = .nan
        #expect(throws: FSRSError.self) { try FSRS(parameters: notANumber) }
        for retention in [0, 1, -0.5, 1.5, .nan] {
            #expect(throws: FSRSError.self) { try FSRS(desiredRetention: retention) }
        }
        #expect(throws: FSRSError.maximumInterval(0)) { try FSRS(maximumInterval: 0) }
        #expect(
            FSRSError.parameterOutOfBounds(index: 20, value: 0.9, bounds: 0.1...0.8).description
                == "FSRS parameter w[20] = 0.9 is outside 0.1...0.8")
        #expect(FSRSError.desiredRetention(1.5).description.contains("1.5"))
    }
}
