import Foundation
import QuizCore
import Testing

/// `--fsrs-parameters` takes any text whose numbers are
/// The 21 parameters (words ignored, `#` comments), exactly 21; a file over
/// 64 KiB is refused at once, and a folder or a pipe says what it is (66).
@Suite struct FSRSParametersTextTests {
    let bank = QuizBinary.fixture("mini.json")

    /// A history whose three questions are due after 1 day with the fitted
    /// parameters (a Good first review worth 0.5 days), 2 with the defaults.
    func played() throws -> (Scratch, [String: String], [Double]) {
        let scratch = Scratch()
        let lines = try answers(bank: bank, seed: 2, right: [0, 1, 2])
        _ = try runQuiz(
            ["--questions", bank, "mini", "--seed", "2"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        var parameters = FSRS.defaultParameters
        parameters[2] = 0.5
        return (scratch, scratch.environment(["QUIZ_NOW": "2026-03-02T09:30:00Z"]), parameters)
    }

    func review(_ file: String, _ env: [String: String]) throws -> RunResult {
        try runQuiz(["--questions", bank, "--review", "--fsrs-parameters", file], environment: env)
    }

    @Test(arguments: [
        "Parameters: [LIST]\n",
        "[LIST]  # fitted on 500 reviews\n",
        "# FSRS-6, 21 parameters\nfitted 2026-03-01\nw = (LIST);\n",
        "fitted 2026-03-01 on 500 reviews:\nLIST\n",
    ])
    func ordinaryTextIsRead(template: String) throws {
        let (scratch, env, parameters) = try played()
        #expect(try runQuiz(["--questions", bank, "--review"], environment: env).stdout.contains("Nothing due"))
        let file = scratch.path + "/parameters.txt"
        let list = parameters.map { "\($0)" }.joined(separator: ", ")
        try template.replacingOccurrences(of: "LIST", with: list).write(toFile: file, atomically: true, encoding: .utf8)
        let fitted = try review(file, env)
        if template.hasPrefix("fitted 2026") {
            // A date is a word, but a number outside a comment counts: 22.
            #expect(fitted.status == 65)
            #expect(fitted.stderr.contains("parameters.txt: FSRS needs 21 parameters, got 22"), "\(fitted.stderr)")
        } else {
            #expect(fitted.status == 0, "\(fitted.stderr)")
            #expect(fitted.stdout.contains("Review · 3 due"), "\(fitted.stdout)\(fitted.stderr)")
        }
    }

    @Test func exponentsAndCountsAndRanges() throws {
        let (scratch, env, parameters) = try played()
        let file = scratch.path + "/parameters.txt"
        // Written with exponents: the same numbers.
        try parameters.map { String(format: "%.6e", $0) }.joined(separator: " ").write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(try review(file, env).stdout.contains("Review · 3 due"))
        try (parameters.map { "\($0)" }.joined(separator: " ") + " -1.5e-3").write(
            toFile: file, atomically: true, encoding: .utf8)
        let extra = try review(file, env)
        #expect(extra.status == 65)
        #expect(extra.stderr.contains("FSRS needs 21 parameters, got 22"), "\(extra.stderr)")
        try (parameters.dropLast().map { "\($0)" }.joined(separator: " ") + " 1e999").write(
            toFile: file, atomically: true, encoding: .utf8)
        let huge = try review(file, env)
        #expect(huge.status == 65)
        #expect(huge.stderr.contains("parameters.txt: '1e999' is out of range"), "\(huge.stderr)")
    }

    /// The optimizer's printed settings pasted whole: the list of 21 in
    /// brackets, not the retention and interval after it (31 numbers).
    @Test func theOptimizersPrintedBlockIsRead() throws {
        let (scratch, env, parameters) = try played()
        let file = scratch.path + "/block.txt"
        let list = parameters.map { "\($0)" }.joined(separator: ", ")
        try """
        Paste this into your scheduling code
        {
            // Generated, Optimized anki deck settings
            "deckName": "revlog",// PLEASE CHANGE THIS TO THE DECKS PROPER NAME
            "w": [\(list)],
            "requestRetention": 0.9,
            "maximumInterval": 36500,
        },
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let fitted = try review(file, env)
        #expect(fitted.status == 0, "\(fitted.stderr)")
        #expect(fitted.stdout.contains("Review · 3 due"), "\(fitted.stdout)\(fitted.stderr)")
    }

    /// A number mistyped is named when the count comes out wrong (it was
    /// dropped as a word: "got 20" said nothing of which).
    @Test(arguments: [
        "0.212.5", "NaN", "inf", "1_000", "15.42%", "0.1542e", "\u{FF11}", "\u{2212}0.4", "0.2l2", "O.4", "1/2", "0.4-",
    ])
    func aMistypedNumberIsNamed(typo: String) throws {
        let (scratch, env, parameters) = try played()
        let file = scratch.path + "/parameters.txt"
        try (["fitted", "2026-03-01:"] + parameters.dropLast().map { "\($0)" } + [typo]).joined(separator: " ").write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try review(file, env)
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("FSRS needs 21 parameters, got 20 (not read as numbers: '\(typo)')"),
            "\(result.stderr)")
    }

    @Test func oddFilesSayWhatTheyAre() throws {
        let (scratch, env, _) = try played()
        let folder = try review(scratch.path, env)
        #expect(folder.status == 66)
        #expect(
            folder.stderr.contains("--fsrs-parameters \(scratch.path): it is a folder, not a file"), "\(folder.stderr)")

        let fifo = scratch.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try review(fifo, env)
        #expect(pipe.status == 66)
        #expect(pipe.stderr.contains("it is a pipe, not a file"), "\(pipe.stderr)")

        let missing = try review(scratch.path + "/none", env)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/none: no such file"), "\(missing.stderr)")

        // A file far over 64 KiB is refused without reading it all.
        let big = scratch.path + "/big.txt"
        #expect(FileManager.default.createFile(atPath: big, contents: Data()))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let started = Date()
        let large = try review(big, env)
        #expect(large.status == 65)
        #expect(large.stderr.contains("larger than 64 KiB"), "\(large.stderr)")
        #expect(Date().timeIntervalSince(started) < 10, "refused at once")
    }
}
