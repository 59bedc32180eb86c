import Foundation

/// Cards people have in other tools made a bank: Anki's text export, a
/// Quizlet export, CSV with a header row, `Q:`/`A:` markdown, an Anki
/// package (its collection read by QuizStore's `AnkiPackageFile`). Each format's
/// reader (one file each, named after it) gives `Card`s; this turns them
/// into the bank JSON `--validate` and the schema know, skipping what the
/// game cannot ask (and counting it). `quiz --import` writes that JSON, and
/// `--questions` plays such a file by parsing it (`BankLoader.parse`): one
/// conversion for both.
public enum CardImport {
    public enum Format: String, CaseIterable, Sendable {
        case ankiText = "anki-text"
        case quizlet
        case csv
        case markdown
        case ankiPackage = "anki-package"

        /// How it is named in what quiz says.
        public var name: String {
            switch self {
            case .ankiText: "Anki's text export"
            case .quizlet: "a Quizlet export"
            case .csv: "CSV"
            case .markdown: "Q:/A: markdown"
            case .ankiPackage: "an Anki package"
            }
        }
    }

    /// What the command line says of the file (`--import-format`,
    /// `--import-separator`, `--import-card-separator`); detected when nil.
    public struct Settings: Sendable, Equatable {
        public var format: Format?
        /// Between a term and its definition (Quizlet), or between fields (CSV).
        public var separator: String?
        /// Between cards (Quizlet): a line break when nil.
        public var cardSeparator: String?

        public init(format: Format? = nil, separator: String? = nil, cardSeparator: String? = nil) {
            self.format = format
            self.separator = separator
            self.cardSeparator = cardSeparator
        }
    }

    /// A separator as `--import-separator` and `--import-card-separator`
    /// take it: a name (`tab`, `comma`, `semicolon`, `pipe`, `space`,
    /// `colon`, `newline`), `\t` or `\n`, or itself (1 to 16 characters).
    public static func separator(named text: String) -> String? {
        let names = [
            "tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":", "newline": "\n",
        ]
        if let named = names[text.lowercased()] { return named }
        let unescaped = text.replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\n", with: "\n")
        guard !unescaped.isEmpty, unescaped.count <= 16 else { return nil }
        return unescaped
    }

    /// The file extensions read as cards (any case); a `.txt` file may be
    /// Anki's export or Quizlet's, told apart by its `#separator:` line.
    public static let extensions: Set<String> = ["txt", "tsv", "csv", "md", "markdown"]

    /// The extensions of an Anki package (any case), read by QuizStore's `AnkiPackageFile`.
    public static let packageExtensions = ["apkg", "colpkg"]

