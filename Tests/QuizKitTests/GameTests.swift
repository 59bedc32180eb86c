import Foundation
import Testing

@testable import QuizCore

/// 24 multiple-choice questions: "Question N" with choices "AN" … "DN".
private let bigBank = QuestionBank(
    id: "big", title: "Big Bank",
    questions: (1...24).map { n in
        Question(
            prompt: "Question \(n)",
            kind: .multipleChoice(choices: ["A\(n)", "B\(n)", "C\(n)", "D\(n)"], answer: n % 4))
    }, path: "big.json")

private func bank(_ questions: [Question]) -> QuestionBank {
    QuestionBank(id: "tiny", title: "Tiny Quiz", questions: questions, path: "tiny.json")
}

private let brazil = Question(
    prompt: "Which is Brazil's largest city?",
    kind: .multipleChoice(choices: ["Rio de Janeiro", "São Paulo", "Brasília", "Salvador"], answer: 1),
    explanation: "About 12 million people live in the city of São Paulo.")
private let moon = Question(prompt: "The Moon orbits the Earth.", kind: .trueFalse(true))
private let sun = Question(prompt: "The Sun orbits the Earth.", kind: .trueFalse(false), explanation: "It does not.")
private let japan = Question(prompt: "Capital of Japan?", kind: .freeText(answer: "Tokyo", accepted: ["Tokio"]))

private let letters = Array("abcdefgh")

private func single(_ question: Question, seed: UInt64 = 3) -> Game {
    Game(bank: bank([question]), seed: seed)
}

private func isAnswered(_ reading: Game.Reading) -> Bool {
    if case .answered = reading { return true }
    return false
}

@Suite("Game: dealing")
struct GameDealingTests {
    @Test func sameSeedDealsTheSameGame() {
        let first = Game(bank: bigBank, seed: 2024)
        let second = Game(bank: bigBank, seed: 2024)
        #expect(first.asked == second.asked)
        #expect(first.asked.count == 24)
    }

    @Test func differentSeedsDealDifferentOrders() {
        let one = Game(bank: bigBank, seed: 1).asked
        let two = Game(bank: bigBank, seed: 2).asked
        #expect(one.map(\.question.prompt) != two.map(\.question.prompt))
        #expect(Set(one.map(\.question.prompt)) == Set(two.map(\.question.prompt)))
        let choicesFor = { (asked: [Game.Asked]) in
            Dictionary(uniqueKeysWithValues: asked.map { ($0.question.prompt, $0.choices) })
        }
        #expect(choicesFor(one) != choicesFor(two))
    }

    @Test func seededOrderIsFixedForever() {
        // Five true/false questions draw only the question shuffle: seed 42
        // orders 0..<5 as [1, 2, 0, 4, 3] (computed by an independent SplitMix64).
        let questions = (0..<5).map { Question(prompt: "P\($0)", kind: .trueFalse(true)) }
        let game = Game(bank: bank(questions), seed: 42)
        #expect(game.asked.map(\.question.prompt) == ["P1", "P2", "P0", "P4", "P3"])
    }

    @Test func everyQuestionIsDealtOnceWithItsChoicesShuffled() {
        let game = Game(bank: bigBank, seed: 77)
        #expect(Set(game.asked.map(\.question.prompt)).count == 24)
        var anyReordered = false
        for asked in game.asked {
            guard case .multipleChoice(let choices, let answer) = asked.question.kind else {
                Issue.record("unexpected kind")
                continue
            }
            #expect(asked.choices.sorted() == choices.sorted())
            #expect(asked.answerIndex.map { asked.choices[$0] } == choices[answer])
            anyReordered = anyReordered || asked.choices != choices
        }
        #expect(anyReordered)
    }

