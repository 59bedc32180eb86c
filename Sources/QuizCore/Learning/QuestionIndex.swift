import Foundation

/// The questions of the banks there are now, by `QuestionIdentity`, and
/// what resolves a recorded result to one of them: its recorded identity, or
/// for a result recorded before identities were (or a question that gained
/// an `"id"` since), the fingerprint of its prompt in the bank it was played from.
public struct QuestionIndex: Sendable {
    /// A question there is now, and the bank it is in.
    public struct Entry: Sendable {
        public var bank: String
        public var bankTitle: String
        /// Its place in its bank.
        public var position: Int
        let questions: BankQuestions

        /// The question, made (with the rest of its bank) when first asked
        /// for: counting what is due needs only the identities.
        public var question: Question { questions.questions[position] }
    }

    public private(set) var entries: [String: Entry] = [:]
    /// The ids of the banks indexed (a bank of no question too).
    public let bankIDs: Set<String>
    private let aliases: Aliases

    /// Per bank, the prompt fingerprint of each question that has an `"id"`
    /// → that id's identity, by number (no fingerprint identity is made for
    /// a question that has an id), made the first time a fingerprint
    /// identity is looked up: a history whose answers all carry id
    /// identities, as the bundled banks' do, never needs it (making it was
    /// 3% of the menu's start). A reference, shared by copies of the index.
    final class Aliases: @unchecked Sendable {
        private let banks: [QuestionBank]
        private let lock = NSLock()
        private var table: [Substring: [UInt64: String]]?

        init(banks: [QuestionBank]) { self.banks = banks }

        func identity(bank: Substring, fingerprint: UInt64) -> String? {
            lock.lock()
            defer { lock.unlock() }
            if table == nil { table = Self.make(banks) }
            return table?[bank]?[fingerprint]
        }

        private static func make(_ banks: [QuestionBank]) -> [Substring: [UInt64: String]] {
            var table: [Substring: [UInt64: String]] = [:]
            for bank in banks {
                var named: [UInt64: String] = [:]
                for outline in bank.storage.outlines {
                    if let identity = outline.named(in: bank.id) { named[outline.fingerprint] = identity }
                }
                if !named.isEmpty { table[Substring(bank.id), default: [:]].merge(named) { $1 } }
            }
            return table
        }
    }

    public init(banks: [QuestionBank] = []) {
        aliases = Aliases(banks: banks)
        bankIDs = Set(banks.map(\.id))
        entries.reserveCapacity(banks.reduce(0) { $0 + $1.questionCount })
        for bank in banks {
            for (position, outline) in bank.storage.outlines.enumerated() {
                entries[outline.identity(in: bank.id)] = Entry(
                    bank: bank.id, bankTitle: bank.title, position: position, questions: bank.storage)
            }
        }
    }

    /// The identity a result of a game of `quiz` counts for.
    public func identity(of result: QuestionResult, quiz: String?) -> String {
        resolved(result, quiz: quiz).identity
    }

    /// The identity a result of a game of `quiz` counts for, and, when it
    /// counts for it through an alias (a fingerprint identity, recorded or
    /// made from its prompt, of a question that has an `"id"` now), that
    /// fingerprint identity.
    public func resolved(_ result: QuestionResult, quiz: String?) -> (identity: String, through: String?) {
        if let recorded = result.identity {
            guard let aliased = alias(of: recorded) else { return (recorded, nil) }
            return (aliased, recorded)
        }
        let value = QuestionIdentity.fingerprintValue(result.prompt)
        let bank = quiz ?? ""
        let fingerprinted = { bank + "~" + QuestionIdentity.hex(value) }
        guard let aliased = aliases.identity(bank: Substring(bank), fingerprint: value) else {
            return (fingerprinted(), nil)
        }
        return (aliased, fingerprinted())
    }

    /// The category of the question a game of `quiz` asked as `prompt`
    /// (its prompt's fingerprint, or the question with an `"id"` it has now);
    /// nil when no bank has it or it has no category.
    public func category(quiz: String?, prompt: String) -> String? {
        let value = QuestionIdentity.fingerprintValue(prompt)
        let bank = quiz ?? ""
        let identity =
            aliases.identity(bank: Substring(bank), fingerprint: value) ?? bank + "~" + QuestionIdentity.hex(value)
        return entries[identity]?.question.category
    }

    /// Each alias a schedule counted answers through (`ReviewSchedule.aliased`)
    /// is still one: else the question's prompt changed since (or its bank
    /// is gone), and a schedule made now would count those answers apart.
    public func keeps(_ aliased: [String: String]) -> Bool {
        aliased.allSatisfy { alias(of: $0.key) == $0.value }
    }

    /// The identity of a question with an `"id"` whose fingerprint identity
    /// (recorded before it gained that id) is `identity`; nil for any other.
    public func alias(of identity: String) -> String? {
        guard let part = QuestionIdentity.fingerprintPart(of: identity) else { return nil }
        return aliases.identity(bank: part.bank, fingerprint: part.value)
    }

    /// A card of `schedule` is kept under a fingerprint identity whose
    /// question has an `"id"` now: the schedule was made before that id was
    /// added, and must be rebuilt so that the question keeps its history.
    public func renames(_ schedule: ReviewSchedule) -> Bool {
        schedule.cards.keys.contains { alias(of: $0) != nil }
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
