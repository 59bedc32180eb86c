import Testing

@testable import QuizCore

/// `AnkiHTML` reads a field's UTF-8 bytes (a third of a 20,000-note import
/// was reading it as `Unicode.Scalar`s). The scalar reading it replaced is
/// kept below as the oracle: on random fields of tags, entities, lists,
/// media, Unicode white space, combining marks and emoji, both must give the
/// same text, media and answer. (A `<` that starts no tag, comments, a tag
/// the field ends inside and an unclosed `<style>` or `<script>` are read as
/// a browser reads them since: `CardImportTests.onlyMarkupIsTakenOut`.)
@Suite struct AnkiHTMLOracleTests {
    static let fragments = [
        "<div>", "</div>", "<br>", "<BR/>", "<br />", "<p>", "</p>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>",
        "<b>", "</b>", "<h1>", "<td>", "<tr>", "<hr>", "<Table>", "<style>x{}</style>", "<STYLE>a</Style >",
        "<script>x</script>", "</script>", "<img src=\"a/b.png\">",
        "<img alt=x src='c d.jpg'>", "<IMG SRC=e.gif/>", "<audio src=s.mp3>", "<video src=\"v.mp4\">",
        "<source src=\"&amp;q.ogg\">", "<img>", "&nbsp;", "&amp;", "&lt;", "&gt;", "&#65;", "&#x3000;",
        "&times;", "&#10;", "&bogus;", "&", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{A0}", "\u{3000}",
        "\u{2028}", "\u{85}", "\u{1680}", "\u{200B}", "é", "e\u{301}", " \u{301}", "🙂", "👩‍👩‍👧", "[sound:x.mp3]",
        "[sound: y.ogg ]", "[sound:", "[", ">", "word", "Word", "x", "1", "\u{0}", "\u{1F}",
    ]

    @Test func bytesReadAsTheScalarReadingDid() {
        var generator = SeededGenerator(seed: 24)
        for _ in 0..<20_000 {
            let count = generator.below(14)
            let field = (0..<count).map { _ in Self.fragments[generator.below(Self.fragments.count)] }.joined()
            for html in [true, false] {
                let made = AnkiHTML.text(field, html: html)
                let expected = ReferenceAnkiHTML.text(field, html: html)
                #expect(made == expected, "field \(field.debugDescription), html: \(html)")
                if made != expected { return }
            }
        }
    }
}

/// The scalar reading of `AnkiHTML` before it read bytes (commit 8a69569),
/// but for two changes made on purpose, both where a `Character` held more
/// than the byte looked for: a line feed after a carriage return ends a line
/// (`"\r\n"` is one character, and was not split), and a tag's name ends at
/// a space followed by a combining mark (`<li ́>` is a list item).
private enum ReferenceAnkiHTML {
    /// `html` is false for a field already plain (Anki's `#html:false`):
    /// only its sound tags are rewritten.
    static func text(_ field: String, html: Bool = true) -> AnkiHTML.Text {
        if isPlain(field) { return AnkiHTML.Text(text: field, hasMedia: false, onlyMedia: false, withoutMedia: field) }
        var media: [String] = []
        var plain = html ? strip(field, media: &media) : field
        plain = soundTags(plain, media: &media)
        plain = tidy(plain)
        var rest = plain
        for mention in media { rest = rest.replacingOccurrences(of: mention, with: "") }
        let wordless =
            !media.isEmpty
            && rest.unicodeScalars.allSatisfy {
                !$0.properties.isAlphabetic && $0.properties.numericType == nil
            }
        return AnkiHTML.Text(
            text: plain, hasMedia: !media.isEmpty, onlyMedia: !media.isEmpty && wordless,
            withoutMedia: media.isEmpty ? plain : tidy(rest))
    }

