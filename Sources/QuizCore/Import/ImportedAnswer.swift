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

    /// The brackets a gloss is in: round and square, and their full-width
    /// forms (`（東京）`, as Japanese and Chinese text writes them).
    static let brackets: [Character: Character] = ["(": ")", "[": "]", "（": "）", "［": "］"]

    /// What a line wholly in brackets holds, when it shows something.
    static func gloss(_ line: some StringProtocol) -> Substring? {
        guard let open = line.first, let close = line.last, line.count > 2, brackets[open] == close else { return nil }
        let inside = line.dropFirst().dropLast()
        // One pair: `(a) or (b)` is two glosses' text, not one.
        guard !inside.contains(open), !inside.contains(close), !String(inside).showsNothing else { return nil }
        return Substring(inside)
    }

    /// `answer` without the glosses it ends in (` (…)`, ` […]`, and
    /// `Paris (France) (Europe)` is `Paris`), when what is left shows
    /// something, has no bracket (`(a) or (b)` and `f(x) (a function)`
    /// are one answer each) and does not end a list (`a; (b)`). A gloss
    /// follows a space, or a character past ASCII with none (`東京(とうきょう)`,
    /// a ruby's reading as `AnkiHTML` writes it).
    static func withoutClosingGloss(_ answer: String) -> String? {
        var base = Substring(answer)
        while let close = base.last, let open = brackets.first(where: { $0.value == close })?.key,
            let start = base.lastIndex(of: open), start > base.startIndex, gloss(base[start...]) != nil
        {
            let before = base[base.index(before: start)]
            guard before == " " || !before.isASCII else { break }
            base = Substring(String(base[..<start]).trimmed)
        }
        guard base.count < answer.count, !String(base).showsNothing, !base.hasSuffix(";"),
            !base.contains(where: { brackets[$0] != nil || brackets.values.contains($0) })
        else { return nil }
        return String(base)
    }
}
