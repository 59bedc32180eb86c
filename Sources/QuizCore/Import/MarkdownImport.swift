/// `Q:`/`A:` markdown, as hashcards and SuperMemo's text import write it:
/// a card is a `Q:` line (and the lines after it) then an `A:` line (and
/// the lines after it), cards apart by a blank line or the next `Q:`. A
/// `C:` line is a hashcards cloze: each `[bracketed]` part is one question,
/// asked with that part a blank and the others shown (`[text](link)` is a
/// link, not a deletion). Lines outside a card (headings, prose) are left out,
/// and so is a fenced code block outside one (its `Q:` lines are examples);
/// inside a card, a fence's lines are kept as they are, its ```` ``` ````
/// lines left out. A card's other lines are rendered (`MarkdownText`:
/// `**Paris**` is `Paris`).
enum MarkdownImport {
    static func deck(_ bytes: ArraySlice<UInt8>) throws(ImportProblem) -> CardImport.Deck {
        let text = String(decoding: bytes, as: UTF8.self)
        enum Side { case none, question, answer, cloze }
        var side = Side.none
        var prompt: [Substring] = []
        var answer: [Substring] = []
        // Each side's bytes so far and the line it began on, for the field bound.
        var promptBytes = 0
        var answerBytes = 0
        var promptLine = 0
        var answerLine = 0
        var cards: [CardImport.Card] = []
        var skipped: [String: Int] = [:]
        var number = 0
        var fenced = false
        func finish() throws(ImportProblem) {
            switch side {
            case .none: break
            case .question, .answer:
                cards.append(
                    CardImport.Card(prompt: prompt.joined(separator: "\n"), answer: answer.joined(separator: "\n")))
            case .cloze:
                let (made, beyond) = clozes(prompt.joined(separator: "\n"))
                if made.isEmpty { skipped["with no [bracketed] part in its C: line", default: 0] += 1 }
                if beyond > 0 {
                    skipped["cloze deletions past a note's \(AnkiTextImport.maximumClozes)th", default: 0] += beyond
                }
                cards += made
            }
            if cards.count > ImportLimits.cards { throw ImportProblem(line: promptLine, ImportLimits.tooManyCards) }
            side = .none
            prompt = []
            answer = []
            promptBytes = 0
            answerBytes = 0
        }
        func addPrompt(_ line: Substring) throws(ImportProblem) {
            if prompt.isEmpty { promptLine = number }
            promptBytes += line.utf8.count + (prompt.isEmpty ? 0 : 1)
            if promptBytes > ImportLimits.fieldBytes { throw DelimitedRecords.tooLong(line: promptLine) }
            prompt.append(line)
        }
        func addAnswer(_ line: Substring) throws(ImportProblem) {
            if answer.isEmpty { answerLine = number }
            answerBytes += line.utf8.count + (answer.isEmpty ? 0 : 1)
            if answerBytes > ImportLimits.fieldBytes { throw DelimitedRecords.tooLong(line: answerLine) }
            answer.append(line)
        }
        // Line by line without an array of them all: a file of millions of lines stops at the cards' bound.
        var rest = text[...]
        var more = !rest.isEmpty
        while more {
            number += 1
            let end = rest.utf8.firstIndex(of: 10) ?? rest.endIndex
            let raw = rest[..<end]
            more = end < rest.endIndex
            rest = more ? rest[rest.utf8.index(after: end)...] : rest[end...]
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = Substring(String(line).trimmed)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fenced.toggle()
                continue
            }
            if fenced {
                switch side {
                case .none: break
                case .question, .cloze: try addPrompt(trimmed)
                case .answer: try addAnswer(trimmed)
                }
                continue
            }
            if trimmed.isEmpty {
                // A blank line inside a question (before its answer) is kept; after the answer it ends the card.
                if side == .question { try addPrompt("") } else { try finish() }
                continue
            }
            if let rest = marker("Q:", trimmed) {
                try finish()
                side = .question
                try addPrompt(Substring(MarkdownText.plain(rest)))
            } else if let rest = marker("C:", trimmed) {
                try finish()
                side = .cloze
                try addPrompt(rest)
            } else if let rest = marker("A:", trimmed), side == .question || side == .answer {
                // A second `A:` line continues the answer, its marker left out as the first's.
                side = .answer
                try addAnswer(Substring(MarkdownText.plain(rest)))
            } else {
                switch side {
                case .none: break
                case .question: try addPrompt(Substring(MarkdownText.plain(trimmed)))
                case .cloze: try addPrompt(trimmed)
                case .answer: try addAnswer(Substring(MarkdownText.plain(trimmed)))
                }
            }
        }
        try finish()
        return CardImport.Deck(title: nil, cards: cards, skipped: skipped)
    }

    private static func marker(_ word: String, _ line: Substring) -> Substring? {
        guard line.hasPrefix(word) else { return nil }
        return Substring(String(line.dropFirst(word.count)).trimmed)
    }

    /// One card per `[deletion]`, up to `AnkiTextImport.maximumClozes`, and
    /// how many deletions are beyond. A deletion is the outermost pair of
    /// brackets (`[a [nested] one]` is one), not an escaped bracket (`\[`)
    /// nor a link's or a picture's; each piece is then rendered (`MarkdownText`).
    static func clozes(_ text: String) -> (cards: [CardImport.Card], beyond: Int) {
        let characters = Array(text)
        let marks = MarkdownText.Marks(characters)
        var pieces: [(raw: Substring, deletion: Bool)] = []
        var start = 0
        var i = 0
        while i < characters.count {
            switch characters[i] {
            case "\\":
                i += 2
                continue
            case "`":
                // A code span's brackets are its text, never a deletion.
                let span = MarkdownText.codeSpan(characters, at: i)
                i = span.close.map { $0 + span.run } ?? i + span.run
                continue
            case "!" where i + 1 < characters.count && characters[i + 1] == "[":
                if let link = MarkdownText.link(characters, at: i + 1, marks: marks) {
                    i = link.end
                    continue
                }
            case "[":
                if let link = MarkdownText.link(characters, at: i, marks: marks) {
                    i = link.end
                    continue
                }
                if let close = marks.closing[i] {
                    pieces.append((Substring(String(characters[start..<i])), false))
                    pieces.append((Substring(String(characters[(i + 1)..<close])), true))
                    i = close + 1
                    start = i
                    continue
                }
            default: break
            }
            i += 1
        }
        pieces.append((Substring(String(characters[min(start, characters.count)...])), false))
        // The text rendered, and where each deletion is in it (UTF-8 offsets:
        // indices do not outlive a string's mutation).
        var plain = ""
        var deletions: [Range<Int>] = []
        for piece in pieces {
            let begin = plain.utf8.count
            plain += MarkdownText.plain(piece.raw)
            if piece.deletion { deletions.append(begin..<plain.utf8.count) }
        }
        let cards = deletions.prefix(AnkiTextImport.maximumClozes).map { offsets in
            let start = plain.utf8.index(plain.startIndex, offsetBy: offsets.lowerBound)
            let end = plain.utf8.index(plain.startIndex, offsetBy: offsets.upperBound)
            return CardImport.Card(
                prompt: String(plain[..<start]) + "____" + plain[end...], answer: String(plain[start..<end]))
        }
        return (cards, max(0, deletions.count - AnkiTextImport.maximumClozes))
    }
}
