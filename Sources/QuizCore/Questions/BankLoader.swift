import Foundation
internal import QuizFormats

/// Reads bank files: the project's own format (`Questions/bank.schema.json`,
/// described in the README, "Question banks"), the Open Trivia Database
/// API format, or cards of another tool (`CardImport`: a `.txt`, `.tsv`,
/// `.csv` or `.md` file, made the bank `quiz --import` would write), and
/// reports every problem it finds, not only the first, so `quiz --validate`
/// can list them all.
public enum BankLoader {
    /// The quiz id of a bank file: its name without `.json`, or without the
    /// extension of a file of cards (`CardImport.extensions`) or an Anki
    /// package (`CardImport.packageExtensions`).
    public static func quizID(forPath path: String) -> String {
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix(".json") { return String(name.dropLast(5)) }
        if let ext = CardImport.importExtension(name) { return String(name.dropLast(ext.count + 1)) }
        for ext in CardImport.packageExtensions where name.lowercased().hasSuffix("." + ext) {
            return String(name.dropLast(ext.count + 1))
        }
        return name
    }

    /// Parses a bank from bytes; `path` names it in messages and gives its id,
    /// unless `id` is given (a URL's last component is not an id).
    public static func parse(_ bytes: [UInt8], path: String, id: String? = nil) throws(BankError) -> QuestionBank {
        guard CardImport.format(path: path, bytes: bytes) != nil else {
            return try parseJSON(bytes, path: path, id: id)
        }
        let imported = try CardImport.convert(bytes, path: path)
        do {
            return try parseJSON(imported.json, path: path, id: id)
        } catch {
            guard case .invalid(let problems) = error else { throw error }
            // Lines of the JSON made are in no file: said without them.
            throw .invalid(
                problems.map { problem in
                    var problem = problem
                    if case .question(let number, let field, _) = problem.place {
                        problem.place = .question(number: number, field: field, line: nil)
                    } else if case .position = problem.place {
                        problem.place = .file
                    }
                    return problem
                })
        }
    }

    /// A bank in JSON, ours or Open Trivia's.
    public static func parseJSON(_ bytes: [UInt8], path: String, id: String? = nil) throws(BankError) -> QuestionBank {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalid([
                BankProblem(
                    path: path, place: .position(line: error.line, column: error.column), message: error.message)
            ])
        }
        var checker = BankChecker(path: path, bytes: bytes)
        let id = id ?? quizID(forPath: path)
        if Session.Kind(quiz: id.lowercased()) == .review {
            // Reviews are recorded as games of quiz `review`: a bank of that id would mix with them
            // (`Review` too: the menu takes an id in any case, and `review` is its command).
            checker.fileProblem(
                "the quiz id \"\(id)\" is the one reviews are recorded under (in any case); rename the file")
            throw .invalid(checker.problems)
        }
        if id.isEmpty {
            // `.json` alone: a quiz that could never be named again (`--quiz ''` is no quiz).
            checker.fileProblem("a quiz id is the file's name before .json, and this one has none; rename the file")
            throw .invalid(checker.problems)
        }
        if id.contains("#") {
            // An identity is BANK#ID: a # in the bank's id would make two questions' identities one.
            checker.fileProblem("a quiz id must not hold \"#\" (it is named after the file); rename the file")
            throw .invalid(checker.problems)
        }
        let bank: QuestionBank?
        if root["results"] != nil || root["response_code"] != nil {
            bank = OpenTriviaImport.bank(from: root, id: id, checker: &checker)
        } else {
            bank = checker.bank(from: root, id: id)
        }
        if let bank, checker.problems.isEmpty { return bank }
        throw .invalid(checker.problems)
    }
}

/// Collects the problems of one file while its questions are read.
struct BankChecker {
    let path: String
    let bytes: [UInt8]
    var problems: [BankProblem] = []

    /// The longest answer, accepted form, rejected answer or choice, in
    /// characters: what a player types is short, and a longer text (a hostile
    /// bank) would make matching a typed answer slow.
    static let maximumAnswerLength = 500
    /// The longest `"id"`, in characters: it is recorded with every answer.
    static let maximumIDLength = 200
    static let bankKeys: Set<String> = ["$schema", "title", "description", "questions"]
    static let questionKeys: Set<String> = [
        "prompt", "choices", "answer", "accept", "reject", "strict", "explanation", "difficulty", "category", "tags",
        "id", "added",
    ]

