/// The questions of an Anki collection (`AnkiCollection`): one per card.
/// A card asks the fields its template's question shows (`{{Front}}`) and
/// is answered by the field it types in (`{{type:Back}}`), else the first
/// field its answer adds; the answer's other fields explain. So Basic asks
/// front → back, the reversed card of "Basic (and reversed card)" back →
/// front, and another note type its first field, answered by the rest. A
/// cloze card (by the note type's kind) asks its text with its deletions
/// blank, as Anki's text export's clozes are (`AnkiHTML.Cloze`). Fields are
/// HTML (`AnkiHTML`). The deck is the title, a subdeck the category
/// (`CardImport.placeInDecks`).
enum AnkiPackageImport {
    static func deck(_ collection: AnkiCollection) throws(ImportProblem) -> CardImport.Deck {
        var cardsOfNote: [Int64: [AnkiCollection.Card]] = [:]
        for card in collection.cards { cardsOfNote[card.note, default: []].append(card) }
        var roles: [RoleKey: Roles] = [:]
        var cards: [CardImport.Card] = []
        var decks: [String?] = []
        var skipped: [String: Int] = [:]
        for note in collection.notes {
            guard var noteCards = cardsOfNote[note.id] else { continue }
            if note.fields.count > ImportLimits.fields {
                throw ImportProblem(
                    "note \(note.id) has more than \(ImportLimits.fields) fields, the most a card may have")
            }
            if note.fields.contains(where: { $0.utf8.count > ImportLimits.fieldBytes }) {
                throw ImportProblem(
                    "note \(note.id) has a field longer than \(ImportLimits.size(ImportLimits.fieldBytes)), "
                        + "the most a card's side may hold")
            }
            noteCards.sort { $0.ord < $1.ord }
            let notetype = collection.notetypes[note.notetype]
            if notetype?.cloze == true {
                let field = clozeField(notetype, fields: note.fields)
                let cloze = AnkiHTML.Cloze(note.fields[field])
                let numbers = Set(cloze.numbers)
                // The front (one template for every cloze card) shows its text
                // around the cloze; the fields it does not show explain.
                let key = RoleKey(notetype: note.notetype, ord: 0)
                let role = roles[key] ?? Self.roles(notetype, ord: 0)
                roles[key] = role
                let onFront = Set(role.front?.references.map(\.index) ?? [field])
                let extra = note.fields.indices.filter { $0 != field && !onFront.contains($0) }
                    .map { AnkiHTML.text(note.fields[$0]).text }.filter { !$0.isEmpty }
                let asked = noteCards.filter { numbers.contains($0.ord + 1) }
                // A card whose number the text no longer has (a deletion taken out
                // since, or a note made a cloze with none): Anki shows it empty.
                if asked.count < noteCards.count {
                    let why = numbers.isEmpty ? "with no cloze deletion" : "with a cloze number no longer in its text"
                    skipped[why, default: 0] += noteCards.count - asked.count
                }
                if asked.count > AnkiTextImport.maximumClozes {
                    skipped["cloze deletions past a note's \(AnkiTextImport.maximumClozes)th", default: 0] +=
                        asked.count - AnkiTextImport.maximumClozes
                }
                for card in asked.prefix(AnkiTextImport.maximumClozes) {
                    let (prompt, answers) = cloze.question(card.ord + 1)
                    let shown =
                        role.front.map {
                            $0.render(
                                note.fields, special: $0.showsSpecial ? special(collection, notetype, note, card) : [:],
                                cloze: prompt)
                        } ?? prompt
                    let asked = AnkiHTML.text(shown)
                    let said = answers.map { AnkiHTML.text($0) }
                    cards.append(
                        CardImport.Card(
                            prompt: asked.text, answer: said.map(\.withoutMedia).joined(separator: ", "),
                            explanation: extra.isEmpty ? nil : extra.joined(separator: "\n"),
                            needsMedia: asked.onlyMedia || said.contains(where: \.onlyMedia), ankiCards: [card.id],
                            id: questionID(note.guid, card.ord + 1)))
                    decks.append(deckName(collection, card.deck))
                }
                continue
            }
            for card in noteCards {
                let key = RoleKey(notetype: note.notetype, ord: card.ord)
                let template = roles[key] ?? Self.roles(notetype, ord: card.ord)
                roles[key] = template
                // A template with sections asks and answers with the fields it shows for this note.
                let names =
                    template.front?.showsSpecial == true || template.back?.showsSpecial == true
                    ? special(collection, notetype, note, card) : [:]
                let role = template.forNote(note.fields, special: names)
                func texts(_ indices: [Int]) -> [AnkiHTML.Text] {
                    indices.filter { $0 < note.fields.count }.map { AnkiHTML.text(note.fields[$0]) }
                        .filter { !$0.text.isEmpty }
                }
                // The question is what the card's front shows (its template
                // rendered), the answer the field its back adds (through its filters).
                var prompt = role.front.map { AnkiHTML.text($0.render(note.fields, special: names)) }
                // A front that shows no field's text is blank, as Anki says of it (its card skipped).
                // (A front that is one field, Basic's `{{Front}}`, is that field's text: told without it.)
                if let front = role.front, prompt?.text.isEmpty == false, !front.isLoneField,
                    !role.prompt.contains(where: {
                        $0 < note.fields.count && !AnkiHTML.text(note.fields[$0]).text.isEmpty
                    })
                {
                    prompt = AnkiHTML.text("")
                }
                var answer = role.answer.flatMap { index in
                    index < note.fields.count
                        ? AnkiHTML.text(AnkiTemplate.filtered(note.fields[index], role.answerFilters)) : nil
                }.flatMap { $0.text.isEmpty ? nil : $0 }
                var explanation = texts(role.explanation)
                if role.front == nil {
                    // A card of no template quiz can find: the first field asks, the next answers.
                    // (A front or a back that shows no field is not: its card is skipped for it.)
                    let all = texts(Array(note.fields.indices))
                    prompt = all.first
                    answer = all.dropFirst().first
                    explanation = Array(all.dropFirst(2))
                }
                let shown = explanation.map(\.text)
                cards.append(
                    CardImport.Card(
                        prompt: prompt?.text ?? "", answer: answer?.withoutMedia ?? "",
                        explanation: shown.isEmpty ? nil : shown.joined(separator: "\n"),
                        needsMedia: prompt?.onlyMedia == true || answer?.onlyMedia == true, ankiCards: [card.id],
                        id: questionID(note.guid, card.ord)))
                decks.append(deckName(collection, card.deck))
            }
        }
        return CardImport.placeInDecks(cards, decks: decks, skipped: skipped)
    }