    /// A deal made before any question is read (`Game.Deal`, then only the
    /// questions at its positions) is the game the whole bank deals, and
    /// both are the game dealt before the deal was split out (the algorithm
    /// written out again here): one Fisher–Yates over every position, then
    /// each dealt question's choices in turn, with the same generator.
    @Test func aDealMadeFirstIsTheGameOfTheWholeBank() {
        func dealtBefore(_ bank: QuestionBank, count: Int?, seed: UInt64) -> [Game.Asked] {
            var generator = SeededGenerator(seed: seed)
            var order = Array(bank.questions.indices)
            generator.shuffle(&order)
            let total = min(max(count ?? order.count, 1), order.count)
            return order.prefix(total).enumerated().map { position, index in
                let question = bank.questions[index]
                switch question.kind {
                case .multipleChoice(let choices, let answer):
                    var shown = Array(choices.indices)
                    generator.shuffle(&shown)
                    return Game.Asked(
                        question: question, choices: shown.map { choices[$0] },
                        answerIndex: shown.firstIndex(of: answer), number: position + 1, total: total)
                case .trueFalse(let value):
                    return Game.Asked(
                        question: question, choices: ["True", "False"], answerIndex: value ? 0 : 1,
                        number: position + 1, total: total)
                case .freeText:
                    return Game.Asked(
                        question: question, choices: [], answerIndex: nil, number: position + 1, total: total)
                }
            }
        }
        var random = SeededGenerator(seed: 8)
        for round in 0..<300 {
            let size = random.below(60)
            let questions = (0..<size).map { n in
                switch random.below(3) {
                case 0:
                    Question(
                        prompt: "Q\(n)",
                        kind: .multipleChoice(
                            choices: (0..<(2 + random.below(5))).map { "C\(n).\($0)" }, answer: 0))
                case 1: Question(prompt: "Q\(n)", kind: .trueFalse(n % 2 == 0))
                default: Question(prompt: "Q\(n)", kind: .freeText(answer: "A", accepted: []))
                }
            }
            let bank = bank(questions)
            let count: Int? = random.below(4) == 0 ? nil : random.below(70)
            let seed = random.next()
            let whole = Game(bank: bank, count: count, seed: seed)
            let deal = Game.Deal(size: size, count: count, seed: seed)
            let dealt = Game(
                quizID: bank.id, quizTitle: bank.title, questions: deal.positions.map { questions[$0] }, dealt: deal)
            #expect(whole.asked == dealtBefore(bank, count: count, seed: seed), "round \(round)")
            #expect(dealt.asked == whole.asked, "round \(round)")
            #expect(dealt.seed == seed && dealt.quizID == "tiny" && dealt.quizTitle == "Tiny Quiz")
        }
    }

    @Test func countLimitsTheQuestions() {
        let five = Game(bank: bigBank, count: 5, seed: 9)
        let all = Game(bank: bigBank, seed: 9)
        #expect(five.asked.count == 5)
        #expect(five.asked.map(\.number) == [1, 2, 3, 4, 5])
        #expect(five.asked.allSatisfy { $0.total == 5 })
        #expect(five.asked.map(\.question) == all.asked.prefix(5).map(\.question))
        #expect(Game(bank: bigBank, count: 100, seed: 9).asked.count == 24)
        #expect(all.asked.allSatisfy { $0.total == 24 })
    }

    @Test func trueFalseAndFreeTextAreShownAsSuch() {
        let game = Game(bank: bank([moon, sun, japan]), seed: 1)
        let byPrompt = Dictionary(uniqueKeysWithValues: game.asked.map { ($0.question.prompt, $0) })
        #expect(byPrompt[moon.prompt]?.choices == ["True", "False"])
        #expect(byPrompt[moon.prompt]?.answerIndex == 0)
        #expect(byPrompt[sun.prompt]?.answerIndex == 1)
        #expect(byPrompt[japan.prompt]?.choices == [])
        #expect(byPrompt[japan.prompt]?.answerIndex == nil)
    }
}

