/// A card template of an Anki note type (`What is the capital of
/// {{Country}}?`), parsed once for all its cards: its text, the fields it
/// shows, and its sections, rendered with a note's fields as Anki renders
/// it (rslib/src/template.rs, template_filters.rs): `{{Field}}` and a
/// filtered `{{text:Field}}` the field's HTML, `{{kana:Field}}` and
/// `{{kanji:Field}}` a reading or its kanji (`漢字[かんじ]`), `{{furigana:…}}`
/// both (`漢字(かんじ)`); `{{#Field}}…{{/Field}}` shown when the field has
/// text, `{{^Field}}…{{/Field}}` when it has none; `{{Deck}}`, `{{Subdeck}}`,
/// `{{Type}}`, `{{Card}}` and `{{Tags}}` the card's deck, note type,
/// template and its note's tags; `{{cloze:Text}}` the
/// card's cloze; `{{type:…}}` (the answer's box), `{{hint:…}}` (hidden
/// until clicked), `{{tts …:…}}` (a voice), comments (`{{!…}}`) and other
/// names (`{{FrontSide}}`) nothing.
struct AnkiTemplate {
    enum Part {
        case text(String)
        /// A field shown, by its index, with its filters (lowercased, first word: `tts en_US` is `tts`).
        case field(Int, filters: [String])
        /// A name that is no field (`Deck`), with its filters.
        case special(String, filters: [String])
        /// A section's start: the field it tests (nil for a name that is no
        /// field, `{{#Tags}}`: `name`), and whether it is shown when that is empty (`^`).
        case section(Int?, name: String, inverted: Bool)
        case sectionEnd
    }

    let parts: [Part]

    init(_ template: String, fields: [String]) {
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else {
                rest = ""
                break
            }
            let token = String(rest[..<close.lowerBound]).trimmed
            rest = rest[close.upperBound...]
            guard let first = token.first else { continue }
            switch first {
            case "#", "^":
                let name = String(token.dropFirst()).trimmed
                parts.append(.section(fields.firstIndex(of: name), name: name, inverted: first == "^"))
            case "/": parts.append(.sectionEnd)
            case "!": continue
            default:
                var names = token.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmed }
                let name = names.removeLast()
                let filters = names.map { String($0.split(separator: " ").first ?? "").lowercased() }
                if let index = fields.firstIndex(of: name) {
                    parts.append(.field(index, filters: filters))
                } else {
                    parts.append(.special(name, filters: filters))
                }
            }
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// Whether it is one field and nothing else (Basic's `{{Front}}`).
    var isLoneField: Bool {
        guard parts.count == 1, case .field(_, let filters) = parts[0] else { return false }
        return filters.isEmpty
    }

    /// Whether it has a section (`{{#Field}}`): only then do the fields it
    /// shows depend on the note (`shown(_:)`).
    var hasSections: Bool {
        parts.contains {
            if case .section = $0 { return true }
            return false
        }
    }

    /// Its parts a note's `values` show: text, fields and names, those in
    /// a section not shown left out (Anki tests a field for text with its
    /// HTML taken out, and a name that is no field by its value in
    /// `special`); the section markers themselves are not parts shown.
    func shownParts(_ values: [String], special: [String: String] = [:]) -> [Part] {
        guard hasSections else { return parts }
        var found: [Part] = []
        var hidden = 0  // sections open and not shown
        var open: [Bool] = []
        for part in parts {
            switch part {
            case .section(let index, let name, let inverted):
                let value = index.map { $0 < values.count ? values[$0] : "" } ?? special[name] ?? ""
                let hasText = !AnkiHTML.text(value).text.isEmpty
                let show = hidden == 0 && hasText != inverted
                open.append(show)
                if !show { hidden += 1 }
            case .sectionEnd:
                if let last = open.popLast(), !last { hidden -= 1 }
            case .text, .field, .special:
                if hidden == 0 { found.append(part) }
            }
        }
        return found
    }

    /// The fields it shows for a note's `values` (as `references`, but
    /// those in a section not shown left out).
    func shown(_ values: [String], special: [String: String] = [:]) -> [(filters: [String], index: Int)] {
        shownParts(values, special: special).compactMap {
            if case .field(let index, let filters) = $0 { return (filters, index) }
            return nil
        }
    }

    /// Whether it shows or tests a name that is no field (`{{Deck}}`,
    /// `{{#Tags}}`): only then are a card's such names looked up.
    var showsSpecial: Bool {
        parts.contains {
            if case .special = $0 { return true }
            if case .section(nil, _, _) = $0 { return true }
            return false
        }
    }

    /// The fields it shows, in order, with their filters (`{{type:Back}}`
    /// is ["type"] and Back's index), in sections or not.
    var references: [(filters: [String], index: Int)] {
        parts.compactMap {
            if case .field(let index, let filters) = $0 { return (filters, index) }
            return nil
        }
    }

    /// The template with `values` (a note's fields, HTML) put in, `special`
    /// its other names' values (`Deck`), and `cloze` the card's cloze for
    /// `{{cloze:…}}`; the field alone when the template is only it (Basic's `{{Front}}`).
    func render(_ values: [String], special: [String: String] = [:], cloze: String? = nil) -> String {
        if isLoneField, case .field(let index, _) = parts[0] { return index < values.count ? values[index] : "" }
        var out = ""
        for part in shownParts(values, special: special) {
            switch part {
            case .text(let text): out += text
            case .field(let index, let filters):
                if filters.contains("cloze") {
                    out += cloze ?? ""
                } else if index < values.count {
                    out += Self.filtered(values[index], filters)
                }
            case .special(let name, let filters):
                if let value = special[name] { out += Self.filtered(value, filters) }
            case .section, .sectionEnd: continue
            }
        }
        return out
    }

    /// A field's HTML through a reference's filters: nothing for those
    /// that show no text (`type`, `hint`, `tts`), a reading or its kanji
    /// for `kana`, `kanji` and `furigana`, else the field.
    static func filtered(_ value: String, _ filters: [String]) -> String {
        if filters.contains(where: { ["type", "hint", "tts"].contains($0) }) { return "" }
        if filters.contains("kana") { return reading(value, .kana) }
        if filters.contains("kanji") { return reading(value, .kanji) }
        if filters.contains("furigana") { return reading(value, .both) }
        return value
    }

    enum Reading { case kana, kanji, both }

    /// Anki's readings (`日本[にほん] 語[ご]`): each `base[reading]` (a space
    /// before it taken out) as its reading, its base, or `base(reading)`.
    static func reading(_ text: String, _ shown: Reading) -> String {
        guard text.contains("[") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            // The base: the run of characters before `[` that are no space or `>`.
            let before = rest[..<open]
            let baseStart =
                before.lastIndex { $0 == " " || $0 == ">" }.map { before.index(after: $0) } ?? before.startIndex
            var kept = before[..<baseStart]
            if kept.last == " " { kept = kept.dropLast() }
            out += kept
            let base = before[baseStart...]
            let reading = rest[rest.index(after: open)..<close]
            switch shown {
            case .kana: out += reading
            case .kanji: out += base
            case .both: out += base + "(" + reading + ")"
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
