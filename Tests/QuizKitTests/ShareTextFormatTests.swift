import Foundation
import Testing

@testable import QuizCore

/// `ShareText`: the game as one sentence a screen reader reads well, with
/// the share card's replay command.
@Suite struct ShareTextFormatTests {
    typealias F = StatsFixtures

    @Test func theSentenceIsExact() {
        let session = F.game(
            "lighthouses", 4, of: 6, at: F.utcDate(days: 0, hour: 10), title: "Lighthouses and Tides", duration: 72,
            seed: 7, results: F.results("RRWRSR"))
        #expect(
            ShareText(session: session).text
                == "Lighthouses and Tides, 4 of 6: right, right, wrong, right, skipped, right. 1 minute 12 seconds. "
                + "Replay: quiz lighthouses --seed 7 -n 6")
    }

    @Test func theReplayIsTheShareCardsOwn() {
        let session = F.game(
            "-odd id", 0, of: 1, at: F.utcDate(days: 0, hour: 10), title: "Odd", duration: 45, seed: -1,
            results: F.results("W"))
        let replay = ShareCard(session: session, timeZone: F.utc).replayCommand
        #expect(replay == "quiz --seed 18446744073709551615 -n 1 -- '-odd id'")
        #expect(ShareText(session: session).text == "Odd, 0 of 1: wrong. 45 seconds. Replay: \(replay!)")
    }

    @Test func aClassicSessionSaysWhatItKnows() {
        let classic = F.game(nil, 3, of: nil, at: F.utcDate(days: 0, hour: 10), duration: nil, seed: nil)
        #expect(ShareText(session: classic).text == "quiz, 3 right. Replay unavailable.")
        let titled = F.game("capitals", 2, of: 5, at: F.utcDate(days: 0, hour: 10), title: "Capitals\nof\tthe World")
        #expect(
            ShareText(session: titled).text
                == "Capitals of the World, 2 of 5. 1 minute. Replay: quiz capitals --seed 1 -n 5")
    }

    @Test(arguments: [
        (0.0, "0 seconds"), (0.4, "0 seconds"), (1, "1 second"), (45, "45 seconds"), (59.6, "1 minute"),
        (60, "1 minute"), (72, "1 minute 12 seconds"), (121, "2 minutes 1 second"), (3_600, "1 hour"),
        (3_723, "1 hour 2 minutes 3 seconds"), (7_260, "2 hours 1 minute"), (90_000, "25 hours"),
    ])
    func durationsInWords(seconds: Double, words: String) {
        #expect(DurationFormat.words(seconds) == words)
    }

    @Test func unknownDurationsHaveNoWords() {
        for seconds in [nil, -1, .nan, .infinity, 1e300] as [Double?] {
            #expect(DurationFormat.words(seconds) == nil)
        }
        let session = F.game("q", 1, of: 1, at: F.utcDate(days: 0, hour: 1), duration: .nan, results: F.results("R"))
        #expect(ShareText(session: session).text == "q, 1 of 1: right. Replay: quiz q --seed 1 -n 1")
    }
}
