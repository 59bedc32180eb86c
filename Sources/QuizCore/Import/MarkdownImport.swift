/// `Q:`/`A:` markdown, as hashcards and SuperMemo's text import write it:
/// a card is a `Q:` line (and the lines after it) then an `A:` line (and
/// the lines after it), cards apart by a blank line or the next `Q:`. A
/// `C:` line is a hashcards cloze: each `[bracketed]` part is one question,
/// asked with that part a blank and the others shown (`[text](link)` is a
/// link, not a deletion). Lines outside a card (headings, prose) are left out.
enum MarkdownImport {
    static func deck(_ bytes: ArraySlice<UInt8>) throws(ImportProblem) -> CardImport.Deck {
        let text = String(decoding: bytes, as: UTF8.self)
        enum Side { case none, question, answer, cloze }
        var side = Side.none
        var prompt: [Substring] = []
        var answer: [Substring] = []
        var cards: [CardImport.Card] = []
        var skipped: [String: Int] = [:]
        func finish() {
            switch side {
            case .none: break
            case .question, .answer:
                cards.append(
                    CardImport.Card(prompt: prompt.joined(separator: "\n"), answer: answer.joined(separator: "\n")))
            case .cloze:
                let (made, beyond) = clozes(prompt.joined(separator: "\n"))
                if beyond > 0 {
                    skipped["cloze deletions past a note's \(AnkiTextImport.maximumClozes)th", default: 0] += beyond
                }
                cards += made
            }
            side = .none
            prompt = []
            answer = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = Substring(String(line).trimmed)
            if trimmed.isEmpty {
                // A blank line inside a question (before its answer) is kept; after the answer it ends the card.
                if side == .question { prompt.append("") } else { finish() }
                continue
            }
            if let rest = marker("Q:", trimmed) {
                finish()
                side = .question
                prompt = [rest]
            } else if let rest = marker("C:", trimmed) {
                finish()
                side = .cloze
                prompt = [rest]
            } else if let rest = marker("A:", trimmed), side == .question {
                side = .answer
                answer = [rest]
            } else {
                switch side {
                case .none: break
                case .question, .cloze: prompt.append(trimmed)
                case .answer: answer.append(trimmed)
                }
            }
        }
        finish()
        return CardImport.Deck(title: nil, cards: cards, skipped: skipped)
    }

    private static func marker(_ word: String, _ line: Substring) -> Substring? {
        guard line.hasPrefix(word) else { return nil }
        return Substring(String(line.dropFirst(word.count)).trimmed)
    }

    /// One card per `[deletion]`, up to `AnkiTextImport.maximumClozes`, and how many deletions are beyond.
    static func clozes(_ text: String) -> (cards: [CardImport.Card], beyond: Int) {
        // The text as plain runs and deletions.
        var parts: [(text: Substring, deletion: Bool)] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]") else { break }
            let after = rest.index(after: close)
            if after < rest.endIndex, rest[after] == "(" {
                // A link: plain text.
                parts.append((rest[..<after], false))
                rest = rest[after...]
                continue
            }
            parts.append((rest[..<open], false))
            parts.append((rest[rest.index(after: open)..<close], true))
            rest = rest[after...]
        }
        parts.append((rest, false))
        var cards: [CardImport.Card] = []
        var beyond = 0
        for (index, part) in parts.enumerated() where part.deletion {
            guard cards.count < AnkiTextImport.maximumClozes else {
                beyond += 1
                continue
            }
            let prompt = parts.enumerated().map { $0.offset == index ? "____" : String($0.element.text) }.joined()
            cards.append(CardImport.Card(prompt: prompt, answer: String(part.text)))
        }
        return (cards, beyond)
    }
}
