import Foundation
import Testing

/// `--category` and `--difficulty` on a small Open Trivia bank of our own
/// (two categories, three difficulties), and on the shared 5,250-question
/// sample when it is there.
@Suite struct CategoryOptionTests {
    let bank = QuizBinary.fixture("opentdb-small.json")
    let mini = QuizBinary.fixture("mini.json")

    static let science = [
        "The Sun is a star.", "What is the chemical symbol for gold?", "Which element has the atomic number 74?",
    ]
    static let history = [
        "In which year did the Second World War end?", "The \"Great Fire of London\" broke out in 1666.",
        "Which Roman emperor's reign began in 27 BC?",
    ]

    /// Plays `arguments` skipping every question; returns what was printed.
    func skipAll(_ arguments: [String]) throws -> RunResult {
        let scratch = Scratch()  // kept until the end: quiz writes into it
        return try runQuiz(
            ["--questions", bank, "opentdb-small"] + arguments, input: String(repeating: "skip\n", count: 6),
            environment: scratch.environment())
    }

    @Test func aCategoryIsMatchedIgnoringCase() throws {
        let result = try skipAll(["--category", "SCIENCE & nature"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Open Trivia (opentdb-small) · Science & Nature · 3 questions"))
        for prompt in Self.science { #expect(result.stdout.contains(prompt)) }
        for prompt in Self.history { #expect(!result.stdout.contains(prompt)) }
        #expect(result.stdout.contains("0/3 right"))
    }

    @Test func aDifficultyKeepsOnlyItsQuestions() throws {
        let result = try skipAll(["--difficulty=HARD"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("· hard · 2 questions"))
        #expect(result.stdout.contains(Self.science[2]))
        #expect(result.stdout.contains(Self.history[2]))
        #expect(result.stdout.contains("0/2 right"))
    }

    @Test func bothFiltersTogetherAndWithACount() throws {
        let result = try skipAll(["--category=history", "--difficulty", "easy"])
        #expect(result.stdout.contains("· History · easy · 1 question · seed"))
        #expect(result.stdout.contains(Self.history[0]))
        let counted = try skipAll(["--category", "History", "-n", "2", "--seed", "1"])
        #expect(counted.stdout.contains("0/2 right"))
        #expect(Self.science.allSatisfy { !counted.stdout.contains($0) })
    }

    @Test func anUnknownCategoryExits66ListingTheBanksCategories() throws {
        let scratch = Scratch()  // kept until the end: quiz writes into it
        let result = try skipAll(["--category", "Sport"])
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "quiz: no category 'Sport' in quiz opentdb-small; its categories are: History (3), Science & Nature (3)\n"
        )
        #expect(result.stdout.isEmpty)
        let none = try runQuiz(["--questions", mini, "mini", "--category", "x"], environment: scratch.environment())
        #expect(none.status == 66)
        #expect(none.stderr.contains("no category 'x' in quiz mini: its questions have no categories"))
        let noEasy = try runQuiz(
            ["--questions", mini, "mini", "--difficulty", "easy"], environment: scratch.environment())
        #expect(noEasy.status == 66)
        #expect(noEasy.stderr.contains("no easy questions in quiz mini"))
    }

    /// `<repo>/../shared/data/opentdb/opentdb.json`, absent from a user's own clone.
    static let sharedSample = URL(fileURLWithPath: QuizBinary.repositoryRoot).deletingLastPathComponent()
        .appendingPathComponent("shared/data/opentdb/opentdb.json").path

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: sharedSample),
            "needs ../shared/data/opentdb/opentdb.json, which is absent here; skipped"))
    func theSharedOpenTriviaSampleListsItsCategoriesAndPlaysOne() throws {
        let scratch = Scratch()
        let list = try runQuiz(["--questions", Self.sharedSample, "--list"], environment: scratch.environment())
        #expect(list.status == 0, "stderr: \(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("opentdb ") })
        let block = lines[(index + 1)...].prefix { $0.hasPrefix("  ") }.joined(separator: " ")
        #expect(block.hasPrefix("  categories: "))
        let counts = block.matches(of: /\(\d+\)/).count
        #expect(counts == 24, "\(block)")
        #expect(block.contains("Science & Nature (293)"), "one of its questions is asked twice, kept once")
        #expect(lines.allSatisfy { $0.count <= 80 })

        let game = try runQuiz(
            ["--questions", Self.sharedSample, "opentdb", "--category", "Science & Nature", "-n", "5", "--seed", "9"],
            input: String(repeating: "1\n", count: 5), environment: scratch.environment())
        #expect(game.status == 0, "stderr: \(game.stderr)")
        #expect(game.stdout.contains("Open Trivia (opentdb) · Science & Nature · 5 questions · seed 9"))
        #expect(game.stdout.contains("Question 5/5"))
        #expect(game.stdout.contains("/5 right"))
        let entity = game.stdout.firstMatch(of: /&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/)
        #expect(entity == nil, "an HTML entity is visible: \(entity.map { String($0.output.0) } ?? "")")
    }
}
