import Foundation
import QuizCore

/// The answers that score `right` of the questions a seed deals from a bank,
/// worked out with QuizKit's own `Game`, as typed lines.
func answers(bank path: String, seed: UInt64, count: Int? = nil, right: Set<Int>) throws -> [String] {
    let bank = try BankLoader.load(path: path)
    let game = Game(bank: bank, count: count, seed: seed)
    return game.asked.enumerated().map { index, asked in
        let correct = right.contains(index)
        switch asked.question.kind {
        case .multipleChoice:
            let answer = asked.answerIndex!
            return String(correct ? answer + 1 : (answer + 1) % asked.choices.count + 1)
        case .trueFalse(let value):
            return correct == value ? "true" : "false"
        case .freeText(let answer, _):
            return correct ? answer : "Atlantis"
        }
    }
}

/// The prompts a seed deals, in order.
func prompts(bank path: String, seed: UInt64, count: Int? = nil) throws -> [String] {
    let bank = try BankLoader.load(path: path)
    return Game(bank: bank, count: count, seed: seed).asked.map(\.question.prompt)
}

/// One game of the `mini.json` fixture with `seed`, its first answer right,
/// in `dataDir` (the scratch's default when nil), with the scratch's private
/// environment: what the pending-game tests play.
func playMini(seed: UInt64, dataDir: String? = nil, _ scratch: Scratch) throws -> RunResult {
    let bank = QuizBinary.fixture("mini.json")
    let input = try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n"
    return try runQuiz(
        ["--questions", bank, "mini", "--seed", "\(seed)"] + (dataDir.map { ["--data-dir", $0] } ?? []), input: input,
        environment: scratch.privateEnvironment())
}
