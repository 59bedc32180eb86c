import Foundation
import QuizFormats
import Testing

@testable import QuizCore

private func loadFixture(_ name: String) throws -> QuestionBank {
    try BankLoader.parse([UInt8](try Fixture.data(name)), path: name)
}

private func problems(_ text: String, path: String = "trivia.json") -> [String] {
    do {
        _ = try BankLoader.parse(Array(text.utf8), path: path)
        Issue.record("expected the file to be refused")
        return []
    } catch {
        return error.problems
    }
}

/// The three questions of the base64 and URL-encoded fixtures, decoded.
private let expectedEncodedQuestions = [
    Question(
        prompt: "Which element's symbol is \"Na\"? (café 50% off + tax)",
        kind: .multipleChoice(choices: ["Sodium", "Nitrogen", "Neon", "Nickel"], answer: 0), difficulty: .medium,
        category: "Science & Nature"),
    Question(
        prompt: "Water boils at 100 °C at sea level.", kind: .trueFalse(true), difficulty: .easy,
        category: "Science & Nature"),
    Question(prompt: "Gold's symbol is Ag.", kind: .trueFalse(false), difficulty: .hard, category: "Science & Nature"),
]

@Suite("OpenTriviaImport: fixtures in every encoding")
struct OpenTriviaEncodingTests {
    @Test func htmlEntitiesAreDecoded() throws {
        let bank = try loadFixture("opentdb-html.json")
        #expect(bank.id == "opentdb-html")
        #expect(bank.title == "Open Trivia: Science & Nature")
        #expect(bank.description == "2 questions from the Open Trivia Database")
        #expect(
            bank.questions == [
                Question(
                    prompt: "Who wrote \"E = mc²\"? It's café\u{AD}\u{200E} π ° — &bogus; &",
                    kind: .multipleChoice(
                        choices: ["Albert Einstein", "Isaac Newton", "Marie Curie & Pierre Curie", "Niels Bohr"],
                        answer: 0),
                    difficulty: .medium, category: "Science & Nature"),
                Question(
                    prompt: "Water boils at 100°C at sea level.", kind: .trueFalse(true), difficulty: .easy,
                    category: "Science & Nature"),
            ])
    }

    @Test func encodingsAreDetected() throws {
        func fixture(_ name: String) throws -> [JSONNode] {
            let root = try JSONParser.parse([UInt8](try Fixture.data(name)))
            return try #require(root["results"]?.array)
        }
        #expect(OpenTriviaImport.detectEncoding(try fixture("opentdb-html.json")) == .html)
        #expect(OpenTriviaImport.detectEncoding(try fixture("opentdb-base64.json")) == .base64)
        #expect(OpenTriviaImport.detectEncoding(try fixture("opentdb-url3986.json")) == .url3986)
        #expect(OpenTriviaImport.detectEncoding(try fixture("opentdb-urllegacy.json")) == .urlLegacy)
    }

    @Test(arguments: ["opentdb-base64.json", "opentdb-url3986.json", "opentdb-urllegacy.json"])
    func encodedFileDecodes(name: String) throws {
        let bank = try loadFixture(name)
        #expect(bank.questions == expectedEncodedQuestions)
        #expect(bank.title == "Open Trivia: Science & Nature")
        #expect(bank.description == "3 questions from the Open Trivia Database")
    }

    @Test func severalCategoriesGiveATitleFromTheID() throws {
        let text = """
            {"results": [
              {"type": "boolean", "category": "History", "question": "Q1", "correct_answer": "True",
               "incorrect_answers": ["False"]},
              {"type": "boolean", "category": "Art", "question": "Q2", "correct_answer": "False",
               "incorrect_answers": ["True"]}
            ]}
            """
        let bank = try BankLoader.parse(Array(text.utf8), path: "dir/mixed.json")
        #expect(bank.title == "Open Trivia (mixed)")
        #expect(bank.questions.map(\.category) == ["History", "Art"])
        #expect(bank.questions.map(\.difficulty) == [nil, nil])
        #expect(bank.questions.map(\.kind) == [.trueFalse(true), .trueFalse(false)])
    }
}

