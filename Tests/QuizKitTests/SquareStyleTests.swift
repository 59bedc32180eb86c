import Foundation
import Testing

@testable import QuizCore

/// The colour-blind squares: orange for right, blue for wrong, as word games
/// draw them in high contrast; ASCII wins over them.
@Suite struct SquareStyleTests {
    typealias F = StatsFixtures

    @Test func colourBlindCardIsExact() {
        let session = F.game(
            "world-capitals", 7, of: 10, at: F.utcDate(days: 0, hour: 10), title: "World Capitals", duration: 102,
            seed: 48213, results: F.results("RRWRRSWRRR"))
        #expect(
            ShareCard(session: session, timeZone: F.utc).text(colorblind: true) == """
                quiz · World Capitals 7/10 · 2026-11-29
                🟧🟧🟦🟧🟧⬜🟦🟧🟧🟧
                ⏱ 1:42 · quiz world-capitals --seed 48213 -n 10
                """)
        #expect(ShareCard(session: session, timeZone: F.utc).text(ascii: true, colorblind: true).contains("##x##-x###"))
    }

    @Test func everyStyleTellsEveryOutcomeApart() {
        for style in SquareStyle.allCases {
            // Right, wrong, skipped, and a wrong mark the player counted right (`!`).
            let squares =
                [QuestionOutcome.right, .wrong, .skipped].map { style.square($0) } + [
                    style.square(.right, overridden: true)
                ]
            #expect(Set(squares).count == 4, "\(style)")
            for square in squares { #expect(DisplayWidth.of(square) == (style == .ascii ? 1 : 2)) }
        }
        #expect(SquareStyle(ascii: true, colorblind: true) == .ascii)
        #expect(SquareStyle(ascii: false, colorblind: true) == .colorblind)
        #expect(SquareStyle(ascii: false, colorblind: false) == .standard)
    }

    @Test func aLongColourBlindGameWrapsLikeTheStandardOne() {
        let session = F.game(
            "q", 30, of: 50, at: F.utcDate(days: 0, hour: 10), title: "Q", duration: 5, seed: 2,
            results: F.results(String(repeating: "RW", count: 25)))
        let lines = ShareCard(session: session, timeZone: F.utc).text(colorblind: true).split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1] == String(repeating: "🟧🟦", count: 10))
        for line in lines { #expect(DisplayWidth.of(String(line)) <= 80) }
    }
}
