/// Anki's text export (File → Export → "Notes in Plain Text", Anki 2.1.66
/// and later), as rslib/src/import_export/text/csv/export.rs writes it and
/// metadata.rs reads its header: `#separator:` (a name, `tab` `comma`
/// `semicolon` `space` `pipe` `colon`, or the byte itself), `#html:true|false`,
/// `#columns:`, `#deck:` and `#notetype:` for every note, and the 1-based
/// `#guid column:`, `#notetype column:`, `#deck column:`, `#tags column:`;
/// then one note a record, the columns not named there its fields in order.
/// A note type with "cloze" in its name, or a first field holding
/// `{{c1::…}}`, is a cloze: one question per cloze number. "Basic (and
/// reversed card)" gives both directions, "Basic (optional reversed card)"
/// the reverse when its third field is filled; any other note asks its
/// first field and answers with its second, the rest its explanation.
enum AnkiTextImport {
    struct Header {
        var delimiter = UInt8(ascii: "\t")
        var html: Bool?
        var deck: String?
        var notetype: String?
        var guidColumn: Int?
        var notetypeColumn: Int?
        var deckColumn: Int?
        var tagsColumn: Int?
    }

    static let delimiters: [String: UInt8] = [
        "tab": 9, "comma": 44, "semicolon": 59, "space": 32, "pipe": 124, "colon": 58,
    ]

    static func header(_ lines: [Substring]) -> Header {
        var header = Header()
        for line in lines {
            guard line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[line.index(after: line.startIndex)..<colon]).trimmed.lowercased()
            let value = String(line[line.index(after: colon)...])
            let word = value.trimmed.lowercased()
            let number = Int(word).flatMap { $0 >= 1 && $0 <= ImportLimits.fields ? $0 : nil }
            switch key {
            case "separator":
                if let byte = delimiters[word] {
                    header.delimiter = byte
                } else if value.utf8.count == 1, let byte = value.utf8.first, byte != 10, byte != 34 {
                    header.delimiter = byte
                }
            case "html": header.html = word == "true" ? true : word == "false" ? false : nil
            case "deck": header.deck = value.trimmed
            case "notetype": header.notetype = value.trimmed
            case "guid column": header.guidColumn = number
            case "notetype column": header.notetypeColumn = number
            case "deck column": header.deckColumn = number
            case "tags column": header.tagsColumn = number
            default: break
            }
        }
        return header
    }

    static func deck(_ bytes: ArraySlice<UInt8>) throws(ImportProblem) -> CardImport.Deck {
        // The header: the `#` lines at the start.
        var headerLines: [Substring] = []
        var position = bytes.startIndex
        var line = 1
        while position < bytes.endIndex, bytes[position] == UInt8(ascii: "#") {
            let end = bytes[position...].firstIndex(of: 10) ?? bytes.endIndex
            var text = String(decoding: bytes[position..<end], as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            headerLines.append(Substring(text))
            position = end < bytes.endIndex ? end + 1 : end
            line += 1
        }
        let header = header(headerLines)
        let records = try DelimitedRecords(delimiter: header.delimiter, comment: UInt8(ascii: "#"))
            .records(bytes[position...], firstLine: line)
        let meta = Set(
            [header.guidColumn, header.notetypeColumn, header.deckColumn, header.tagsColumn].compactMap { $0 })
        // As Anki: HTML unless the header says otherwise or no field holds a tag.
        let html = header.html ?? records.contains { $0.fields.contains(where: looksLikeHTML) }
        var cards: [CardImport.Card] = []
        var decks: [String?] = []
        var skipped: [String: Int] = [:]
        for record in records where record.fields.contains(where: { !$0.isEmpty }) {
            func column(_ number: Int?) -> String? {
                guard let number, number <= record.fields.count else { return nil }
                return record.fields[number - 1]
            }
            var fields: [String] = []
            for (index, field) in record.fields.enumerated() where !meta.contains(index + 1) { fields.append(field) }
            while fields.count > 1, fields.last?.isEmpty == true { fields.removeLast() }
            let notetype = (column(header.notetypeColumn) ?? header.notetype ?? "").lowercased()
            let deck = column(header.deckColumn) ?? header.deck
            let tags = column(header.tagsColumn).map { $0.pieces(apartBy: 32) } ?? []
            let made = notes(fields, notetype: notetype, html: html, skipped: &skipped)
            for var card in made {
                card.tags = tags
                cards.append(card)
                decks.append(deck?.trimmed.nonEmpty)
            }
            // A reversed or cloze note makes more than one card.
            if cards.count > ImportLimits.cards { throw ImportProblem(line: record.line, ImportLimits.tooManyCards) }
        }
        return CardImport.placeInDecks(cards, decks: decks, skipped: skipped)
    }

    /// A field holds a tag: `<` then a letter or `/`, later `>`.
    static func looksLikeHTML(_ field: String) -> Bool {
        var utf8 = Substring(field).utf8[...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "<")) {
            utf8 = utf8[utf8.index(after: open)...]
            guard let next = utf8.first else { return false }
            if next == UInt8(ascii: "/") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) {
                return utf8.contains(UInt8(ascii: ">"))
            }
        }
        return false
    }

    /// The most questions one cloze note makes: a hostile note numbering
    /// thousands of deletions would otherwise read its field thousands of times.
    static let maximumClozes = 100

    /// The questions of one note, by its type.
    static func notes(_ fields: [String], notetype: String, html: Bool, skipped: inout [String: Int])
        -> [CardImport.Card]
    {
        guard let first = fields.first else { return [] }
        func text(_ field: String) -> AnkiHTML.Text { AnkiHTML.text(field, html: html) }
        func card(_ front: String, _ back: String, explanation: [String] = []) -> CardImport.Card {
            let prompt = text(front)
            let answer = text(back)
            let extra = explanation.map { text($0).text }.filter { !$0.isEmpty }
            return CardImport.Card(
                prompt: prompt.text, answer: answer.withoutMedia,
                explanation: extra.isEmpty ? nil : extra.joined(separator: "\n"),
                needsMedia: prompt.onlyMedia || answer.onlyMedia)
        }
        let cloze = AnkiHTML.Cloze(first)
        let numbers = cloze.numbers
        if notetype.contains("cloze") || !numbers.isEmpty {
            if numbers.isEmpty { skipped["with no cloze deletion", default: 0] += 1 }
            if numbers.count > maximumClozes {
                skipped["cloze deletions past a note's \(maximumClozes)th", default: 0] += numbers.count - maximumClozes
            }
            return numbers.prefix(maximumClozes).map { number in
                let (prompt, answers) = cloze.question(number)
                let asked = text(prompt)
                let said = answers.map { text($0) }
                return CardImport.Card(
                    prompt: asked.text, answer: said.map(\.withoutMedia).joined(separator: ", "),
                    explanation: fields.count > 1 ? text(fields[1]).text : nil,
                    needsMedia: asked.onlyMedia || said.contains(where: \.onlyMedia))
            }
        }
        guard fields.count > 1 else { return [card(first, "")] }
        // The optional reverse's third field ("Add Reverse") is a switch, not text.
        let optional = notetype == "basic (optional reversed card)"
        var cards = [card(first, fields[1], explanation: Array(fields.dropFirst(optional ? 3 : 2)))]
        if notetype == "basic (and reversed card)" || (optional && fields.count > 2 && !fields[2].trimmed.isEmpty) {
            cards.append(card(fields[1], first))
        }
        return cards
    }
}
