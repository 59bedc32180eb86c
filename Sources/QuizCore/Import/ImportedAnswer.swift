/// The back of a card made a typed answer, as a quizmaster reads it:
/// the first paragraph is the answer, what follows a blank line is a note
/// about it (the explanation: `Nairobi`, then `since 1963`); the first
/// paragraph's lines are one line, joined with `; ` (a list on the back,
/// its `- ` and `1. ` markers left out), but a line wholly in brackets is a
/// gloss of the line before (`Tokyo (東京)`); and an answer ending in a
/// gloss accepts what comes before it too (`Tokyo`).
struct ImportedAnswer: Equatable {
    var answer: String
    /// The answer without its closing gloss, when it has one.
    var accept: String?
    /// The paragraphs after the first, each line kept.
    var note: String?

    init(answer: String, accept: String? = nil, note: String? = nil) {
        self.answer = answer
        self.accept = accept
        self.note = note
    }

    init(_ back: String) {
        let bytes = back.utf8
        guard
            bytes.contains(where: {
                (10...13).contains($0) || $0 >= 0x80 || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[")
            })
        else {
            answer = back.trimmed
            return
        }
        let lines = back.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            String($0).trimmed
        }
        // The first paragraph: from the first line of text to the next blank line.
        let start = lines.firstIndex { !$0.isEmpty } ?? lines.endIndex
        let end = lines[start...].firstIndex { $0.isEmpty } ?? lines.endIndex
        let first = lines[start..<end]
        let rest = lines[end...].filter { !$0.isEmpty }
        note = rest.isEmpty ? nil : rest.joined(separator: "\n")
        let items = first.count > 1 ? first.map(CardImport.withoutListMarker) : Array(first)
        var joined = ""
        for item in items {
            if joined.isEmpty {
                joined = item
            } else {
                joined += (Self.gloss(item) != nil ? " " : "; ") + item
            }
        }
        answer = joined
        accept = Self.withoutClosingGloss(joined)
    }

    /// What a line wholly in round or square brackets holds, when it shows something.
    static func gloss(_ line: some StringProtocol) -> Substring? {
        guard let open = line.first, let close = line.last, line.count > 2,
            (open == "(" && close == ")") || (open == "[" && close == "]")
        else { return nil }
        let inside = line.dropFirst().dropLast()
        // One pair: `(a) or (b)` is two glosses' text, not one.
        guard !inside.contains(open), !inside.contains(close), !String(inside).showsNothing else { return nil }
        return Substring(inside)
    }

    /// `answer` without the gloss it ends in (` (…)` or ` […]`), when what
    /// is left shows something, has no bracket of that kind (`(a) or (b)`
    /// is one answer) and does not end a list (`a; (b)`).
    static func withoutClosingGloss(_ answer: String) -> String? {
        guard answer.last == ")" || answer.last == "]" else { return nil }
        let open: Character = answer.last == ")" ? "(" : "["
        guard let start = answer.lastIndex(of: open), start > answer.startIndex,
            answer[answer.index(before: start)] == " ", gloss(answer[start...]) != nil
        else { return nil }
        let base = String(answer[..<start]).trimmed
        guard !base.showsNothing, !base.hasSuffix(";"), !base.contains(open) else { return nil }
        return base
    }
}
