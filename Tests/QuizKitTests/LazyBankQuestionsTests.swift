import Dispatch
import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// A bank read from its parsed copy makes its questions only when asked for
/// (`BankQuestions`); meanwhile its count and its questions' identities come
/// from the copy's outlines. On random banks (questions with and without
/// `"id"`s, prompts repeated across banks, accents and odd spacing), the lazy
/// bank and its index must be exactly what the parsed bank gives, and the
/// index must resolve identities as the model below (the index as it was
/// before outlines: every identity a string, every alias a string) does.
@Suite struct LazyBankQuestionsTests {
    /// A random bank file's JSON, its questions' prompts drawn from a small
    /// pool so that some repeat across banks or differ only in case and spacing.
    static func randomBank(_ generator: inout SeededGenerator, number: Int) -> String {
        let stems = [
            "Capital of Peru", "capital  of peru", "Ça va?", "Which ocean is deepest", "2 + 2", "Who wrote Dune",
        ]
        var used = Set<String>()
        let questions = (0..<Int.random(in: 1...12, using: &generator)).map { position -> String in
            // A bank refuses a prompt twice; the same prompt in two banks is fine.
            let prompt = stems.randomElement(using: &generator)! + " \(position)"
            var fields = ["\"prompt\": \"\(prompt)\""]
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: fields.append("\"choices\": [\"a\", \"b\", \"c\"], \"answer\": \"b\"")
            case 1: fields.append("\"answer\": \(Bool.random(using: &generator))")
            default: fields.append("\"answer\": \"Lima\", \"accept\": [\"lima city\"]")
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let id = "q\(Int.random(in: 0..<30, using: &generator))"
                if used.insert(id).inserted { fields.append("\"id\": \"\(id)\"") }
            case 1: break
            default: fields.append("\"category\": \"Geo\", \"tags\": [\"t\"], \"explanation\": \"Because.\"")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"title\": \"Bank \(number)\", \"questions\": [" + questions.joined(separator: ", ") + "]}"
    }

    /// The model: what `QuestionIndex` resolved before outlines, from made questions.
    struct Model {
        var entries: [String: (bank: String, position: Int)] = [:]
        var aliases: [String: String] = [:]

        init(banks: [QuestionBank]) {
            for bank in banks {
                for (position, question) in bank.questions.enumerated() {
                    let fingerprinted = QuestionIdentity.fingerprinted(bank: bank.id, prompt: question.prompt)
                    let identity = QuestionIdentity.of(question, bank: bank.id)
                    entries[identity] = (bank.id, position)
                    if fingerprinted != identity { aliases[fingerprinted] = identity }
                }
            }
        }

        func identity(of result: QuestionResult, quiz: String?) -> String {
            let recorded = result.identity ?? QuestionIdentity.fingerprinted(bank: quiz ?? "", prompt: result.prompt)
            return aliases[recorded] ?? recorded
        }
    }

    @Test func aLazyBankAndItsIndexAreTheParsedBanks() throws {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<25 {
            let temporary = try TemporaryFolder()
            let cache = ParsedBankCache(folder: temporary.file("parsed"))
            var parsed: [QuestionBank] = []
            var lazy: [QuestionBank] = []
            for number in 0..<3 {
                try temporary.write(Self.randomBank(&generator, number: number), to: "bank\(number).json")
                let path = temporary.file("bank\(number).json")
                parsed.append(try BankLoader.load(path: path))
                _ = try cache.load(path: path)  // makes the copy
                lazy.append(try cache.load(path: path))
            }
            for (made, fromCopy) in zip(parsed, lazy) {
                #expect(fromCopy.questionCount == made.questions.count, "round \(round)")
                // The outlines read from the copy are the made questions' own.
                #expect(fromCopy.storage.outlines == BankQuestions(made.questions).outlines, "round \(round)")
            }
            let model = Model(banks: parsed)
            // The index is made before any lazy bank's questions are.
            let index = QuestionIndex(banks: lazy)
            #expect(Set(index.entries.keys) == Set(model.entries.keys), "round \(round)")
            for (identity, expected) in model.entries {
                let entry = try #require(index.entries[identity])
                #expect(entry.bank == expected.bank && entry.position == expected.position, "\(identity)")
                let bank = try #require(parsed.first { $0.id == expected.bank })
                #expect(entry.question == bank.questions[expected.position], "\(identity)")
            }
            // Results as recorded: with an identity (a question's, its
            // fingerprint's, one of a bank gone) or without (by prompt).
            var results: [(QuestionResult, String?)] = []
            for bank in parsed {
                for question in bank.questions {
                    let fingerprinted = QuestionIdentity.fingerprinted(bank: bank.id, prompt: question.prompt)
                    for identity in [nil, fingerprinted, QuestionIdentity.of(question, bank: bank.id)] {
                        let result = QuestionResult(
                            prompt: question.prompt, outcome: .right, given: "x", answer: "x", identity: identity,
                            seconds: 1)
                        results.append((result, bank.id))
                        results.append((result, "elsewhere"))
                    }
                }
            }
            let stranger = QuestionResult(prompt: "Not in any bank?", outcome: .wrong, given: "", answer: "y")
            results.append((stranger, "bank0"))
            let gone = QuestionResult(
                prompt: "Gone?", outcome: .wrong, given: "", answer: "y", identity: "gone~0123456789abcdef")
            results.append((gone, nil))
            for (result, quiz) in results {
                #expect(
                    index.identity(of: result, quiz: quiz) == model.identity(of: result, quiz: quiz),
                    "\(result.prompt) \(result.identity ?? "-") \(quiz ?? "-")")
                if let recorded = result.identity {
                    #expect(index.alias(of: recorded) == model.aliases[recorded], "\(recorded)")
                }
            }
        }
    }

    @Test func threadsAskingAtOnceGetTheQuestionsOnce() throws {
        let temporary = try TemporaryFolder()
        let cache = ParsedBankCache(folder: temporary.file("parsed"))
        let path = Repository.questions + "/world-capitals.json"
        let parsed = try BankLoader.load(path: path)
        _ = try cache.load(path: path)
        let lazy = try cache.load(path: path)
        let seen = LockedList()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in seen.append(lazy.questions) }
        #expect(seen.all.count == 8)
        #expect(seen.all.allSatisfy { $0 == parsed.questions })
        // A copy of the bank with its questions changed leaves the first one's alone.
        var filtered = lazy
        filtered.questions.removeLast()
        #expect(filtered.questionCount == parsed.questions.count - 1)
        #expect(lazy.questionCount == parsed.questions.count && lazy.questions == parsed.questions)
    }

    final class LockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var lists: [[Question]] = []
        func append(_ list: [Question]) {
            lock.lock()
            lists.append(list)
            lock.unlock()
        }
        var all: [[Question]] {
            lock.lock()
            defer { lock.unlock() }
            return lists
        }
    }
}