@Suite("OpenTriviaImport: refused files")
struct OpenTriviaRefusalTests {
    @Test(arguments: [
        (1, "no results: the API could not return as many questions as asked"),
        (2, "invalid parameter: the query's arguments are not valid"),
        (3, "token not found: the session token does not exist"),
        (4, "token empty: the session token has returned every question; reset it"),
        (5, "rate limit: too many requests; wait five seconds"),
    ])
    func responseCodeIsReportedWithItsMeaning(code: Int, meaning: String) {
        #expect(
            problems("{\"response_code\": \(code), \"results\": []}")
                == ["trivia.json:1:19: Open Trivia response code \(code): \(meaning)"])
    }

    @Test func unknownResponseCode() {
        #expect(
            problems(#"{"response_code": 9, "results": []}"#)
                == ["trivia.json:1:19: Open Trivia response code 9: unknown response code"])
    }

    @Test func responseCodeMustBeAWholeNumber() {
        #expect(
            problems(#"{"response_code": "0", "results": []}"#)
                == [#"trivia.json:1:19: "response_code" must be a whole number"#])
    }

    @Test func emptyResultsIsAnError() {
        #expect(problems(#"{"results": []}"#) == [#"trivia.json:1:13: "results" is empty"#])
        #expect(problems(#"{"response_code": 0, "results": []}"#) == [#"trivia.json:1:33: "results" is empty"#])
    }

    @Test func missingOrMistypedResults() {
        #expect(problems(#"{"response_code": 0}"#) == [#"trivia.json: missing "results""#])
        #expect(problems(#"{"results": {}}"#) == [#"trivia.json:1:13: "results" must be an array, not an object"#])
    }

    @Test func faultyQuestionsAreNamed() {
        let text = """
            {"results": [
            {"type": "boolean", "question": "Q1", "correct_answer": "Yes", "incorrect_answers": ["No"]},
            {"type": "multiple", "question": "Q2", "correct_answer": "A", "incorrect_answers": ["A", "B"]},
            {"type": "essay", "question": "Q3", "correct_answer": "A", "incorrect_answers": []},
            {"type": "multiple", "correct_answer": "A", "incorrect_answers": ["B"]},
            {"type": "boolean", "difficulty": "brutal", "question": "Q5", "correct_answer": "True",
             "incorrect_answers": ["False"]},
            7
            ]}
            """
        #expect(
            problems(text) == [
                #"trivia.json:2: question 1, "correct_answer": a boolean question's answer must be True or False"#,
                #"trivia.json:3: question 2, "incorrect_answers": the correct answer "A" is repeated among the wrong answers of the question "Q2""#,
                #"trivia.json:4: question 3, "type": unknown type "essay" (expected multiple or boolean)"#,
                #"trivia.json:5: question 4, "question": is missing"#,
                #"trivia.json:6: question 5, "difficulty": unknown difficulty "brutal""#,
                "trivia.json:8: question 6: must be an object, not a number",
            ])
    }
}

@Suite("OpenTriviaImport: the shared Open Trivia Database sample")
struct OpenTriviaSampleTests {
    static let path = Repository.openTriviaSample

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: Repository.openTriviaSample),
            "../shared/data/opentdb/opentdb.json is absent (a clone without the shared data); skipped"))
    func wholeSampleLoadsWithEveryEntityDecoded() throws {
        let bank = try BankLoader.load(path: Self.path)
        #expect(bank.id == "opentdb")
        // 5,250 results, six of which ask an earlier one's question again
        // (`Who painted the Mona Lisa?` twice, `1789` and `May 05 1789`): kept once.
        #expect(bank.questions.count == 5_244)
        #expect(bank.repeatedQuestions == "6 asked again, kept once")
        #expect(Set(bank.questions.compactMap(\.category)).count == 24)
        var multiple = 0
        var boolean = 0
        var leftovers: [String] = []
        let entity = try Regex(#"&[A-Za-z][A-Za-z0-9]*;|&#[0-9]+;|&#[xX][0-9A-Fa-f]+;"#)
        for question in bank.questions {
            var texts = [question.prompt, question.category ?? ""]
            switch question.kind {
            case .multipleChoice(let choices, _):
                multiple += 1
                texts += choices
            case .trueFalse: boolean += 1
            case .freeText: Issue.record("Open Trivia has no free-text questions: \(question.prompt)")
            }
            leftovers += texts.filter { $0.contains(entity) }
        }
        #expect(multiple == 4_461)
        #expect(boolean == 783)
        #expect(leftovers.isEmpty, "entities left undecoded: \(leftovers.prefix(5))")
        #expect(Set(bank.questions.compactMap(\.difficulty)) == [.easy, .medium, .hard])
    }
}
