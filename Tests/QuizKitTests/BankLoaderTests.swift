import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

private let path = "banks/sample.json"

/// A bank whose question N (1-based) sits alone on line N + 1.
private func bankText(_ questions: String...) -> String {
    "{\"title\": \"Sample\", \"questions\": [\n" + questions.joined(separator: ",\n") + "\n]}"
}

private func load(_ text: String) throws(BankError) -> QuestionBank {
    try BankLoader.parse(Array(text.utf8), path: path)
}

/// The problems of a bank that must not load.
private func problems(_ text: String) -> [BankProblem] {
    do {
        let bank = try load(text)
        Issue.record("expected problems, but the bank loaded with \(bank.questions.count) questions")
        return []
    } catch {
        guard case .invalid(let problems) = error else {
            Issue.record("expected .invalid, got \(error)")
            return []
        }
        return problems
    }
}

@Suite("BankLoader: question kinds")
struct BankLoaderKindTests {
    @Test func eachQuestionTypeLoadsAsItsKind() throws {
        let bank = try load(
            bankText(
                #"{"prompt": "Capital of Australia?", "choices": ["Sydney", "Canberra", "Perth"], "answer": "Canberra"}"#,
                #"{"prompt": "Istanbul is the capital of Turkey.", "answer": false}"#,
                #"{"prompt": "The Moon orbits the Earth.", "answer": true}"#,
                #"{"prompt": "Capital of Japan?", "answer": " Tokyo ", "accept": ["Tokio", "  Edo "]}"#,
                #"{"prompt": "Largest planet?", "answer": "Jupiter"}"#
            ))
        #expect(bank.id == "sample")
        #expect(bank.title == "Sample")
        #expect(bank.path == path)
        #expect(
            bank.questions.map(\.kind) == [
                .multipleChoice(choices: ["Sydney", "Canberra", "Perth"], answer: 1),
                .trueFalse(false),
                .trueFalse(true),
                .freeText(answer: "Tokyo", accepted: ["Tokio", "Edo"]),
                .freeText(answer: "Jupiter", accepted: []),
            ])
        #expect(bank.questions.map(\.answerText) == ["Canberra", "False", "True", "Tokyo", "Jupiter"])
    }

    @Test func optionalFieldsAreRead() throws {
        let text = """
            {
              "$schema": "./bank.schema.json",
              "title": "  Spaced Title  ",
              "description": "About things.",
              "questions": [
                {"prompt": "  Which?  ", "choices": [" A ", "B"], "answer": "B", "explanation": "Because.",
                 "difficulty": "Hard", "category": "Letters", "tags": ["alpha", "beta"]}
              ]
            }
            """
        let bank = try load(text)
        #expect(bank.title == "Spaced Title")
        #expect(bank.description == "About things.")
        let question = try #require(bank.questions.first)
        #expect(
            question
                == Question(
                    prompt: "Which?", kind: .multipleChoice(choices: ["A", "B"], answer: 1), explanation: "Because.",
                    difficulty: .hard, category: "Letters", tags: ["alpha", "beta"]))
    }

    @Test func missingTitleFallsBackToTheQuizID() throws {
        let bank = try BankLoader.parse(
            Array(#"{"questions": [{"prompt": "P", "answer": "a"}]}"#.utf8), path: "x/my-quiz.json")
        #expect(bank.id == "my-quiz")
        #expect(bank.title == "my-quiz")
        #expect(bank.description == nil)
    }

    @Test func quizIDIsTheFileNameWithoutJSON() {
        #expect(BankLoader.quizID(forPath: "/a/b/world-capitals.json") == "world-capitals")
        #expect(BankLoader.quizID(forPath: "capitals") == "capitals")
        #expect(BankLoader.quizID(forPath: "dir.json/bank.dat") == "bank.dat")
        // A file of cards (CardImport) loses its extension too.
        #expect(BankLoader.quizID(forPath: "dir.json/bank.txt") == "bank")
        #expect(BankLoader.quizID(forPath: "Spanish.CSV") == "Spanish")
        #expect(BankLoader.quizID(forPath: "notes.md.bak") == "notes.md.bak")
    }

    @Test func missingFileIsNotFound() {
        let missing = "/nonexistent-\(UUID().uuidString)/bank.json"
        let error = #expect(throws: BankError.self) { try BankLoader.load(path: missing) }
        guard case .notFound(let reported) = error else {
            Issue.record("expected .notFound, got \(String(describing: error))")
            return
        }
        #expect(reported == missing)
        #expect(error?.description == "\(missing): no such file")
    }

    @Test func syntaxErrorIsOneProblemWithLineAndColumn() {
        let found = problems("{\n  \"title\": \"T\"\n  \"questions\": []\n}")
        #expect(
            found == [
                BankProblem(
                    path: path, place: .position(line: 3, column: 3), message: "unexpected '\"', expected ',' or '}'")
            ])
        #expect(found.map(\.description) == ["banks/sample.json:3:3: unexpected '\"', expected ',' or '}'"])
    }
}

