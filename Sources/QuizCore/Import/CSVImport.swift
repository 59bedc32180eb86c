/// CSV with a header row (RFC 4180: fields apart by commas, quoted with `"`
/// when they hold a comma, a quote or a line break). The header names the
/// columns, in any case and order: the question (`question`, `prompt`,
/// `front` or `term`) and the answer (`answer`, `back` or `definition`) are
/// needed; `choices` (apart by `|`; the answer is added when missing),
/// `explanation`, `category` and `tags` (apart by spaces) may follow;
/// other columns are left out. A header with no comma but semicolons or
/// tabs (a spreadsheet saved in a locale whose decimal mark is a comma)
/// is read with that separator, unless `--import-separator` says one.
enum CSVImport {
    static let promptNames: Set<String> = ["question", "prompt", "front", "term"]
    static let answerNames: Set<String> = ["answer", "back", "definition"]

    static func deck(_ bytes: ArraySlice<UInt8>, separator: String?) throws(ImportProblem) -> CardImport.Deck {
        let delimiter: UInt8
        if let separator {
            guard separator.utf8.count == 1, let byte = separator.utf8.first, byte != 10, byte != 13, byte != 34 else {
                throw ImportProblem("a CSV separator is one character, not a quote or a line break")
            }
            delimiter = byte
        } else {
            let firstLine = bytes.prefix { $0 != 10 }
            if !firstLine.contains(44), firstLine.contains(59) {
                delimiter = 59
            } else if !firstLine.contains(44), firstLine.contains(9) {
                delimiter = 9
            } else {
                delimiter = 44
            }
        }
        // The header row is no card.
        let records = try DelimitedRecords(delimiter: delimiter, most: ImportLimits.cards + 1).records(bytes)
        guard let header = records.first else { throw ImportProblem("no header row") }
        let names = header.fields.map { $0.trimmed.lowercased() }
        func column(_ wanted: Set<String>) -> Int? { names.firstIndex(where: wanted.contains) }
        guard let promptColumn = column(promptNames) else {
            throw ImportProblem(
                line: header.line,
                "the header row names no question column (question, prompt, front or term), but: "
                    + header.fields.prefix(5).map { "\"\($0.trimmed.prefix(40))\"" }.joined(separator: ", "))
        }
        guard let answerColumn = column(answerNames) else {
            throw ImportProblem(line: header.line, "the header row names no answer column (answer, back or definition)")
        }
        let choicesColumn = column(["choices"])
        let explanationColumn = column(["explanation"])
        let categoryColumn = column(["category"])
        let tagsColumn = column(["tags"])
        var cards: [CardImport.Card] = []
        for record in records.dropFirst() where record.fields.contains(where: { !$0.trimmed.isEmpty }) {
            func field(_ index: Int?) -> String? {
                guard let index, index < record.fields.count else { return nil }
                return record.fields[index]
            }
            cards.append(
                CardImport.Card(
                    prompt: field(promptColumn) ?? "", answer: field(answerColumn) ?? "",
                    choices: field(choicesColumn).flatMap {
                        $0.trimmed.isEmpty ? nil : $0.pieces(apartBy: UInt8(ascii: "|"))
                    },
                    explanation: field(explanationColumn), category: field(categoryColumn),
                    tags: field(tagsColumn).map { $0.pieces(apartBy: 32) } ?? []))
        }
        return CardImport.Deck(title: nil, cards: cards)
    }
}
