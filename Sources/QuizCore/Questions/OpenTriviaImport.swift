import Foundation
internal import QuizFormats

/// Reads the Open Trivia Database API format (`{"response_code": 0, "results":
/// [...]}` or `{"results": [...]}`) in any of its encodings: HTML entities
/// (the default), `encode=base64`, `encode=url3986` and `encode=urlLegacy`.
enum OpenTriviaImport {
    /// How the strings of a file are encoded.
    enum Encoding: Equatable {
        case html, base64, url3986, urlLegacy
    }

    /// The API's `response_code` values and what they mean.
    static func meaning(ofResponseCode code: Int) -> String {
        switch code {
        case 0: "success"
        case 1: "no results: the API could not return as many questions as asked"
        case 2: "invalid parameter: the query's arguments are not valid"
        case 3: "token not found: the session token does not exist"
        case 4: "token empty: the session token has returned every question; reset it"
        case 5: "rate limit: too many requests; wait five seconds"
        default: "unknown response code"
        }
    }

    /// What a bank's description says, in brackets at its end, of results
    /// that asked a question again (`QuestionBank.repeatedQuestions` reads it).
    static func repeatedNote(_ count: Int) -> String {
        "\(count)" + repeatedSuffix
    }

    static let repeatedSuffix = " asked again, kept once"

    static let fields = ["type", "difficulty", "category", "question", "correct_answer"]

    static func bank(from root: JSONNode, id: String, checker: inout BankChecker) -> QuestionBank? {
        if let codeNode = root["response_code"] {
            guard case .number(let value) = codeNode.value, let code = Int(exactly: value) else {
                checker.fileProblem("\"response_code\" must be a whole number", at: codeNode)
                return nil
            }
            if code != 0 {
                checker.fileProblem("Open Trivia response code \(code): \(meaning(ofResponseCode: code))", at: codeNode)
                return nil
            }
        }
        guard let resultsNode = root["results"] else {
            checker.fileProblem("missing \"results\"")
            return nil
        }
        guard let results = resultsNode.array else {
            checker.fileProblem("\"results\" must be an array, not \(resultsNode.kindName)", at: resultsNode)
            return nil
        }
        if results.isEmpty {
            checker.fileProblem("\"results\" is empty", at: resultsNode)
            return nil
        }
        let encoding = detectEncoding(results)
        var questions: [Question] = []
        // One prompt twice is one question to the history (a question's
        // identity is its bank and its prompt: Open Trivia has no ids), so
        // two copies would share one card and one's answer reschedule the
        // other. Real dumps repeat questions (the same answer with other
        // wrong ones, or `1789` and `May 05 1789`): the first is kept, and
        // the description says how many were left out.
        var prompts = Set<String>()
        var repeated = 0
        for (index, node) in results.enumerated() {
            if let question = question(from: node, number: index + 1, encoding: encoding, checker: &checker) {
                guard prompts.insert(AnswerNormalizer.normalize(question.prompt)).inserted else {
                    repeated += 1
                    continue
                }
                questions.append(question)
            }
        }
        let categories = Set(questions.compactMap(\.category))
        let title = categories.count == 1 ? "Open Trivia: \(categories.first!)" : "Open Trivia (\(id))"
        return QuestionBank(
            id: id, title: title,
            description: "\(questions.count) questions from the Open Trivia Database"
                + (repeated == 0 ? "" : " (\(repeatedNote(repeated)))"),
            questions: questions, path: checker.path)
    }

    /// The encoding, told from the `type` field (which is plain `multiple` or
    /// `boolean` in every encoding but base64) and from the text fields.
    static func detectEncoding(_ results: [JSONNode]) -> Encoding {
        var strings: [String] = []
        for node in results.prefix(200) {
            for field in fields { if let text = node[field]?.string { strings.append(text) } }
            for answer in node["incorrect_answers"]?.array ?? [] {
                if let text = answer.string { strings.append(text) }
            }
        }
        let types = results.prefix(200).compactMap { $0["type"]?.string }
        if !types.isEmpty, types.allSatisfy({ $0 != "multiple" && $0 != "boolean" }),
            types.allSatisfy({ decodeBase64($0) == "multiple" || decodeBase64($0) == "boolean" })
        {
            return .base64
        }
        let anySpace = strings.contains { $0.contains(" ") }
        let anyPercent = strings.contains(where: Self.hasPercentEscape)
        if !anySpace && (anyPercent || strings.contains { $0.contains("+") }) {
            return strings.contains { $0.contains("+") } ? .urlLegacy : .url3986
        }
        return .html
    }

