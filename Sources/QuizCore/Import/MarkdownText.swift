/// A line of markdown as its reader sees it rendered (hashcards renders a
/// card's markdown): backslash escapes give their character, code spans
/// their text, `*`/`_` emphasis and `**`/`__` strong emphasis only their
/// text, a link `[text](url)` its text, and a picture `![alt](file)` the
/// mention a picture of an Anki card gets (`[image: file]`). Emphasis
/// follows CommonMark's flanking rules in short: an opening run is followed
/// by a character that is not white space, a closing run follows one, and
/// `_` never opens or closes inside a word (`snake_case` is kept);
/// `~~struck~~` is its text too. HTML in it is read as the page shows it:
/// a character reference its character (`AT&amp;T`), a tag nothing (`<br>`
/// a line break), an autolink `<https://…>` its address.
enum MarkdownText {
    /// `inLink`: the text of a link, whose own brackets are text (links do
    /// not nest, and reading them again at each depth made a line of
    /// nested brackets cost its length squared).
    static func plain(_ line: Substring, inLink: Bool = false) -> String {
        guard
            line.utf8.contains(where: {
                $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "*")
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "~")
                    || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&")
            })
        else { return String(line) }
        let characters = Array(line)
        let marks = Marks(characters)
        // Pieces of text, and runs of `*` or `_` that may open or close emphasis.
        struct Piece {
            var text: String
            var delimiter: Character?
            var count = 0
            var opens = false
            var closes = false
        }
        var pieces: [Piece] = []
        func add(_ text: String) {
            if let last = pieces.last, last.delimiter == nil {
                pieces[pieces.count - 1].text += text
            } else {
                pieces.append(Piece(text: text))
            }
        }
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if character == "\\", i + 1 < characters.count, characters[i + 1].isASCII,
                characters[i + 1].isPunctuation || characters[i + 1].isSymbol
            {
                add(String(characters[i + 1]))
                i += 2
            } else if character == "`" {
                let span = codeSpan(characters, at: i)
                if let close = span.close {
                    var code = String(characters[(i + span.run)..<close])
                    if code.count > 2, code.first == " ", code.last == " " {
                        code = String(code.dropFirst().dropLast())
                    }
                    add(code)
                    i = close + span.run
                } else {
                    add(String(repeating: "`", count: span.run))
                    i += span.run
                }
            } else if character == "&", let end = referenceEnd(characters, from: i) {
                // A reference, decoded as a browser reads it (the rest of the run kept).
                add(HTMLEntities.decode(String(characters[i..<end])))
                i = end
            } else if character == "<", let (inner, end) = markup(characters, at: i, marks: marks) {
                // An autolink (a scheme, `:`, no space) is its address; a tag is nothing, `<br>` a line break.
                let scheme = inner.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
                if scheme.count >= 2, inner.dropFirst(scheme.count).first == ":", !inner.contains(" ") {
                    add(inner)
                } else {
                    let name = inner.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    if name.lowercased() == "br" { add("\n") }
                }
                i = end
            } else if character == "*" || character == "_" || character == "~",
                character != "~" || (i + 1 < characters.count && characters[i + 1] == "~")
            {
                var run = 1
                while i + run < characters.count, characters[i + run] == character { run += 1 }
                let before = i > 0 ? characters[i - 1] : " "
                let after = i + run < characters.count ? characters[i + run] : " "
                var opens = !after.isWhitespace
                var closes = !before.isWhitespace
                if character == "_" {
                    opens = opens && !(before.isLetter || before.isNumber)
                    closes = closes && !(after.isLetter || after.isNumber)
                }
                pieces.append(
                    Piece(
                        text: String(repeating: character, count: run), delimiter: character, count: run, opens: opens,
                        closes: closes))
                i += run
            } else if !inLink,
                character == "[" || (character == "!" && i + 1 < characters.count && characters[i + 1] == "["),
                let link = link(characters, at: character == "!" ? i + 1 : i, marks: marks)
            {
                let text = plain(
                    Substring(String(characters[(character == "!" ? i + 2 : i + 1)..<link.textEnd])), inLink: true)
                if character == "!" {
                    let file = link.target.split(separator: "/").last.map(String.init) ?? link.target
                    add("[image: \(file)]")
                } else {
                    add(text)
                }
                i = link.end
            } else {
                add(String(character))
                i += 1
            }
        }
        // Each closing run takes the nearest opening runs of its character
        // before it, two or one at a time (`***both***` is both).
        var openers: [Int] = []
        for index in pieces.indices where pieces[index].delimiter != nil {
            let piece = pieces[index]
            var remaining = piece.count
            if piece.closes {
                while remaining > 0, let at = openers.lastIndex(where: { pieces[$0].delimiter == piece.delimiter }) {
                    let opener = openers[at]
                    let used = min(pieces[opener].count, remaining, 2)
                    pieces[opener].count -= used
                    remaining -= used
                    // Openers after it are inside the emphasis closed: never closed.
                    openers.removeSubrange((at + 1)...)
                    if pieces[opener].count == 0 { openers.removeLast() }
                }
                pieces[index].count = remaining
            }
            if remaining > 0, piece.opens { openers.append(index) }
        }
        return pieces.map { piece in piece.delimiter.map { String(repeating: $0, count: piece.count) } ?? piece.text }
            .joined()
    }

    /// The code span whose backticks start at `open`: how many they are,
    /// and where the closing run of as many starts (nil when there is
    /// none: the backticks are text).
    static func codeSpan(_ characters: [Character], at open: Int) -> (run: Int, close: Int?) {
        var run = 1
        while open + run < characters.count, characters[open + run] == "`" { run += 1 }
        var j = open + run
        while j < characters.count {
            guard characters[j] == "`" else {
                j += 1
                continue
            }
            var other = 1
            while j + other < characters.count, characters[j + other] == "`" { other += 1 }
            if other == run { return (run, j) }
            j += other
        }
        return (run, nil)
    }

    /// The markup whose `<` is at `open` (a tag, `<b>` or `</b>`, or an
    /// autolink): what it holds up to its `>`, which starts with a letter
    /// or `/` and has no other `<`, and the index after it; nil when `<`
    /// is text (`2 < 3`).
    static func markup(_ characters: [Character], at open: Int, marks: Marks) -> (inner: String, end: Int)? {
        let close = marks.next(">", after: open)
        guard close < characters.count, marks.next("<", after: open) > close else { return nil }
        let inner = String(characters[(open + 1)..<close])
        guard let first = inner.first, (first.isASCII && first.isLetter) || first == "/" else { return nil }
        return (inner, close + 1)
    }

    /// Where the run of a character reference that starts at `start` (an
    /// `&`) ends: letters, digits and `#`, and a `;` after them; nil when
    /// none follow.
    static func referenceEnd(_ characters: [Character], from start: Int) -> Int? {
        var end = start + 1
        while end < characters.count, end - start <= 33, characters[end].isASCII,
            characters[end].isLetter || characters[end].isNumber || characters[end] == "#"
        {
            end += 1
        }
        guard end > start + 1 else { return nil }
        return end < characters.count && characters[end] == ";" ? end + 1 : end
    }

    /// The link whose `[` is at `open`: where its text ends (its `]`), its
    /// target, and the index after its `)`; nil when `[…]` is not followed
    /// by `(…)`.
    static func link(_ characters: [Character], at open: Int, marks: Marks) -> (
        textEnd: Int, target: String, end: Int
    )? {
        guard let close = marks.closing[open], close + 1 < characters.count, characters[close + 1] == "(" else {
            return nil
        }
        let end = marks.next(")", after: close + 1)
        guard end < characters.count else { return nil }
        let target = String(characters[(close + 2)..<end]).split(separator: " ").first.map(String.init) ?? ""
        return (close, target, end + 1)
    }

    /// What a line's readers look up, found in one pass each way, so that
    /// reading a line costs its length, whatever it holds (a line of
    /// 30,000 nested brackets or unclosed tags took seconds when each `[`
    /// and `<` searched on from itself).
    struct Marks {
        /// The `]` closing each `[` (brackets nested inside it and escaped
        /// ones, `\]`, passed over); a `[` with none is not here.
        let closing: [Int: Int]
        /// For `)`, `<` and `>`: the index of the first at or after each
        /// index (the line's length when there is none).
        private let following: [Character: [Int]]

        init(_ characters: [Character]) {
            var closing: [Int: Int] = [:]
            var open: [Int] = []
            var i = 0
            while i < characters.count {
                switch characters[i] {
                case "\\": i += 1
                case "[": open.append(i)
                case "]": if let start = open.popLast() { closing[start] = i }
                default: break
                }
                i += 1
            }
            self.closing = closing
            var following: [Character: [Int]] = [:]
            for wanted in [")", "<", ">"] as [Character] {
                var next = [Int](repeating: characters.count, count: characters.count + 1)
                for index in characters.indices.reversed() {
                    next[index] = characters[index] == wanted ? index : next[index + 1]
                }
                following[wanted] = next
            }
            self.following = following
        }

        /// The first `character` (`)`, `<` or `>`) after `index`, or the line's length.
        func next(_ character: Character, after index: Int) -> Int {
            let next = following[character]!
            return next[min(index + 1, next.count - 1)]
        }
    }
}
