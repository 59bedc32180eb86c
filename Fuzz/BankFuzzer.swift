import Foundation

// libFuzzer target for the question-bank loader, `BankLoader.parse(_:path:)`:
// the JSON parser, the bank checker and the Open Trivia import (every
// encoding). Built by `make fuzz` with every QuizCore source as one module.

/// Inputs loaded and refused so far; reported at exit, so that a target that
/// never reaches the loader cannot pass for fuzzing.
nonisolated(unsafe) private var loadedCount = 0
nonisolated(unsafe) private var refusedCount = 0

enum Target: FuzzTarget {
    static func report() -> String { "bank-fuzzer: \(loadedCount) inputs loaded, \(refusedCount) refused" }
}

/// Loads the input as a bank; a bank that loads must be playable: a prompt,
/// and for multiple choice an answer that is one of at least two choices.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let bank: QuestionBank
    do {
        bank = try BankLoader.parse(bytes, path: "Fuzz/input.json")
    } catch {
        refusedCount += 1
        guard !error.problems.isEmpty, !error.description.isEmpty else { fatalError("an error with no problem") }
        return 0
    }
    loadedCount += 1
    for question in bank.questions {
        if case .multipleChoice(let choices, let answer) = question.kind {
            guard choices.count >= 2, choices.indices.contains(answer) else {
                fatalError("a multiple-choice question whose answer is not one of its choices")
            }
        }
        _ = question.answerText
    }
    return 0
}
