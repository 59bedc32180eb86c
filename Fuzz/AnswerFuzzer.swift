import Foundation

// libFuzzer target for the answer matcher, `AnswerMatcher` (with
// `AnswerNormalizer`, `NumberWords` and the slip distance), and for a typed
// line read by `Game.answer` at a free-text and a multiple-choice question
// built from the same texts. Built by `make fuzz` with every QuizCore source
// as one module.
//
// The input: one byte of flags (bit 0 strict; bits 1-2 how many accepted
// forms follow the answer; bits 3-4 how many rejected answers follow them),
// then texts separated by line feeds: what is typed, the answer, the
// accepted forms, the rejected answers, and other choices. Invalid UTF-8 is
// read with replacement characters, as a terminal's line would be.

/// Lines accepted (as written or as slips) and refused so far; reported at
/// exit, so that a target that never reaches the matcher cannot pass.
nonisolated(unsafe) private var acceptedCount = 0
nonisolated(unsafe) private var slipCount = 0
nonisolated(unsafe) private var refusedCount = 0

enum Target: FuzzTarget {
    static func report() -> String {
        "answer-fuzzer: \(acceptedCount + refusedCount) inputs matched, \(acceptedCount) accepted "
            + "(\(slipCount) as slips), \(refusedCount) refused"
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let flags = data[0]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { return 0 }
    let strict = flags & 1 != 0
    let acceptCount = Int(flags >> 1 & 3)
    let rejectCount = Int(flags >> 3 & 3)
    let typed = parts[0]
    let answer = parts[1]
    guard !answer.trimmed.isEmpty else { return 0 }
    var rest = Array(parts.dropFirst(2)).filter { !$0.trimmed.isEmpty }
    let accepted = Array(rest.prefix(acceptCount))
    rest.removeFirst(min(acceptCount, rest.count))
    let reject = Array(rest.prefix(rejectCount))
    rest.removeFirst(min(rejectCount, rest.count))
    // Up to 6 other choices: a game question has at most 26, and more would
    // only slow the fuzzer.
    let others = Array(rest.prefix(6))

    let matcher = AnswerMatcher(accepted: [answer] + accepted, reject: reject, others: others, strict: strict)
    let verdict = matcher.verdict(for: typed)

    // Deterministic: the same verdict again, and (one input in eight, as it
    // costs a matcher) from a matcher built anew.
    check(matcher.verdict(for: typed) == verdict, "two verdicts for one line")
    if flags & 0xE0 == 0 {
        let again = AnswerMatcher(accepted: [answer] + accepted, reject: reject, others: others, strict: strict)
        check(again.verdict(for: typed) == verdict, "two matchers, two verdicts")
    }

    // The right answer's own text, and each accepted form's, always matches
    // (unless the bank also rejects that very form, which the loader refuses).
    for form in [answer] + accepted {
        check(matcher.verdict(for: form).isAccepted, "the accepted form \(form.debugDescription) does not match itself")
        // In spaces too (its second finding: a space beside a prepended mark, U+0600).
        check(matcher.verdict(for: " \t" + form + " ").isAccepted, "the form \(form.debugDescription) in spaces")
    }
    // A rejected answer is never accepted (unless it reads as an accepted one).
    let acceptedForms = Set(([answer] + accepted).map { AnswerMatcher.form($0, strict: strict) })
    for rejected in reject where !acceptedForms.contains(AnswerMatcher.form(rejected, strict: strict)) {
        check(!matcher.verdict(for: rejected).isAccepted, "the rejected \(rejected.debugDescription) was accepted")
    }

    switch verdict {
    case .accepted(let form, let slip):
        acceptedCount += 1
        check(([answer] + accepted).contains(form), "accepted as a form the question does not have")
        let typedForm = AnswerMatcher.form(typed, strict: strict)
        let matchedForm = AnswerMatcher.form(form, strict: strict)
        let rejectForms = Set(reject.map { AnswerMatcher.form($0, strict: strict) }).subtracting(acceptedForms)
        check(!rejectForms.contains(typedForm), "a rejected answer accepted")
        if slip {
            slipCount += 1
            check(!strict, "a slip accepted at a strict question")
            let key = AnswerMatcher.SlipKey(matchedForm)
            let allowed = AnswerMatcher.allowedSlip(original: form, key: key)
            check(allowed > 0, "a slip of \(form.debugDescription), which takes none")
            let typedKey = AnswerMatcher.SlipKey(typedForm)
            check(typedKey.numbers == key.numbers, "a slip with other numbers")
            let distance = typedKey.distance(to: key, limit: allowed)
            check(distance <= allowed, "a slip \(distance) edits away, more than \(allowed)")
        } else {
            check(typedForm == matchedForm, "accepted without a slip, yet the forms differ")
        }
    case .rejected, .wrong:
        refusedCount += 1
    }

    // The distance: symmetric, zero only for equal texts, capped at limit + 1.
    let a = Array(AnswerMatcher.form(typed, strict: false).unicodeScalars.prefix(64))
    let b = Array(AnswerMatcher.form(answer, strict: false).unicodeScalars.prefix(64))
    let ab = AnswerMatcher.distance(a, b, limit: 3)
    check(ab == AnswerMatcher.distance(b, a, limit: 3), "the distance is not symmetric")
    check((ab == 0) == (a == b), "distance 0 between different texts, or more between equal ones")
    check(ab <= 4, "the distance passed its cap")

    // The same texts as a game: a free-text question and a multiple-choice
    // one (choices made distinct as the loader wants them).
    var choices: [String] = []
    var seen = Set<String>()
    for choice in [answer] + others where seen.insert(AnswerNormalizer.normalize(choice)).inserted {
        choices.append(choice.trimmed)
    }
    var questions = [
        Question(prompt: "Free", kind: .freeText(answer: answer.trimmed, accepted: accepted.map(\.trimmed)))
    ]
    if choices.count >= 2 && choices.count <= ChoiceLabels.maximumChoices {
        questions.append(Question(prompt: "Choice", kind: .multipleChoice(choices: choices, answer: 0)))
    }
    let bank = QuestionBank(id: "fuzz", title: "Fuzz", questions: questions, path: "fuzz")
    var game = Game(bank: bank, seed: UInt64(flags))
    while let asked = game.current {
        _ = GameCommand.parse(typed, at: asked)
        _ = asked.labels.howToAnswer
        switch game.answer(typed) {
        case .answered(let feedback):
            check(feedback.outcome != .skipped, "an answer counted as skipped")
            if feedback.outcome == .wrong {
                check(game.overrideLast() != nil, "a wrong answer that cannot be counted right")
                check(game.results.last?.overridden == true, "an override not marked")
            }
        case .notUnderstood(let hint):
            check(!hint.isEmpty, "an empty hint")
            game.skip()
        }
    }
    check(game.isFinished && game.score <= game.asked.count, "a game that did not finish, or scored past its total")
    return 0
}
