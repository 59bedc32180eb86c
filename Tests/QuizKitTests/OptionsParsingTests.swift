import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `Options.parse` in-process, as swift-argument-parser's `AssertParse`
/// does: every option, every conflict and every error text, with its exit
/// status (64) and the hint to `--help`. The binary's own handling (printing,
/// exit) stays covered end to end by Tests/QuizCLITests/CommandLineTests.swift.
@Suite struct OptionsParsingTests {
    /// Parses `arguments`, which must succeed, and hands the options to `check`.
    func assertParse(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation, _ check: (Options) -> Void = { _ in }
    ) {
        do {
            check(try Options.parse(arguments))
        } catch {
            Issue.record("\(arguments) failed: \(error.message)", sourceLocation: sourceLocation)
        }
    }

    /// Parses `arguments`, which must fail with exactly `message`, status 64 and the hint.
    func assertFails(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let options = try Options.parse(arguments)
            Issue.record("\(arguments) parsed as \(options), expected: \(message)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message == message, "\(arguments)", sourceLocation: sourceLocation)
            #expect(error.status == .usage, sourceLocation: sourceLocation)
            #expect(error.status.rawValue == 64, sourceLocation: sourceLocation)
            #expect(error.hint == "Try 'quiz --help' for more information.", sourceLocation: sourceLocation)
        }
    }

    // MARK: Modes