@Suite("Game: reading answers")
struct GameAnswerTests {
    @Test func answerByNumber() throws {
        var game = single(brazil)
        let asked = try #require(game.current)
        let right = try #require(asked.answerIndex)
        #expect(
            game.answer(" \(right + 1) ")
                == .answered(
                    Game.Feedback(
                        outcome: .right, correctAnswer: "São Paulo", explanation: brazil.explanation, given: "São Paulo"
                    )))
        #expect(game.score == 1)
        #expect(game.isFinished)
    }

    @Test func wrongNumberIsWrong() throws {
        var game = single(brazil)
        let asked = try #require(game.current)
        let wrong = (try #require(asked.answerIndex) + 1) % 4
        #expect(
            game.answer("\(wrong + 1)")
                == .answered(
                    Game.Feedback(
                        outcome: .wrong, correctAnswer: "São Paulo", explanation: brazil.explanation,
                        given: asked.choices[wrong], chosen: "\(wrong + 1)) \(asked.choices[wrong])")))
        #expect(game.score == 0)
    }

    @Test(arguments: [false, true])
    func answerByLetter(uppercase: Bool) throws {
        var game = single(brazil)
        let asked = try #require(game.current)
        let letter = String(letters[try #require(asked.answerIndex)])
        let reading = game.answer(uppercase ? letter.uppercased() : letter)
        guard case .answered(let feedback) = reading else {
            Issue.record("not understood: \(reading)")
            return
        }
        #expect(feedback.outcome == .right)
        #expect(feedback.given == "São Paulo")
    }

    @Test(arguments: ["São Paulo", "  são   PAULO. ", "SAO PAULO", "sao paulo!", "\tSão\nPaulo"])
    func answerByTextIgnoringCaseSpacingAndDiacritics(text: String) {
        var game = single(brazil)
        guard case .answered(let feedback) = game.answer(text) else {
            Issue.record("\(text.debugDescription) was not understood")
            return
        }
        #expect(feedback.outcome == .right)
        #expect(feedback.given == "São Paulo")
    }

    @Test func wrongChoiceByText() {
        var game = single(brazil)
        #expect(
            game.answer("brasilia")
                == .answered(
                    Game.Feedback(
                        outcome: .wrong, correctAnswer: "São Paulo", explanation: brazil.explanation, given: "Brasília")
                ))
    }

    @Test(arguments: [
        ("1", 0), ("2", 1), ("a", 0), ("B", 1), ("true", 0), ("FALSE", 1), ("yes", 0), ("No", 1),
        ("t", 0), ("f", 1), ("Y", 0), ("n", 1), (" True. ", 0),
    ])
    func trueFalseAnswers(input: String, index: Int) {
        for question in [moon, sun] {
            var game = single(question)
            let expectedRight = (index == 0) == (question.kind == .trueFalse(true))
            let given = index == 0 ? "True" : "False"
            // A wrong pick by a label says which choice it picked.
            let byLabel = ["1", "2", "a", "B"].contains(input)
            #expect(
                game.answer(input)
                    == .answered(
                        Game.Feedback(
                            outcome: expectedRight ? .right : .wrong, correctAnswer: question.answerText,
                            explanation: question.explanation, given: given,
                            chosen: !expectedRight && byLabel ? "\(index + 1)) \(given)" : nil)),
                "\(input.debugDescription) to \(question.prompt)")
        }
    }

    @Test(arguments: [("Tokyo", true), ("  tokyo. ", true), ("TOKIO", true), ("Tōkyō", true), ("Kyoto", false)])
    func freeTextWithAccept(input: String, right: Bool) {
        var game = single(japan)
        #expect(
            game.answer(input)
                == .answered(
                    Game.Feedback(
                        outcome: right ? .right : .wrong, correctAnswer: "Tokyo", explanation: nil,
                        given: input.trimmingCharacters(in: .whitespaces))))
        #expect(game.results.first?.given == input.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: ["5", "0", "-1", "e", "z", "Lima", "São", "maybe"])
    func unreadableChoiceAnswersAreNotUnderstoodAndDoNotAdvance(input: String) throws {
        var game = single(brazil)
        let before = try #require(game.current)
        #expect(game.answer(input) == .notUnderstood("Answer with 1–4, a–d, or a choice's text."))
        #expect(game.current == before)
        #expect(game.results.isEmpty)
        #expect(!game.isFinished)
    }

    @Test(arguments: ["3", "c", "maybe", "truth"])
    func unreadableTrueFalseAnswersAreNotUnderstood(input: String) {
        var game = single(moon)
        #expect(game.answer(input) == .notUnderstood("Answer with 1–2, a–b, or a choice's text."))
        #expect(game.results.isEmpty)
    }

    @Test(arguments: ["", "   ", "\t\n"])
    func emptyLineIsNotUnderstood(input: String) {
        for question in [brazil, moon, japan] {
            var game = single(question)
            let hint = question == japan ? "Type an answer, or :skip." : "Type an answer, or skip."
            #expect(game.answer(input) == .notUnderstood(hint))
            #expect(game.current?.question == question)
        }
    }

    /// The contract: an answer is a choice's number, its letter, or its text. A
    /// choice whose text is a number beyond the count of choices (a year, a port)
    /// can't be answered by its text: the number is read as a position only.
    @Test func numericChoiceCanBeAnsweredByItsText() {
        let question = Question(
            prompt: "What is the default TCP port for HTTPS?",
            kind: .multipleChoice(choices: ["80", "443", "22", "25"], answer: 1))
        var game = single(question)
        do {
            #expect(
                game.answer("443")
                    == .answered(Game.Feedback(outcome: .right, correctAnswer: "443", explanation: nil, given: "443")))
        }
    }
}

