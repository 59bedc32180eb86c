import QuizCore
import QuizStore

/// The command line, parsed GNU-style: long options with `=` or a separate
/// value, short `-n 5` or `-n5`, `--` ending options.
///
/// In QuizKit, not in the executable, so that the tests parse in-process
/// (Tests/QuizKitTests/OptionsParsingTests.swift) every option, conflict and
/// error text; a module of its own would add a target for one file whose
/// vocabulary (formats, difficulties, sizes) is QuizKit's anyway. Parsing
/// prints nothing: it returns the options or throws a `CommandFailure`
/// carrying the one-line message and exit status 64, which `quiz` prints.
public struct Options: Sendable, Equatable {
    public enum Mode: Equatable, Sendable {
        case repl, play(String), history, share, stats, list, validate([String]), help, version, review
        /// `--merge-history PATH`, repeatable: other histories' games added to this one, in order.
        case merge([String])
        /// Not in --help: folds the journal into the archive (see Compaction).
        case compact
        /// `--daily [DATE]`: the daily quiz of today, or of DATE (`yyyy-MM-dd`).
        case daily(String?)
        /// `--compare [FILE]`: a friend's daily card beside the player's (nil: standard input).
        case compare(String?)
        /// `--import FILE --output BANK.json`: cards of another tool made a bank.
        case importCards(String)

        public var name: String {
            switch self {
            case .repl: "repl"
            case .play: "play"
            case .history: "history"
            case .share: "share"
            case .stats: "stats"
            case .list: "list"
            case .validate: "validate"
            case .help: "help"
            case .version: "version"
            case .compact: "compact"
            case .review: "review"
            case .merge: "merge"
            case .daily: "daily"
            case .compare: "compare"
            case .importCards: "import"
            }
        }
    }

    public var mode: Mode = .repl
    /// Questions per game when `-n` says (`-n all`: `Int.max`, every one);
    /// else the settings file's count, else `Settings.defaultCount`.
    public var count: Int?
    public var seed: UInt64?

    /// `--seed`, else a new one for each game (1 to 999,999: short enough to
    /// type back from a share card).
    public var seedForGame: UInt64 { seed ?? UInt64.random(in: 1...999_999) }
    public var questionPaths: [String] = []
    public var dataDir: String?
    /// `--sync-dir DIR`: the synced folder (`SyncFolder`), over `QUIZ_SYNC_DIR` and the file's `sync`.
    public var syncDir: String?
    public var format: HistoryReport.Format?
    /// `--format html` (with --stats: the page of charts) or `--format svg`
    /// (with --share: the card as an image).
    public var drawing: Drawing?
    /// `--format reviews` (with --history): the review log for the FSRS optimizer.
    public var reviewLog = false
    /// `--fsrs-parameters FILE`: 21 FSRS parameters fitted by the optimizer.
    public var fsrsParameters: String?
    /// With --validate: list recorded prompts that match no question.
    public var historyCheck = false
    public var limit: Int?
    public var quizFilter: String?
    /// With --share: which game, counting back from the last (1 = the last).
    public var game: Int?
    public var ascii = false
    public var category: String?
    public var difficulty: Difficulty?
    public var noColor = false
    /// With --history: never through a pager.
    public var noPager = false
    /// With --share: orange and blue squares.
    public var colorblind = false
    /// With --share: the game as one plain sentence.
    public var text = false
    /// `--ghost [FILE]` with `--daily`: a friend's card to race ("-": standard input).
    public var ghost: String?
    /// `--max-download SIZE`: the most one download may bring, in bytes.
    public var maxDownload: Int?

    public var maxDownloadBytes: Int { maxDownload ?? RemoteBankLoader.defaultMaxBytes }
    /// With --import: the bank file written.
    public var output: String?
    /// With --import: `--import-format`, `--import-separator`, `--import-card-separator`.
    public var importSettings = CardImport.Settings()
    /// `--no-reviews` with --import: an Anki package's review log is left out of the history.
    public var noReviews = false

    /// The formats that draw: a page or an image, not text.
    public enum Drawing: String, Sendable, Equatable {
        case html, svg
    }

