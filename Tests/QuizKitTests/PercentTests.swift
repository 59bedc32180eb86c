import Foundation
import Testing

@testable import QuizCore

/// `Percent` and `QuizTitle`: the one rounding and the one title fallback
/// every screen uses.
@Suite struct PercentTests {
    @Test func roundsHalfAwayFromZero() {
        #expect(Percent.of(0.5) == 50)
        #expect(Percent.of(0.125) == 13)
        #expect(Percent.of(0.005) == 1)
        #expect(Percent.of(2.0 / 3.0) == 67)
        #expect(Percent.of(-0.125) == -13)
        #expect(Percent.of(.nan) == nil)
        #expect(Percent.of(.infinity) == nil)
    }

    @Test func partOfWhole() {
        #expect(Percent.rounded(7, of: 8) == 88)
        #expect(Percent.rounded(1, of: 3) == 33)
        #expect(Percent.rounded(0, of: 4) == 0)
        #expect(Percent.rounded(3, of: 0) == nil)
        #expect(Percent.rounded(3, of: -2) == nil)
    }

    @Test func theTitleFallsBackToTheIdThenUnknown() {
        #expect(QuizTitle.shown(title: "Rivers", quiz: "rivers", titles: ["rivers": "Other"]) == "Rivers")
        #expect(QuizTitle.shown(title: nil, quiz: "rivers", titles: ["rivers": "Great Rivers"]) == "Great Rivers")
        #expect(QuizTitle.shown(title: nil, quiz: "rivers") == "rivers")
        #expect(QuizTitle.shown(title: nil, quiz: nil) == Statistics.unknownQuizTitle)
        #expect(QuizTitle.shown(title: nil, quiz: nil, unknown: "quiz") == "quiz")
    }
}