@Suite("BankChecker: every validation error")
struct BankCheckerTests {
    /// One problem expected, described exactly.
    private func expectOnly(_ text: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems(text).map(\.description)
        #expect(found == [description], sourceLocation: sourceLocation)
    }

    @Test func topLevelNotAnObject() {
        expectOnly(
            "[1, 2]",
            #"banks/sample.json:1:1: the file must hold a JSON object with "title" and "questions", not an array"#)
    }

    @Test func unknownTopLevelKey() {
        expectOnly(
            "{\"title\": \"T\",\n \"name\": \"x\",\n \"questions\": [{\"prompt\": \"P\", \"answer\": \"a\"}]}",
            #"banks/sample.json:2:10: unknown key "name" (expected title, description, questions)"#)
    }

    @Test func schemaKeyIsAllowed() throws {
        let bank = try load(
            #"{"$schema": "./bank.schema.json", "title": "T", "questions": [{"prompt": "P", "answer": "a"}]}"#)
        #expect(bank.questions.count == 1)
    }

    @Test(arguments: [#""   ""#, #""""#, "42", "null"])
    func emptyOrInvalidTitle(title: String) {
        let text = "{\"title\": \(title), \"questions\": [{\"prompt\": \"P\", \"answer\": \"a\"}]}"
        expectOnly(text, #"banks/sample.json:1:11: "title" must be a non-empty string"#)
    }

    @Test func descriptionNotAString() {
        expectOnly(
            #"{"title": "T", "description": 3, "questions": [{"prompt": "P", "answer": "a"}]}"#,
            #"banks/sample.json:1:31: "description" must be a string"#)
    }

    @Test func missingQuestions() {
        let found = problems(#"{"title": "T"}"#)
        #expect(
            found == [BankProblem(path: path, place: .file, message: #"missing "questions": an array of questions"#)])
        #expect(found.map(\.description) == [#"banks/sample.json: missing "questions": an array of questions"#])
    }

    @Test func questionsNotAnArray() {
        expectOnly(
            #"{"title": "T", "questions": {"prompt": "P"}}"#,
            #"banks/sample.json:1:29: "questions" must be an array, not an object"#)
    }

    @Test func emptyQuestions() {
        expectOnly(#"{"title": "T", "questions": []}"#, #"banks/sample.json:1:29: "questions" is empty"#)
    }

    @Test func questionNotAnObject() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a"}"#, #""What is 2 + 2?""#),
            "banks/sample.json:3: question 2: must be an object, not a string")
    }

    @Test func unknownQuestionKey() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "hint": "think"}"#),
            #"banks/sample.json:2: question 1, "hint": unknown key"#)
    }

    @Test func duplicateKeyInAQuestion() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "answer": "b"}"#),
            #"banks/sample.json:2: question 1, "answer": key appears twice"#)
    }

    @Test func duplicateKeyAtTheTopLevel() {
        expectOnly(
            "{\"title\": \"T\",\n\"title\": \"U\", \"questions\": [{\"prompt\": \"P\", \"answer\": \"a\"}]}",
            #"banks/sample.json:2:10: key "title" appears twice"#)
    }

    @Test func missingPrompt() {
        expectOnly(bankText(#"{"answer": "a"}"#), #"banks/sample.json:2: question 1, "prompt": is missing"#)
    }

    @Test func emptyPrompt() {
        expectOnly(
            bankText(#"{"prompt": "  ", "answer": "a"}"#), #"banks/sample.json:2: question 1, "prompt": is empty"#)
    }

    /// A text of nothing visible could never be typed (a typed line of
    /// nothing visible is asked again): a prompt, an answer or a list's item
    /// of only zero-width, format or lone combining characters is refused.
    @Test func invisibleTextsAreRefused() {
        expectOnly(
            bankText(#"{"prompt": "\u200b", "answer": "a"}"#),
            #"banks/sample.json:2: question 1, "prompt": shows nothing: it holds only invisible characters (U+200B)"#)
        expectOnly(
            bankText(#"{"prompt": "P", "answer": " \u0301\ufeff"}"#),
            #"banks/sample.json:2: question 1, "answer": shows nothing: it holds only invisible characters (U+0301 U+FEFF)"#
        )
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "accept": ["b", "\u00ad\u200d"]}"#),
            #"banks/sample.json:2: question 1, "accept": item 2 shows nothing: it holds only invisible characters (U+00AD U+200D)"#
        )
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "\u3164\u2800\u0000\u007f"}"#),
            #"banks/sample.json:2: question 1, "answer": shows nothing: it holds only invisible characters (U+3164 U+2800 U+0000)"#
        )
        // A combining mark on a letter, or a zero-width joiner inside an emoji, is seen.
        #expect(throws: Never.self) {
            try load(bankText(#"{"prompt": "P", "answer": "e\u0301", "accept": ["👩\u200d💻"]}"#))
        }
    }

    @Test func promptNotAString() {
        expectOnly(
            bankText(#"{"prompt": ["P"], "answer": "a"}"#),
            #"banks/sample.json:2: question 1, "prompt": must be a string, not an array"#)
    }

    @Test func missingAnswer() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a"}"#, #"{"prompt": "Q", "choices": ["x", "y"]}"#),
            #"banks/sample.json:3: question 2, "answer": is missing"#)
    }

    @Test func emptyAnswer() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": " "}"#), #"banks/sample.json:2: question 1, "answer": is empty"#)
    }

    @Test(arguments: [
        ("3", #"a number (for a typed answer write "answer": "3")"#), ("null", "null"), (#"["a"]"#, "an array"),
        (#"{"a": 1}"#, "an object"),
    ])
    func answerOfTheWrongType(answer: String, kind: String) {
        expectOnly(
            bankText("{\"prompt\": \"P\", \"answer\": \(answer)}"),
            #"banks/sample.json:2: question 1, "answer": must be a string or true/false, not \#(kind)"#)
    }

    @Test func booleanAnswerWithChoices() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["True", "False"], "answer": true}"#),
            #"banks/sample.json:2: question 1, "answer": a true/false answer cannot have "choices""#)
    }

    @Test func acceptOnATrueFalseQuestion() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": true, "accept": ["yes"]}"#),
            #"banks/sample.json:2: question 1, "accept": only free-text questions take "accept""#)
    }

    @Test func acceptOnAMultipleChoiceQuestion() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["x", "y"], "answer": "x", "accept": ["ex"]}"#),
            #"banks/sample.json:2: question 1, "accept": only free-text questions take "accept""#)
    }

    @Test func fewerThanTwoChoices() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["x"], "answer": "x"}"#),
            #"banks/sample.json:2: question 1, "choices": needs at least two choices"#)
    }

    /// A choice refused item by item is said once: its question is not
    /// also said to have fewer than two choices.
    @Test func aRefusedChoiceIsSaidOnce() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["x", " "], "answer": "x"}"#),
            #"banks/sample.json:2: question 1, "choices": item 2 is empty"#)
    }

    /// Choices are shown trimmed: a choice with spaces at its ends is the
    /// answer written without them.
    @Test func aChoiceIsTheAnswerWithoutItsEndSpaces() throws {
        let bank = try load(bankText(#"{"prompt": "P", "choices": ["Paris ", "Rome"], "answer": "Paris"}"#))
        guard case .multipleChoice(let choices, let answer) = bank.questions[0].kind else {
            Issue.record("not a multiple-choice question: \(bank.questions[0].kind)")
            return
        }
        #expect(choices[answer] == "Paris")
    }

    @Test func duplicateChoicesIgnoringCaseAndSpacing() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon", " paris "], "answer": "Lyon"}"#),
            #"banks/sample.json:2: question 1, "choices": " paris " is listed twice"#)
    }

    @Test func answerNotAmongTheChoices() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": "Nice"}"#),
            #"banks/sample.json:2: question 1, "answer": "Nice" is not one of the choices; the answer is the right choice's text, exactly as in "choices""#
        )
    }

    @Test func choicesNotAnArrayOfStrings() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": "Paris, Lyon", "answer": "Paris"}"#),
            #"banks/sample.json:2: question 1, "choices": must be an array of strings, not a string"#)
    }

    @Test func unknownDifficulty() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "difficulty": "extreme"}"#),
            #"banks/sample.json:2: question 1, "difficulty": unknown difficulty "extreme" (expected easy, medium or hard)"#
        )
    }

