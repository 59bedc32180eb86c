import Foundation
import QuizCore
import Testing

/// At 20 and 40 columns no line of `--stats` begins with punctuation or a
/// separator that belongs to the line before (a lone `·` was one).
@Suite struct NarrowWrapTests {
    let bank = QuizBinary.fixture("mini.json")

    @Test(arguments: [("C.UTF-8", "·"), ("C", "-")])
    func statsLinesNeverBeginWithASeparator(locale: String, dot: String) throws {
        let scratch = Scratch()
        for seed in [1, 2, 3] as [UInt64] {
            let lines = try answers(bank: bank, seed: seed, right: [0])
            let played = try runQuiz(
                ["--questions", bank, "mini", "--seed", "\(seed)"], input: lines.joined(separator: "\n") + "\n",
                environment: scratch.environment())
            #expect(played.status == 0, "\(played.stderr)")
        }
        for columns in [20, 40] {
            let stats = try runQuiz(
                ["--stats"], environment: scratch.environment(["COLUMNS": "\(columns)", "LANG": locale]))
            #expect(stats.status == 0, "\(stats.stderr)")
            let shown = stats.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(shown.first.map { $0.hasPrefix("3 games \(dot)") } ?? false, "\(stats.stdout)")
            for line in shown.prefix(3) {
                let text = line.drop { $0 == " " }
                #expect(text != Substring(dot), "a separator alone on a line at \(columns) columns:\n\(stats.stdout)")
                #expect(
                    !(text.first.map { ",.;:)·".contains($0) } ?? false) && !text.hasPrefix(dot),
                    "a line begins with punctuation at \(columns) columns:\n\(stats.stdout)")
            }
        }
    }
}
