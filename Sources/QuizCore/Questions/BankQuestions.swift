import Foundation

/// The questions of a `QuestionBank`: made already, or still in the bytes of
/// the bank's parsed copy, made the first time they are asked for. The menu
/// shows each bank's count and counts the questions due by their identities
/// (`outlines`), neither of which needs a question made: making the 12
/// bundled banks' questions at every start was an eighth of the menu's time.
/// A reference shared by the copies of a bank, so they are made once; a lock
/// makes that safe across threads.
package final class BankQuestions: @unchecked Sendable {
    /// What names a question (`QuestionIdentity`) without making it.
    package struct Outline: Sendable, Equatable {
        /// The author's `"id"`; nil when there is none (or it is empty).
        var id: String?
        /// `Question.identity`: set only on a question gathered from another bank.
        var identity: String? = nil
        /// The prompt's `QuestionIdentity.fingerprintValue`.
        var fingerprint: UInt64

        package init(id: String?, identity: String? = nil, fingerprint: UInt64) {
            self.id = id
            self.identity = identity
            self.fingerprint = fingerprint
        }

        /// Its identity in `bank` when something names it (`identity`, else
        /// `BANK#ID`); nil when only its prompt's fingerprint does.
        func named(in bank: String) -> String? { identity ?? id.map { bank + "#" + $0 } }

        /// Its identity in `bank` (`QuestionIdentity.of`).
        func identity(in bank: String) -> String {
            named(in: bank) ?? bank + "~" + QuestionIdentity.hex(fingerprint)
        }
    }

    let count: Int
    private let lock = NSLock()
    private var made: [Question]?
    private var make: (@Sendable () -> [Question])?
    private var madeOutlines: [Outline]?

    /// Questions already made.
    init(_ questions: [Question]) {
        count = questions.count
        made = questions
    }

    /// `count` questions that `make` makes when first asked for, named by
    /// `outlines` (one per question, in order) meanwhile.
    package init(count: Int, outlines: [Outline], make: @escaping @Sendable () -> [Question]) {
        self.count = count
        self.make = make
        madeOutlines = outlines
    }

    var questions: [Question] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let questions = make?() ?? []
        made = questions
        make = nil
        return questions
    }

    /// Each question's outline, in order; for questions made, from them.
    var outlines: [Outline] {
        lock.lock()
        if let madeOutlines {
            lock.unlock()
            return madeOutlines
        }
        lock.unlock()
        let outlines = questions.map { question in
            Outline(
                id: question.id.flatMap { $0.isEmpty ? nil : $0 },
                identity: question.identity,
                fingerprint: QuestionIdentity.fingerprintValue(of: question))
        }
        lock.lock()
        madeOutlines = outlines
        lock.unlock()
        return outlines
    }
}