    @Test func explanationNotAString() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "explanation": 12}"#),
            #"banks/sample.json:2: question 1, "explanation": must be a string, not a number"#)
    }

    @Test func categoryNotAString() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "category": false}"#),
            #"banks/sample.json:2: question 1, "category": must be a string, not a boolean"#)
    }

    @Test func tagsNotAnArray() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "tags": "geo"}"#),
            #"banks/sample.json:2: question 1, "tags": must be an array of strings, not a string"#)
    }

    @Test func tagsItemNotAString() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "tags": ["geo", 7]}"#),
            #"banks/sample.json:2: question 1, "tags": item 2 must be a string, not a number"#)
    }

    @Test func tagsItemEmpty() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "tags": [""]}"#),
            #"banks/sample.json:2: question 1, "tags": item 1 is empty"#)
    }

    @Test func acceptItemNotAString() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "accept": [true]}"#),
            #"banks/sample.json:2: question 1, "accept": item 1 must be a string, not a boolean"#)
    }

    @Test func duplicatePromptIgnoringCaseAndSpacing() {
        expectOnly(
            bankText(
                #"{"prompt": "What is the capital of France?", "answer": "Paris"}"#,
                #"{"prompt": "Another?", "answer": "b"}"#,
                #"{"prompt": "  what is the CAPITAL of france?", "answer": "Paris"}"#),
            #"banks/sample.json:4: question 3, "prompt": same prompt as question 1"#)
    }

    @Test func problemPlaceIsTheQuestionNumberFieldAndLine() {
        let found = problems(bankText(#"{"prompt": "P", "answer": "a"}"#, #"{"prompt": "Q", "answer": 1.5}"#))
        #expect(
            found == [
                BankProblem(
                    path: path, place: .question(number: 2, field: "answer", line: 3),
                    message: #"must be a string or true/false, not a number (for a typed answer write "answer": "1.5")"#
                )
            ])
    }

    @Test func everyFaultOfAFileIsReported() {
        let text = """
            {
              "title": "Faulty",
              "author": "me",
              "questions": [
                {"prompt": "One?"},
                {"prompt": "Two?", "answer": "a", "difficulty": "impossible", "explanation": 3},
                {"prompt": "Three?", "choices": ["x", "y"], "answer": "z"},
                {"prompt": "Four?", "answer": true},
                {"prompt": "four?", "answer": false},
                "five",
                {"prompt": "Six?", "answer": "b", "hint": "none"}
              ]
            }
            """
        let found = problems(text).map(\.description)
        #expect(
            found == [
                #"banks/sample.json:3:13: unknown key "author" (expected title, description, questions)"#,
                #"banks/sample.json:5: question 1, "answer": is missing"#,
                #"banks/sample.json:6: question 2, "explanation": must be a string, not a number"#,
                #"banks/sample.json:6: question 2, "difficulty": unknown difficulty "impossible" (expected easy, medium or hard)"#,
                #"banks/sample.json:7: question 3, "answer": "z" is not one of the choices; the answer is the right choice's text, exactly as in "choices""#,
                #"banks/sample.json:9: question 5, "prompt": same prompt as question 4"#,
                "banks/sample.json:10: question 6: must be an object, not a string",
                #"banks/sample.json:11: question 7, "hint": unknown key"#,
            ])
        #expect(found.count == 8)
    }

    /// What to write instead: the choice an answer nearly is, a choice's
    /// text for its position, the key a typo was meant for.
    @Test func problemsSayWhatToWriteInstead() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": "paris "}"#),
            #"banks/sample.json:2: question 1, "answer": "paris " is not one of the choices; write "answer": "Paris", the choice's text exactly"#
        )
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": "Lyonn"}"#),
            #"banks/sample.json:2: question 1, "answer": "Lyonn" is not one of the choices; write "answer": "Lyon", the choice's text exactly"#
        )
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": 1}"#),
            #"banks/sample.json:2: question 1, "answer": must be the right choice's text, not a number: write "answer": "Lyon" (the text, not its position)"#
        )
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "acept": ["b"]}"#),
            #"banks/sample.json:2: question 1, "acept": unknown key (did you mean "accept"?)"#)
    }

    @Test func bankErrorSummarisesSeveralProblems() {
        do {
            _ = try load(bankText(#"{"answer": "a"}"#, #"{"prompt": "Q"}"#))
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.count == 2)
            #expect(
                error.description
                    == #"banks/sample.json:2: question 1, "prompt": is missing (and 1 more; see quiz --validate)"#)
        }
    }
}

