import Foundation

/// The defaults a player sets once, in `$XDG_CONFIG_HOME/quiz/config`
/// (`ConfigurationFile`): one `key = value` a line, `#` starts a comment,
/// blank lines are ignored, keys and words are case-insensitive, and a value
/// may be quoted. The keys:
///
/// ```
/// squares = colorblind   # standard (🟩 🟥) or colorblind (🟧 🟦) share squares
/// ascii = true           # true or false: --ascii for --share and --stats
/// color = never          # auto or never: never is --no-color
/// count = 10             # questions per game, like -n (all: every question)
/// streaks = off          # on or off: the daily streak in --stats and after a game
/// target-recall = 0.85   # the chance of recalling a question reviews aim for when
///                        # it comes due, 0.70 to 0.99 (default 0.9); also read as
///                        # retention, its earlier name
/// banks = ~/quiz-banks   # a bank file or folder always loaded (each line adds one)
/// ghost = on             # on or off: a daily's share card carries its answer times
/// sync = ~/Sync/quiz     # the synced folder, like --sync-dir (~/ is $HOME)
/// ```
///
/// Every yes-or-no key takes the same words: true/false, yes/no, on/off.
/// A value left out is nil: the option, the environment or the built-in
/// default decides (`Settings`). A line that cannot be used (an unknown key,
/// a bad value, no `=`) is a `Problem` naming the file and the line, and is
/// ignored; the other lines still count. A key given twice takes the later
/// value, but for `banks`, where each line adds a path.
public struct Configuration: Sendable, Equatable {
    public enum Color: String, Sendable, Equatable {
        case auto, never
    }

    /// `.standard` or `.colorblind`; ASCII squares are `ascii = true`.
    public var squares: SquareStyle?
    public var ascii: Bool?
    public var color: Color?
    public var count: Int?
    public var streaks: Bool?
    /// The recall reviews are scheduled for (FSRS's desired retention).
    public var targetRecall: Double?
    /// Bank files and folders always loaded, as written (absolute, or from `~/`).
    public var banks: [String] = []
    /// A daily's share card carries its answers' times, for a friend's `--ghost`.
    public var ghost: Bool?
    /// The synced folder, as written (`~/` not yet expanded).
    public var sync: String?

    public init(
        squares: SquareStyle? = nil, ascii: Bool? = nil, color: Color? = nil, count: Int? = nil, streaks: Bool? = nil,
        targetRecall: Double? = nil, banks: [String] = [], ghost: Bool? = nil, sync: String? = nil
    ) {
        self.squares = squares
        self.ascii = ascii
        self.color = color
        self.count = count
        self.streaks = streaks
        self.targetRecall = targetRecall
        self.banks = banks
        self.ghost = ghost
        self.sync = sync
    }

    /// The values `target-recall` may take.
    public static let targetRecallRange = 0.70...0.99

    /// What is wrong with a configuration file, or one of its lines: one line
    /// of text naming the file (and the line), the fault, and what happens.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        /// 1-based; nil when the problem is the whole file.
        public let line: Int?
        public let message: String

        public init(path: String, line: Int?, message: String) {
            self.path = path
            self.line = line
            self.message = message
        }

        public var description: String {
            "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    /// The keys, in the order the documentation lists them.
    public static let keys = [
        "squares", "ascii", "color", "count", "streaks", "target-recall", "banks", "ghost", "sync",
    ]
    /// Other spellings of keys, and earlier names (`retention`, which the
    /// stats' measured recall made ambiguous).
    static let keyAliases = ["colour": "color", "retention": "target-recall"]
    /// Keys whose every line adds a value.
    static let repeatable: Set = ["banks"]
    /// The largest count accepted: more than any bank holds, small enough to print.
    public static let maximumCount = 1_000_000

    /// Parses the bytes of a configuration file; `path` names it in problems.
    /// Never throws: every problem is returned, and the lines around it still count.
    public static func parse(_ data: Data, path: String) -> (configuration: Configuration, problems: [Problem]) {
        var configuration = Configuration()
        var problems: [Problem] = []
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var seen: [String: Int] = [:]
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            func problem(_ message: String) { problems.append(Problem(path: path, line: number, message: message)) }
            guard let decoded = String(validating: rawLine, as: UTF8.self) else {
                problem("not UTF-8 text; line ignored")
                continue
            }
            var line = Substring(decoded)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let content = trimmed(line)
            if content.isEmpty { continue }
            guard let equals = content.firstIndex(of: "=") else {
                problem("expected 'key = value', not '\(shown(content))'; line ignored")
                continue
            }
            let typedKey = trimmed(content[..<equals]).lowercased()
            let value = unquoted(trimmed(content[content.index(after: equals)...]))
            guard !typedKey.isEmpty else {
                problem("no key before '='; line ignored")
                continue
            }
            guard let key = keys.contains(typedKey) ? typedKey : keyAliases[typedKey] else {
                let guess = NearestMatch.suggestion(for: typedKey, among: keys).map { " (did you mean \($0)?)" } ?? ""
                problem(
                    "unknown key '\(shown(typedKey))'\(guess); the keys are \(keys.joined(separator: ", ")); line ignored"
                )
                continue
            }
            if let error = configuration.set(key, to: value) {
                problem("\(error); line ignored")
                continue
            }
            if let first = seen[key], !repeatable.contains(key) {
                problem("\(key) was already set on line \(first); this line's value is used")
            }
            seen[key] = number
        }
        return (configuration, problems)
    }