    /// `quiz --help`: usage, the key options and three examples; every
    /// option, the exit statuses, signals, files and settings are in `man quiz`.
    public static let usage = """
        Usage: quiz [OPTIONS] [QUIZ]
          quiz                      the menu: pick a quiz, play, review, see your games
          quiz QUIZ                 play QUIZ (an id, or a bank file) at once
          quiz --daily              today's daily quiz, the same for everyone
          quiz --review             play the questions due for review
          quiz --stats              streaks, bests, trends, the questions you miss
          quiz --history            the games played (--share: the last, as a card)
          quiz --list               the quizzes found, with question counts
          quiz --validate FILE...   check question banks you wrote
          quiz --import FILE --output BANK.json   Anki, Quizlet or CSV cards as a bank

        Key options:
          -n, --count N             questions per game (default 10; all: every one)
              --seed N              deal the questions in a repeatable order
              --questions PATH      a bank file, a folder of banks or an http(s) URL
              --format FORMAT       --history: table, markdown, csv, json, reviews;
                                    --stats: table, json, html; --share: svg
              --data-dir DIR        where the history lives
              --sync-dir DIR        a folder synced between machines: one history
              --no-color            never colour the output (also: NO_COLOR=1)
          -h, --help                this help (--version: the version)

        Examples:
          quiz world-capitals -n 5                five questions of World Capitals
          quiz --questions my-bank.json my-bank   play a bank of your own
          quiz --history --format csv > games.csv every game, for a spreadsheet

        Settings: ~/.config/quiz/config ($XDG_CONFIG_HOME/quiz/config).
        Every option, the settings, exit statuses and files: man quiz
        """

    public init() {}

    /// Every option `parse` takes, for "did you mean" after an unknown one
    /// (`OptionsParsingTests` checks that `parse` knows each).
    static let optionNames = [
        "--help", "--version", "--history", "--share", "--stats", "--review", "--compact-history",
        "--merge-history", "--ascii", "--colorblind", "--text", "--game", "--list", "--validate", "--history-check",
        "--no-color", "--no-pager", "--count", "--limit", "--seed", "--questions", "--max-download", "--data-dir",
        "--fsrs-parameters", "--quiz", "--category", "--difficulty", "--format",
    ]

    /// A quiz named at the menu with the command line's options after it
    /// (`mathematics -n 3`, `play capitals --seed 4`): the name, and the
    /// options as `parse` reads them (the same words, the same errors).
    public static func menuPlay(_ text: String) throws(CommandFailure) -> (name: String, options: Options) {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let start = words.firstIndex { $0.hasPrefix("-") && Int($0) == nil } ?? words.count
        let options = try parse(Array(words[start...]))
        guard options.mode == .repl else {
            throw CommandFailure(status: .usage, message: "after a quiz's name, only -n, --seed and the like")
        }
        return (words[..<start].joined(separator: " "), options)
    }