@Suite("BankLoader: id, strict and reject")
struct BankLoaderQuestionFieldTests {
    private func expectOnly(_ text: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems(text).map(\.description)
        #expect(found == [description], sourceLocation: sourceLocation)
    }

    @Test func validFieldsAreStored() throws {
        let bank = try load(
            bankText(
                #"{"id": " capital-of-japan ", "prompt": "Capital of Japan?", "answer": "Tokyo", "accept": ["Tokio"], "reject": [" Kyoto ", "Osaka"], "strict": true}"#,
                #"{"id": "largest-planet", "prompt": "Largest planet?", "choices": ["Saturn", "Jupiter"], "answer": "Jupiter", "reject": ["Saturn"], "strict": false}"#,
                #"{"prompt": "The Moon orbits the Earth.", "answer": true, "strict": true}"#
            ))
        let (first, second, third) = (bank.questions[0], bank.questions[1], bank.questions[2])
        #expect(first.id == "capital-of-japan")
        #expect(first.strict)
        #expect(first.reject == ["Kyoto", "Osaka"])
        #expect(second.id == "largest-planet")
        #expect(!second.strict)
        #expect(second.reject == ["Saturn"])
        #expect(third.id == nil)
        #expect(third.strict)
        #expect(third.reject == [])
    }