    /// Sets `key` from `value`; returns what is wrong with the value, if anything.
    private mutating func set(_ key: String, to value: String) -> String? {
        let word = value.lowercased()
        func expected(_ choices: String) -> String {
            "\(key) must be \(choices), not '\(Self.shown(value))'"
        }
        switch key {
        case "squares":
            switch word {
            case "standard": squares = .standard
            case "colorblind", "colourblind": squares = .colorblind
            default:
                return expected("standard or colorblind") + (word == "ascii" ? " (ASCII squares: ascii = true)" : "")
            }
        case "ascii":
            guard let flag = Self.boolean(word) else { return Self.notBoolean(key, value) }
            ascii = flag
        case "color":
            guard let color = Color(rawValue: word) else { return expected("auto or never") }
            self.color = color
        case "count":
            if word == "all" {
                count = Int.max  // every question, as `-n all`
                return nil
            }
            guard value.allSatisfy(\.isASCII), let number = Int(value), number >= 1, number <= Self.maximumCount
            else {
                return
                    "count must be all or a whole number from 1 to \(Self.maximumCount), not '\(Self.shown(value))'"
            }
            count = number
        case "streaks":
            guard let flag = Self.boolean(word) else { return Self.notBoolean(key, value) }
            streaks = flag
        case "ghost":
            guard let flag = Self.boolean(word) else { return Self.notBoolean(key, value) }
            ghost = flag
        case "target-recall":
            // Digits and one point only: `Double(_:)` also takes hex (`0x0.e`) and stops at a NUL.
            let plain =
                value.allSatisfy { $0 == "." || ("0"..."9").contains($0) } && value.filter { $0 == "." }.count <= 1
            guard plain, let number = Double(value), Self.targetRecallRange.contains(number) else {
                return "target-recall must be a number from 0.70 to 0.99, not '\(Self.shown(value))'"
            }
            targetRecall = number
        case "banks":
            guard value.hasPrefix("/") || value.hasPrefix("~/") else {
                return "banks must be a path from / or ~/, not '\(Self.shown(value))'"
            }
            banks.append(value)
        case "sync":
            guard !value.isEmpty else { return "sync must name a folder" }
            sync = value
        default:
            return "unknown key '\(key)'"
        }
        return nil
    }

    /// The words a yes-or-no key takes, every key alike.
    static let booleanWords = ["true", "false", "yes", "no", "on", "off"]

    /// What is wrong with a yes-or-no value, with the word it is nearest to.
    private static func notBoolean(_ key: String, _ value: String) -> String {
        let guess = NearestMatch.suggestion(for: value, among: booleanWords).map { " (did you mean \($0)?)" } ?? ""
        return "\(key) must be true/false, yes/no or on/off, not '\(shown(value))'\(guess)"
    }

    /// true/false, on/off, yes/no.
    static func boolean(_ word: String) -> Bool? {
        switch word {
        case "true", "on", "yes": true
        case "false", "off", "no": false
        default: nil
        }
    }

    /// Without spaces and tabs (and a carriage return, for files written on Windows) at either end.
    private static func trimmed(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(text[first...last])
    }

    private static func trimmed(_ text: String) -> String { trimmed(Substring(text)) }

    /// A value without one pair of surrounding double or single quotes.
    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// Text from the file as it may be shown on a terminal, no longer than
    /// 40 characters: control characters in `TerminalText.safe`'s notation
    /// (C0 controls and DEL in caret notation, NUL `^@`, ESC `^[`, here a
    /// tab `^I` and a carriage return `^M` too, since a value is one line;
    /// C1 controls and bidi overrides as `<U+XXXX>`), and other invisible
    /// format characters (a zero-width space, a byte-order mark) as `<U+XXXX>`.
    static func shown(_ text: String) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F:
                safe.append(contentsOf: TerminalText.caret(scalar).unicodeScalars)
            default:
                if TerminalText.needsChange(scalar) || scalar.properties.generalCategory == .format {
                    safe.append(contentsOf: TerminalText.visible(scalar).unicodeScalars)
                } else {
                    safe.append(scalar)
                }
            }
        }
        let shown = String(safe)
        return shown.count > 40 ? String(shown.prefix(39)) + "…" : shown
    }
}
