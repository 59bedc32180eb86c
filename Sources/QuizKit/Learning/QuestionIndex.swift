/// The questions of the banks there are now, by `QuestionIdentity`, and
/// what resolves a recorded result to one of them: its recorded identity, or
/// for a result recorded before identities were (or a question that gained
/// an `"id"` since), the fingerprint of its prompt in the bank it was played from.
public struct QuestionIndex: Sendable {
    /// A question there is now, and the bank it is in.
    public struct Entry: Sendable {
        public var question: Question
        public var bank: String
        public var bankTitle: String
    }

    public private(set) var entries: [String: Entry] = [:]
    /// The fingerprint identity of each question that has an `"id"` → that id's identity.
    private var aliases: [String: String] = [:]

    public init(banks: [QuestionBank] = []) {
        entries.reserveCapacity(banks.reduce(0) { $0 + $1.questions.count })
        for bank in banks {
            for question in bank.questions {
                // QuestionIdentity.of, with the prompt fingerprinted once, not twice.
                let fingerprinted = QuestionIdentity.fingerprinted(bank: bank.id, question: question)
                let identity =
                    question.identity ?? question.id.flatMap { $0.isEmpty ? nil : bank.id + "#" + $0 } ?? fingerprinted
                entries[identity] = Entry(question: question, bank: bank.id, bankTitle: bank.title)
                if fingerprinted != identity { aliases[fingerprinted] = identity }
            }
        }
    }

    /// The identity a result of a game of `quiz` counts for.
    public func identity(of result: QuestionResult, quiz: String?) -> String {
        let recorded = result.identity ?? QuestionIdentity.fingerprinted(bank: quiz ?? "", prompt: result.prompt)
        return aliases[recorded] ?? recorded
    }

    /// The identity of a question with an `"id"` whose fingerprint identity
    /// (recorded before it gained that id) is `identity`; nil for any other.
    public func alias(of identity: String) -> String? { aliases[identity] }

    /// A card of `schedule` is kept under a fingerprint identity whose
    /// question has an `"id"` now: the schedule was made before that id was
    /// added, and must be rebuilt so that the question keeps its history.
    public func renames(_ schedule: ReviewSchedule) -> Bool {
        !aliases.isEmpty && schedule.cards.keys.contains { aliases[$0] != nil }
    }

    /// The kind of the question of `identity`, for the median answer time
    /// the rating compares with: `choice`, `truefalse`, `text`, or `other`
    /// for a question whose bank is gone.
    public func kind(of identity: String) -> String {
        switch entries[identity]?.question.kind {
        case .multipleChoice: "choice"
        case .trueFalse: "truefalse"
        case .freeText: "text"
        case nil: "other"
        }
    }
}
