import Foundation
import QuizCore
import Testing

/// The share card's replay command dropped `--category`,
/// `--difficulty` and `--questions`, so a friend got a different game. Now
/// the session keeps them and the card's command, pasted into a shell, deals
/// the same questions in the same order; a bank file of the player's own is
/// named, with a note that replaying needs that file.
@Suite struct ReplayCommandTests {
    /// The prompts a game printed, in order (the line after each "Question k/N").
    static func promptsShown(_ output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        return lines.indices.dropLast().filter { lines[$0].hasPrefix("Question ") }.map { lines[$0 + 1] }
    }

    /// The replay command on the card: the line that starts with "quiz ".
    static func replayLine(_ card: String) -> String? {
        card.components(separatedBy: "\n").compactMap { line in
            line.range(of: "quiz ", options: .backwards).map { String(line[$0.lowerBound...]) }
        }.last { $0.contains("--seed") }
    }

    /// Runs `command` in bash in `folder`, with the built quiz first on PATH, as a friend would.
    static func replay(_ command: String, in folder: String, scratch: Scratch) throws -> RunResult {
        let bin = (QuizBinary.path as NSString).deletingLastPathComponent
        var environment = scratch.environment()
        environment["PATH"] = bin + ":/usr/bin:/bin"
        return try runProcess(
            "/bin/bash", ["-c", command], in: folder, environment: environment,
            input: String(repeating: "skip\n", count: 10))
    }

    @Test func aFilteredGameOfABankFileReplaysTheSameQuestions() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("opentdb-small.json")
        let played = try runQuiz(
            [
                "--questions", bank, "opentdb-small", "--category", "science & NATURE", "--difficulty", "easy",
                "--seed", "7", "-n", "1",
            ],
            input: "skip\n", environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        let card = try runQuiz(["--share", "--ascii"], environment: scratch.environment()).stdout
        let command = try #require(Self.replayLine(card), "\(card)")
        #expect(
            command
                == "quiz --questions opentdb-small.json opentdb-small --seed 7 -n 1 --category 'science & NATURE' --difficulty easy",
            "\(card)")
        #expect(card.contains("(replaying needs the same bank file, opentdb-small.json)"), "\(card)")
        #expect(!card.contains(QuizBinary.repositoryRoot), "no private folder on a shared card")

        // A friend with the same file, in its folder, gets the same game.
        let friend = Scratch()
        let again = try Self.replay(command, in: (bank as NSString).deletingLastPathComponent, scratch: friend)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.promptsShown(again.stdout) == Self.promptsShown(played.stdout))
        #expect(Self.promptsShown(again.stdout).count == 1)
    }

    @Test func aBundledQuizWithADifficultyReplaysWithoutANote() throws {
        let scratch = Scratch()
        let played = try runQuiz(
            ["world-capitals", "--difficulty", "hard", "--seed", "99", "-n", "2"],
            input: "skip\nskip\nskip\n", environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        let card = try runQuiz(["--share"], environment: scratch.environment()).stdout
        let command = try #require(Self.replayLine(card), "\(card)")
        #expect(command == "quiz world-capitals --seed 99 -n 2 --difficulty hard", "\(card)")
        #expect(!card.contains("replaying needs"))
        let again = try Self.replay(command, in: scratch.path, scratch: Scratch())
        #expect(Self.promptsShown(again.stdout) == Self.promptsShown(played.stdout), "\(again.stdout)")
        #expect(Self.promptsShown(again.stdout).count == 2)
    }

    @Test(.enabled(if: BankServer.python != nil, "python3 is needed to serve banks over HTTP; skipped"))
    func aGameOfABankAtAURLReplaysFromTheURL() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(
            try Data(contentsOf: URL(fileURLWithPath: QuizBinary.fixture("mini.json"))), as: "mini.json")
        let url = server.url("mini.json")
        let played = try runQuiz(
            ["--questions", url, "mini", "--seed", "3"], input: "skip\n:skip\nskip\n",
            environment: scratch.networkEnvironment())
        #expect(played.status == 0, "\(played.stderr)")
        let card = try runQuiz(["--share"], environment: scratch.networkEnvironment()).stdout
        let command = try #require(Self.replayLine(card), "\(card)")
        #expect(command == "quiz --questions \(url) mini --seed 3 -n 3", "\(card)")
        #expect(!card.contains("replaying needs"))
    }

    @Test func oddValuesAreQuotedAndKeepTheCardOnItsLines() {
        let session = Session(
            date: Date(timeIntervalSince1970: 1_800_000_000), score: 0, total: 1, quiz: "-odd", title: "T",
            duration: 1, seed: 5, category: "it's", difficulty: "hard", source: "my\nbank.json")
        let card = ShareCard(session: session, timeZone: TimeZone(identifier: "UTC")!)
        #expect(
            card.replayCommand
                == "quiz --questions $'my\\nbank.json' --seed 5 -n 1 --category 'it'\\''s' --difficulty hard -- -odd")
        #expect(card.text().components(separatedBy: "\n").count == 4, "\(card.text())")
    }

    @Test func theNewSessionKeysSurviveTheArchiveAndOldArchivesReadAsBefore() throws {
        let session = Session(
            date: Date(timeIntervalSince1970: 1_800_000_000), score: 1, total: 1, quiz: "q", title: "T",
            duration: 1, seed: 5,
            results: [
                QuestionResult(prompt: "P", outcome: .right, given: "Havana", answer: "Havana", typed: "Havanna")
            ],
            category: "Geo", difficulty: "easy", source: "https://example.com/q.json")
        let decoded = try KeyedArchive.sessions(from: KeyedArchive.data(for: [session]))
        #expect(decoded == [session])
        #expect(decoded.first?.category == "Geo" && decoded.first?.source == "https://example.com/q.json")
        let plain = Session(date: Date(timeIntervalSince1970: 1_800_000_000), score: 0)
        let old = try KeyedArchive.sessions(from: KeyedArchive.data(for: [plain]))
        #expect(old.first?.category == nil && old.first?.results.isEmpty == true)
    }
}
