import Foundation
import Testing

/// An Anki package with its reviews, imported through the binary as a user
/// does (`quiz --import deck.apkg --output BANK.json`), against Anki's own
/// library: `scripts/anki-review-oracle.py` answers 32 cards across
/// simulated days with Anki 26.9.3 (FSRS on) and exports them, scheduling
/// included. The history's schedule (`history.schedule`, as `--review`
/// leaves it) must hold each card within 1 % of Anki's `memory_state`, due
/// when Anki has it due (to the second for a card due in days; a learning
/// step before Anki's fuzz), and a second import must add nothing. Skipped,
/// with a message, without Anki's library or libfaketime (`make test-deps`).
/// Whether Anki's library and libfaketime can be had here.
enum AnkiReviewOracle {
    static let python = Tool.find("python3")

    /// Why the oracle cannot run here, or nil.
    static let unavailable: String? = {
        guard let python else { return "python3 is not installed" }
        guard let probe = try? Tool.run(python, ["-c", "import anki.collection"]), probe.status == 0 else {
            return "python3 cannot import anki"
        }
        let libraries = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]
        guard libraries.contains(where: { FileManager.default.fileExists(atPath: $0 + "/faketime/libfaketime.so.1") })
        else { return "libfaketime is not installed" }
        return nil
    }()

    static var skipComment: Comment {
        let message = "skipped: \(unavailable ?? ""); make test-deps installs anki and faketime"
        if unavailable != nil { print("AnkiReviewsImportedTests " + message) }
        return Comment(rawValue: message)
    }
}

@Suite(.enabled(if: AnkiReviewOracle.unavailable == nil, AnkiReviewOracle.skipComment))
struct AnkiReviewsImportedTests {
    struct OracleCard: Decodable {
        var queue: Int
        var due: Double
        var stability: Double
        var difficulty: Double
        var question: String
    }

    struct Oracle: Decodable { var cards: [OracleCard] }

    /// A card line of `history.schedule`: STABILITY DIFFICULTY LAST DUE
    /// REPS LAPSES FIRST, then the identity, the quiz and the prompt.
    struct ScheduledCard {
        var stability: Double
        var difficulty: Double
        var last: Double
        var due: Double
        var quiz: String
    }

    static func schedule(_ path: String) throws -> [String: ScheduledCard] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cards: [String: ScheduledCard] = [:]
        let reference = Date(timeIntervalSinceReferenceDate: 0).timeIntervalSince1970
        for line in text.split(separator: "\n") where line.hasPrefix("card ") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            let numbers = parts[0].split(separator: " ").dropFirst().compactMap { Double($0) }
            guard parts.count == 4, numbers.count == 7 else { continue }
            cards[String(parts[3])] = ScheduledCard(
                stability: numbers[0], difficulty: numbers[1], last: numbers[2] + reference,
                due: numbers[3] + reference, quiz: String(parts[2]))
        }
        return cards
    }

    @Test func anAnkiPackagesReviewsContinueAnkisScheduleThroughTheBinary() throws {
        let scratch = Scratch()
        let package = scratch.path + "/deck.apkg"
        let script = QuizBinary.repositoryRoot + "/scripts/anki-review-oracle.py"
        let made = try Tool.run(
            AnkiReviewOracle.python!, [script, scratch.path + "/oracle.json", "--package", package])
        #expect(made.status == 0, "\(made.stderr)")
        let oracle = try JSONDecoder().decode(
            Oracle.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/oracle.json")))
        // The comparisons below are per card: an oracle of no card would pass them all.
        #expect(oracle.cards.count == 32, "the oracle answers 32 cards")

        let bank = scratch.path + "/deck.json"
        let first = try runQuiz(["--import", package, "--output", bank], environment: scratch.environment())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("32 questions in \(bank)"), "\(first.stdout)")
        let games = try #require(
            first.stdout.firstMatch(of: /Anki reviews in (\d+) review games: (\d+) added/), "\(first.stdout)")
        #expect(games.1 == games.2, "\(first.stdout)")
        let again = try runQuiz(["--import", package, "--output", bank], environment: scratch.environment())
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(": 0 added to the history, \(games.1) already there"), "\(again.stdout)")
        let skipped = try runQuiz(
            ["--import", package, "--output", bank, "--no-reviews"], environment: scratch.environment())
        #expect(skipped.status == 0 && !skipped.stdout.contains("Anki review"), "\(skipped.stdout)")

        // The schedule as --review leaves it, a month after the last review.
        let environment = scratch.environment(["QUIZ_NOW": "2026-04-01T12:00:00Z"])
        let review = try runQuiz(["--questions", bank, "--review", "-n", "1"], environment: environment)
        #expect(review.status == 0, "\(review.stderr)")
        let menu = try runQuiz(["--questions", bank], input: "quit\n", environment: environment)
        let due = oracle.cards.count { $0.due <= 1_775_044_800 }
        #expect(menu.stdout.contains("\(due) questions due for review"), "\(menu.stdout)")
        #expect(review.stdout.contains("Review · 1 of \(due) due"), "\(review.stdout)")

        let cards = try Self.schedule(scratch.dataDir + "/history.schedule")
        #expect(cards.count == oracle.cards.count)
        for card in oracle.cards {
            let ours = try #require(cards[card.question], "\(card.question) is not in the schedule")
            #expect(ours.quiz == "deck")
            #expect(
                abs(ours.stability - card.stability) / card.stability <= 0.01
                    && abs(ours.difficulty - card.difficulty) / card.difficulty <= 0.01,
                "\(card.question): quiz S \(ours.stability) D \(ours.difficulty), Anki S \(card.stability) D \(card.difficulty)"
            )
            if card.queue == 1 {
                #expect(card.due >= ours.due && card.due - ours.due <= min(300, (ours.due - ours.last) / 4))
            } else {
                #expect(ours.due == card.due, "\(card.question): quiz due \(ours.due), Anki \(card.due)")
            }
        }

        // README's example: the bank written to the data folder's banks
        // folder, which is made then; the menu lists it from there.
        let kept = scratch.dataDir + "/banks/kept.json"
        #expect(!FileManager.default.fileExists(atPath: scratch.dataDir + "/banks"))
        let banked = try runQuiz(["--import", package, "--output", kept, "--no-reviews"], environment: environment)
        #expect(banked.status == 0, "\(banked.stderr)")
        let listed = try runQuiz([], input: "quit\n", environment: environment)
        #expect(listed.stdout.contains("kept "), "\(listed.stdout)")

        // A history that cannot take the reviews: nothing is written (74).
        try "{\"keep\": 1}".write(toFile: scratch.path + "/keep.json", atomically: true, encoding: .utf8)
        try "x".write(toFile: scratch.path + "/file", atomically: true, encoding: .utf8)
        let refused = try runQuiz(
            ["--import", package, "--output", scratch.path + "/keep.json", "--data-dir", scratch.path + "/file"],
            environment: environment)
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(try String(contentsOfFile: scratch.path + "/keep.json", encoding: .utf8) == "{\"keep\": 1}")
        // A package of another name is one by its zip magic, --data-dir and all.
        try FileManager.default.copyItem(atPath: package, toPath: scratch.path + "/deck.zip")
        let zipped = try runQuiz(
            [
                "--import", scratch.path + "/deck.zip", "--output", scratch.path + "/zipped.json", "--data-dir",
                scratch.path + "/other",
            ], environment: environment)
        #expect(zipped.status == 0, "\(zipped.stderr)")
        #expect(zipped.stdout.contains("\(games.1) added to the history"), "\(zipped.stdout)")
    }
}
