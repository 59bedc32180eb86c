/// `quiz --validate --history-check`: the prompts the history recorded for a
/// bank that no longer match any of its questions (a prompt edited in a
/// question without an `"id"`: its history no longer counts), each with the
/// nearest prompt the bank has now, so its author can add ids.
public struct HistoryCheck: Sendable {
    public struct Orphan: Sendable, Equatable {
        /// The prompt as last recorded.
        public var prompt: String
        public var answers: Int
        /// The bank's closest prompt now (by edit distance of normalised prompts); nil for an empty bank.
        public var nearest: String?
    }

    public private(set) var orphans: [Orphan] = []

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
                let identity = index.identity(of: result, quiz: session.quiz == bank.id ? bank.id : nil)
                guard index.entries[identity] == nil else { continue }
                if found[identity] == nil {
                    order.append(identity)
                    found[identity] = Orphan(prompt: result.prompt, answers: 0, nearest: nil)
                }
                found[identity]?.prompt = result.prompt
                found[identity]?.answers += 1
            }
        }
        let prompts = bank.questions.map { ($0.prompt, Array(AnswerNormalizer.normalize($0.prompt))) }
        orphans = order.compactMap { identity in
            guard var orphan = found[identity] else { return nil }
            let normalised = Array(AnswerNormalizer.normalize(orphan.prompt))
            orphan.nearest =
                prompts.min {
                    NearestMatch.editDistance(normalised, $0.1) < NearestMatch.editDistance(normalised, $1.1)
                }?
                .0
            return orphan
        }
    }

    /// One line per orphan, after a line that says what they are; none when all match.
    public func lines(file: String) -> [String] {
        guard !orphans.isEmpty else { return ["\(file): every prompt in the history matches a question"] }
        let count = orphans.count
        var lines = [
            "\(file): \(count) recorded prompt\(count == 1 ? "" : "s") match\(count == 1 ? "es" : "") no question; "
                + "give questions an \"id\" so that an edited prompt keeps its history:"
        ]
        for orphan in orphans {
            lines.append(
                "  \"\(orphan.prompt)\" (\(orphan.answers) answer\(orphan.answers == 1 ? "" : "s"))"
                    + (orphan.nearest.map { ", nearest now: \"\($0)\"" } ?? ""))
        }
        return lines
    }
}
