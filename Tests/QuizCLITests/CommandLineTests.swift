import Foundation
import Testing

/// Flags, usage errors and exit statuses, through the binary (exit statuses:
/// see README, "Exit status"): what `main` prints and how it exits. Error
/// texts are checked in-process (Tests/QuizKitTests: `OptionsParsingTests`,
/// `UsageErrorTests`).
@Suite struct CommandLineTests {
    let bank = QuizBinary.fixture("mini.json")
    let broken = QuizBinary.fixture("broken.json")

    @Test func helpFitsEightyColumnsAndVersionPrints() throws {
        let scratch = Scratch()
        let help = try runQuiz(["--help"], environment: scratch.environment())
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: quiz"))
        for flag in [
            "--history", "--share", "--list", "--validate", "--count", "--seed", "--questions", "--data-dir",
            "--format", "--no-color", "--version",
        ] {
            #expect(help.stdout.contains(flag), "help mentions \(flag)")
        }
        #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let version = try runQuiz(["--version"], environment: scratch.environment())
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("quiz "))
    }

    @Test func aMissingQuizExits66AndNamesTheQuizzes() throws {
        let result = try runQuiz(["--questions", bank, "nosuchquiz"], environment: Scratch().environment())
        #expect(result.status == 66)
        #expect(result.stderr.contains("no quiz named 'nosuchquiz'"))
        #expect(result.stderr.contains("mini"))
        #expect(result.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test func aBadBankAskedForExits65WithPathPlaceAndReason() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bank, toPath: folder + "/mini.json")
        try FileManager.default.copyItem(atPath: broken, toPath: folder + "/broken.json")
        let result = try runQuiz(["--questions", folder, "broken"], environment: scratch.environment())
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(folder + "/broken.json:4: question 1, \"answer\": \"4\" is not one of the choices"))
    }

    /// A usage error as `main` prints it: the message and the hint, nothing
    /// on standard output, 64 (each message: `UsageErrorTests`, in-process).
    @Test func aUsageErrorIsItsLineAndAHintAndExits64() throws {
        let result = try runQuiz(["--bogus"], environment: Scratch().environment())
        #expect(result.status == 64)
        #expect(result.stderr == "quiz: unknown option '--bogus'\nTry 'quiz --help' for more information.\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnwritableHistoryExits74AndStillShowsTheResult() throws {
        let scratch = Scratch()
        // A data folder under a regular file cannot be created, even by root.
        let blocker = scratch.path + "/not-a-folder"
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let lines = try answers(bank: bank, seed: 9, right: [0, 1, 2])
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "9", "--data-dir", blocker + "/quiz"],
            input: lines.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(result.status == 74)
        #expect(result.stdout.contains("Mini Test Quiz: 3/3 right (100%)"))
        #expect(result.stderr.contains(blocker + "/quiz"))
        #expect(result.stderr.contains("not recorded"))
    }

    @Test func theDataFolderIsPrivate() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 1, right: [])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        let folder = try FileManager.default.attributesOfItem(atPath: scratch.dataDir)
        let archive = try FileManager.default.attributesOfItem(atPath: scratch.archive)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((archive[.posixPermissions] as? Int) == 0o600)
    }

    @Test func clicolorForceColoursAPipeButNoColorWins() throws {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 1, right: [0])
        let input = lines.joined(separator: "\n") + "\n"
        let forced = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: input,
            environment: scratch.environment(["CLICOLOR_FORCE": "1"]))
        #expect(forced.stdout.contains("\u{1B}[1m"))
        let both = try runQuiz(
            ["--questions", bank, "mini", "--seed", "1"], input: input,
            environment: scratch.environment(["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]))
        #expect(!both.stdout.contains("\u{1B}["))
    }
}
