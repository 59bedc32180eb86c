import Foundation

/// Text from a bank, a server or the history made safe to print on a
/// terminal. Such text may hold escape sequences (`ESC [2J` clears the screen,
/// `ESC ]0;…BEL` retitles the window), C1 controls that some terminals obey
/// as well (U+009B is CSI), line breaks that break a table's rows, and bidi
/// overrides that show text in another order than it is read. `safe` shows
/// each of them visibly, as `cat -v` and `less` do, so nothing is lost from
/// sight and nothing reaches the terminal as a command. Pure; prints nothing.
public enum TerminalText {
    /// `text` with no character a terminal would act on:
    /// - a tab becomes a space;
    /// - a line break (LF, CR, CR LF, U+2028, U+2029) becomes one space, or
    ///   "\n" when `lineBreaks` (multi-line text: explanations, error lists);
    /// - any other C0 control and DEL in caret notation (`ESC` is `^[`,
    ///   BEL `^G`, NUL `^@`, DEL `^?`);
    /// - C1 controls (U+0080–U+009F) and the bidi embeddings, overrides and
    ///   isolates (U+202A–U+202E, U+2066–U+2069) as `<U+XXXX>`.
    ///
    /// Everything else is kept. What it returns contains only printable
    /// characters (and "\n" when `lineBreaks`), and is returned unchanged.
    public static func safe(_ text: String, lineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsChange) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x0D:
                if pending == "\n" { pending = scalars.next() }  // CR LF is one break
                result.append(lineBreaks ? "\n" : " ")
            case 0x0A, 0x2028, 0x2029:
                result.append(lineBreaks ? "\n" : " ")
            case 0x09:
                result.append(" ")
            case 0x00..<0x20, 0x7F:
                result.append(contentsOf: caret(scalar).unicodeScalars)
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                result.append(contentsOf: visible(scalar).unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `safe` changes `scalar` (line breaks and tabs included).
    public static func needsChange(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The characters of `text` a terminal would act on, once each, in
    /// order: what `quiz --validate` warns about. Tabs never count (they show
    /// as a space); line breaks count unless `lineBreaks` (text that may run
    /// over lines: prompts, explanations).
    public static func controlCharacters(in text: String, lineBreaks: Bool = false) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where needsChange(scalar) && !found.contains(scalar) {
            switch scalar.value {
            case 0x09: continue
            case 0x0A, 0x0D, 0x2028, 0x2029: if !lineBreaks { found.append(scalar) }
            default: found.append(scalar)
            }
        }
        return found
    }

    /// JSON text (from `JSONSerialization`, which leaves them raw) with DEL,
    /// the C1 controls, U+2028, U+2029 and the bidi controls written as
    /// `\uXXXX`: the same data, and nothing a terminal acts on. They can only
    /// occur inside strings, where the escape means the same character.
    public static func escapingControls(inJSON json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && needsChange($0) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && needsChange(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `U+001B` and the like: how a warning names a character.
    /// A C0 control or DEL in caret notation: NUL `^@`, ESC `^[`, DEL `^?`.
    static func caret(_ scalar: Unicode.Scalar) -> String {
        "^" + String(Unicode.Scalar(UInt8(truncatingIfNeeded: scalar.value ^ 0x40)))
    }

    public static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// `text` in ASCII alone, for a terminal whose character set is not UTF-8
    /// when no UTF-8 locale can be had: accents dropped (`é` is `e`), any
    /// other character not in ASCII shown as `?`. ASCII is kept as it is
    /// (escape sequences included): make bank text `safe` first.
    public static func ascii(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        // Decomposed once, so a character's first scalar is its base letter.
        for character in text.decomposedStringWithCanonicalMapping {
            if character.isASCII {
                result.append(character)
                continue
            }
            let base = character.unicodeScalars.first
            if let base, base.isASCII, base.value >= 0x20, base.value != 0x7F {
                result.unicodeScalars.append(base)
            } else {
                result.append("?")
            }
        }
        return result
    }
}
