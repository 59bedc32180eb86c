import Foundation

/// How one question of a game went.
public enum QuestionOutcome: String, Sendable, Codable {
    case right, wrong, skipped
}

/// One question's result inside a `Session`: what was asked, what the player
/// gave, the right answer. Archived as a `QuestionResult` object with the
/// keys `prompt`, `outcome`, `given` (absent when skipped) and `answer`, and
/// two of our own, absent unless they say something: `typed`, the line as
/// the player typed it when it was read as another text (a slip accepted:
/// `Havanna` given as `Havana`), and `overridden` (the integer 1), an answer
/// marked wrong that the player counted as right with `!` (its outcome is
/// `right`); `question`, the question's `QuestionIdentity`, and `seconds`,
/// how long the answer took (a double). Archives without them read as before
/// (a result without `question` is matched to its question by its prompt).
public final class QuestionResult: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }

    public let prompt: String
    public let outcome: QuestionOutcome
    public let given: String?
    public let answer: String
    /// What the player typed, when it differs from `given` other than by a label (`2`, `b`).
    public let typed: String?
    /// Marked wrong, then counted right by the player (`!`); `outcome` is then `right`.
    public let overridden: Bool
    /// The question's `QuestionIdentity`; nil in results recorded before it was.
    public let identity: String?
    /// Seconds from the question shown to its answer; nil when not measured.
    public let seconds: TimeInterval?

    public init(
        prompt: String, outcome: QuestionOutcome, given: String?, answer: String, typed: String? = nil,
        overridden: Bool = false, identity: String? = nil, seconds: TimeInterval? = nil
    ) {
        self.prompt = prompt
        self.outcome = outcome
        self.given = given
        self.answer = answer
        self.typed = typed
        self.overridden = overridden
        self.identity = identity
        self.seconds = seconds
    }

    /// The same result with how long it took.
    public func timed(_ seconds: TimeInterval) -> QuestionResult {
        QuestionResult(
            prompt: prompt, outcome: outcome, given: given, answer: answer, typed: typed, overridden: overridden,
            identity: identity, seconds: seconds)
    }

    /// The same result counted right by the player.
    public func overriddenAsRight() -> QuestionResult {
        QuestionResult(
            prompt: prompt, outcome: .right, given: given, answer: answer, typed: typed, overridden: true,
            identity: identity, seconds: seconds)
    }

    public func encode(with coder: NSCoder) {
        coder.encode(prompt as NSString, forKey: "prompt")
        coder.encode(outcome.rawValue as NSString, forKey: "outcome")
        if let given { coder.encode(given as NSString, forKey: "given") }
        coder.encode(answer as NSString, forKey: "answer")
        if let typed { coder.encode(typed as NSString, forKey: "typed") }
        if overridden { coder.encode(1, forKey: "overridden") }
        if let identity { coder.encode(identity as NSString, forKey: "question") }
        if let seconds { coder.encode(seconds, forKey: "seconds") }
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
        typed =
            coder.containsValue(forKey: "typed")
            ? coder.decodeObject(of: NSString.self, forKey: "typed") as String? : nil
        overridden = coder.containsValue(forKey: "overridden") && coder.decodeInteger(forKey: "overridden") != 0
        identity =
            coder.containsValue(forKey: "question")
            ? coder.decodeObject(of: NSString.self, forKey: "question") as String? : nil
        seconds = coder.containsValue(forKey: "seconds") ? coder.decodeDouble(forKey: "seconds") : nil
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? QuestionResult else { return false }
        return prompt == other.prompt && outcome == other.outcome && given == other.given && answer == other.answer
            && typed == other.typed && overridden == other.overridden && identity == other.identity
            && seconds == other.seconds
    }

    /// Over every field: Foundation's archiver keeps visited objects in a set
    /// by `hash`, and a hash shared by many results made it quadratic.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(prompt)
        hasher.combine(outcome)
        hasher.combine(given)
        hasher.combine(answer)
        hasher.combine(typed)
        hasher.combine(overridden)
        hasher.combine(identity)
        return hasher.finalize()
    }
}