@Suite("Game: scoring and the finished session")
struct GameScoringTests {
    @Test func skipCountsAsWrongAndIsRecordedAsSkipped() throws {
        var game = Game(bank: bank([sun, moon]), seed: 5)
        let first = try #require(game.current)
        let feedback = game.skip()
        #expect(
            feedback
                == Game.Feedback(
                    outcome: .skipped, correctAnswer: first.question.answerText,
                    explanation: first.question.explanation,
                    given: nil))
        #expect(game.score == 0)
        #expect(game.current?.number == 2)
        #expect(
            game.results == [
                QuestionResult(
                    prompt: first.question.prompt, outcome: .skipped, given: nil, answer: first.question.answerText,
                    identity: QuestionIdentity.of(first.question, bank: game.quizID))
            ])
    }

    @Test func scoreCountsOnlyRightAnswers() throws {
        var game = Game(bank: bigBank, count: 6, seed: 11)
        var expected = 0
        for step in 0..<6 {
            let asked = try #require(game.current)
            let right = try #require(asked.answerIndex)
            switch step % 3 {
            case 0:
                #expect(isAnswered(game.answer("\(right + 1)")))
                expected += 1
            case 1: #expect(isAnswered(game.answer("\((right + 1) % 4 + 1)")))
            default: game.skip()
            }
            #expect(game.score == expected)
        }
        #expect(game.isFinished)
        #expect(game.score == 2)
        #expect(game.results.map(\.outcome) == [.right, .wrong, .skipped, .right, .wrong, .skipped])
    }

    @Test func sessionIsNilUntilTheEndThenCarriesTheGame() throws {
        var game = Game(bank: bank([brazil, moon, japan]), seed: UInt64.max)
        let finish = Date(timeIntervalSinceReferenceDate: 750_000_000)
        #expect(game.session(finishedAt: finish, duration: 1) == nil)
        var expectedResults: [QuestionResult] = []
        while let asked = game.current {
            switch asked.question.kind {
            case .multipleChoice:
                _ = game.answer("são paulo")
                expectedResults.append(
                    QuestionResult(
                        prompt: brazil.prompt, outcome: .right, given: "São Paulo", answer: "São Paulo",
                        identity: QuestionIdentity.of(brazil, bank: "tiny")))
            case .trueFalse:
                _ = game.answer("no")
                expectedResults.append(
                    QuestionResult(
                        prompt: moon.prompt, outcome: .wrong, given: "False", answer: "True",
                        identity: QuestionIdentity.of(moon, bank: "tiny")))
            case .freeText:
                #expect(game.session(finishedAt: finish, duration: 1) == nil)
                game.skip()
                expectedResults.append(
                    QuestionResult(
                        prompt: japan.prompt, outcome: .skipped, given: nil, answer: "Tokyo",
                        identity: QuestionIdentity.of(japan, bank: "tiny")))
            }
        }
        let session = try #require(game.session(finishedAt: finish, duration: 83.5))
        #expect(session.date == finish)
        #expect(session.score == 1)
        #expect(session.total == 3)
        #expect(session.quiz == "tiny")
        #expect(session.title == "Tiny Quiz")
        #expect(session.duration == 83.5)
        #expect(session.seed == -1)
        #expect(session.results == expectedResults)
    }

    @Test func finishedGameTakesNoMoreAnswers() {
        var game = single(moon)
        _ = game.answer("t")
        #expect(game.current == nil)
        #expect(game.answer("t") == .notUnderstood("The game is over."))
        #expect(game.skip() == nil)
        #expect(game.results.count == 1)
    }
}