    /// Four digits, a dash, two digits, a dash, two digits: what `--daily`
    /// takes as its date (checked as a real day later, with its own message).
    static func isDateShaped(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7
                ? bytes[index] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    /// The options `arguments` (without the program name) give, or the
    /// usage error (64) that stops them.
    public static func parse(_ arguments: [String]) throws(CommandFailure) -> Options {
        var options = Options()
        var positional: [String] = []
        var modes: [Mode] = []
        var index = 0
        let usageError = CommandFailure.usage
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2 {
                name = String(argument.prefix(2))
                inlineValue = String(argument.dropFirst(2))
            }
            func value() throws(CommandFailure) -> String {
                var text = inlineValue
                if text == nil {
                    guard index < arguments.count else { throw usageError("option \(name) needs a value") }
                    index += 1
                    text = arguments[index - 1]
                }
                guard let text, !text.isEmpty else {
                    throw usageError("option \(name) needs a value, not an empty one")
                }
                return text
            }
            func number(_ label: String, minimum: Int) throws(CommandFailure) -> Int {
                let text = try value()
                guard let number = Int(text), number >= minimum else {
                    // Digits alone: too large only when Int cannot hold them (-n 0 is too small).
                    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), Int(text) == nil {
                        throw usageError("\(label) '\(text)' is too large (at most \(Int.max))")
                    }
                    throw usageError("\(label) must be a whole number of at least \(minimum), not '\(text)'")
                }
                return number
            }
            func flag() throws(CommandFailure) {
                if inlineValue != nil { throw usageError("option \(name) takes no value") }
            }
            switch name {
            case "-h", "--help": try flag(); modes.append(.help)
            case "--version": try flag(); modes.append(.version)
            case "--history": try flag(); modes.append(.history)
            case "--share": try flag(); modes.append(.share)
            case "--stats": try flag(); modes.append(.stats)
            case "--review": try flag(); modes.append(.review)
            case "--compact-history": try flag(); modes.append(.compact)
            case "--merge-history": modes.append(.merge([try value()]))
            case "--daily", "--compare":
                // The value is optional: `--daily=DATE`, or the next word when it is shaped as a date
                // (`2026-02-30` too, so that it is refused as no date, not as an unexpected argument),
                // a file for --compare.
                var given = inlineValue
                if given == nil, index < arguments.count,
                    name == "--daily" ? Self.isDateShaped(arguments[index]) : !arguments[index].hasPrefix("-")
                {
                    given = arguments[index]
                    index += 1
                }
                if given?.isEmpty == true { throw usageError("option \(name) needs a value, not an empty one") }
                modes.append(name == "--daily" ? .daily(given) : .compare(given))
            case "--ghost":
                var given = inlineValue
                if given == nil, index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
                    given = arguments[index]
                    index += 1
                }
                if given?.isEmpty == true { throw usageError("option --ghost needs a value, not an empty one") }
                options.ghost = given ?? "-"
            case "--import": modes.append(.importCards(try value()))
            case "--output": options.output = try value()
            case "--no-reviews": try flag(); options.noReviews = true
            case "--import-format":
                let text = try value()
                guard let format = CardImport.Format(rawValue: text.lowercased()) else {
                    throw usageError(
                        "unknown import format '\(text)' (expected anki-text, quizlet, csv, markdown or anki-package)")
                }
                options.importSettings.format = format
            case "--import-separator", "--import-card-separator":
                let text = try value()
                guard let separator = CardImport.separator(named: text) else {
                    throw usageError(
                        "\(name) takes tab, comma, semicolon, pipe, space, colon, newline, \\t, \\n "
                            + "or up to 16 characters, not '\(text)'")
                }
                if name == "--import-separator" {
                    options.importSettings.separator = separator
                } else {
                    options.importSettings.cardSeparator = separator
                }
            case "--ascii": try flag(); options.ascii = true
            case "--colorblind", "--colourblind": try flag(); options.colorblind = true
            case "--text": try flag(); options.text = true
            case "--game": options.game = try number("the game number", minimum: 1)
            case "--list": try flag(); modes.append(.list)
            case "--validate": try flag(); modes.append(.validate([]))
            case "--history-check": try flag(); options.historyCheck = true
            case "--no-color", "--no-colour": try flag(); options.noColor = true
            case "--no-pager": try flag(); options.noPager = true
            case "-n", "--count":
                if let text = inlineValue ?? (index < arguments.count ? arguments[index] : nil),
                    text.lowercased() == "all"
                {
                    if inlineValue == nil { index += 1 }
                    options.count = Int.max
                } else {
                    options.count = try number("the question count", minimum: 1)
                }
            case "--limit": options.limit = try number("the limit", minimum: 1)
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw usageError("the seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
                }
                options.seed = seed
            case "--questions": options.questionPaths.append(try value())
            case "--max-download":
                let text = try value()
                guard let bytes = ByteCount.parse(text) else {
                    throw usageError(
                        "--max-download takes a size such as 32M, 512K or 1048576 (bytes), not '\(text)'")
                }
                options.maxDownload = bytes
            case "--data-dir": options.dataDir = try value()
            case "--sync-dir": options.syncDir = try value()
            case "--fsrs-parameters": options.fsrsParameters = try value()
            case "--quiz": options.quizFilter = try value()
            case "--category": options.category = try value()
            case "--difficulty":
                let text = try value()
                guard let difficulty = Difficulty(rawValue: text.lowercased()) else {
                    throw usageError("unknown difficulty '\(text)' (expected easy, medium or hard)")
                }
                options.difficulty = difficulty
            case "--format":
                let text = try value()
                if text == "reviews" {
                    options.reviewLog = true
                    continue
                }
                // The last --format given wins between a drawing and the others.
                if let drawing = Drawing(rawValue: text) {
                    options.drawing = drawing
                    options.format = nil
                    continue
                }
                guard let format = HistoryReport.Format(rawValue: text) else {
                    throw usageError(
                        "unknown format '\(text)' (expected table, markdown, csv, json, reviews, html or svg)")
                }
                options.format = format
                options.drawing = nil
            default:
                let near = NearestMatch.suggestion(for: name, among: optionNames)
                throw usageError("unknown option '\(argument)'" + (near.map { "; did you mean \($0)?" } ?? ""))
            }
        }
        if modes.contains(.help) {
            options.mode = .help
            return options
        }
        if modes.contains(.version) {
            options.mode = .version
            return options
        }
        // (Compared by case, without interpolating them: that goes through
        // the runtime's reflection, a few hundred microseconds at start-up.)
        let distinct = Set(modes.map(\.name))
        if distinct.count > 1 {
            throw usageError(
                "choose one of --history, --share, --stats, --review, --daily, --compare, --list, --validate, "
                    + "--merge-history, --import")
        }
        switch modes.first {
        case .merge where positional.isEmpty:
            // Every --merge-history given, merged in the order given.
            options.mode = .merge(
                modes.flatMap { mode -> [String] in
                    guard case .merge(let paths) = mode else { return [] }
                    return paths
                })
        case .validate:
            if positional.isEmpty { throw usageError("--validate needs at least one FILE") }
            options.mode = .validate(positional)
        case .some(let mode):
            if !positional.isEmpty { throw usageError("unexpected argument '\(positional[0])'") }
            options.mode = mode
        case nil:
            if positional.count > 1 {
                throw usageError("one quiz at a time, not '\(positional.joined(separator: " "))'")
            }
            options.mode = positional.first.map(Options.Mode.play) ?? .repl
        }
        if let format = options.format {
            if options.mode == .stats {
                if format != .table && format != .json {
                    throw usageError("--stats takes --format table, json or html")
                }
            } else if options.mode == .share {
                throw usageError("--share takes --format svg")
            } else if options.mode != .history {
                throw usageError("--format goes with --history, --stats or --share")
            }
        }
        switch options.drawing {
        case .html? where options.mode != .stats: throw usageError("--format html goes with --stats")
        case .svg? where options.mode != .share: throw usageError("--format svg goes with --share")
        case .svg? where options.text || options.ascii:
            throw usageError("--format svg draws the card: leave out --text and --ascii")
        default: break
        }
        if options.reviewLog && (options.mode != .history || options.format != nil || options.drawing != nil) {
            throw usageError("--format reviews goes with --history, alone")
        }
        let checkingBanks = if case .validate = options.mode { true } else { false }
        if options.fsrsParameters != nil && ([.help, .version, .list, .share].contains(options.mode) || checkingBanks) {
            throw usageError("--fsrs-parameters goes with playing, the menu, --review, --stats and --history")
        }
        // The table, markdown, CSV and JSON show no schedule: only the review log is rated by FSRS.
        if options.fsrsParameters != nil && options.mode == .history && !options.reviewLog {
            throw usageError("--fsrs-parameters goes with --history only with --format reviews")
        }
        try options.checkImport(usageError)
        if options.game != nil && options.mode != .share { throw usageError("--game goes with --share") }
        if options.ascii && options.mode != .share && options.mode != .stats {
            throw usageError("--ascii goes with --share or --stats")
        }
        if (options.colorblind || options.text) && options.mode != .share {
            throw usageError("--colorblind and --text go with --share")
        }
        if options.ascii && options.colorblind { throw usageError("choose one of --ascii and --colorblind") }
        if options.text && (options.ascii || options.colorblind) {
            throw usageError("--text has no squares to draw: leave out --ascii and --colorblind")
        }
        let daily = if case .daily = options.mode { true } else { false }
        if options.ghost != nil && !daily { throw usageError("--ghost goes with --daily") }
        if options.noPager && options.mode != .history && options.mode != .stats {
            throw usageError("--no-pager goes with --history or --stats")
        }
        if options.limit != nil && options.mode != .history { throw usageError("--limit goes with --history") }
        if options.quizFilter != nil && options.mode != .history && options.mode != .review {
            throw usageError("--quiz goes with --history or --review")
        }
        let playing = if case .play = options.mode { true } else { false }
        if (options.category != nil || options.difficulty != nil) && !playing {
            throw usageError("--category and --difficulty go with playing a quiz: quiz QUIZ --category NAME")
        }
        try options.checkUse(usageError)
        return options
    }

    /// An Anki package, told by its name or `--import-format anki-package`:
    /// one that may bring reviews into the history. (A package of another
    /// name is told by its zip magic when read; the options are checked
    /// before any file is.)
    func importsAnkiPackage(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".apkg") || name.hasSuffix(".colpkg") || importSettings.format == .ankiPackage
    }

    /// `--import FILE` needs `--output BANK.json`; the import options go with it alone.
    private func checkImport(_ usageError: (String) -> CommandFailure) throws(CommandFailure) {
        guard case .importCards = mode else {
            if output != nil { throw usageError("--output goes with --import") }
            if noReviews { throw usageError("--no-reviews goes with --import of an Anki package (.apkg, .colpkg)") }
            if importSettings != CardImport.Settings() {
                throw usageError("--import-format, --import-separator and --import-card-separator go with --import")
            }
            return
        }
        guard let output else { throw usageError("--import needs --output BANK.json, the bank file to write") }
        // The bank's quiz id is its file's name without .json: another name would be read as cards.
        guard output.hasSuffix(".json"), output.count > 5, !output.hasSuffix("/.json") else {
            throw usageError("--output names the bank file to write, a name ending in .json, not '\(output)'")
        }
        if noReviews, case .importCards(let file) = mode, !importsAnkiPackage(file) {
            throw usageError("--no-reviews goes with --import of an Anki package (.apkg, .colpkg)")
        }
        // A separator its format does not take is refused when the file is
        // read (`CardImport.prepare`), the format said or told by the file.
    }

    /// Options that would do nothing in the mode chosen are errors, not silence.
    private func checkUse(_ usageError: (String) -> CommandFailure) throws(CommandFailure) {
        let playing = if case .play = mode { true } else { false }
        // The review log reads banks too: a fingerprint identity recorded before an "id" was added is that id's.
        let loadsBanks =
            playing || mode == .repl || mode == .list || mode == .review || mode == .stats
            || (mode == .history && reviewLog)
        if maxDownload != nil && !questionPaths.contains(where: RemoteBankLoader.isRemote) {
            throw usageError("--max-download goes with --questions URL")
        }
        if !questionPaths.isEmpty && !loadsBanks {
            throw usageError(
                "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews; "
                    + "--validate takes files itself")
        }
        if count != nil && !(playing || mode == .repl || mode == .review) {
            throw usageError("-n/--count goes with playing: quiz QUIZ -n 5, or quiz -n 5 for the menu")
        }
        if seed != nil && !(playing || mode == .repl || mode == .review) {
            throw usageError("--seed goes with playing: quiz QUIZ --seed 42, or quiz --seed 42 for the menu")
        }
        let validating = if case .validate = mode { true } else { false }
        if historyCheck && !validating { throw usageError("--history-check goes with --validate") }
        // An import may be of an Anki package, whose reviews go into the
        // history (told by its zip magic too, after this): --data-dir says whose.
        if dataDir != nil && (mode == .list || (validating && !historyCheck)) {
            throw usageError("--data-dir goes with playing, --history, --share, --stats, --merge-history and --import")
        }
        if syncDir != nil && (mode == .list || mode == .compact || validating) {
            throw usageError(
                "--sync-dir goes with playing, the menu, --review, --history, --share, --stats and --merge-history")
        }
    }
}
