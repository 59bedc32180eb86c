import Foundation
import QuizCore

/// What every bundled bank must meet beyond loading (which already rejects
/// duplicate ids and prompts within one bank): at least 30 questions, a
/// quarter of them hard, every question with a kebab-case id, an explanation
/// and a difficulty, and no prompt that another bank asks too (compared as
/// answers are, through AnswerNormalizer). Each fault is one line naming the
/// bank file and the question.
struct BankAudit {
    static let minimumQuestions = 30
    /// `hard * hardShareDenominator >= count`: a quarter.
    static let hardShareDenominator = 4

    var banks: [QuestionBank]

    var problems: [String] {
        var found: [String] = []
        var prompts: [String: String] = [:]
        for bank in banks {
            let name = (bank.path as NSString).lastPathComponent
            if bank.questions.count < Self.minimumQuestions {
                found.append("\(name): \(bank.questions.count) questions, fewer than \(Self.minimumQuestions)")
            }
            let hard = bank.questions.filter { $0.difficulty == .hard }.count
            if hard * Self.hardShareDenominator < bank.questions.count {
                found.append("\(name): \(hard) of \(bank.questions.count) questions hard, fewer than a quarter")
            }
            for (index, question) in bank.questions.enumerated() {
                let place = "\(name): question \(index + 1)"
                if let id = question.id {
                    if !Self.isKebabCase(id) { found.append("\(place): id \"\(id)\" is not kebab-case") }
                } else {
                    found.append("\(place): no id")
                }
                if (question.explanation ?? "").allSatisfy(\.isWhitespace) {
                    found.append("\(place): no explanation")
                }
                if question.difficulty == nil { found.append("\(place): no difficulty") }
                let key = AnswerNormalizer.normalize(question.prompt)
                if let first = prompts[key] {
                    found.append("\(place): same prompt as \(first)")
                } else {
                    prompts[key] = place
                }
            }
        }
        return found
    }

    /// Lower-case ASCII letters and digits in words joined by single hyphens.
    static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}