    @Test func noArgumentsIsTheMenu() {
        assertParse([]) { #expect($0 == Options()) }
        assertParse([]) { #expect($0.mode == .repl) }
    }

    @Test func eachModeFlag() {
        let modes: [(String, Options.Mode)] = [
            ("--history", .history), ("--share", .share), ("--stats", .stats), ("--review", .review),
            ("--list", .list), ("--compact-history", .compact), ("--help", .help), ("-h", .help),
            ("--version", .version),
        ]
        for (flag, mode) in modes {
            assertParse([flag]) { #expect($0.mode == mode, "\(flag)") }
        }
    }

    /// `--daily` takes the next word when it is shaped as a date, a day that
    /// does not exist too (refused later as no date, not as an unexpected
    /// argument); another word is not its value.
    @Test func dailyTakesADateShapedWord() {
        assertParse(["--daily", "2026-12-02"]) { #expect($0.mode == .daily("2026-12-02")) }
        assertParse(["--daily", "2026-02-30"]) { #expect($0.mode == .daily("2026-02-30")) }
        assertParse(["--daily"]) { #expect($0.mode == .daily(nil)) }
        assertFails(["--daily", "12/02"], "unexpected argument '12/02'")
    }

    @Test func aQuizNamePlaysIt() {
        assertParse(["capitals"]) { #expect($0.mode == .play("capitals")) }
        // "-" alone and anything after "--" are names, not options.
        assertParse(["-"]) { #expect($0.mode == .play("-")) }
        assertParse(["--", "--odd"]) { #expect($0.mode == .play("--odd")) }
        assertParse(["-n", "3", "--", "-x"]) {
            #expect($0.mode == .play("-x"))
            #expect($0.count == 3)
        }
    }

    @Test func validateTakesFiles() {
        assertParse(["--validate", "a.json", "b.json"]) { #expect($0.mode == .validate(["a.json", "b.json"])) }
        assertParse(["a.json", "--validate", "--history-check"]) {
            #expect($0.mode == .validate(["a.json"]))
            #expect($0.historyCheck)
        }
        assertParse(["--validate", "a.json", "--history-check", "--data-dir", "d"]) { #expect($0.dataDir == "d") }
    }

    @Test func helpAndVersionWinOverEverythingElse() {
        assertParse(["--history", "--share", "--help"]) { #expect($0.mode == .help) }
        assertParse(["--version", "a", "b"]) { #expect($0.mode == .version) }
        assertParse(["--version", "--help"]) { #expect($0.mode == .help) }
        // ...but not over an option that cannot be read at all.
        assertFails(["--help", "--bogus"], "unknown option '--bogus'")
    }

    @Test func theSameModeTwiceIsOne() {
        assertParse(["--history", "--history"]) { #expect($0.mode == .history) }
    }

    // MARK: Values

    @Test func countAndItsForms() {
        for arguments in [["-n", "5"], ["-n5"], ["--count", "5"], ["--count=5"]] {
            assertParse(arguments) { #expect($0.count == 5, "\(arguments)") }
        }
        for arguments in [["-n", "all"], ["-nALL"], ["--count=All"], ["--count", "all"]] {
            assertParse(arguments) { #expect($0.count == Int.max, "\(arguments)") }
        }
        assertParse(["-n", "all", "capitals"]) { #expect($0.mode == .play("capitals")) }
        assertParse(["--review", "-n", "2"]) { #expect($0.count == 2) }
    }

    @Test func seed() {
        assertParse(["--seed", "0"]) { #expect($0.seed == 0) }
        assertParse(["--seed=18446744073709551615"]) { #expect($0.seed == UInt64.max) }
    }

    @Test func questionsRepeat() {
        assertParse(["--questions", "a", "--questions=b"]) { #expect($0.questionPaths == ["a", "b"]) }
        assertParse(["--list", "--questions", "f"]) { #expect($0.questionPaths == ["f"]) }
        assertParse(["--stats", "--questions", "f"]) { #expect($0.questionPaths == ["f"]) }
    }

    @Test func maxDownload() {
        assertParse(["--questions", "https://example.com/b.json", "--max-download", "512K"]) {
            #expect($0.maxDownload == 512 * 1024)
            #expect($0.maxDownloadBytes == 512 * 1024)
        }
        assertParse(["--questions=http://x/b.json", "--max-download=1048576"]) { #expect($0.maxDownload == 1_048_576) }
        assertParse([]) { #expect($0.maxDownloadBytes == RemoteBankLoader.defaultMaxBytes) }
    }

    @Test func dataDirFsrsQuizGameLimit() {
        assertParse(["--history", "--data-dir", "d", "--limit", "3", "--quiz", "q"]) {
            #expect($0.dataDir == "d")
            #expect($0.limit == 3)
            #expect($0.quizFilter == "q")
        }
        assertParse(["--review", "--quiz=q", "--fsrs-parameters", "p.txt"]) {
            #expect($0.quizFilter == "q")
            #expect($0.fsrsParameters == "p.txt")
        }
        assertParse(["--share", "--game", "4"]) { #expect($0.game == 4) }
    }

    @Test func categoryAndDifficulty() {
        assertParse(["q", "--category", "Rivers", "--difficulty", "HARD"]) {
            #expect($0.category == "Rivers")
            #expect($0.difficulty == .hard)
        }
        for level in Difficulty.allCases {
            assertParse(["q", "--difficulty=\(level.rawValue)"]) { #expect($0.difficulty == level) }
        }
    }

    @Test func formats() {
        for format in HistoryReport.Format.allCases {
            assertParse(["--history", "--format", format.rawValue]) { #expect($0.format == format) }
        }
        assertParse(["--stats", "--format=json"]) { #expect($0.format == .json) }
        assertParse(["--stats", "--format=table"]) { #expect($0.format == .table) }
        assertParse(["--history", "--format", "reviews"]) {
            #expect($0.reviewLog)
            #expect($0.format == nil)
        }
    }

    @Test func flags() {
        assertParse(["--share", "--ascii"]) { #expect($0.ascii) }
        assertParse(["--stats", "--ascii"]) { #expect($0.ascii) }
        assertParse(["--share", "--colorblind"]) { #expect($0.colorblind) }
        assertParse(["--share", "--colourblind"]) { #expect($0.colorblind) }
        assertParse(["--share", "--text"]) { #expect($0.text) }
        assertParse(["--no-color"]) { #expect($0.noColor) }
        assertParse(["--list", "--no-colour"]) { #expect($0.noColor) }
        assertParse(["--history", "--no-pager"]) { #expect($0.noPager) }
        assertParse(["--stats", "--no-pager"]) { #expect($0.noPager) }
    }

    // MARK: Malformed values

    @Test func missingAndEmptyValues() {
        for option in [
            "--count", "--limit", "--seed", "--questions", "--max-download", "--data-dir", "--fsrs-parameters",
            "--quiz", "--category", "--difficulty", "--format", "--game",
        ] {
            assertFails([option], "option \(option) needs a value")
            assertFails(["\(option)="], "option \(option) needs a value, not an empty one")
            assertFails([option, ""], "option \(option) needs a value, not an empty one")
        }
        assertFails(["-n"], "option -n needs a value")
    }

    @Test func numbersOutOfRange() {
        assertFails(["-n", "0"], "the question count must be a whole number of at least 1, not '0'")
        assertFails(["-n", "-3"], "the question count must be a whole number of at least 1, not '-3'")
        assertFails(["-nfive"], "the question count must be a whole number of at least 1, not 'five'")
        assertFails(["--limit", "1.5"], "the limit must be a whole number of at least 1, not '1.5'")
        assertFails(["--game", "0"], "the game number must be a whole number of at least 1, not '0'")
        let huge = "99999999999999999999"
        assertFails(["-n", huge], "the question count '\(huge)' is too large (at most \(Int.max))")
        assertFails(["--limit=\(huge)"], "the limit '\(huge)' is too large (at most \(Int.max))")
        assertFails(["--game", huge], "the game number '\(huge)' is too large (at most \(Int.max))")
        assertFails(
            ["--seed", "-1"], "the seed must be a whole number from 0 to \(UInt64.max), not '-1'")
        assertFails(
            ["--seed", "18446744073709551616"],
            "the seed must be a whole number from 0 to \(UInt64.max), not '18446744073709551616'")
    }

    @Test func unknownValues() {
        assertFails(
            ["--questions", "https://x/b", "--max-download", "lots"],
            "--max-download takes a size such as 32M, 512K or 1048576 (bytes), not 'lots'")
        assertFails(["q", "--difficulty", "brutal"], "unknown difficulty 'brutal' (expected easy, medium or hard)")
        assertFails(
            ["--history", "--format", "xml"],
            "unknown format 'xml' (expected table, markdown, csv, json, reviews, html or svg)")
        // Formats are exact; difficulties ignore case.
        assertFails(
            ["--history", "--format", "CSV"],
            "unknown format 'CSV' (expected table, markdown, csv, json, reviews, html or svg)")
    }

    /// A misspelt option gets the nearest one, from a list the parser knows
    /// every name of.
    @Test func aMisspeltOptionIsSuggested() {
        assertFails(["--hlep"], "unknown option '--hlep'; did you mean --help?")
        assertFails(["--histroy"], "unknown option '--histroy'; did you mean --history?")
        assertFails(["--seed=4", "--coutn", "3"], "unknown option '--coutn'; did you mean --count?")
        for name in Options.optionNames {
            do {
                _ = try Options.parse([name, "1"])
            } catch {
                #expect(!error.message.hasPrefix("unknown option"), "\(name)")
            }
        }
    }

    /// The menu's `QUIZ -n N`: the command line's parser after the name.
    @Test func theMenuReadsOptionsAfterAName() throws {
        let plain = try Options.menuPlay("world capitals")
        #expect(plain.name == "world capitals" && plain.options.count == nil)
        let counted = try Options.menuPlay("mathematics  -n 3 --seed 4")
        #expect(counted.name == "mathematics" && counted.options.count == 3 && counted.options.seed == 4)
        #expect(try Options.menuPlay("oceans --count=all").options.count == Int.max)
        #expect(throws: CommandFailure.self) { try Options.menuPlay("oceans -n 0") }
        #expect(throws: CommandFailure.self) { try Options.menuPlay("oceans -n 3 extra") }
    }

    @Test func unknownOptionsAndFlagValues() {
        assertFails(["--bogus"], "unknown option '--bogus'")
        assertFails(["-x"], "unknown option '-x'")
        assertFails(["-xyz"], "unknown option '-xyz'")
        assertFails(["--bogus=1"], "unknown option '--bogus=1'")
        for flag in [
            "--help", "--version", "--history", "--share", "--stats", "--review", "--compact-history", "--ascii",
            "--colorblind", "--colourblind", "--text", "--list", "--validate", "--history-check", "--no-color",
            "--no-colour", "--no-pager",
        ] {
            assertFails(["\(flag)=yes"], "option \(flag) takes no value")
        }
        assertFails(["-hx"], "option -h takes no value")
    }

    // MARK: Conflicts

    @Test func oneModeAtATime() {
        let message =
            "choose one of --history, --share, --stats, --review, --daily, --compare, --list, --validate, --merge-history, --import"
        assertFails(["--history", "--share"], message)
        assertFails(["--stats", "--list"], message)
        assertFails(["--review", "--validate", "f"], message)
        assertFails(["--compact-history", "--history"], message)
        assertFails(["--import", "a.csv", "--output", "b.json", "--list"], message)
    }

    @Test func importTakesAnOutputAndItsOwnOptions() throws {
        let options = try Options.parse([
            "--import", "set.txt", "--output", "set.json", "--import-format", "Quizlet", "--import-separator",
            "\\t", "--import-card-separator", "newline",
        ])
        #expect(options.mode == .importCards("set.txt"))
        #expect(options.output == "set.json")
        #expect(options.importSettings == CardImport.Settings(format: .quizlet, separator: "\t", cardSeparator: "\n"))
        assertFails(["--import", "a.csv"], "--import needs --output BANK.json, the bank file to write")
        assertFails(
            ["--import", "a.csv", "--output", "b.csv"],
            "--output names the bank file to write, a name ending in .json, not 'b.csv'")
        assertFails(["--output", "b.json"], "--output goes with --import")
        assertFails(
            ["--list", "--import-format", "csv"],
            "--import-format, --import-separator and --import-card-separator go with --import")
        assertFails(
            ["--import", "a", "--output", "b.json", "--import-format", "apkg"],
            "unknown import format 'apkg' (expected anki-text, quizlet, csv, markdown or anki-package)")
        // Any import may be of an Anki package (told by its zip magic), whose reviews go to --data-dir.
        assertParse(["--import", "a", "--output", "b.json", "--data-dir", "d"]) { #expect($0.dataDir == "d") }
        assertParse(["--import", "a.zip", "--import-format", "anki-package", "--output", "b.json", "--no-reviews"])
        assertFails(["--list", "--no-reviews"], "--no-reviews goes with --import of an Anki package (.apkg, .colpkg)")
        assertFails(
            ["--import", "a.csv", "--output", "b.json", "--no-reviews"],
            "--no-reviews goes with --import of an Anki package (.apkg, .colpkg)")
        let package = try Options.parse([
            "--import", "Deck.APKG", "--output", "deck.json", "--no-reviews", "--data-dir", "d",
        ])
        #expect(package.noReviews && package.dataDir == "d")
        #expect(try !Options.parse(["--import", "d.colpkg", "--output", "d.json"]).noReviews)
        assertFails(
            ["--import", "a", "--output", "b.json", "--import-separator", String(repeating: "x", count: 17)],
            "--import-separator takes tab, comma, semicolon, pipe, space, colon, newline, \\t, \\n "
                + "or up to 16 characters, not '\(String(repeating: "x", count: 17))'")
    }

    @Test func positionalArguments() {
        assertFails(["--validate"], "--validate needs at least one FILE")
        assertFails(["--history", "extra"], "unexpected argument 'extra'")
        assertFails(["--list", "--", "a"], "unexpected argument 'a'")
        assertFails(["a", "b"], "one quiz at a time, not 'a b'")
    }

    @Test func formatConflicts() {
        assertFails(["--stats", "--format", "csv"], "--stats takes --format table, json or html")
        assertFails(["--stats", "--format", "markdown"], "--stats takes --format table, json or html")
        assertFails(["--format", "csv"], "--format goes with --history, --stats or --share")
        assertFails(["--share", "--format", "json"], "--share takes --format svg")
        // The drawings: a page with --stats, an image with --share.
        assertParse(["--stats", "--format", "html"]) { #expect($0.drawing == .html && $0.format == nil) }
        assertParse(["--share", "--format=svg", "--game", "2"]) { #expect($0.drawing == .svg && $0.game == 2) }
        assertParse(["--share", "--format", "svg", "--colorblind"]) { #expect($0.drawing == .svg && $0.colorblind) }
        assertFails(["--history", "--format", "html"], "--format html goes with --stats")
        assertFails(["--format", "html"], "--format html goes with --stats")
        assertFails(["--stats", "--format", "svg"], "--format svg goes with --share")
        assertFails(
            ["--share", "--format", "svg", "--text"], "--format svg draws the card: leave out --text and --ascii")
        assertFails(
            ["--share", "--format", "svg", "--ascii"], "--format svg draws the card: leave out --text and --ascii")
        // The last --format wins.
        assertParse(["--stats", "--format", "html", "--format", "json"]) {
            #expect($0.drawing == nil && $0.format == .json)
        }
        assertParse(["--stats", "--format", "json", "--format", "html"]) {
            #expect($0.drawing == .html && $0.format == nil)
        }
        assertFails(["--format", "reviews"], "--format reviews goes with --history, alone")
        assertFails(["--stats", "--format", "reviews"], "--format reviews goes with --history, alone")
        assertFails(
            ["--history", "--format", "reviews", "--format", "csv"], "--format reviews goes with --history, alone")
    }

    @Test func optionsOfOneMode() {
        for mode in [["--list"], ["--share"], ["--validate", "b.json"]] {
            assertFails(
                mode + ["--fsrs-parameters", "p"],
                "--fsrs-parameters goes with playing, the menu, --review, --stats and --history")
        }
        // The history's table and exports show no schedule: only the review log is rated by FSRS.
        for format in [[], ["--format", "table"], ["--format=json"], ["--format", "csv"], ["--format", "markdown"]] {
            assertFails(
                ["--history", "--fsrs-parameters", "p"] + format,
                "--fsrs-parameters goes with --history only with --format reviews")
        }
        assertParse(["--history", "--format", "reviews", "--fsrs-parameters", "p", "--limit", "1", "--quiz", "q"]) {
            #expect($0.reviewLog && $0.fsrsParameters == "p" && $0.limit == 1 && $0.quizFilter == "q")
        }
        assertFails(["--history", "--game", "2"], "--game goes with --share")
        assertFails(["--history", "--ascii"], "--ascii goes with --share or --stats")
        assertFails(["--stats", "--colorblind"], "--colorblind and --text go with --share")
        assertFails(["--text"], "--colorblind and --text go with --share")
        assertFails(["--share", "--ascii", "--colorblind"], "choose one of --ascii and --colorblind")
        assertFails(
            ["--share", "--text", "--ascii"], "--text has no squares to draw: leave out --ascii and --colorblind")
        assertFails(
            ["--share", "--text", "--colorblind"], "--text has no squares to draw: leave out --ascii and --colorblind")
        assertFails(["--list", "--no-pager"], "--no-pager goes with --history or --stats")
        assertFails(["--share", "--limit", "2"], "--limit goes with --history")
        assertFails(["--stats", "--quiz", "q"], "--quiz goes with --history or --review")
        assertFails(
            ["--category", "Rivers"], "--category and --difficulty go with playing a quiz: quiz QUIZ --category NAME")
        assertFails(
            ["--history", "--difficulty", "easy"],
            "--category and --difficulty go with playing a quiz: quiz QUIZ --category NAME")
    }

    @Test func optionsThatWouldDoNothing() {
        assertFails(["--max-download", "1M"], "--max-download goes with --questions URL")
        assertFails(["--questions", "local.json", "--max-download", "1M"], "--max-download goes with --questions URL")
        for mode in ["--history", "--share"] {
            assertFails(
                [mode, "--questions", "f"],
                "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews; --validate takes files itself"
            )
        }
        assertFails(
            ["--validate", "a", "--questions", "f"],
            "--questions goes with playing, the menu, --review, --stats, --list or --history --format reviews; --validate takes files itself"
        )
        assertFails(
            ["--history", "-n", "1"], "-n/--count goes with playing: quiz QUIZ -n 5, or quiz -n 5 for the menu")
        assertFails(
            ["--stats", "--seed", "1"], "--seed goes with playing: quiz QUIZ --seed 42, or quiz --seed 42 for the menu")
        assertFails(["--history-check"], "--history-check goes with --validate")
        assertFails(
            ["--list", "--data-dir", "d"],
            "--data-dir goes with playing, --history, --share, --stats, --merge-history and --import")
        assertFails(
            ["--validate", "a", "--data-dir", "d"],
            "--data-dir goes with playing, --history, --share, --stats, --merge-history and --import")
    }

    @Test func theFirstProblemIsTheOneReported() {
        // Malformed values are found while reading, before any conflict.
        assertFails(
            ["--history", "--share", "-n", "0"], "the question count must be a whole number of at least 1, not '0'")
        // Mode conflicts come before the options of one mode.
        assertFails(
            ["--history", "--share", "--game", "2"],
            "choose one of --history, --share, --stats, --review, --daily, --compare, --list, --validate, --merge-history, --import"
        )
    }
}
