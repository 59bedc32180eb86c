import Foundation
import Testing

@testable import QuizCore

@Suite struct ReviewRatingTests {
    func rate(_ outcome: QuestionOutcome, _ duration: TimeInterval, median: TimeInterval? = 10, interval: Int? = nil)
        -> ReviewRating
    {
        ReviewRating(outcome: outcome, duration: duration, medianDuration: median, currentInterval: interval)
    }

    @Test func wrongOrSkippedIsAgainHoweverFast() {
        #expect(rate(.wrong, 1) == .again)
        #expect(rate(.skipped, 0) == .again)
        #expect(rate(.wrong, 1, interval: 400) == .again)
        #expect(rate(.skipped, 1, median: nil) == .again)
    }

    @Test func rightIsGoodHardWhenClearlySlowerThanTheMedian() {
        #expect(rate(.right, 10) == .good)
        #expect(rate(.right, 15) == .good, "exactly 1.5 times the median is not clearly longer")
        #expect(rate(.right, 15.01) == .hard)
        #expect(rate(.right, 60, interval: 100) == .hard, "slow stays Hard on a mature question")
    }

    @Test func rightFastAndMatureIsEasy() {
        #expect(rate(.right, 10, interval: 21) == .easy)
        #expect(rate(.right, 2, interval: 365) == .easy)
        #expect(rate(.right, 2, interval: 20) == .good, "not mature yet")
        #expect(rate(.right, 2, interval: nil) == .good, "never reviewed")
        #expect(rate(.right, 12, interval: 100) == .good, "slower than the median but not clearly")
    }

    @Test func withoutAMedianOnlyGoodOrAgain() {
        for median: TimeInterval? in [nil, 0, -4, .nan, .infinity] {
            #expect(rate(.right, 100, median: median, interval: 100) == .good)
            #expect(rate(.right, 0.1, median: median, interval: 100) == .good)
        }
        for duration in [-1, .nan, .infinity] {
            #expect(rate(.right, duration, interval: 100) == .good)
        }
    }

    @Test func theRawValuesAreTheReferencesRatings() {
        #expect(ReviewRating.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(ReviewRating.again < .easy)
    }
}
