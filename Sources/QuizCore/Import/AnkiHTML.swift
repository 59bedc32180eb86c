import Foundation

/// Anki's fields as plain text: HTML made text (`<br>`, `<div>` and `<p>`
/// line breaks, lists as `- ` or `1. ` lines, entities decoded, `<style>`
/// and `<script>` dropped), media kept as a short mention (`[image:
/// heart.png]`, `[sound: x.mp3]`), and cloze deletions (`{{c1::answer::hint}}`)
/// made blanks. Used by every Anki format.
enum AnkiHTML {
    /// A field made text, and whether it mentions a picture or a sound.
    struct Text: Equatable {
        var text: String
        var hasMedia: Bool
        /// The text without its media mentions is empty: the card needs its picture or sound.
        var onlyMedia: Bool
        /// The text without its media mentions: an answer (no one types `[sound: x.mp3]`).
        var withoutMedia: String
    }

    /// `html` is false for a field already plain (Anki's `#html:false`):
    /// only its sound tags are rewritten.
    static func text(_ field: String, html: Bool = true) -> Text {
        if isPlain(field) { return Text(text: field, hasMedia: false, onlyMedia: false, withoutMedia: field) }
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
        return Text(
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
        var html = html
        return html.withUTF8 { strip($0, media: &media) }
    }

    /// `strip` over the field's UTF-8 (valid: it is a `String`'s): tags and
    /// white space are ASCII, so only other scalars are decoded, to tell
    /// Unicode's white space. Read as `Unicode.Scalar`s into a scalar view,
    /// this was a sixth of an import (callgrind).
    private static func strip(_ bytes: UnsafeBufferPointer<UInt8>, media: inout [String]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var listCounters: [Int?] = []  // nil for a bulleted list, else the next number
        var pendingSpace = false
        var inRubyText = false  // inside `<rt>`: its reading shown in brackets, `漢字(かんじ)`
        var i = 0
        // A search that finds no end ends the field (an unclosed `<style>`
        // here, a tag with no `>` in `markupEnd`), so a field of 60,000
        // `<style>` is read in one pass, not 60,000.
        func newline() {
            pendingSpace = false
            if let last = out.last, last != 10 { out.append(10) }
        }
        func add(_ text: String) {
            if pendingSpace { out.append(32) }
            pendingSpace = false
            out.append(contentsOf: text.utf8)
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<"), bytes[(i + 1)...].starts(with: Self.commentStart) {
                i = commentEnd(in: bytes, from: i + 4)
                continue
            }
            if byte == UInt8(ascii: "<"), let close = markupEnd(i, in: bytes) {
                if close == bytes.count { break }
                let tag = Tag(String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<close]), as: UTF8.self))
                i = close + 1
                switch tag.name {
                case "style", "script", "title", "noscript", "template", "iframe", "noembed", "noframes":
                    // Their text is no card's text: skipped to their end tag, or
                    // to the field's end when it has none (as a browser hides it).
                    if !tag.closing {
                        i =
                            find(Array(("</" + tag.name).utf8), in: bytes, from: i).map { end in
                                bytes[end...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                            } ?? bytes.count
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
                            out.append(contentsOf: "\(indent)\(number). ".utf8)
                            listCounters[listCounters.count - 1] = number + 1
                        } else {
                            out.append(contentsOf: (indent + "- ").utf8)
                        }
                    }
                case "br":
                    out.append(10)
                    pendingSpace = false
                case "rp":
                    // The brackets a browser without ruby shows: read up to the next tag (its end tag may be left out).
                    if !tag.closing { i = bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count }
                case "p":
                    // A paragraph is apart from what is around it by a blank
                    // line (a back's note after its answer: `ImportedAnswer`).
                    newline()
                    if out.count >= 2, out[out.count - 2] != 10 { out.append(10) }
                case "sup":
                    // A short power (`x<sup>2</sup>`) is written `x^2`, as typed at a prompt.
                    if !tag.closing, let end = bytes[i...].firstIndex(of: UInt8(ascii: "<")), (1...3).contains(end - i),
                        bytes[i..<end].allSatisfy({ (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 110 }),
                        bytes[end...].starts(with: Array("</sup>".utf8))
                    {
                        if pendingSpace { out.append(32) }
                        pendingSpace = false
                        out.append(UInt8(ascii: "^"))
                    }
                case "td", "th":
                    // Cells side by side, apart by a space (as a browser's copy has them apart).
                    if !tag.closing, let last = out.last, last != 10 { pendingSpace = true }
                case "rt", "rb", "ruby":
                    // A reading (`<rt>`) shows above its text; in a line, in brackets after it.
                    if inRubyText {
                        out.append(UInt8(ascii: ")"))
                        inRubyText = false
                    }
                    if tag.name == "rt" && !tag.closing {
                        out.append(UInt8(ascii: "("))
                        pendingSpace = false
                        inRubyText = true
                    }
                default:
                    if blockTags.contains(tag.name) { newline() }
                }
                continue
            }
            // The scalar at i: its bytes, and whether it is white space (no-break space is kept).
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let space: Bool
            if length == 1 {
                space = byte == 32 || (9...13).contains(byte)
            } else {
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for next in bytes[(i + 1)..<(i + length)] { value = value << 6 | UInt32(next & 0x3F) }
                space = value != 0xA0 && Unicode.Scalar(value)?.properties.isWhitespace == true
            }
            if space {
                if let last = out.last, last != 10 { pendingSpace = true }
            } else {
                if pendingSpace {
                    out.append(32)
                    pendingSpace = false
                }
                if length == 1 { out.append(byte) } else { out.append(contentsOf: bytes[i..<(i + length)]) }
            }
            i += length
        }
        if inRubyText { out.append(UInt8(ascii: ")")) }
        var decoded = HTMLEntities.decode(String(decoding: out, as: UTF8.self))
        // A no-break space, and a tab, carriage return or form feed written
        // as a reference (`&#13;`), show as a space.
        if decoded.utf8.contains(where: { $0 == 9 || $0 == 11 || $0 == 12 || $0 == 13 || $0 == 0xC2 }) {
            decoded = String(
                String.UnicodeScalarView(
                    decoded.unicodeScalars.map { [9, 11, 12, 13, 0xA0].contains($0.value) ? " " : $0 }))
        }
        return decoded
    }

    /// The `>` ending the markup that starts with the `<` at `start`, as
    /// a browser reads it: a tag starts with a letter (`<b`, `</b`), or
    /// is `<!…>`, `<?…>` or `</…>` (`</ b>` is a bogus comment, left
    /// out), and a `>` inside a quoted attribute's value does not end it;
    /// any other `<` (`1 < 2`, `<=`, `<<`) is text: nil. Markup the field
    /// ends inside (`a<b c`, an unclosed quote) hides the rest, as in a
    /// browser: `bytes.count`. A search that fails ends the field, so each
    /// byte is searched once.
    private static func markupEnd(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        let next = bytes[start + 1]
        let opens =
            isLetter(next) || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
            || (next == UInt8(ascii: "/") && start + 2 < bytes.count)
        guard opens else { return nil }
        var j = start + 1
        var afterEquals = false
        while j < bytes.count {
            let byte = bytes[j]
            if byte == UInt8(ascii: ">") { return j }
            if byte == UInt8(ascii: "=") {
                afterEquals = true
            } else if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let quoteEnd = bytes[(j + 1)...].firstIndex(of: byte) else { return bytes.count }
                j = quoteEnd
                afterEquals = false
            } else if !(byte == 32 || (9...13).contains(byte)) {
                afterEquals = false
            }
            j += 1
        }
        return bytes.count
    }

    private static let commentStart = Array("!--".utf8)

    /// Where the text after a comment whose `<!--` ends just before `start`
    /// begins, as a browser reads it: after `>` or `->` at once (an empty
    /// comment, `<!-->`), else after the first `-->` or `--!>`, else at the
    /// end (an unclosed comment hides the rest). One pass.
    private static func commentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let dash = UInt8(ascii: "-")
        let close = UInt8(ascii: ">")
        if start < bytes.count, bytes[start] == close { return start + 1 }
        if start + 1 < bytes.count, bytes[start] == dash, bytes[start + 1] == close { return start + 2 }
        var i = start
        while i + 2 < bytes.count {
            if bytes[i] == dash, bytes[i + 1] == dash {
                if bytes[i + 2] == close { return i + 3 }
                if i + 3 < bytes.count, bytes[i + 2] == UInt8(ascii: "!"), bytes[i + 3] == close { return i + 4 }
            }
            i += 1
        }
        return bytes.count
    }

    /// Where `pattern` (ASCII, lowercase) first starts in `bytes` at or after
    /// `start`, letters matched in any case (HTML's names are ASCII).
    private static func find(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count - start >= pattern.count else { return nil }
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == first,
                pattern.indices.allSatisfy({ index in
                    let byte = bytes[i + index]
                    return (byte >= 65 && byte <= 90 ? byte + 32 : byte) == pattern[index]
                })
            {
                return i
            }
            i += 1
        }
        return nil
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
        // Lines split at the line feed's byte, not by `Character` (which
        // finds grapheme boundaries: a tenth of an import, callgrind), and
        // written as bytes: a line of ASCII is trimmed by its bytes, another
        // by `trimmed`. A line feed after a carriage return ends a line too.
        var out: [UInt8] = []
        var emptyBefore = false
        for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            var kept = Substring(line).utf8[...]
            if kept.allSatisfy({ $0 < 0x80 }) {
                while let first = kept.first, first == 32 || (9...13).contains(first) { kept = kept.dropFirst() }
                while let last = kept.last, last == 32 || (9...13).contains(last) { kept = kept.dropLast() }
            } else {
                kept = Substring(String(Substring(line)).trimmed).utf8[...]
            }
            if kept.isEmpty {
                emptyBefore = !out.isEmpty
                continue
            }
            if !out.isEmpty { out.append(contentsOf: emptyBefore ? [10, 10] : [10]) }
            out.append(contentsOf: kept)
            emptyBefore = false
        }
        return String(decoding: out, as: UTF8.self)
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
            closing = text.utf8.first == UInt8(ascii: "/")
            // The slash's byte alone: a combining mark after it is no part of it.
            if closing { text = text[text.utf8.index(after: text.utf8.startIndex)...] }
            let nameEnd =
                text.utf8.firstIndex { $0 == 32 || $0 == UInt8(ascii: "/") || $0 == 9 || $0 == 10 } ?? text.endIndex
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

    // MARK: Cloze

    /// A field's text and cloze deletions, parsed once for all its numbers.
    struct Cloze {
        let parts: [ClozePart]

        init(_ field: String) {
            parts = AnkiHTML.parseCloze(Substring(field))
        }

        /// The cloze numbers it holds, in order (`{{c2::…}}` then `{{c1::…}}` gives 1, 2).
        var numbers: [Int] {
            var numbers = Set<Int>()
            AnkiHTML.collect(parts, into: &numbers)
            return numbers.sorted()
        }

        /// The field with the deletions of `number` made `____` (and their
        /// hint in brackets), the others shown; and those deletions' texts, the answer.
        func question(_ number: Int) -> (prompt: String, answers: [String]) {
            var answers: [String] = []
            let prompt = AnkiHTML.render(parts, number: number, answers: &answers)
            return (prompt, answers)
        }
    }

    fileprivate static func collect(_ parts: [ClozePart], into numbers: inout Set<Int>) {
        for part in parts {
            if case .deletion(let number, let inner, _) = part {
                numbers.insert(number)
                collect(inner, into: &numbers)
            }
        }
    }

    fileprivate static func render(_ parts: [ClozePart], number: Int, answers: inout [String]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .deletion(let n, let inner, let hint):
                if n == number {
                    var ignored: [String] = []
                    answers.append(render(inner, number: -1, answers: &ignored))
                    out += hint.map { "____ [\($0)]" } ?? "____"
                } else {
                    out += render(inner, number: number, answers: &answers)
                }
            }
        }
        return out
    }

    indirect enum ClozePart {
        case text(Substring)
        case deletion(Int, [ClozePart], hint: String?)
    }

    /// Text and `{{cN::…::hint}}` deletions, nested ones too (Anki 2.1.56 and later).
    fileprivate static func parseCloze(_ text: Substring) -> [ClozePart] {
        var position = text.startIndex
        return parseParts(text, &position, depth: 0)
    }

    private static func parseParts(_ text: Substring, _ position: inout Substring.Index, depth: Int) -> [ClozePart] {
        var parts: [ClozePart] = []
        var plainStart = position
        while position < text.endIndex {
            let rest = text[position...]
            if depth > 0, rest.hasPrefix("}}") || rest.hasPrefix("::") {
                break
            }
            // Nesting is bounded: a hostile field of a million `{{c1::` parses flat past 20.
            if depth < 20, rest.hasPrefix("{{c"), let (number, bodyStart) = clozeOpening(rest) {
                if plainStart < position { parts.append(.text(text[plainStart..<position])) }
                position = bodyStart
                let inner = parseParts(text, &position, depth: depth + 1)
                var hint: String?
                if text[position...].hasPrefix("::") {
                    let hintStart = text.index(position, offsetBy: 2)
                    let hintEnd = text[hintStart...].range(of: "}}")?.lowerBound ?? text.endIndex
                    hint = String(text[hintStart..<hintEnd])
                    position = hintEnd
                }
                if text[position...].hasPrefix("}}") { position = text.index(position, offsetBy: 2) }
                parts.append(.deletion(number, inner, hint: hint))
                plainStart = position
                continue
            }
            position = text.index(after: position)
        }
        if plainStart < position { parts.append(.text(text[plainStart..<position])) }
        return parts
    }

    /// `{{c12::` → 12 and where its text starts.
    private static func clozeOpening(_ rest: Substring) -> (Int, Substring.Index)? {
        var index = rest.index(rest.startIndex, offsetBy: 3)
        var digits = ""
        while index < rest.endIndex, let digit = rest[index].wholeNumberValue, rest[index].isASCII, digits.count < 4 {
            digits.append(rest[index])
            _ = digit
            index = rest.index(after: index)
        }
        guard let number = Int(digits), rest[index...].hasPrefix("::") else { return nil }
        return (number, rest.index(index, offsetBy: 2))
    }
}
