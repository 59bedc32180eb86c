import Foundation
import QuizFormats
import Testing

@testable import QuizCore

/// Archives as `KeyedArchive.data(for:)` writes them, with every field,
/// results, unicode and extremes, and the classic iOS fixture in binary form.
private func archiveSeeds() throws -> [[UInt8]] {
    let full = Session(
        date: Date(timeIntervalSinceReferenceDate: 730_000_000.25), score: 2, total: 3, quiz: "world-capitals",
        title: "World Capitals", duration: 95.5, seed: 42,
        results: [
            QuestionResult(prompt: "Capital of Australia?", outcome: .right, given: "Canberra", answer: "Canberra"),
            QuestionResult(prompt: "Capital of Brazil?", outcome: .wrong, given: "São Paulo", answer: "Brasília"),
            QuestionResult(prompt: "Capital of Japan?", outcome: .skipped, given: nil, answer: "Tokyo"),
        ])
    let unicode = Session(
        date: Date(timeIntervalSinceReferenceDate: 731_000_000.5), score: 0, total: 1, quiz: "北京",
        title: "北京の首都クイズ 🇯🇵 — “quotes” e\u{301}", duration: 0, seed: Int64.min,
        results: [QuestionResult(prompt: "日本の首都は？ 👩‍👩‍👧", outcome: .wrong, given: "京都", answer: "東京")])
    let classic = Session(date: Date(timeIntervalSinceReferenceDate: 400_000_000), score: 7)
    let extremes = Session(
        date: Date(timeIntervalSinceReferenceDate: -86_400), score: 1_000_000, total: 4_000_000_000, quiz: "",
        title: String(repeating: "long title ", count: 3), duration: 86_400 * 3, seed: Int64.max)
    let several = (0..<6).map { i in
        Session(
            date: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 3_600.5), score: i, total: 5 + i,
            quiz: "quiz-\(i % 2)", duration: Double(i),
            results: [QuestionResult(prompt: "Q\(i)", outcome: .right, given: "A\(i)", answer: "A\(i)")])
    }
    let legacy = try PropertyListSerialization.propertyList(from: try Fixture.data("legacy-history.plist"), format: nil)
    let legacyBinary = try PropertyListSerialization.data(fromPropertyList: legacy, format: .binary, options: 0)
    return [[], [classic], [full], [unicode], [classic, full, unicode, extremes], several].map {
        [UInt8](KeyedArchive.data(for: $0))
    } + [[UInt8](legacyBinary)]
}

/// The bundled banks, each cut to its first questions (a whole 10 KB bank
/// would double the test's time in a debug build), and every Open Trivia
/// fixture (each of its encodings).
private func bankSeeds() throws -> [[UInt8]] {
    let names = try FileManager.default.contentsOfDirectory(atPath: Repository.questions)
        .filter { $0.hasSuffix(".json") && $0 != "bank.schema.json" }.sorted()
    let banks = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: Repository.questions + "/" + $0))) }
    var seeds = try banks.map { try firstQuestions(4, of: $0) }
    for name in ["opentdb-html.json", "opentdb-base64.json", "opentdb-url3986.json", "opentdb-urllegacy.json"] {
        seeds.append([UInt8](try Fixture.data(name)))
    }
    for seed in seeds { _ = try BankLoader.parse(seed, path: "seed.json") }
    return seeds
}

/// A bank's text up to its `count`th question, closed again; the bundled
/// banks end with the `questions` array.
private func firstQuestions(_ count: Int, of bank: [UInt8]) throws -> [UInt8] {
    let questions = try #require(try JSONParser.parse(bank)["questions"]?.array)
    guard questions.count > count else { return bank }
    let cut = try #require(bank[..<questions[count].offset].lastIndex(of: UInt8(ascii: ",")))
    return Array(bank[..<cut]) + Array("\n  ]\n}\n".utf8)
}

/// Thousands of deterministically mutated inputs through the archive decoder
/// and the bank loader: each must come back decoded or as a typed error (a
/// trap would end the test process). The same inputs on every run; `make
/// fuzz` searches further.
@Suite("Mutated archives and banks decode or throw, never trap")
struct MutationTests {
    static let inputsPerTarget = 10_000

    @Test func mutatedArchives() throws {
        let seeds = try archiveSeeds()
        var mutator = Mutator(seed: 0xA4C1_1BE5)
        var decoded = 0
        var refused = 0
        var changedByRewrite: [Int] = []
        for number in 0..<Self.inputsPerTarget {
            var bytes = mutator.pick(seeds)
            switch mutator.below(5) {
            case 0: mutator.tweakTrailer(&bytes)
            case 1: mutator.tweakOffsetTable(&bytes)
            default: bytes = mutator.mutateBytes(bytes, others: seeds)
            }
            let sessions: [Session]
            do {
                sessions = try KeyedArchive.sessions(from: Data(bytes))
            } catch {
                refused += 1
                continue
            }
            decoded += 1
            // What decodes is rewritten by the store; it must come back equal.
            let rewritten = try? KeyedArchive.sessions(from: KeyedArchive.data(for: sessions))
            if rewritten != sessions { changedByRewrite.append(number) }
        }
        #expect(decoded > 0, "every mutated archive was refused: the mutations test nothing")
        #expect(refused > 0, "no mutated archive was refused: the mutations change nothing")
        #expect(decoded + refused == Self.inputsPerTarget)
        #expect(changedByRewrite.isEmpty, "mutated inputs \(changedByRewrite.prefix(5)) do not survive a rewrite")
    }

    @Test func mutatedBanks() throws {
        let seeds = try bankSeeds()
        var mutator = Mutator(seed: 0xBA4C_5EED)
        var loaded = 0
        var refused = 0
        var unplayable: [Int] = []
        for number in 0..<Self.inputsPerTarget {
            let seed = mutator.pick(seeds)
            let bytes =
                mutator.chance(3) ? mutator.mutateBytes(seed, others: seeds) : mutator.mutateJSON(seed, others: seeds)
            let bank: QuestionBank
            do {
                bank = try BankLoader.parse(bytes, path: "mutated.json")
            } catch {
                refused += 1
                if error.problems.isEmpty { unplayable.append(number) }
                continue
            }
            loaded += 1
            for question in bank.questions {
                if case .multipleChoice(let choices, let answer) = question.kind,
                    choices.count < 2 || !choices.indices.contains(answer)
                {
                    unplayable.append(number)
                }
            }
        }
        #expect(loaded > 0, "every mutated bank was refused: the mutations test nothing")
        #expect(refused > 0, "no mutated bank was refused: the mutations change nothing")
        #expect(loaded + refused == Self.inputsPerTarget)
        #expect(unplayable.isEmpty, "mutated inputs \(unplayable.prefix(5)) gave an unplayable bank or no problem")
    }
}
