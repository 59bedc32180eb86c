/// What `quiz --validate` warns about in a bank that loads: text holding
/// characters a terminal would act on (escape sequences, BEL, C1 controls,
/// bidi overrides; line breaks in one-line fields such as a title or a
/// choice). The bank still plays: `TerminalText.safe` shows them visibly.
public enum ControlCharacterWarnings {
    /// One problem per field at fault, "warning: " first, naming the
    /// characters (`<U+001B>`) and how they are shown (`^[`).
    public static func problems(in bank: QuestionBank) -> [BankProblem] {
        var problems: [BankProblem] = []
        func check(_ text: String?, _ place: BankProblem.Place, _ what: String = "", lineBreaks: Bool = false) {
            guard let text else { return }
            let found = TerminalText.controlCharacters(in: text, lineBreaks: lineBreaks)
            guard !found.isEmpty else { return }
            let names = found.map(TerminalText.visible).joined(separator: " ")
            let shown = found.map { TerminalText.safe(String(Character($0))) }
                .map { $0 == " " ? "a space" : $0 }.joined(separator: " ")
            problems.append(
                BankProblem(
                    path: bank.path, place: place,
                    message: "warning: \(what)holds control characters \(names), shown as \(shown)"))
        }
        check(bank.id, .file, "the file name ")
        check(bank.title, .file, "\"title\" ")
        check(bank.description, .file, "\"description\" ", lineBreaks: true)
        for (index, question) in bank.questions.enumerated() {
            let number = index + 1
            func field(_ name: String) -> BankProblem.Place { .question(number: number, field: name, line: nil) }
            check(question.prompt, field("prompt"), lineBreaks: true)
            check(question.explanation, field("explanation"), lineBreaks: true)
            check(question.category, field("category"))
            for tag in question.tags { check(tag, field("tags")) }
            switch question.kind {
            case .multipleChoice(let choices, _):
                for choice in choices { check(choice, field("choices")) }
            case .trueFalse:
                break
            case .freeText(let answer, let accepted):
                check(answer, field("answer"))
                for alternative in accepted { check(alternative, field("accept")) }
            }
        }
        return problems
    }
}