    /// The question keys in the order the README lists them, for suggestions.
    static let questionKeyOrder = [
        "prompt", "choices", "answer", "accept", "reject", "strict", "explanation", "difficulty", "category", "tags",
        "id",
    ]

    /// ` (did you mean "prompt"?)` for a key near one of `keys`, as the settings file's keys get; else nothing.
    static func guess(_ key: String, among keys: [String]) -> String {
        NearestMatch.suggestion(for: key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// What is wrong with a text that shows nothing (`showsNothing`): "is
    /// empty", or what it holds; nil for a text that shows something.
    static func blank(_ text: String) -> String? {
        guard text.showsNothing else { return nil }
        if text.trimmed.isEmpty { return "is empty" }
        let named = text.unicodeScalars.filter { !$0.properties.isWhitespace }.prefix(3).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "shows nothing: it holds only invisible characters (\(named.joined(separator: " ")))"
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    func line(of node: JSONNode) -> Int {
        JSONParser.position(of: node.offset, in: bytes).line
    }

    mutating func fileProblem(_ message: String, at node: JSONNode? = nil) {
        if let node {
            let (line, column) = JSONParser.position(of: node.offset, in: bytes)
            problems.append(BankProblem(path: path, place: .position(line: line, column: column), message: message))
        } else {
            problems.append(BankProblem(path: path, place: .file, message: message))
        }
    }

    mutating func questionProblem(_ number: Int, _ field: String?, _ message: String, at node: JSONNode) {
        problems.append(
            BankProblem(
                path: path, place: .question(number: number, field: field, line: line(of: node)), message: message)
        )
    }

    /// Reports keys used twice in one object, which JSON parsers silently resolve.
    mutating func checkDuplicateKeys(_ members: [JSONMember], question: Int?) {
        // A question's dozen keys are compared pairwise, without hashing
        // (a tenth of checking a large bank, callgrind); a long object by a set.
        var seen = Set<String>()
        func repeated(_ index: Int) -> Bool {
            members.count <= 16
                ? members[..<index].contains { $0.key == members[index].key }
                : !seen.insert(members[index].key).inserted
        }
        for (index, member) in members.enumerated() where repeated(index) {
            if let question {
                questionProblem(question, member.key, "key appears twice", at: member.value)
            } else {
                fileProblem("key \"\(member.key)\" appears twice", at: member.value)
            }
        }
    }

    mutating func bank(from root: JSONNode, id: String) -> QuestionBank? {
        guard let members = root.members else {
            fileProblem(
                "the file must hold a JSON object with \"title\" and \"questions\", not \(root.kindName)", at: root)
            return nil
        }
        checkDuplicateKeys(members, question: nil)
        for member in members where !Self.bankKeys.contains(member.key) {
            let guess = Self.guess(member.key, among: ["title", "description", "questions"])
            fileProblem(
                "unknown key \"\(member.key)\"\(guess) (expected title, description, questions)", at: member.value)
        }
        var title = id
        if let node = root["title"] {
            if let text = node.string, !text.trimmed.isEmpty {
                title = text.trimmed
            } else {
                fileProblem("\"title\" must be a non-empty string", at: node)
            }
        }
        var description: String?
        if let node = root["description"] {
            if let text = node.string {
                description = text
            } else {
                fileProblem("\"description\" must be a string", at: node)
            }
        }
        guard let questionsNode = root["questions"] else {
            fileProblem("missing \"questions\": an array of questions")
            return nil
        }
        guard let elements = questionsNode.array else {
            fileProblem("\"questions\" must be an array, not \(questionsNode.kindName)", at: questionsNode)
            return nil
        }
        if elements.isEmpty { fileProblem("\"questions\" is empty", at: questionsNode) }
        var questions: [Question] = []
        var prompts: [String: Int] = [:]
        var ids: [String: Int] = [:]
        prompts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let number = index + 1
            let question = self.question(from: element, number: number)
            // Duplicates are checked on every prompt, even of a question with other faults.
            if let prompt = element["prompt"]?.string, !prompt.trimmed.isEmpty {
                // One hash where the prompt is new (most are; see `CardImport.result`).
                let key = AnswerNormalizer.normalize(prompt)
                if let first = prompts.updateValue(number, forKey: key) {
                    prompts[key] = first
                    questionProblem(number, "prompt", "same prompt as question \(first)", at: element["prompt"]!)
                }
            }
            // So are ids: a question's id names it in the history, so two may not share one.
            if let idNode = element["id"], let text = idNode.string, !text.trimmed.isEmpty {
                if let first = ids[text.trimmed] {
                    questionProblem(number, "id", "\"\(text.trimmed)\" is also the id of question \(first)", at: idNode)
                } else {
                    ids[text.trimmed] = number
                }
            }
            if let question { questions.append(question) }
        }
        return QuestionBank(id: id, title: title, description: description, questions: questions, path: path)
    }

    private mutating func optionalString(_ node: JSONNode, _ field: String, _ number: Int) -> String? {
        guard let value = node[field] else { return nil }
        guard let text = value.string else {
            questionProblem(number, field, "must be a string, not \(value.kindName)", at: value)
            return nil
        }
        return text
    }

    private mutating func stringArray(_ node: JSONNode, _ field: String, _ number: Int) -> [String]? {
        guard let value = node[field] else { return nil }
        guard let elements = value.array else {
            questionProblem(number, field, "must be an array of strings, not \(value.kindName)", at: value)
            return nil
        }
        var result: [String] = []
        for (i, element) in elements.enumerated() {
            guard let text = element.string else {
                questionProblem(number, field, "item \(i + 1) must be a string, not \(element.kindName)", at: element)
                continue
            }
            if let problem = Self.blank(text) {
                questionProblem(number, field, "item \(i + 1) \(problem)", at: element)
                continue
            }
            if ["choices", "accept", "reject"].contains(field), text.isLonger(than: Self.maximumAnswerLength) {
                questionProblem(
                    number, field, "item \(i + 1) is longer than \(Self.maximumAnswerLength) characters", at: element)
                continue
            }
            result.append(text)
        }
        return result
    }

    mutating func question(from node: JSONNode, number: Int) -> Question? {
        guard let members = node.members else {
            questionProblem(number, nil, "must be an object, not \(node.kindName)", at: node)
            return nil
        }
        let before = problems.count
        checkDuplicateKeys(members, question: number)
        for member in members where !Self.questionKeys.contains(member.key) {
            questionProblem(
                number, member.key, "unknown key" + Self.guess(member.key, among: Self.questionKeyOrder),
                at: member.value)
        }
        let prompt = optionalString(node, "prompt", number)?.trimmed ?? ""
        if let problem = Self.blank(prompt), node["prompt"]?.string != nil {
            questionProblem(number, "prompt", problem, at: node["prompt"]!)
        } else if node["prompt"] == nil {
            questionProblem(number, "prompt", "is missing", at: node)
        }
        let explanation = optionalString(node, "explanation", number)
        let category = optionalString(node, "category", number)
        var difficulty: Difficulty?
        if let text = optionalString(node, "difficulty", number) {
            difficulty = Difficulty(rawValue: text.lowercased())
            if difficulty == nil {
                questionProblem(
                    number, "difficulty", "unknown difficulty \"\(text)\" (expected easy, medium or hard)",
                    at: node["difficulty"]!)
            }
        }
        let tags = stringArray(node, "tags", number) ?? []
        let choices = stringArray(node, "choices", number)
        let accept = stringArray(node, "accept", number)
        let reject = (stringArray(node, "reject", number) ?? []).map(\.trimmed)
        var id: String?
        if let text = optionalString(node, "id", number) {
            if text.trimmed.isEmpty {
                questionProblem(number, "id", "is empty", at: node["id"]!)
            } else if text.unicodeScalars.contains(where: {
                // ASCII told without Unicode's tables (a fifth of checking an imported bank, callgrind).
                $0.isASCII
                    ? $0.value < 0x20 || $0.value == 0x7F
                    : [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
            }) {
                // An id names the question in the history and its exports, one line each.
                questionProblem(number, "id", "must not hold control characters or line breaks", at: node["id"]!)
            } else if text.utf8.contains(UInt8(ascii: "#")) {
                // An identity is BANK#ID: bank x#y's id z and bank x's id y#z would be one question.
                questionProblem(number, "id", "must not hold \"#\"", at: node["id"]!)
            } else if text.trimmed.isLonger(than: Self.maximumIDLength) {
                questionProblem(number, "id", "is longer than \(Self.maximumIDLength) characters", at: node["id"]!)
            } else {
                id = text.trimmed
            }
        }
        var added: String?
        if let text = optionalString(node, "added", number) {
            if DailyDay(iso: text) == nil {
                questionProblem(
                    number, "added", "must be a date such as 2027-01-31 (year-month-day), not \"\(text)\"",
                    at: node["added"]!)
            } else {
                added = text
            }
        }
        var strict = false
        if let value = node["strict"] {
            if case .bool(let flag) = value.value {
                strict = flag
            } else {
                questionProblem(number, "strict", "must be true or false, not \(value.kindName)", at: value)
            }
        }
        var kind: Question.Kind?
        switch node["answer"]?.value {
        case nil:
            questionProblem(number, "answer", "is missing", at: node)
        case .bool(let value):
            if node["choices"] != nil {
                questionProblem(number, "answer", "a true/false answer cannot have \"choices\"", at: node["answer"]!)
            }
            if node["accept"] != nil {
                questionProblem(number, "accept", "only free-text questions take \"accept\"", at: node["accept"]!)
            }
            if node["reject"] != nil {
                questionProblem(
                    number, "reject", "a true/false question cannot have \"reject\"", at: node["reject"]!)
            }
            kind = .trueFalse(value)
        case .string(let answer):
            if let problem = Self.blank(answer) {
                questionProblem(number, "answer", problem, at: node["answer"]!)
            } else if answer.isLonger(than: Self.maximumAnswerLength) {
                questionProblem(
                    number, "answer", "is longer than \(Self.maximumAnswerLength) characters", at: node["answer"]!)
            } else if let choices, choices.count == node["choices"]?.array?.count {
                kind = multipleChoice(choices, answer: answer, node: node, number: number)
                if node["accept"] != nil {
                    questionProblem(number, "accept", "only free-text questions take \"accept\"", at: node["accept"]!)
                }
            } else if node["choices"] == nil {
                kind = .freeText(answer: answer.trimmed, accepted: (accept ?? []).map(\.trimmed))
            }
        // (Choices whose items were refused are said item by item, not counted again.)
        case .some:
            let value = node["answer"]!
            questionProblem(number, "answer", Self.notAnAnswer(value, choices: choices), at: value)
        }
        // Items that were not strings are already reported, and would shift the numbers.
        if let kind, let rejectNode = node["reject"], rejectNode.array?.count == reject.count {
            checkReject(reject, against: kind, strict: strict, node: rejectNode, number: number)
        }
        guard let kind, problems.count == before else { return nil }
        return Question(
            prompt: prompt, kind: kind, explanation: explanation, difficulty: difficulty,
            category: category, tags: tags, id: id, strict: strict, reject: reject, added: added)
    }

    /// What is wrong with an answer that is neither a string nor true/false,
    /// and what to write instead: a number among choices is taken for a
    /// choice's position, which the format does not use.
    static func notAnAnswer(_ value: JSONNode, choices: [String]?) -> String {
        guard case .number(let number) = value.value else {
            return "must be a string or true/false, not \(value.kindName)"
        }
        guard let choices, let first = choices.first else {
            let typed = Int(exactly: number).map(String.init) ?? number.description
            return "must be a string or true/false, not a number (for a typed answer write \"answer\": \"\(typed)\")"
        }
        let position = Int(exactly: number).flatMap { choices.indices.contains($0) ? $0 : nil }
        let meant = position.map { choices[$0] } ?? first
        return "must be the right choice's text, not a number: write \"answer\": \"\(meant.trimmed)\" "
            + "(the text, not its position)"
    }

    /// A rejected answer must not also be a right one: compared in the form
    /// typed answers are (`AnswerMatcher.form`, so `Malcolm 10` beside
    /// `Malcolm X` or `Hague` beside `The Hague` is caught, which the
    /// matcher would otherwise drop: the right answer can always be given),
    /// through a dictionary, so a long list costs no more than reading it.
    private mutating func checkReject(
        _ reject: [String], against kind: Question.Kind, strict: Bool, node: JSONNode, number: Int
    ) {
        func key(_ text: String) -> String { AnswerMatcher.form(text, strict: strict) }
        var right: [String: String] = [:]
        switch kind {
        case .multipleChoice(let choices, let answer):
            right[key(choices[answer])] = "the answer"
        case .freeText(let answer, let accepted):
            right[key(answer)] = "the answer"
            for (i, text) in accepted.enumerated() {
                let form = key(text)
                if right[form] == nil { right[form] = "accepted (accept item \(i + 1))" }
            }
        case .trueFalse:
            return
        }
        for (i, text) in reject.enumerated() {
            if let what = right[key(text)] {
                questionProblem(number, "reject", "item \(i + 1) \"\(text)\" is \(what)", at: node)
            }
        }
    }

    private mutating func multipleChoice(
        _ choices: [String], answer: String, node: JSONNode, number: Int
    ) -> Question.Kind? {
        let choicesNode = node["choices"]!
        if choices.count < 2 {
            questionProblem(number, "choices", "needs at least two choices", at: choicesNode)
            return nil
        }
        if choices.count > ChoiceLabels.maximumChoices {
            questionProblem(
                number, "choices",
                "has \(choices.count) choices; at most \(ChoiceLabels.maximumChoices), one letter a–z each",
                at: choicesNode)
            return nil
        }
        var seen = Set<String>()
        for choice in choices where !seen.insert(AnswerMatcher.sameChoiceKey(choice)).inserted {
            questionProblem(number, "choices", "\"\(choice)\" is listed twice", at: choicesNode)
            return nil
        }
        // Choices are shown trimmed, so `"Paris "` is the answer `Paris`.
        guard let index = choices.firstIndex(of: answer) ?? choices.firstIndex(where: { $0.trimmed == answer.trimmed })
        else {
            // The choice it is nearest to, if any: the same text but for case
            // and spaces, or a typo of a word long enough to tell (`z` is no typo of `x`).
            let folded = answer.trimmed.lowercased()
            let near =
                choices.first { $0.trimmed.lowercased() == folded }
                ?? (folded.count < 4
                    ? nil : NearestMatch.suggestion(for: answer.trimmed, among: choices.map(\.trimmed)))
            let instead =
                near.map { "; write \"answer\": \"\($0.trimmed)\", the choice's text exactly" }
                ?? "; the answer is the right choice's text, exactly as in \"choices\""
            questionProblem(
                number, "answer", "\"\(answer)\" is not one of the choices\(instead)", at: node["answer"]!)
            return nil
        }
        return .multipleChoice(choices: choices.map(\.trimmed), answer: index)
    }
}

extension String {
    /// Whether it has more than `limit` characters: told by its UTF-8 length
    /// when that is within the limit (a character is at least one byte), so
    /// most texts are not walked character by character.
    func isLonger(than limit: Int) -> Bool {
        utf8.count > limit && count > limit
    }

    /// Without white space or line breaks at either end. Most texts have none,
    /// and then nothing is copied (Foundation's trimming always copies, and
    /// was a third of loading a 5,000-question bank).
    var trimmed: String {
        // Looks at the first and last scalars only: Character access would
        // find grapheme boundaries, which costs more than the rest of loading.
        // An ASCII scalar is white space when it is a tab, a line break, a
        // vertical tab, a form feed, a carriage return or a space (Unicode's
        // White_Space in ASCII), told without the Unicode tables (a text of
        // an import was 7 % of it, `perf record`).
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? (9...13).contains(scalar.value) || scalar.value == 32 : scalar.properties.isWhitespace
        }
        // Most texts start and end with an ASCII byte that is no white
        // space: told by two bytes, without decoding a scalar.
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
            !(first == 32 || (9...13).contains(first)), !(last == 32 || (9...13).contains(last))
        {
            return self
        }
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
            isWhitespace(first) || isWhitespace(last)
        else { return self }
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