    @Test func absentFieldsHaveTheirDefaults() throws {
        let question = try #require(load(bankText(#"{"prompt": "P", "answer": "a"}"#)).questions.first)
        #expect(question.id == nil && !question.strict && question.reject.isEmpty)
    }

    @Test(arguments: [("3", "a number"), ("true", "a boolean"), (#"["a"]"#, "an array"), ("null", "null")])
    func idOfTheWrongType(value: String, kind: String) {
        expectOnly(
            bankText("{\"id\": \(value), \"prompt\": \"P\", \"answer\": \"a\"}"),
            #"banks/sample.json:2: question 1, "id": must be a string, not \#(kind)"#)
    }

    @Test func emptyID() {
        expectOnly(
            bankText(#"{"id": "  ", "prompt": "P", "answer": "a"}"#),
            #"banks/sample.json:2: question 1, "id": is empty"#)
    }

    @Test(arguments: [
        #""a\nb""#, #""tab\there""#, #""\u0007bell""#, #""del\u007f""#, #""\u0085next-line""#, #""a\u2028b""#,
    ])
    func idWithControlCharacters(value: String) {
        expectOnly(
            bankText("{\"id\": \(value), \"prompt\": \"P\", \"answer\": \"a\"}"),
            #"banks/sample.json:2: question 1, "id": must not hold control characters or line breaks"#)
    }

    @Test func duplicateIDNamesBothQuestions() {
        expectOnly(
            bankText(
                #"{"id": "capital", "prompt": "P", "answer": "a"}"#,
                #"{"id": "other", "prompt": "Q", "answer": "b"}"#,
                #"{"id": " capital", "prompt": "R", "answer": "c"}"#),
            #"banks/sample.json:4: question 3, "id": "capital" is also the id of question 1"#)
    }

    @Test func duplicateIDIsReportedEvenOnAFaultyQuestion() {
        let found = problems(
            bankText(
                #"{"id": "x", "prompt": "P", "answer": "a"}"#,
                #"{"id": "x", "prompt": "Q"}"#)
        ).map(\.description)
        #expect(
            found == [
                #"banks/sample.json:3: question 2, "answer": is missing"#,
                #"banks/sample.json:3: question 2, "id": "x" is also the id of question 1"#,
            ])
    }

    @Test func idsDifferingOnlyInCaseAreDistinct() throws {
        let bank = try load(
            bankText(#"{"id": "a", "prompt": "P", "answer": "a"}"#, #"{"id": "A", "prompt": "Q", "answer": "b"}"#))
        #expect(bank.questions.map(\.id) == ["a", "A"])
    }

    @Test(arguments: [(#""yes""#, "a string"), ("1", "a number"), ("null", "null"), ("[true]", "an array")])
    func strictOfTheWrongType(value: String, kind: String) {
        expectOnly(
            bankText("{\"prompt\": \"P\", \"answer\": \"a\", \"strict\": \(value)}"),
            #"banks/sample.json:2: question 1, "strict": must be true or false, not \#(kind)"#)
    }

    @Test func rejectNotAnArray() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": "a", "reject": "b"}"#),
            #"banks/sample.json:2: question 1, "reject": must be an array of strings, not a string"#)
    }

    @Test func rejectItemNotAStringOrEmpty() {
        let found = problems(
            bankText(
                #"{"prompt": "P", "answer": "a", "reject": ["b", 3]}"#,
                #"{"prompt": "Q", "answer": "a", "reject": [" "]}"#)
        ).map(\.description)
        #expect(
            found == [
                #"banks/sample.json:2: question 1, "reject": item 2 must be a string, not a number"#,
                #"banks/sample.json:3: question 2, "reject": item 1 is empty"#,
            ])
    }

    @Test func rejectOnATrueFalseQuestion() {
        expectOnly(
            bankText(#"{"prompt": "P", "answer": true, "reject": ["yes"]}"#),
            #"banks/sample.json:2: question 1, "reject": a true/false question cannot have "reject""#)
    }

    @Test func rejectThatIsTheAnswerAfterNormalisation() {
        expectOnly(
            bankText(#"{"prompt": "Capital of Brazil?", "answer": "Brasília", "reject": ["Rio", "  BRASILIA. "]}"#),
            #"banks/sample.json:2: question 1, "reject": item 2 "BRASILIA." is the answer"#)
    }

    @Test func rejectThatIsAnAcceptedForm() {
        expectOnly(
            bankText(
                #"{"prompt": "P", "answer": "Genghis Khan", "accept": ["Chinggis Khan", "Temujin"], "reject": ["temüjin"]}"#
            ),
            #"banks/sample.json:2: question 1, "reject": item 1 "temüjin" is accepted (accept item 2)"#)
    }

    @Test func rejectThatIsTheRightChoice() {
        expectOnly(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": "Paris", "reject": ["paris", "Lyon"]}"#),
            #"banks/sample.json:2: question 1, "reject": item 1 "paris" is the answer"#)
    }

    @Test func rejectOfAWrongChoiceIsAllowed() throws {
        let bank = try load(
            bankText(#"{"prompt": "P", "choices": ["Paris", "Lyon"], "answer": "Paris", "reject": ["Lyon", "Pari"]}"#))
        #expect(bank.questions.first?.reject == ["Lyon", "Pari"])
    }
}

@Suite("Bundled question banks")
struct BundledBankTests {
    @Test func everyBankLoadsWithEveryKindAndExplanations() throws {
        var library = QuestionLibrary()
        try library.add(path: Repository.questions)
        #expect(library.failures.isEmpty, "\(library.failures.map(\.error.description))")
        let ids = Set(library.banks.map(\.id))
        #expect(
            ids.isSuperset(of: [
                "animals", "computing", "elements", "human-body", "inventions", "literature", "mathematics", "oceans",
                "solar-system", "world-capitals", "world-geography", "world-history",
            ]), "\(ids.sorted())")
        for bank in library.banks {
            #expect(bank.questions.count >= 30, "\(bank.id)")
            var kinds: Set<String> = []
            for question in bank.questions {
                switch question.kind {
                case .multipleChoice: kinds.insert("multiple choice")
                case .trueFalse: kinds.insert("true/false")
                case .freeText: kinds.insert("free text")
                }
                let explanation = question.explanation?.trimmingCharacters(in: .whitespaces) ?? ""
                #expect(!explanation.isEmpty, "\(bank.id): \(question.prompt) has no explanation")
            }
            #expect(kinds == ["multiple choice", "true/false", "free text"], "\(bank.id)")
            #expect(!bank.title.isEmpty && bank.title != bank.id, "\(bank.id) has no title of its own")
        }
    }

    @Test func eachBundledFileLoadsOnItsOwn() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.questions)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        #expect(names.count >= 12)
        for name in names {
            let bank = try BankLoader.load(path: Repository.questions + "/" + name)
            #expect(bank.id + ".json" == name)
        }
    }
}

/// Found by the adversarial pass: an answer of megabytes made every typed
/// answer take seconds to match. Answers, accepted and rejected forms and
/// choices are at most 500 characters.
@Suite("BankLoader: answer length")
struct AnswerLengthTests {
    @Test func anAnswerOrChoiceLongerThan500CharactersIsRefused() {
        let long = String(repeating: "nineteen hundred ", count: 40)
        let found = problems(
            bankText(
                #"{"prompt": "A", "answer": "\#(long)"}"#,
                #"{"prompt": "B", "answer": "x", "accept": ["\#(long)"]}"#,
                #"{"prompt": "C", "choices": ["x", "y", "\#(long)"], "answer": "x"}"#)
        ).map(\.description)
        #expect(found.count == 3, "\(found)")
        #expect(found.allSatisfy { $0.contains("longer than 500 characters") }, "\(found)")
        let fits = String(repeating: "a", count: 500)
        #expect((try? load(bankText(#"{"prompt": "A", "answer": "\#(fits)"}"#))) != nil)
    }
}
