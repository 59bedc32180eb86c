import Foundation
import Testing

@testable import QuizCore

@Suite struct ShareCardTests {
    typealias F = StatsFixtures

    let worldCapitals = F.game(
        "world-capitals", 8, of: 10, at: F.utcDate(days: 0, hour: 10), title: "World Capitals", duration: 102,
        seed: 48213, results: F.results("RRWRRRWRRR"))

    @Test func emojiCardIsExact() {
        let card = ShareCard(session: worldCapitals, timeZone: F.utc).text()
        #expect(
            card == """
                quiz · World Capitals 8/10 · 2026-11-29
                🟩🟩🟥🟩🟩🟩🟥🟩🟩🟩
                ⏱ 1:42 · quiz world-capitals --seed 48213 -n 10
                """)
    }

    @Test func asciiCardIsExact() {
        let card = ShareCard(session: worldCapitals, timeZone: F.utc).text(ascii: true)
        #expect(
            card == """
                quiz - World Capitals 8/10 - 2026-11-29
                ##x###x###
                * 1:42 - quiz world-capitals --seed 48213 -n 10
                """)
    }

    @Test func skippedQuestionsAreWhiteSquaresAndDashes() {
        let session = F.game(
            "flags", 1, of: 3, at: F.utcDate(days: 0, hour: 10), title: "Flags", duration: 3_723, seed: 7,
            results: F.results("SRW"))
        let card = ShareCard(session: session, timeZone: F.utc)
        #expect(card.text().split(separator: "\n")[1] == "⬜🟩🟥")
        #expect(card.text(ascii: true).split(separator: "\n")[1] == "-#x")
        #expect(card.text().split(separator: "\n")[2] == "⏱ 1:02:03 · quiz flags --seed 7 -n 3")
    }

    @Test func dateIsTheSessionsDayInTheGivenTimeZone() {
        // 2026-11-29T20:00Z is the 29th in Los Angeles and the 30th in Auckland.
        let session = F.game("flags", 2, of: 2, at: F.utcDate(days: 0, hour: 20), title: "Flags")
        #expect(ShareCard(session: session, timeZone: F.losAngeles).text().hasPrefix("quiz · Flags 2/2 · 2026-11-29\n"))
        #expect(ShareCard(session: session, timeZone: F.auckland).text().hasPrefix("quiz · Flags 2/2 · 2026-11-30\n"))
    }

    @Test func legacySessionHasNoSquaresAndNoReplay() {
        let legacy = Session(date: F.utcDate(days: 0, hour: 10), score: 7)
        #expect(
            ShareCard(session: legacy, timeZone: F.utc).text() == "quiz · quiz 7/? · 2026-11-29\nreplay unavailable")
        #expect(
            ShareCard(session: legacy, timeZone: F.utc).text(ascii: true)
                == "quiz - quiz 7/? - 2026-11-29\nreplay unavailable")
        #expect(ShareCard(session: legacy, timeZone: F.utc).replayCommand == nil)
    }

    @Test func titleFallsBackToQuizIdAndReplayNeedsASeed() {
        let noSeed = F.game("flags", 3, of: 4, at: F.utcDate(days: 0, hour: 10), duration: 42, seed: nil)
        #expect(
            ShareCard(session: noSeed, timeZone: F.utc).text()
                == "quiz · flags 3/4 · 2026-11-29\n⏱ 0:42 · replay unavailable")
    }

    @Test func replayCommandQuotesOddIdsAndPrintsTheSeedUnsigned() {
        let date = F.utcDate(days: 0, hour: 10)
        let spaced = F.game("my quiz's", 1, of: 2, at: date, seed: 5)
        #expect(ShareCard(session: spaced, timeZone: F.utc).replayCommand == "quiz 'my quiz'\\''s' --seed 5 -n 2")
        let dashed = F.game("-x", 1, of: 2, at: date, seed: 5)
        #expect(ShareCard(session: dashed, timeZone: F.utc).replayCommand == "quiz --seed 5 -n 2 -- -x")
        let bigSeed = F.game("flags", 1, of: 2, at: date, seed: Int64(bitPattern: UInt64.max))
        #expect(
            ShareCard(session: bigSeed, timeZone: F.utc).replayCommand == "quiz flags --seed 18446744073709551615 -n 2")
    }

    @Test func fortyQuestionsStayOnOneLineOfEightyColumns() {
        let session = F.game(
            "flags", 40, of: 40, at: F.utcDate(days: 0, hour: 10), seed: 9,
            results: F.results(String(repeating: "R", count: 40)))
        let lines = ShareCard(session: session, timeZone: F.utc).text().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(DisplayWidth.of(lines[1]) == 80)
    }

    @Test func fiftyQuestionsWrapInLinesOfTwenty() {
        let pattern = String(repeating: "RRRRW", count: 10)
        let session = F.game(
            "flags", 40, of: 50, at: F.utcDate(days: 0, hour: 10), title: "Flags", duration: 600, seed: 9,
            results: F.results(pattern))
        let lines = ShareCard(session: session, timeZone: F.utc).text().split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[1] == String(repeating: "🟩🟩🟩🟩🟥", count: 4))
        #expect(lines[2] == lines[1])
        #expect(lines[3] == String(repeating: "🟩🟩🟩🟩🟥", count: 2))
        #expect(lines[4] == "⏱ 10:00 · quiz flags --seed 9 -n 50")
        let ascii = ShareCard(session: session, timeZone: F.utc).text(ascii: true).split(separator: "\n")
        #expect(ascii[1...3].map(\.count) == [20, 20, 10])
    }

    @Test func longTitlesAreShortenedToEightyColumns() {
        let title = String(repeating: "Capitals of the World ", count: 6)
        let session = F.game("world-capitals", 8, of: 10, at: F.utcDate(days: 0, hour: 10), title: title, seed: 1)
        let lines = ShareCard(session: session, timeZone: F.utc).text().split(separator: "\n").map(String.init)
        #expect(DisplayWidth.of(lines[0]) == 80)
        #expect(lines[0].hasPrefix("quiz · Capitals of the World"))
        #expect(lines[0].hasSuffix("… 8/10 · 2026-11-29"))
        let wide = F.game(
            "kanji", 8, of: 10, at: F.utcDate(days: 0, hour: 10), title: String(repeating: "漢字", count: 40))
        let wideLine = ShareCard(session: wide, timeZone: F.utc).text().split(separator: "\n")[0]
        #expect(DisplayWidth.of(String(wideLine)) <= 80)
        #expect(wideLine.hasSuffix("… 8/10 · 2026-11-29"))
    }

    @Test func aLongReplayCommandTakesItsOwnLine() {
        let id = String(repeating: "a", count: 60)
        let session = F.game(id, 1, of: 2, at: F.utcDate(days: 0, hour: 10), duration: 5, seed: 3)
        let lines = ShareCard(session: session, timeZone: F.utc).text().split(separator: "\n").map(String.init)
        #expect(lines.suffix(2) == ["⏱ 0:05", "quiz \(id) --seed 3 -n 2"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func controlCharactersInAnIdOrTitleAreQuotedOrShownVisibly() {
        let session = F.game(
            "evil\u{1B}[2J'x", 1, of: 1, at: F.utcDate(days: 0, hour: 10), title: "Evil\u{1B}]0;pwned\u{07}\nTitle",
            duration: 5, seed: 3)
        let card = ShareCard(session: session, timeZone: F.utc).text()
        #expect(card.hasPrefix("quiz · Evil^[]0;pwned^G Title 1/1 · 2026-11-29\n"), "\(card)")
        #expect(card.hasSuffix("quiz $'evil\\x1B[2J\\'x' --seed 3 -n 1"), "\(card)")
        #expect(!card.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
