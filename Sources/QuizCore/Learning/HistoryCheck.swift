/// `quiz --validate --history-check`: the prompts the history recorded for a
/// bank that no longer match any of its questions (a prompt edited in a
/// question without an `"id"`: its history no longer counts), each with the
/// nearest prompt the bank has now, so its author can add ids (or, for one
/// recorded under an "id" the bank no longer has, what became of that id).
public struct HistoryCheck: Sendable {
    public struct Orphan: Sendable, Equatable {
        /// The prompt as last recorded.
        public var prompt: String
        public var answers: Int
        /// The bank's closest prompt now (by edit distance of normalised
        /// prompts) among the questions it may have become: for one recorded
        /// without an id, those without an id; nil when there is none.
        public var nearest: String?
        /// The `"id"` it was recorded under, when it had one.
        public var recordedID: String?
        /// The question of the bank now whose prompt is this one (normalised), when one has it.
        public var samePrompt: Question?
    }

    public private(set) var orphans: [Orphan] = []
    /// Answers in the history that count for the bank (matched or not).
    public private(set) var answers = 0

    /// The results of `sessions` that count for `bank` (games of it, and
    /// reviews of its questions) and match none of its questions.
    public init(bank: QuestionBank, sessions: [Session]) {
        let index = QuestionIndex(banks: [bank])
        var found: [String: Orphan] = [:]
        var order: [String] = []
        for session in sessions {
            for result in session.results {
                let recorded = result.identity
                let ofBank =
                    session.quiz == bank.id
                    || recorded.map { $0.hasPrefix(bank.id + "#") || $0.hasPrefix(bank.id + "~") } ?? false
                guard ofBank else { continue }
                answers += 1
                let identity = index.identity(of: result, quiz: session.quiz == bank.id ? bank.id : nil)
                guard index.entries[identity] == nil else { continue }
                if found[identity] == nil {
                    order.append(identity)
                    let id = identity.hasPrefix(bank.id + "#") ? String(identity.dropFirst(bank.id.count + 1)) : nil
                    found[identity] = Orphan(prompt: result.prompt, answers: 0, nearest: nil, recordedID: id)
                }
                found[identity]?.prompt = result.prompt
                found[identity]?.answers += 1
            }
        }
        let prompts = bank.questions.map { ($0, Array(AnswerNormalizer.normalize($0.prompt))) }
        // What an orphan recorded without an id may have become: a question
        // without one (a question with an "id" is recorded under it, so it is
        // no edited form of a prompt recorded without). One recorded under
        // an id that is gone may be any question.
        let withoutID = prompts.filter { $0.0.id?.isEmpty ?? true }
        orphans = order.compactMap { identity in
            guard var orphan = found[identity] else { return nil }
            let normalised = Array(AnswerNormalizer.normalize(orphan.prompt))
            orphan.samePrompt = prompts.first { $0.1 == normalised }?.0
            let candidates = orphan.recordedID == nil ? withoutID : prompts
            orphan.nearest =
                candidates.min {
                    NearestMatch.editDistance(normalised, $0.1) < NearestMatch.editDistance(normalised, $1.1)
                }?
                .0.prompt
            return orphan
        }
    }

    /// One line per orphan, after a line that says what they are; one line
    /// when all match, or when the history holds no answer of the bank.
    /// `complete`: the history was read whole (else the lines say so).
    public func lines(file: String, complete: Bool = true) -> [String] {
        let part = complete ? "" : " (in the part of the history that could be read)"
        guard answers > 0 else { return ["\(file): no games of this bank in the history\(part)"] }
        guard !orphans.isEmpty else { return ["\(file): every prompt in the history matches a question\(part)"] }
        let count = orphans.count
        let one = count == 1
        let head =
            orphans.contains { $0.recordedID == nil }
            ? "\(count) recorded prompt\(one ? "" : "s") match\(one ? "es" : "") no question\(part); "
                + "give questions an \"id\" so that an edited prompt keeps its history:"
            : "\(count) recorded id\(one ? " is" : "s are") not in the bank now\(part), so "
                + "\(one ? "its" : "their") history no longer counts:"
        var lines = ["\(file): " + head]
        for orphan in orphans {
            lines.append(
                "  \"\(orphan.prompt)\" (\(orphan.answers) answer\(orphan.answers == 1 ? "" : "s"))" + Self.why(orphan))
        }
        return lines
    }

    /// What happened to an orphan: its id changed or went, or its prompt was edited.
    static func why(_ orphan: Orphan) -> String {
        let nearest = orphan.nearest.map { ", nearest now: \"\($0)\"" } ?? ""
        guard let id = orphan.recordedID else { return nearest }
        if let question = orphan.samePrompt {
            if let now = question.id, !now.isEmpty {
                return ": its id changed from \"\(id)\" to \"\(now)\"; an id must not change once played"
            }
            return ": recorded under id \"\(id)\", which the bank no longer has; give it back that id"
        }
        return ": recorded under id \"\(id)\", which the bank no longer has" + nearest
    }
}