    /// The extension of `path`, lowercased, when it is one of `extensions`.
    public static func importExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return extensions.contains(ext) ? ext : nil
    }

    /// The format of the file at `path` holding `bytes`, by its extension
    /// and its first bytes; nil when it is a JSON bank (a first `{`) or its
    /// extension is none of `extensions`.
    public static func format(path: String, bytes: some Collection<UInt8>) -> Format? {
        guard let ext = importExtension(path) else { return nil }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes.dropFirst(0)
        let first = start.first { ![9, 10, 13, 32].contains($0) }
        if first == UInt8(ascii: "{") { return nil }
        switch ext {
        case "csv": return .csv
        case "md", "markdown": return .markdown
        default:
            return start.starts(with: Array("#separator:".utf8)) || start.starts(with: Array("#html:".utf8))
                ? .ankiText : .quizlet
        }
    }

    /// One card as a format reads it, before the checks every bank's questions meet.
    struct Card {
        var prompt: String
        var answer: String
        var choices: [String]? = nil
        var explanation: String? = nil
        var category: String? = nil
        var tags: [String] = []
        /// It needs its picture or sound (a side that is only media).
        var needsMedia = false
        /// The Anki cards it was made of (an Anki package's card ids).
        var ankiCards: [Int64] = []
        /// Its `"id"` in the bank (an Anki package's card: its note's guid and its number).
        var id: String? = nil
    }

    /// What a format's reader gives.
    struct Deck {
        var title: String?
        var cards: [Card]
        /// Cards the reader left out itself, with why ("with no answer").
        var skipped: [String: Int] = [:]
    }

    /// The bank made of a file, as JSON, and what was left out.
    public struct Result: Sendable {
        public var format: Format
        public var json: [UInt8]
        public var questions: Int
        /// Why cards were left out, each with its count ("2 that need their picture or sound").
        public var skipped: [String]
        /// Cards kept as typed answers though they had choices: choices quiz
        /// cannot ask (fewer than two, more than 26, one over 500 characters).
        public var choicesDropped = 0
        /// An Anki package's cards: each card id, the index of its question
        /// in the bank's `questions` (a card asking a question asked before,
        /// with the same answer, is that question's). Empty for the other formats.
        public var cards: [Int64: Int] = [:]
        /// An Anki package's review log (`revlog`), as stored; empty for the other formats.
        public var revlog: [AnkiRevlogEntry] = []
    }

    /// A separator is for the format read, never a reason to read another:
    /// `--import-card-separator` goes with Quizlet's export, and
    /// `--import-separator` with it or CSV. Given for a file read as another
    /// format (by `--import-format`, its name or its `#separator:` line),
    /// the one line saying so, with how to read the file as Quizlet's; nil
    /// when it is taken, or when no format is told (a separator then says
    /// the file is Quizlet's).
    public static func separatorProblem(_ settings: Settings, format: Format?, input: String) -> String? {
        guard let format, format != .quizlet else { return nil }
        let option =
            settings.cardSeparator != nil
            ? "--import-card-separator" : settings.separator != nil && format != .csv ? "--import-separator" : nil
        guard let option else { return nil }
        let takes = option == "--import-card-separator" ? "Quizlet's export" : "Quizlet's export or CSV"
        let instead = format == .ankiPackage ? "" : " (--import-format quizlet reads it as Quizlet's)"
        return "\(option) goes with \(takes); \(input) is read as \(format.name)\(instead)"
    }

    /// The bank of the file at `path` (named in problems; its name without
    /// its extension is the title when the file names no deck).
    public static func convert(_ bytes: [UInt8], path: String, settings: Settings = Settings()) throws(BankError)
        -> Result
    {
        // A separator given says a file of no format its name tells is
        // Quizlet's (given for another format, the command refuses it first).
        var detected = settings.format ?? Self.format(path: path, bytes: bytes)
        if detected == nil, settings.separator != nil || settings.cardSeparator != nil { detected = .quizlet }
        do throws(ImportProblem) {
            var body = try ImportText.checked(bytes)
            // A carriage return alone ends a line (a classic Mac file, or a
            // line pasted from one), as editors show it; before a line feed it is part of its end.
            if body.contains(13) {
                let end = body.endIndex
                if body.indices.contains(where: { body[$0] == 13 && ($0 + 1 == end || body[$0 + 1] != 10) }) {
                    body = ArraySlice(
                        body.indices.map { body[$0] == 13 && ($0 + 1 == end || body[$0 + 1] != 10) ? 10 : body[$0] })
                }
            }
            guard let format = detected else {
                if body.first(where: { ![9, 10, 13, 32].contains($0) }) == UInt8(ascii: "{") {
                    throw ImportProblem("a JSON bank already: play it with --questions, check it with --validate")
                }
                throw ImportProblem(
                    "its format is not told by its name: name it .txt, .tsv, .csv or .md, or say --import-format")
            }
            let deck: Deck
            switch format {
            case .ankiText: deck = try AnkiTextImport.deck(body)
            case .quizlet: deck = try QuizletImport.deck(body, settings: settings)
            case .csv: deck = try CSVImport.deck(body, separator: settings.separator)
            case .markdown: deck = try MarkdownImport.deck(body)
            case .ankiPackage:
                throw ImportProblem("an Anki package is a zip file: name it .apkg or .colpkg")
            }
            return try result(deck, format: format, path: path)
        } catch {
            throw .invalid([error.bankProblem(path: path)])
        }
    }

    /// The bank of the Anki collection read from the package at `path`.
    public static func convert(_ collection: AnkiCollection, path: String) throws(BankError) -> Result {
        do throws(ImportProblem) {
            var made = try result(try AnkiPackageImport.deck(collection), format: .ankiPackage, path: path)
            made.revlog = collection.revlog
            return made
        } catch {
            throw .invalid([error.bankProblem(path: path)])
        }
    }

    /// Cards with their decks (Anki's `Deck::Sub` names, nil for none) as a
    /// deck: one top deck, its name is the title, a subdeck the category;
    /// several, the file's name is the title, the deck the category.
    static func placeInDecks(_ cards: [Card], decks: [String?], skipped: [String: Int]) -> Deck {
        var cards = cards
        // A deck's name is split once, not once a card (most cards share a few decks).
        var parts: [String: [String]] = [:]
        for deck in decks {
            if let deck, parts[deck] == nil { parts[deck] = deck.components(separatedBy: "::").map(\.trimmed) }
        }
        let tops = Set(parts.values.compactMap(\.first))
        var title: String?
        if tops.count == 1, decks.allSatisfy({ $0 != nil }) { title = tops.first }
        var categories: [String: String] = [:]
        for (deck, names) in parts {
            categories[deck] = title == nil ? deck : names.count > 1 ? names.dropFirst().joined(separator: "::") : nil
        }
        for index in cards.indices {
            guard let deck = decks[index], let category = categories[deck] else { continue }
            cards[index].category = category
        }
        return Deck(title: title, cards: cards, skipped: skipped)
    }

    static let tooLongNote = "with an answer longer than \(BankChecker.maximumAnswerLength) characters"

    private static func result(_ deck: Deck, format: Format, path: String) throws(ImportProblem) -> Result {
        var skipped = deck.skipped
        var seen: [String: Int] = [:]
        seen.reserveCapacity(deck.cards.count)
        var answers: [String] = []  // each question's answer
        var questions: [[(String, JSONValue)]] = []
        var ankiCards: [Int64: Int] = [:]
        var ids = Set<String>()
        var choicesDropped = 0
        for card in deck.cards {
            let prompt = card.prompt.trimmed
            // A typed answer is one line, its gloss accepted without it, a
            // note after a blank line the explanation (`ImportedAnswer`).
            let back = ImportedAnswer(card.answer)
            let answer = back.answer
            if card.needsMedia {
                skipped["that need their picture or sound", default: 0] += 1
                continue
            }
            if prompt.showsNothing || answer.showsNothing {
                skipped[prompt.showsNothing ? "with no question" : "with no answer", default: 0] += 1
                continue
            }
            if answer.isLonger(than: BankChecker.maximumAnswerLength) {
                skipped[tooLongNote, default: 0] += 1
                continue
            }
            // One hash of the prompt's form where it is new (most are): a form
            // past ASCII is hashed through its normalization, which is slow.
            let key = AnswerNormalizer.normalize(prompt)
            if let asked = seen.updateValue(questions.count, forKey: key) {
                seen[key] = asked
                // The same card twice: its reviews are the kept question's. The
                // same question with another answer is another card: its
                // reviews would move the kept one's schedule, so they stay out.
                if AnswerNormalizer.normalize(answer) == AnswerNormalizer.normalize(answers[asked]) {
                    skipped["asking a question asked before (kept once)", default: 0] += 1
                    for id in card.ankiCards { ankiCards[id] = asked }
                } else {
                    skipped["asking a question asked before with another answer (the first kept)", default: 0] += 1
                }
                continue
            }
            answers.append(answer)
            for id in card.ankiCards { ankiCards[id] = questions.count }
            // With choices, the answer is written as its choice shows it.
            let multiple = choices(card.choices, answer: answer)
            if multiple == nil, card.choices?.contains(where: { !$0.showsNothing }) == true { choicesDropped += 1 }
            var question: [(String, JSONValue)] = [
                ("prompt", .string(prompt)), ("answer", .string(multiple?.answer ?? answer)),
            ]
            if let multiple {
                question.append(("choices", .strings(multiple.choices)))
            } else if let accept = back.accept {
                question.append(("accept", .strings([accept])))
            }
            let explanation = [back.note, card.explanation?.trimmed].compactMap { $0 }.filter { !$0.isEmpty }
            if !explanation.isEmpty {
                question.append(("explanation", .string(explanation.joined(separator: "\n"))))
            }
            if let category = card.category?.trimmed, !category.isEmpty {
                question.append(("category", .string(category)))
            }
            let tags = card.tags.map(\.trimmed).filter { !$0.showsNothing }
            if !tags.isEmpty { question.append(("tags", .strings(tags))) }
            // A question asked before keeps the first card's id (this card is skipped); an id twice is left out.
            if let id = card.id, ids.insert(id).inserted { question.append(("id", .string(id))) }
            questions.append(question)
        }
        if questions.isEmpty {
            let why = skipped.isEmpty ? "" : " (skipped: " + describe(skipped).joined(separator: ", ") + ")"
            throw ImportProblem("no card to import\(why)")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let title = deck.title?.trimmed.nonEmpty ?? stem.trimmed.nonEmpty ?? "Imported cards"
        return Result(
            format: format,
            json: json(title: title, description: "Imported from \(name) (\(format.name))", questions: questions),
            questions: questions.count, skipped: describe(skipped), choicesDropped: choicesDropped, cards: ankiCards)
    }

    /// `- red` or `2. green` without its marker (as `AnkiHTML` writes a list's items).
    static func withoutListMarker(_ line: String) -> String {
        if line.hasPrefix("- ") { return String(line.dropFirst(2)).trimmed }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") {
            return String(line.dropFirst(digits.count + 2)).trimmed
        }
        return line
    }

    private static func describe(_ skipped: [String: Int]) -> [String] {
        skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    }

    /// The choices the game can ask (the answer among them, each once, 2 to
    /// 26, none too long), or nil: the card is then asked as free text.
    /// The choices, and the answer as one of them (`paris` among `Paris`
    /// and `Rome` is `Paris`, the text shown), or nil.
    private static func choices(_ given: [String]?, answer: String) -> (choices: [String], answer: String)? {
        guard let given else { return nil }
        // Each choice once (two the same but for case and spaces are one,
        // the first's text); none that shows nothing; the answer added when missing.
        var choices: [String] = []
        var keys: [String: Int] = [:]
        for choice in given.map(\.trimmed) + [answer] where !choice.showsNothing {
            let key = AnswerMatcher.sameChoiceKey(choice)
            if keys[key] == nil {
                keys[key] = choices.count
                choices.append(choice)
            }
        }
        guard choices.count >= 2, choices.count <= ChoiceLabels.maximumChoices,
            !choices.contains(where: { $0.isLonger(than: BankChecker.maximumAnswerLength) }),
            let index = keys[AnswerMatcher.sameChoiceKey(answer)]
        else { return nil }
        return (choices, choices[index])
    }

    // MARK: The bank's JSON

    enum JSONValue {
        case string(String)
        case strings([String])
    }

    /// The bank as JSON, two spaces a level, keys in the README's order.
    static func json(title: String, description: String, questions: [[(String, JSONValue)]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(questions.count * 160)
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            // Most texts need no escape: copied whole.
            if !text.utf8.contains(where: {
                $0 < 32 || $0 == 127 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            }) {
                out.append(contentsOf: text.utf8)
                out.append(UInt8(ascii: "\""))
                return
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): add("\\\"")
                case UInt8(ascii: "\\"): add("\\\\")
                case 10: add("\\n")
                case 9: add("\\t")
                case 13: add("\\r")
                case 0..<32, 127:
                    let hex = String(byte, radix: 16)
                    add("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        add("{\n  \"title\": ")
        string(title)
        add(",\n  \"description\": ")
        string(description)
        add(",\n  \"questions\": [")
        for (index, question) in questions.enumerated() {
            add(index == 0 ? "\n    {" : ",\n    {")
            for (position, (key, value)) in question.enumerated() {
                add(position == 0 ? "\n      " : ",\n      ")
                string(key)
                add(": ")
                switch value {
                case .string(let text): string(text)
                case .strings(let texts):
                    add("[")
                    for (i, text) in texts.enumerated() {
                        if i > 0 { add(", ") }
                        string(text)
                    }
                    add("]")
                }
            }
            add("\n    }")
        }
        add("\n  ]\n}\n")
        return out
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