    /// The question's `"id"`: its note's guid (which Anki keeps when the
    /// note's fields are edited) and its card's number (a template's
    /// ordinal, a cloze's number), so a card edited in Anki and imported
    /// again is the same question and keeps its reviews. The bank's id rules
    /// hold: `#`, `%`, spaces, control characters and bytes past ASCII (a
    /// guid genanki made from any text) are written `%XX`, so the id is
    /// ASCII, its length its bytes'; nil for a guid empty or too long.
    static func questionID(_ guid: String, _ number: Int) -> String? {
        guard !guid.isEmpty else { return nil }
        var id = PercentEscape.bytes(guid) {
            $0 <= 32 || $0 >= 127 || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%")
        }
        id += Array("-\(number)".utf8)
        guard id.count <= BankChecker.maximumIDLength else { return nil }
        return String(decoding: id, as: UTF8.self)
    }

    private static func deckName(_ collection: AnkiCollection, _ deck: Int64) -> String? {
        collection.decks[deck].map { $0.map(\.trimmed).joined(separator: "::") }
    }

    private struct RoleKey: Hashable {
        var notetype: Int64
        var ord: Int
    }

    /// What a card of a template asks (its front, rendered with a note's
    /// fields), and the fields it answers (with that reference's filters)
    /// and explains with, by index.
    private struct Roles {
        var front: AnkiTemplate?
        var back: AnkiTemplate?
        var prompt: [Int] = []
        var answer: Int?
        var answerFilters: [String] = []
        var explanation: [Int] = []

        /// The roles for a note's fields: these, unless a template has
        /// sections, when the fields it shows for the note decide them.
        func forNote(_ values: [String], special: [String: String]) -> Roles {
            guard let front, let back, front.hasSections || back.hasSections else { return self }
            return AnkiPackageImport.roles(front: front, back: back, values: values, special: special)
        }
    }

    /// A card's names that are no field: its deck (`Deck`, `Subdeck`, its
    /// last part), note type (`Type`), template (`Card`) and its note's tags
    /// (`Tags`, apart by spaces), as Anki renders them.
    private static func special(
        _ collection: AnkiCollection, _ notetype: AnkiCollection.Notetype?, _ note: AnkiCollection.Note,
        _ card: AnkiCollection.Card
    ) -> [String: String] {
        var names: [String: String] = ["Tags": note.tags.joined(separator: " ")]
        names["Card"] = notetype?.templateName(ord: card.ord)
        if let deck = collection.decks[card.deck] {
            names["Deck"] = deck.joined(separator: "::")
            names["Subdeck"] = deck.last
        }
        names["Type"] = notetype?.name
        return names
    }

    private static func roles(_ notetype: AnkiCollection.Notetype?, ord: Int) -> Roles {
        guard let notetype, let template = notetype.templates[ord] else { return Roles() }
        return roles(
            front: AnkiTemplate(template.question, fields: notetype.fields),
            back: AnkiTemplate(template.answer, fields: notetype.fields), values: nil, special: [:])
    }

    /// The front asks with the fields it shows; the back answers with the
    /// first field it adds (or the one typed on the front) and explains
    /// with the rest. With `values`, only the fields shown for that note.
    private static func roles(front: AnkiTemplate, back: AnkiTemplate, values: [String]?, special: [String: String])
        -> Roles
    {
        var roles = Roles()
        roles.front = front
        roles.back = back
        var typed: Int?
        for (filters, index) in values.map({ front.shown($0, special: special) }) ?? front.references {
            if filters.contains("type") {
                typed = typed ?? index
            } else if !roles.prompt.contains(index) {
                roles.prompt.append(index)
            }
        }
        var added: [(filters: [String], index: Int)] = []
        for (filters, index) in values.map({ back.shown($0, special: special) }) ?? back.references
        where !filters.contains("type") && !roles.prompt.contains(index) && index != typed
            && !added.contains(where: { $0.index == index })
        {
            added.append((filters, index))
        }
        roles.answer = typed ?? added.first?.index
        roles.answerFilters = typed == nil ? added.first?.filters ?? [] : []
        roles.explanation = (typed == nil ? Array(added.dropFirst()) : added).map(\.index)
        return roles
    }

    /// The field of a cloze note holding its deletions: the one its
    /// template shows as `{{cloze:Text}}`, else the first.
    private static func clozeField(_ notetype: AnkiCollection.Notetype?, fields: [String]) -> Int {
        guard let notetype, let template = notetype.templates[0] else { return 0 }
        let found = AnkiTemplate(template.question, fields: notetype.fields).references.first {
            $0.filters.contains("cloze")
        }
        return found.map(\.index).flatMap { $0 < fields.count ? $0 : nil } ?? 0
    }
}
