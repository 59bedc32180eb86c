import Testing

@testable import QuizCore

@Suite("DurationFormat")
struct DurationFormatTests {
    @Test(arguments: [
        (0.0, "0:00"),
        (0.4, "0:00"),
        (0.5, "0:01"),
        (42.0, "0:42"),
        (59.6, "1:00"),
        (102.0, "1:42"),
        (3_599.0, "59:59"),
        (3_600.0, "1:00:00"),
        (3_723.0, "1:02:03"),
        (36_000.0, "10:00:00"),
    ])
    func clock(seconds: Double, text: String) {
        #expect(DurationFormat.clock(seconds) == text)
    }

    @Test func unknownOrImpossibleDurationsAreQuestionMarks() {
        #expect(DurationFormat.clock(nil) == "?")
        #expect(DurationFormat.clock(-1) == "?")
        #expect(DurationFormat.clock(.nan) == "?")
        #expect(DurationFormat.clock(.infinity) == "?")
    }
}
