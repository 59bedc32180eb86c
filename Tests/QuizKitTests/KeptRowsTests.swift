import Foundation
import Testing

@testable import QuizCore

/// What `StreamedHistoryReport`'s first pass keeps for its second: the rows
/// it gets back are the rows it made.
@Suite struct KeptRowsTests {
    /// A table row's cells kept as bytes read back the same, for scores,
    /// totals, durations, dates and titles no history should hold but some do.
    @Test func keptCellsReadBackTheSame() {
        let scores = [0, 7, -1, 10, 123_456, Int.max, Int.min]
        let totals: [Int?] = [nil, 0, 5, 10, -3, 1_000_000, Int.max]
        let durations: [Double?] = [nil, 0, 9.5, 3599.6, 86_400 * 400, -1, .nan, .infinity, 1e10]
        let dates = [1e9, -7e10, 3e11, 0]
        let titles = ["Tïtle\u{7}", "", "a\u{1F}b", "日本の首都\n", String(repeating: "x", count: 300)]
        var maker = HistoryTable.CellMaker(timeZone: TimeZone(identifier: "Pacific/Auckland")!)
        for score in scores {
            for total in totals {
                for (index, duration) in durations.enumerated() {
                    let title = titles[index % titles.count]
                    let session = Session(
                        date: Date(timeIntervalSinceReferenceDate: dates[index % dates.count]), score: score,
                        total: total, quiz: index % 2 == 0 ? "q" : Session.Kind.reviewQuizID, title: title,
                        duration: duration)
                    let cells = maker.cells(session, title: title)
                    var bytes: [UInt8] = [1, 2, 3]
                    cells.keep(into: &bytes)
                    let back = HistoryTable.Cells(kept: bytes[3...])
                    let what = "\(score) \(String(describing: total)) \(String(describing: duration)) \(title)"
                    #expect(
                        [back.day, back.time, back.title, back.score, back.percent, back.took]
                            == [cells.day, cells.time, cells.title, cells.score, cells.percent, cells.took], "\(what)")
                    #expect(back.titleWidth == cells.titleWidth, "\(what)")
                    #expect(back.points.score == score && back.points.total == total, "\(what)")
                    #expect(back.quiz == cells.quiz, "\(what)")
                }
            }
        }
    }

    /// Random rows under random budgets: every row asked for is the one
    /// added or nil; the kept ones are the newest, within the budget; and
    /// all are kept when all fit.
    @Test(arguments: 1...40) func rowsKeptAreTheNewestWithinTheBudget(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let budget = [0, 1, 50, 400, 4096, 1 << 20][random.below(6)]
        var rows = KeptRows(budget: budget, expected: random.below(100))
        var added: [[UInt8]] = []
        for _ in 0..<random.below(600) {
            let row = (0..<random.below(random.below(10) == 0 ? 300 : 40)).map { _ in UInt8(random.below(256)) }
            #expect(rows.add(row[...]) == added.count)
            added.append(row)
            let kept = added.indices.filter { rows.row($0) != nil }
            #expect(kept.allSatisfy { rows.row($0).map(Array.init) == added[$0] }, "seed \(seed)")
            #expect(kept == Array(kept.first.map { $0..<added.count } ?? 0..<0), "seed \(seed): not the newest")
            #expect(kept.map { added[$0].count }.reduce(0, +) <= budget, "seed \(seed): over the budget")
        }
        if added.map(\.count).reduce(0, +) <= budget {
            #expect(added.indices.allSatisfy { rows.row($0) != nil }, "seed \(seed): all fit, not all kept")
        }
        #expect(rows.row(added.count) == nil && rows.row(-1) == nil)
    }
}
