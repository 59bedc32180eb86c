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
        /// `--merge-history PATH`: another history's games added to this one.
        case merge(String)
        /// Not in --help: folds the journal into the archive (see Compaction).
        case compact

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
    /// `--max-download SIZE`: the most one download may bring, in bytes.
    public var maxDownload: Int?

    public var maxDownloadBytes: Int { maxDownload ?? RemoteBankLoader.defaultMaxBytes }

    public static let usage = """
        Usage: quiz [OPTIONS] [QUIZ]
          quiz                      the REPL: pick a quiz, play, see history, quit
          quiz QUIZ                 play QUIZ (an id, or a bank file) at once, then exit
          quiz --history            print the history of games and exit
          quiz --share              print the last game as a share card and exit
          quiz --stats              print statistics: streaks, bests, trends, misses
          quiz --list               list the quizzes found, with question counts
          quiz --review             play the questions due for review, most
                                    overdue first (--quiz ID: of one quiz)
          quiz --validate FILE...   check question banks; exit 65 on any error
          quiz --merge-history PATH add the games of another data folder, an
                                    archive, a journal or a --format json export
                                    that the history lacks (each game once)

        Options:
          -n, --count N             questions per game (default: 10; all: every one)
              --seed N              deal the questions in a repeatable order
              --questions PATH      a bank file, a folder of banks or an http(s) URL
                                    (repeatable); a bank with a bundled quiz's id
                                    replaces it; downloads are cached
              --max-download SIZE   the most a --questions URL may bring (32M;
                                    K, M, G are 1024, 1024², 1024³ bytes)
              --category NAME       with QUIZ: only questions of that category
              --difficulty LEVEL    with QUIZ: only easy, medium or hard questions
              --data-dir DIR        where the history lives
              --sync-dir DIR        a folder synced between machines (Syncthing,
                                    Dropbox, git): one history on every machine
              --format FORMAT       with --history: table, markdown, csv or json,
                                    or reviews (the review log for the FSRS
                                    optimizer); with --stats: table or json
              --history-check       with --validate: list the prompts the history
                                    recorded that match no question now
              --fsrs-parameters FILE  schedule reviews with the 21 FSRS
                                    parameters in FILE (fsrs-optimizer's output;
                                    with --history, for --format reviews)
              --limit N             with --history: only the last N games recorded
              --quiz ID             with --history: only games of quiz ID;
                                    with --review: only its questions
              --game N              with --share: the Nth game back (1 = the last)
              --ascii               with --share or --stats: no emoji or blocks
              --colorblind          with --share: orange and blue squares
              --text                with --share: the game as one plain sentence
              --no-color            never colour the output (also: NO_COLOR=1)
              --no-pager            with --history: no pager on a terminal (else
                                    $QUIZ_PAGER, $PAGER or less -FRX)
          -h, --help                show this help
              --version             show the version

        Defaults for -n, --ascii, --colorblind and --no-color, and whether to
        show daily streaks, can be set in $XDG_CONFIG_HOME/quiz/config
        (~/.config/quiz/config); see man quiz. The command line wins.

        While playing, answer with a choice's number, its letter or its text;
        :skip skips a question, :quit abandons the game (skip and quit work
        bare where no choice reads so); ! just after a wrong mark counts your
        answer right, marked as such.
        Exit status: 0 ok, 64 bad usage, 65 bad question data, 66 quiz or file
        not found or unreadable, or a URL not downloaded, 74 history could not
        be read or written; a game ended by Ctrl-C (SIGINT) 130, by SIGTERM 143,
        by SIGHUP 129; a reader gone (quiz --history | head -1) 141, by SIGPIPE.
        Reviews are scheduled by FSRS from every game played; QUIZ_NOW=DATE (ISO
        8601, e.g. 2026-03-01T09:00:00Z) sets the clock games and reviews use.
        Text is wrapped to the terminal's width (COLUMNS=N when not a terminal);
        --validate also warns of control characters in a bank.
        """

    public init() {}

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
            case "--merge-history": modes.append(.merge(try value()))
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
                guard let format = HistoryReport.Format(rawValue: text) else {
                    throw usageError("unknown format '\(text)' (expected table, markdown, csv, json or reviews)")
                }
                options.format = format
            default:
                throw usageError("unknown option '\(argument)'")
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
                "choose one of --history, --share, --stats, --review, --list, --validate, --merge-history")
        }
        switch modes.first {
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
                if format != .table && format != .json { throw usageError("--stats takes --format table or json") }
            } else if options.mode != .history {
                throw usageError("--format goes with --history or --stats")
            }
        }
        if options.reviewLog && (options.mode != .history || options.format != nil) {
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
        if options.noPager && options.mode != .history { throw usageError("--no-pager goes with --history") }
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
        if dataDir != nil && (mode == .list || (validating && !historyCheck)) {
            throw usageError("--data-dir goes with playing, --history, --share, --stats and --merge-history")
        }
        if syncDir != nil && (mode == .list || mode == .compact || validating) {
            throw usageError(
                "--sync-dir goes with playing, the menu, --review, --history, --share, --stats and --merge-history")
        }
    }
}
