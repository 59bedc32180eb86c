import Foundation
import Testing

@testable import QuizCore

/// The table's widths counted without making the numbers' text are the widths of the text.
@Suite struct HistoryTableWidthsTests {
    @Test func countedWidthsAreTheCellsWidths() {
        let scores = [0, 7, -1, 10, 123_456, Int.max, Int.min]
        let totals: [Int?] = [nil, 0, 5, 10, -3, 1_000_000, Int.max]
        let durations: [Double?] = [
            nil, 0, 0.4, 9.5, 59.5, 3599.4, 3599.6, 86_400 * 400, -1, .nan, .infinity, 1e10,
        ]
        var maker = HistoryTable.CellMaker(timeZone: TimeZone(identifier: "UTC")!)
        for score in scores {
            for total in totals {
                for duration in durations {
                    let session = Session(
                        date: Date(timeIntervalSinceReferenceDate: 1e9), score: score, total: total, quiz: "q",
                        title: "Tïtle\u{7}", duration: duration)
                    var counted = HistoryTable.Widths()
                    counted.include(session, title: "Tïtle\u{7}", maker: &maker)
                    var made = HistoryTable.Widths()
                    made.include(maker.cells(session, title: "Tïtle\u{7}"))
                    #expect(
                        counted.columns == made.columns,
                        "\(score) \(String(describing: total)) \(String(describing: duration))")
                }
            }
        }
    }
}
