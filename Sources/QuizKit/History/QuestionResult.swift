import Foundation

/// How one question of a game went.
public enum QuestionOutcome: String, Sendable, Codable {
    case right, wrong, skipped
}

/// One question's result inside a `Session`: what was asked, what the player
/// gave, the right answer. Archived as a `QuestionResult` object with the
/// keys `prompt`, `outcome`, `given` (absent when skipped) and `answer`.
public final class QuestionResult: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    public let prompt: String
    public let outcome: QuestionOutcome
    public let given: String?
    public let answer: String

    public init(prompt: String, outcome: QuestionOutcome, given: String?, answer: String) {
        self.prompt = prompt
        self.outcome = outcome
        self.given = given
        self.answer = answer
    }

    public func encode(with coder: NSCoder) {
        coder.encode(prompt as NSString, forKey: "prompt")
        coder.encode(outcome.rawValue as NSString, forKey: "outcome")
        if let given { coder.encode(given as NSString, forKey: "given") }
        coder.encode(answer as NSString, forKey: "answer")
    }

    public init?(coder: NSCoder) {
        guard let prompt = coder.decodeObject(of: NSString.self, forKey: "prompt"),
            let outcome = coder.decodeObject(of: NSString.self, forKey: "outcome")
        else { return nil }
        self.prompt = prompt as String
        self.outcome = QuestionOutcome(rawValue: outcome as String) ?? .wrong
        // Absent keys must not reach decodeObject: Foundation on Linux traps on them.
        given =
            coder.containsValue(forKey: "given")
            ? coder.decodeObject(of: NSString.self, forKey: "given") as String? : nil
        answer =
            coder.containsValue(forKey: "answer")
            ? (coder.decodeObject(of: NSString.self, forKey: "answer") as String?) ?? "" : ""
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? QuestionResult else { return false }
        return prompt == other.prompt && outcome == other.outcome && given == other.given && answer == other.answer
    }

    /// Over every field: Foundation's archiver keeps visited objects in a set
    /// by `hash`, and a hash shared by many results made it quadratic.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(prompt)
        hasher.combine(outcome)
        hasher.combine(given)
        hasher.combine(answer)
        return hasher.finalize()
    }
}
