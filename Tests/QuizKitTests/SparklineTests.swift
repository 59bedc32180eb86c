import Testing

@testable import QuizCore

@Suite struct SparklineTests {
    @Test func levelsFollowTheEighthsRule() {
        let series: [Double?] = [0, 0.124, 0.125, 0.375, 0.5, 0.87, 0.875, 0.99, 1, nil, -0.2, 1.5, .nan]
        #expect(Sparkline.render(series) == "▁▁▂▄▅▇███ ▁█ ")
        #expect(Sparkline.render(series, ascii: true) == "__.-=*### _# ")
    }

    @Test func everyLevelHasItsOwnCharacter() {
        let eighths = (0..<8).map { Double($0) / 8 + 0.01 }
        #expect(Sparkline.render(eighths) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render(eighths, ascii: true) == "_.:-=+*#")
        #expect(eighths.map { Sparkline.level(of: $0) } == Array(0..<8))
    }

    @Test func emptySeriesIsEmpty() {
        #expect(Sparkline.render([]) == "")
    }
}
