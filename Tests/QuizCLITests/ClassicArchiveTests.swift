import Foundation
import Testing

/// Archives written by Foundation's own `NSKeyedArchiver` from a classic
/// program (Fixtures/classic-program/main.swift, built here with `swiftc`
/// under a module name of its own): quiz reads every game, records one more,
/// and Foundation's `NSKeyedUnarchiver` in that program still reads them all.
@Suite(.enabled(if: Tool.find("swiftc") != nil, "swiftc is not on PATH: the classic program cannot be built; skipped"))
struct ClassicArchiveTests {
    /// The classic program built with `-module-name module` in `scratch`.
    static func buildProgram(module: String, in scratch: Scratch) throws -> String {
        let output = scratch.path + "/classic-" + module
        let built = try Tool.run(
            Tool.find("swiftc")!,
            ["-module-name", module, QuizBinary.fixture("classic-program/main.swift"), "-o", output],
            in: scratch.path)
        try #require(built.status == 0, "swiftc failed: \(built.stderr)")
        return output
    }

    /// What the program writes for game `index`: its date and score.
    static func classicGame(_ index: Int) -> String { "\(1_700_000_000 + index * 3_600) \(index % 11)" }

    @Test(arguments: [("QuizApp", "seed"), ("QuizApp", "full"), ("Trivia_2", "seed"), ("Trivia_2", "full")])
    func everyGameIsReadAndStaysReadableByFoundation(module: String, shape: String) throws {
        let scratch = Scratch()
        let program = try Self.buildProgram(module: module, in: scratch)
        try FileManager.default.createDirectory(
            atPath: scratch.dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let written = try runProcess(program, ["write", shape, "50", scratch.archive], environment: [:])
        try #require(written.status == 0, "\(written.stderr)")
        let environment = scratch.privateEnvironment()

        let history = try runQuiz(["--history"], environment: environment)
        #expect(history.status == 0)
        #expect(history.stderr == "")
        #expect(history.stdout.contains("50 games"))
        let json = try historyJSON(environment: environment)
        #expect(json.games.count == 50)
        let newestFirst = (0..<50).reversed().map { Self.classicGame($0) }
        #expect(
            json.games.map { game in
                let date = (game["date"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
                return "\(Int(date?.timeIntervalSince1970 ?? 0)) \(game["score"] as? Int ?? -1)"
            } == newestFirst)
        if shape == "full" {
            #expect(json.games.allSatisfy { $0["total"] as? Int == 10 && $0["quiz"] as? String == "capitals" })
            #expect(json.games.allSatisfy { ($0["results"] as? [Any])?.count == 3 })
        }
        let stats = try runQuiz(["--stats"], environment: environment)
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("50 games"))
        #expect(scratch.dataFiles().allSatisfy { !$0.contains("damaged") }, "\(scratch.dataFiles())")

        // A game played, dated by QUIZ_NOW, its first answer right.
        let bank = QuizBinary.fixture("mini.json")
        let input = try answers(bank: bank, seed: 7, right: [0]).joined(separator: "\n") + "\n"
        let played = try runQuiz(
            ["--questions", bank, "mini", "--seed", "7"], input: input,
            environment: scratch.privateEnvironment(["QUIZ_NOW": "2024-01-01T00:00:00Z"]))
        #expect(played.status == 0, "\(played.stderr)")
        #expect(try runQuiz(["--history"], environment: environment).stdout.contains("51 games"))

        // Foundation reads quiz's archive, with the bare names mapped.
        let read = try runProcess(program, ["read", scratch.archive], environment: [:])
        #expect(read.status == 0, "\(read.stderr)")
        let lines = nonEmptyLines(read.stdout)
        try #require(lines.count == 52, "\(read.stdout)")
        #expect(lines[0] == "51")
        let results = shape == "full" ? " 3" : " 0"
        #expect(Array(lines[1...50]) == (0..<50).map { Self.classicGame($0) + results })
        let last = lines[51].split(separator: " ").compactMap { Int($0) }
        #expect(last.count == 3 && (1_704_067_200..<1_704_067_200 + 60).contains(last[0]), "\(lines[51])")
        #expect(Array(last.dropFirst()) == [1, 3], "\(lines[51])")
    }
}
