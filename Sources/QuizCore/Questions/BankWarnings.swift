/// What `quiz --validate` warns about in a bank that loads: the bank plays,
/// but not as its author may think. Control characters
/// (`ControlCharacterWarnings`), and a typed answer that reads as true or
/// false (`"answer": "true"`, a string): it plays as a typed answer, where
/// only that word is right, not yes or no.
public enum BankWarnings {
    /// Every warning, "warning: " first, one per field at fault.
    public static func problems(in bank: QuestionBank) -> [BankProblem] {
        var problems = ControlCharacterWarnings.problems(in: bank)
        for (index, question) in bank.questions.enumerated() {
            guard case .freeText(let answer, let accepted) = question.kind, accepted.isEmpty,
                ["true", "false"].contains(answer.lowercased())
            else { continue }
            problems.append(
                BankProblem(
                    path: bank.path, place: .question(number: index + 1, field: "answer", line: nil),
                    message:
                        "warning: \"\(answer)\" is a string, so it plays as a typed answer where only "
                        + "\(answer.lowercased()) is right, not yes or no; for a true/false question write "
                        + "\"answer\": \(answer.lowercased()), without quotes"))
        }
        return problems
    }
}
