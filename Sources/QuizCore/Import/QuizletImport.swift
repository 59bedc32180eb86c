import Foundation

/// Quizlet's export (a set's "Export": "Between term and definition" Tab,
/// Comma or custom; "Between rows" New line, Semicolon or custom): a term,
/// the separator, its definition, then the row separator. Quizlet writes no
/// quotes, so with rows apart by line breaks a line without the term
/// separator continues the definition before it (a definition that spans
/// lines). The term is asked, the definition is the answer.
enum QuizletImport {
    static func deck(_ bytes: ArraySlice<UInt8>, settings: CardImport.Settings) throws(ImportProblem)
        -> CardImport.Deck
    {
        let separator = settings.separator ?? "\t"
        let rows = settings.cardSeparator ?? "\n"
        var text = String(decoding: bytes, as: UTF8.self)
        if text.contains("\r\n") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        var cards: [CardImport.Card] = []
        var line = 1
        // The line the last card began on, for the bounds.
        var cardLine = 1
        func add(_ row: Substring, at range: Range<String.Index>) throws(ImportProblem) {
            let card = CardImport.Card(
                prompt: String(row[..<range.lowerBound]), answer: String(row[range.upperBound...]))
            if card.prompt.utf8.count > ImportLimits.fieldBytes || card.answer.utf8.count > ImportLimits.fieldBytes {
                throw DelimitedRecords.tooLong(line: line)
            }
            cards.append(card)
            cardLine = line
            if cards.count > ImportLimits.cards { throw ImportProblem(line: line, ImportLimits.tooManyCards) }
        }
        if rows == "\n" {
            // Line by line without an array of them all: a file of millions of lines stops at the cards' bound.
            var rest = text[...]
            var more = !rest.isEmpty
            while more {
                let end = rest.utf8.firstIndex(of: 10) ?? rest.endIndex
                let row = rest[..<end]
                more = end < rest.endIndex
                rest = more ? rest[rest.utf8.index(after: end)...] : rest[end...]
                defer { line += 1 }
                if let range = row.byteRange(of: separator) {
                    try add(row, at: range)
                } else if row.isEmpty {
                    // A blank line adds nothing to a definition (its lines are
                    // joined without the blank ones), nor to its bound: the
                    // file's last line break made a definition of 64 KiB one over it.
                    continue
                } else if !cards.isEmpty {
                    cards[cards.count - 1].answer += "\n" + row
                    if cards[cards.count - 1].answer.utf8.count > ImportLimits.fieldBytes {
                        throw DelimitedRecords.tooLong(line: cardLine)
                    }
                } else if !String(row).trimmed.isEmpty {
                    throw ImportProblem(line: line, "no \(name(separator)) between a term and its definition")
                }
            }
        } else {
            var rowsLeft = Substring(text)
            var allRows: [Substring] = []
            while let found = rowsLeft.byteRange(of: rows) {
                allRows.append(rowsLeft[..<found.lowerBound])
                rowsLeft = rowsLeft[found.upperBound...]
            }
            allRows.append(rowsLeft)
            for row in allRows {
                defer { line += row.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } }
                guard !String(row).trimmed.isEmpty else { continue }
                guard let range = row.byteRange(of: separator) else {
                    let blank = row.prefix { $0 == "\n" }.count
                    throw ImportProblem(line: line + blank, "no \(name(separator)) between a term and its definition")
                }
                try add(Substring(row), at: range)
            }
        }
        return CardImport.Deck(title: nil, cards: cards)
    }

    /// A separator as the player would say it.
    static func name(_ separator: String) -> String {
        switch separator {
        case "\t": "tab"
        case "\n": "line break"
        default: "\"\(separator)\""
        }
    }
}
