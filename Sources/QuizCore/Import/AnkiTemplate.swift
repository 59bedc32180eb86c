/// A card template of an Anki note type (`What is the capital of
/// {{Country}}?`), parsed once for all its cards: its text, the fields it
/// shows, and its sections, rendered with a note's fields as Anki renders
/// it (rslib/src/template.rs): `{{Field}}` and a filtered `{{text:Field}}`
/// the field's HTML; `{{#Field}}…{{/Field}}` shown when the field has
/// text, `{{^Field}}…{{/Field}}` when it has none; `{{type:Field}}` (the
/// answer's box), `{{hint:Field}}` (hidden until clicked), comments
/// (`{{!…}}`) and names that are no field (`{{FrontSide}}`) show nothing.
struct AnkiTemplate {
    enum Part {
        case text(String)
        /// A field shown, by its index, with its filters (lowercased).
        case field(Int, filters: [String])
        /// A section's start: the field it tests, and whether it is shown when that field is empty (`^`).
        case section(Int?, inverted: Bool)
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
                parts.append(.section(fields.firstIndex(of: name), inverted: first == "^"))
            case "/": parts.append(.sectionEnd)
            case "!": continue
            default:
                var names = token.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmed }
                let name = names.removeLast()
                if let index = fields.firstIndex(of: name) {
                    parts.append(.field(index, filters: names.map { $0.lowercased() }))
                }
            }
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The fields it shows, in order, with their filters (`{{type:Back}}`
    /// is ["type"] and Back's index), in sections or not.
    var references: [(filters: [String], index: Int)] {
        parts.compactMap {
            if case .field(let index, let filters) = $0 { return (filters, index) }
            return nil
        }
    }

    /// The template with `values` (a note's fields, HTML) put in; the
    /// field alone when the template is only it (Basic's `{{Front}}`).
    func render(_ values: [String]) -> String {
        if parts.count == 1, case .field(let index, let filters) = parts[0], filters.isEmpty {
            return index < values.count ? values[index] : ""
        }
        var out = ""
        var hidden = 0  // sections open and not shown
        var shown: [Bool] = []
        for part in parts {
            switch part {
            case .section(let index, let inverted):
                // Anki tests a field for text with its HTML taken out.
                let hasText = index.map { $0 < values.count && !AnkiHTML.text(values[$0]).text.isEmpty } ?? false
                let show = hidden == 0 && hasText != inverted
                shown.append(show)
                if !show { hidden += 1 }
            case .sectionEnd:
                if let last = shown.popLast(), !last { hidden -= 1 }
            case .text(let text):
                if hidden == 0 { out += text }
            case .field(let index, let filters):
                if hidden == 0, index < values.count, !filters.contains("type"), !filters.contains("hint") {
                    out += values[index]
                }
            }
        }
        return out
    }
}