    /// Whether `text` holds `%` and two hex digits (a URL escape).
    static func hasPercentEscape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3 else { return false }
        func isHex(_ byte: UInt8) -> Bool {
            (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
        }
        for i in 0..<(bytes.count - 2) where bytes[i] == UInt8(ascii: "%") && isHex(bytes[i + 1]) && isHex(bytes[i + 2])
        {
            return true
        }
        return false
    }

    static func decodeBase64(_ text: String) -> String? {
        guard let data = Data(base64Encoded: text) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    static func decode(_ text: String, _ encoding: Encoding) -> String? {
        switch encoding {
        case .html: return HTMLEntities.decode(text)
        case .base64: return decodeBase64(text)
        case .url3986: return text.removingPercentEncoding
        case .urlLegacy: return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
    }

    private static func question(
        from node: JSONNode, number: Int, encoding: Encoding, checker: inout BankChecker
    ) -> Question? {
        guard node.members != nil else {
            checker.questionProblem(number, nil, "must be an object, not \(node.kindName)", at: node)
            return nil
        }
        var values: [String: String] = [:]
        for field in fields {
            guard let raw = node[field] else {
                if field != "category" && field != "difficulty" {
                    checker.questionProblem(number, field, "is missing", at: node)
                }
                continue
            }
            guard let text = raw.string, let decoded = decode(text, encoding) else {
                checker.questionProblem(number, field, "must be a \(encodingName(encoding)) string", at: raw)
                continue
            }
            values[field] = decoded.trimmed
        }
        var incorrect: [String] = []
        if let raw = node["incorrect_answers"] {
            for element in raw.array ?? [] {
                if let text = element.string, let decoded = decode(text, encoding) { incorrect.append(decoded.trimmed) }
            }
            if raw.array == nil { checker.questionProblem(number, "incorrect_answers", "must be an array", at: raw) }
        }
        guard let type = values["type"], let prompt = values["question"], let correct = values["correct_answer"] else {
            return nil
        }
        var difficulty: Difficulty?
        if let text = values["difficulty"] {
            difficulty = Difficulty(rawValue: text.lowercased())
            if difficulty == nil {
                checker.questionProblem(number, "difficulty", "unknown difficulty \"\(text)\"", at: node["difficulty"]!)
            }
        }
        let kind: Question.Kind
        switch type {
        case "boolean":
            guard correct == "True" || correct == "False" else {
                checker.questionProblem(
                    number, "correct_answer", "a boolean question's answer must be True or False", at: node)
                return nil
            }
            kind = .trueFalse(correct == "True")
        case "multiple":
            let choices = [correct] + incorrect
            // One line naming the question by its prompt and the answer at fault.
            let question = "the question \"\(shown(prompt, width: 60))\""
            // Compared as a player's typing is (case, accents, invisible characters):
            // `rome` among the wrong answers would make typing it wrong.
            let keys = incorrect.map(AnswerMatcher.sameChoiceKey)
            let problem: String? =
                if incorrect.isEmpty {
                    "needs at least one wrong answer, in \(question)"
                } else if let same = incorrect.indices.first(where: { keys[$0] == AnswerMatcher.sameChoiceKey(correct) }
                ) {
                    "the correct answer \"\(shown(correct))\" is repeated among the wrong answers of \(question)"
                        + (incorrect[same] == correct ? "" : " (as \"\(shown(incorrect[same]))\")")
                } else if let twice = keys.indices.first(where: { keys[..<$0].contains(keys[$0]) }) {
                    "the wrong answer \"\(shown(incorrect[twice]))\" is listed twice in \(question)"
                } else {
                    nil
                }
            if let problem {
                checker.questionProblem(number, "incorrect_answers", problem, at: node["incorrect_answers"] ?? node)
                return nil
            }
            guard choices.count <= ChoiceLabels.maximumChoices else {
                checker.questionProblem(
                    number, "incorrect_answers",
                    "\(choices.count) choices; at most \(ChoiceLabels.maximumChoices), one letter a–z each", at: node)
                return nil
            }
            kind = .multipleChoice(choices: choices, answer: 0)
        default:
            checker.questionProblem(number, "type", "unknown type \"\(type)\" (expected multiple or boolean)", at: node)
            return nil
        }
        return Question(prompt: prompt, kind: kind, difficulty: difficulty, category: values["category"])
    }

    /// Text of the file as a problem line shows it: one line, nothing a
    /// terminal acts on, at most `width` columns.
    private static func shown(_ text: String, width: Int = 40) -> String {
        DisplayWidth.truncate(TerminalText.safe(text), to: width)
    }

    private static func encodingName(_ encoding: Encoding) -> String {
        switch encoding {
        case .html: "text"
        case .base64: "base64"
        case .url3986, .urlLegacy: "URL-encoded"
        }
    }
}