    /// A field that is its own text: printable ASCII, single spaces between
    /// words, no tag, entity, `[sound:` or line break (most answers); making
    /// it text would give it back unchanged.
    static func isPlain(_ field: String) -> Bool {
        var previousSpace = true
        for byte in field.utf8 {
            switch byte {
            case 32:
                if previousSpace { return false }
                previousSpace = true
            case UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "["): return false
            case 33...126: previousSpace = false
            default: return false
            }
        }
        return !previousSpace
    }

    private static let blockTags: Set<String> = [
        "div", "p", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "blockquote", "ul", "ol", "pre",
    ]

    /// Tags out, line breaks in, entities decoded; `media` gets each mention made.
    private static func strip(_ html: String, media: inout [String]) -> String {
        var out = String.UnicodeScalarView()
        var listCounters: [Int?] = []  // nil for a bulleted list, else the next number
        var pendingSpace = false
        let scalars = html.unicodeScalars
        var i = scalars.startIndex
        // Once a search found no end, none later will: each is made once, so a
        // field of 60,000 `<` is read in one pass, not 60,000.
        var noTagEnd = false
        var noEndTag = Set<String>()
        func newline() {
            pendingSpace = false
            if let last = out.last, last != "\n" { out.append("\n") }
        }
        func add(_ text: String) {
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(contentsOf: text.unicodeScalars)
        }
        while i < scalars.endIndex {
            let scalar = scalars[i]
            if scalar == "<", !noTagEnd,
                let close = scalars[i...].firstIndex(of: ">")
                    ?? {
                        noTagEnd = true; return nil
                    }()
            {
                let tag = Tag(String(scalars[scalars.index(after: i)..<close]))
                i = scalars.index(after: close)
                switch tag.name {
                case "style", "script":
                    // Their text is no card's text: skipped to their end tag.
                    if !tag.closing, !noEndTag.contains(tag.name) {
                        if let end = html[i...].range(of: "</" + tag.name, options: .caseInsensitive) {
                            i =
                                html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) }
                                ?? html.endIndex
                        } else {
                            noEndTag.insert(tag.name)
                        }
                    }
                case "img", "audio", "video", "source":
                    if let source = tag.attribute("src") {
                        let kind = tag.name == "img" ? "image" : tag.name == "video" ? "video" : "sound"
                        let mention = "[\(kind): \(fileName(source))]"
                        add(mention)
                        media.append(mention)
                    }
                case "ul", "ol":
                    newline()
                    if tag.closing {
                        _ = listCounters.popLast()
                    } else if listCounters.count < 20 {
                        listCounters.append(tag.name == "ol" ? 1 : nil)
                    }
                case "li":
                    newline()
                    if !tag.closing {
                        let indent = String(repeating: "  ", count: max(0, listCounters.count - 1))
                        if let last = listCounters.last, let number = last {
                            out.append(contentsOf: "\(indent)\(number). ".unicodeScalars)
                            listCounters[listCounters.count - 1] = number + 1
                        } else {
                            out.append(contentsOf: (indent + "- ").unicodeScalars)
                        }
                    }
                case "br":
                    out.append("\n")
                    pendingSpace = false
                case "p":
                    // Added after the byte reading (paragraphs apart by a blank line).
                    newline()
                    if out.count >= 2, Array(out)[out.count - 2] != "\n" { out.append("\n") }
                case "td", "th":
                    // Added after the byte reading (cells apart by a space).
                    if !tag.closing, let last = out.last, last != "\n" { pendingSpace = true }
                default:
                    if blockTags.contains(tag.name) { newline() }
                }
                continue
            }
            i = scalars.index(after: i)
            if scalar.value < 0x80
                ? scalar == " " || (9...13).contains(scalar.value)
                : scalar.properties.isWhitespace && scalar != "\u{A0}"
            {
                if let last = out.last, last != "\n" { pendingSpace = true }
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        let decoded = HTMLEntities.decode(String(out))
        guard decoded.unicodeScalars.contains("\u{A0}") else { return decoded }
        return decoded.replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// `[sound:x.mp3]` as `[sound: x.mp3]`.
    private static func soundTags(_ text: String, media: inout [String]) -> String {
        guard text.utf8.contains(UInt8(ascii: "[")), text.contains("[sound:") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "[sound:") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "]") else {
                out += rest[start.lowerBound...]
                rest = ""
                break
            }
            let mention = "[sound: \(fileName(String(rest[start.upperBound..<end]).trimmed))]"
            out += mention
            media.append(mention)
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    /// Each line without spaces at its ends, no more than one empty line in a row, none at the ends.
    private static func tidy(_ text: String) -> String {
        // One line (most fields): only its ends trimmed.
        if !text.utf8.contains(10) { return text.trimmed }
        // Split at each line feed scalar (a carriage return before it no longer joins them).
        var lines: [String] = []
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(String.UnicodeScalarView(line)).trimmed
            if trimmed.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func fileName(_ source: String) -> String {
        let decoded = HTMLEntities.decode(source)
        return String(decoded.split(separator: "/").last ?? Substring(decoded))
    }

    /// A tag's name (lowercased), whether it closes, and its attributes.
    struct Tag {
        var name: String
        var closing: Bool
        var body: Substring

        init(_ inside: String) {
            var text = Substring(inside)
            closing = text.hasPrefix("/")
            if closing { text = text.dropFirst() }
            let nameEnd =
                text.unicodeScalars.firstIndex { $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" } ?? text.endIndex
            name = text[..<nameEnd].lowercased()
            body = text[nameEnd...]
        }

        /// The value of `name="…"`, `name='…'` or `name=…`.
        func attribute(_ wanted: String) -> String? {
            var rest = body
            while let range = rest.range(of: wanted, options: .caseInsensitive) {
                let before = range.lowerBound == rest.startIndex ? " " : rest[rest.index(before: range.lowerBound)]
                var after = rest[range.upperBound...].drop { $0 == " " }
                rest = rest[range.upperBound...]
                guard before == " " || before == "\t" || before == "\n", after.first == "=" else { continue }
                after = after.dropFirst().drop { $0 == " " }
                if let quote = after.first, quote == "\"" || quote == "'" {
                    let value = after.dropFirst().prefix { $0 != quote }
                    return String(value)
                }
                return String(after.prefix { $0 != " " && $0 != ">" && $0 != "/" })
            }
            return nil
        }
    }

}
