import Foundation
import QuizCore
import Testing

/// The configuration file, `$XDG_CONFIG_HOME/quiz/config` else
/// `~/.config/quiz/config`: option > environment > file > default, and a
/// malformed file is one line per problem naming the line, then the game
/// goes on with the defaults and the exit status is unchanged.
@Suite struct SettingsFileTests {
    let bank = QuizBinary.fixture("mini.json")

    /// How many questions a game dealt, from its header line.
    func dealt(_ result: RunResult) -> String? {
        result.stdout.firstMatch(of: /Mini Test Quiz · (\d+) questions?/).map { String($0.output.1) }
    }

    func play(_ scratch: Scratch, _ extra: [String] = [], environment: [String: String] = [:]) throws -> RunResult {
        try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"] + extra, input: "skip\nskip\nskip\n",
            environment: scratch.environment(environment))
    }

    @Test func countFromTheFileAndTheOptionWins() throws {
        let scratch = Scratch()
        #expect(dealt(try play(scratch)) == "3", "the default: the whole bank")
        try scratch.writeConfig("# two a game\ncount = 2\n")
        let fromFile = try play(scratch)
        #expect(fromFile.status == 0)
        #expect(fromFile.stderr.isEmpty)
        #expect(dealt(fromFile) == "2")
        #expect(dealt(try play(scratch, ["-n", "1"])) == "1")
        // The menu plays with it too.
        let menu = try runQuiz(
            ["--questions", bank, "--seed", "3"], input: "mini\nskip\nskip\nquit\n", environment: scratch.environment())
        #expect(dealt(menu) == "2")
        // The recorded game's replay command carries the count it was dealt.
        let card = try runQuiz(["--share"], environment: scratch.environment())
        #expect(card.stdout.contains("mini.json mini --seed 3 -n 2"), "\(card.stdout)")
    }

    @Test func xdgConfigHomeIsWhereTheFileIs() throws {
        let scratch = Scratch()
        try scratch.writeConfig("count = 2\n")
        let elsewhere = scratch.path + "/xdg"
        try FileManager.default.createDirectory(atPath: elsewhere + "/quiz", withIntermediateDirectories: true)
        try Data("count = 1\n".utf8).write(to: URL(fileURLWithPath: elsewhere + "/quiz/config"))
        #expect(dealt(try play(scratch, environment: ["XDG_CONFIG_HOME": elsewhere])) == "1")
        // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
        #expect(dealt(try play(scratch, environment: ["XDG_CONFIG_HOME": "xdg"])) == "2")
    }

    @Test func colourOptionOverEnvironmentOverFileOverDefault() throws {
        let scratch = Scratch()
        try scratch.writeConfig("color = never\n")
        // The environment over the file: CLICOLOR_FORCE colours even so.
        let forced = try play(scratch, environment: ["CLICOLOR_FORCE": "1"])
        #expect(forced.stdout.contains("\u{1B}[1m"))
        // The option over the environment.
        let option = try play(scratch, ["--no-color"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(!option.stdout.contains("\u{1B}["))
        #expect(dealt(option) == "3")

        // The file over the default, at a terminal, where the default is colour.
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "mini", "-n", "1"], environment: scratch.environment(["TERM": "xterm"]))
        try terminal.wait(for: "1/1> ")
        #expect(!terminal.output.contains("\u{1B}[1m"), "color = never in the file")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)

        try scratch.writeConfig("color = auto\n")
        let coloured = try PseudoTerminal(
            arguments: ["--questions", bank, "mini", "-n", "1"], environment: scratch.environment(["TERM": "xterm"]))
        try coloured.wait(for: "1/1> ")
        #expect(coloured.output.contains("\u{1B}[1m"), "color = auto colours a terminal")
        coloured.type(PseudoTerminal.ctrlD)
        #expect(try coloured.waitForExit() == 0)
    }

    @Test func asciiFromTheFileForTheStatsScreen() throws {
        let scratch = Scratch()
        #expect(try play(scratch).status == 0)
        let plain = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(plain.stdout.contains("·"))
        try scratch.writeConfig("ascii = true\n")
        let ascii = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(ascii.status == 0)
        #expect(!ascii.stdout.contains("·"))
        #expect(!ascii.stdout.contains("─"))
        #expect(ascii.stdout.contains("1 game - 0:00 played"))
    }

    @Test func aMalformedFileIsOneLineAProblemAndTheGameStartsWithDefaults() throws {
        let scratch = Scratch()
        try scratch.writeConfig("count = 2\ncolour = blue\nstreaks\nsquares = round\n")
        let played = try play(scratch)
        #expect(played.status == 0, "the exit status is unchanged")
        #expect(dealt(played) == "2", "the good line still counts")
        #expect(played.stdout.contains("Mini Test Quiz: 0/2 right"))
        let file = scratch.configFile
        #expect(
            played.stderr == """
                quiz: \(file):2: color must be auto or never, not 'blue'; line ignored
                quiz: \(file):3: expected 'key = value', not 'streaks'; line ignored
                quiz: \(file):4: squares must be standard or colorblind, not 'round'; line ignored

                """)
        let card = try runQuiz(["--share"], environment: scratch.environment())
        #expect(card.status == 0)
        #expect(card.stdout.contains("🟩") || card.stdout.contains("🟥") || card.stdout.contains("⬜"))
        #expect(card.stderr.split(separator: "\n").count == 3)
    }

    @Test func aFileThatCannotBeReadIsOneLineAndEveryDefaultHolds() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(atPath: scratch.configFile, withIntermediateDirectories: true)
        let played = try play(scratch)
        #expect(played.status == 0)
        #expect(dealt(played) == "3")
        #expect(played.stderr == "quiz: \(scratch.configFile): is a folder, not a file; using the defaults\n")
    }

    @Test func aFIFOInTheFilesPlaceDoesNotHangTheGame() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.path + "/.config/quiz", withIntermediateDirectories: true)
        #expect(mkfifo(scratch.configFile, 0o600) == 0)
        let started = Date()
        let played = try play(scratch)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(played.status == 0)
        #expect(played.stderr.contains("is not a regular file; using the defaults"))
    }

    @Test func helpAndVersionDoNotReadTheFile() throws {
        let scratch = Scratch()
        try scratch.writeConfig("nonsense\n")
        for option in ["--help", "--version"] {
            let result = try runQuiz([option], environment: scratch.environment())
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(option)")
        }
        let help = try runQuiz(["--help"], environment: scratch.environment())
        #expect(help.stdout.contains("~/.config/quiz/config"))
        let list = try runQuiz(["--list"], environment: scratch.environment())
        #expect(list.status == 0)
        #expect(list.stderr.contains(":1: expected 'key = value'"))
    }
}
