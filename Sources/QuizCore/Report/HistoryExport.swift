import Foundation
internal import QuizFormats

/// `quiz --history --format json` read back (`HistoryReport.jsonObject`
/// wrote it), for `--merge-history`. The export keeps less than the archive
/// does: dates to the second (an imported answer's time too), durations to the tenth, no category,
/// difficulty or source, a title that may be its bank's rather than the
/// game's. So a game read from an export is compared with the history's
/// games as the export keeps them (`projection`): the same game exported
/// twice, or exported from a history that holds it, is the same game.
package enum HistoryExport {
    /// The export's games, oldest first (the export lists them newest first);
    /// those that cannot be a game (not an object, no date or score, a date
    /// or duration no game can have) are skipped and counted, the first one's
    /// reason kept. Throws when the bytes are no JSON array at all.
    package struct Read {
        package var games: [Session] = []
        package var skipped = 0
        package var firstProblem: String?
    }

    package enum Failure: Error, Equatable {
        /// Not JSON (a syntax error: line, column, message).
        case notJSON(String)
        /// JSON, but not an array of games.
        case notAnExport(String)
    }

    package static func read(_ bytes: [UInt8]) throws(Failure) -> Read {
        var read = Read()
        let elements: [JSONNode?]
        switch Result(catching: { () throws(JSONParser.SyntaxError) -> JSONNode in try JSONParser.parse(bytes) }) {
        case .success(let root):
            guard let array = root.array else { throw .notAnExport("it is \(root.kindName), not an array of games") }
            elements = array
        case .failure(let error):
            // One bad token (a NaN, say) costs its game, not the export: each
            // game of the array parsed on its own.
            guard let games = Self.elements(bytes) else {
                throw .notJSON("line \(error.line), column \(error.column): \(error.message)")
            }
            elements = games.map { try? JSONParser.parse(Array(bytes[$0])) }
        }
        let iso = formatter()
        for (index, element) in elements.enumerated() {
            guard let element else {
                read.skipped += 1
                if read.firstProblem == nil { read.firstProblem = "game \(index + 1) is not JSON" }
                continue
            }
            guard let session = game(element, iso: iso) else {
                read.skipped += 1
                if read.firstProblem == nil { read.firstProblem = "game \(index + 1) has no date or score" }
                continue
            }
            // What the archive's and the journal's readers refuse (a date or
            // a duration no game can have) is refused here too, not recorded.
            if let absurdity = session.fields.absurdity {
                read.skipped += 1
                if read.firstProblem == nil { read.firstProblem = "game \(index + 1)'s \(absurdity)" }
                continue
            }
            read.games.append(projection(session, iso: iso, keepingTitle: true))
        }
        // An export lists the newest game first; the history keeps the order
        // games were played in, so the last game (`--share`) stays the last.
        read.games.reverse()
        return read
    }

    /// Where each element of the JSON array `bytes` lies, found by its
    /// brackets, braces, strings and commas alone (its tokens unread); nil
    /// when `bytes` is no array by them (unbalanced, text after it).
    static func elements(_ bytes: [UInt8]) -> [Range<Int>]? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let open = bytes.firstIndex(where: { !isSpace($0) }), bytes[open] == UInt8(ascii: "[") else {
            return nil
        }
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = open + 1
        var index = open + 1
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth == 0, UInt8(ascii: ",") where depth == 0:
                    let element = start..<index
                    if bytes[element].contains(where: { !isSpace($0) }) {
                        ranges.append(element)
                    } else if byte == UInt8(ascii: ",") || !ranges.isEmpty {
                        return nil  // An empty element.
                    }
                    if byte == UInt8(ascii: "]") {
                        return bytes[(index + 1)...].allSatisfy(isSpace) ? ranges : nil
                    }
                    start = index + 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// What the export keeps of `session`, in the form `read` gives it back
    /// (the title left out unless `keepingTitle`: the export may show its
    /// bank's), so `GameIdentity(projection(game))` is the same for a game
    /// and for the game read back from its export.
    package static func projection(_ session: Session, iso: ISO8601DateFormatter, keepingTitle: Bool = false)
        -> Session
    {
        var fields = Session.Fields(
            date: iso.date(from: iso.string(from: session.date)) ?? session.date, score: session.score)
        fields.total = session.total
        fields.quiz = session.quiz
        fields.title = keepingTitle ? session.title : nil
        fields.duration = session.duration.map { ($0 * 10).rounded() / 10 }
        fields.seed = session.seed.map(throughDouble)
        fields.daily = session.daily
        fields.practice = session.practice
        // An imported answer's time is exported to the second, as a game's date is.
        fields.results =
            session.results.contains { $0.answered != nil }
            ? session.results.map { result in
                guard let answered = result.answered else { return result }
                var fields = result.fields
                fields.answered = iso.date(from: iso.string(from: answered)) ?? answered
                return QuestionResult(fields)
            } : session.results
        return Session(fields)
    }

    /// The formatter the export's dates are written and read with.
    package static func formatter() -> ISO8601DateFormatter {
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(identifier: "UTC")
        iso.formatOptions = [.withInternetDateTime]
        return iso
    }

    /// A JSON number is a double: a seed beyond 2^53 comes back rounded.
    private static func throughDouble(_ value: Int64) -> Int64 {
        let double = Double(value)
        return double >= 0x1p63 ? .max : Int64(double)
    }

    private static func game(_ node: JSONNode, iso: ISO8601DateFormatter) -> Session? {
        guard let text = node["date"]?.string, let date = iso.date(from: text),
            let score = integer(node["score"])
        else { return nil }
        var fields = Session.Fields(date: date, score: score)
        fields.total = integer(node["total"])
        fields.quiz = node["quiz"]?.string
        fields.title = node["title"]?.string
        fields.duration = number(node["duration"])
        fields.seed = number(node["seed"]).map { $0 >= 0x1p63 ? .max : $0 < -0x1p63 ? .min : Int64($0) }
        fields.daily = integer(node["daily"])
        if case .bool(let practice) = node["practice"]?.value { fields.practice = practice }
        fields.results = (node["results"]?.array ?? []).compactMap { result($0, iso: iso) }
        return Session(fields)
    }

    private static func result(_ node: JSONNode, iso: ISO8601DateFormatter) -> QuestionResult? {
        guard let prompt = node["prompt"]?.string, let answer = node["answer"]?.string,
            let outcome = node["outcome"]?.string.flatMap(QuestionOutcome.init(rawValue:))
        else { return nil }
        var fields = QuestionResult.Fields(
            prompt: prompt, outcome: outcome, given: node["given"]?.string, answer: answer)
        fields.typed = node["typed"]?.string
        switch node["overridden"]?.value {
        case .bool(let overridden): fields.overridden = overridden
        case .number(let overridden): fields.overridden = overridden != 0
        default: break
        }
        fields.identity = node["question"]?.string
        fields.seconds = number(node["seconds"])
        fields.grade = integer(node["grade"])
        fields.answered = node["answered"]?.string.flatMap(iso.date(from:))
        fields.scheduled = number(node["scheduled"])
        fields.days = integer(node["days"])
        return QuestionResult(fields)
    }

    private static func number(_ node: JSONNode?) -> Double? {
        guard case .number(let value) = node?.value, value.isFinite else { return nil }
        return value
    }

    private static func integer(_ node: JSONNode?) -> Int? {
        guard let value = number(node), value.rounded() == value, abs(value) < 0x1p62 else { return nil }
        return Int(value)
    }
}
