import Foundation
import QuizCore
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
        let begun = scratch.path + "/begun.apkg"
        let made = try Tool.run(
            AnkiReviewOracle.python!,
            [script, scratch.path + "/oracle.json", "--package", package, "--begun-day", begun])
        #expect(made.status == 0, "\(made.stderr)")
        let oracle = try JSONDecoder().decode(
            Oracle.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/oracle.json")))
        // The comparisons below are per card: an oracle of no card would pass them all.
        #expect(oracle.cards.count == 32, "the oracle answers 32 cards")

        let bank = scratch.path + "/deck.json"
        let first = try runQuiz(["--import", package, "--output", bank], environment: scratch.environment())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("32 questions in \(bank)"), "\(first.stdout)")
        let reviews = try #require(
            first.stdout.firstMatch(
                of: /(\d+) Anki reviews: (\d+) added to the history in \d+ review games, 0 already/),
            "\(first.stdout)")
        #expect(reviews.1 == reviews.2, "\(first.stdout)")
        let again = try runQuiz(["--import", package, "--output", bank], environment: scratch.environment())
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(": 0 added to the history, \(reviews.1) already there"), "\(again.stdout)")
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

        try Self.expectSchedule(scratch.dataDir, is: oracle)
        try Self.afterWhatWasLeftOut(scratch, package: package, bank: bank, reviews: Int(reviews.1)!, oracle: oracle)
        try Self.whatWasBegunFirst(scratch, begun: begun, package: package, reviews: Int(reviews.1)!, oracle: oracle)
        try Self.aKilledImportLeavesBankAndReviewsTogether(scratch, package: package, reviews: Int(reviews.1)!)
    }

    /// SIGTERM at random moments of an import: the bank is in place exactly
    /// when the reviews are in the history (none without the other), and
    /// the next import adds what the killed one did not.
    static func aKilledImportLeavesBankAndReviewsTogether(_ scratch: Scratch, package: String, reviews: Int) throws {
        var generator = SeededGenerator(seed: 24)
        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let folder = scratch.path + "/killed-\(round)"
            let bank = folder + "/banks/deck.json"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: QuizBinary.path)
            process.arguments = ["--import", package, "--output", bank, "--data-dir", folder]
            process.environment = scratch.environment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(10_000 + generator.below(50_000)))
            process.terminate()
            process.waitUntilExit()
            let json = try runQuiz(
                ["--history", "--format", "json", "--data-dir", folder], environment: scratch.environment())
            let games = (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]) ?? []
            let answers = games.reduce(0) { $0 + (($1["results"] as? [Any])?.count ?? 0) }
            let placed = FileManager.default.fileExists(atPath: bank)
            #expect(placed ? answers == reviews : answers == 0, "round \(round): bank \(placed), \(answers) answers")
            outcomes[placed ? "whole" : "nothing", default: 0] += 1
            let again = try runQuiz(
                ["--import", package, "--output", bank, "--data-dir", folder], environment: scratch.environment())
            #expect(again.stdout.contains(": \(placed ? 0 : reviews) added to the history"), "\(again.stdout)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/banks")) ?? []
            #expect(left == ["deck.json"], "round \(round): \(left)")
        }
        print("killed imports: \(outcomes)")
    }

    /// The schedule `--review` leaves in `folder` holds each card of the
    /// oracle within 1 % of Anki's memory state, due when Anki has it due.
    static func expectSchedule(_ folder: String, is oracle: Oracle, quiz: String = "deck") throws {
        let cards = try Self.schedule(folder + "/history.schedule")
        #expect(cards.count == oracle.cards.count)
        for card in oracle.cards {
            let ours = try #require(cards[card.question], "\(card.question) is not in the schedule")
            #expect(ours.quiz == quiz)
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
    }

    /// README's example, a bank in the data folder's banks folder; a
    /// history that cannot take the reviews, or a bank that cannot be
    /// written, leaves both as they were; a package by its zip magic.
    static func afterWhatWasLeftOut(_ scratch: Scratch, package: String, bank: String, reviews: Int, oracle: Oracle)
        throws
    {
        let environment = scratch.environment(["QUIZ_NOW": "2026-04-01T12:00:00Z"])

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
        #expect(zipped.stdout.contains(": \(reviews) added to the history"), "\(zipped.stdout)")
        // A bank that cannot be written (its folder is not there): 74, and
        // no review is added to the history.
        let unwritten = scratch.path + "/unwritten"
        let lost = try runQuiz(
            ["--import", package, "--output", scratch.path + "/no-folder/deck.json", "--data-dir", unwritten],
            environment: environment)
        #expect(lost.status == 74, "\(lost.stderr)")
        #expect(lost.stderr.contains("cannot write \(scratch.path)/no-folder/deck.json"), "\(lost.stderr)")
        let history = try runQuiz(["--history", "--data-dir", unwritten], environment: environment)
        #expect(history.stdout.contains("No games yet") && !history.stdout.contains("Review"), "\(history.stdout)")
    }

    /// The package exported halfway through a day, imported, then the
    /// whole one, and again in two other time zones: each review
    /// is in the history once (its day's games made otherwise, the second
    /// holds only what the first lacked), and the schedule is Anki's,
    /// though the earlier export held a review from before a "Forget".
    static func whatWasBegunFirst(_ scratch: Scratch, begun: String, package: String, reviews: Int, oracle: Oracle)
        throws
    {
        let folder = scratch.path + "/begun-first"
        let bank = scratch.path + "/begun.json"
        let half = try runQuiz(
            ["--import", begun, "--output", bank, "--data-dir", folder], environment: scratch.environment())
        let early = try #require(
            half.stdout.firstMatch(of: /(\d+) Anki reviews: (\d+) added/), "\(half.stdout) \(half.stderr)")
        #expect(early.1 == early.2 && Int(early.1)! > 0 && Int(early.1)! < reviews, "\(half.stdout)")
        var added = Int(early.2)!
        // Anki's days are the local zone's (UTC, the oracle's); the other
        // zones make other days of the same reviews, and add none of them.
        for zone in ["UTC", "America/New_York", "Pacific/Kiritimati"] {
            let whole = try runQuiz(
                ["--import", package, "--output", bank, "--data-dir", folder],
                environment: scratch.environment(["TZ": zone]))
            let counts = try #require(
                whole.stdout.firstMatch(of: /(\d+) Anki reviews: (\d+) added to the history.*, (\d+) already there/),
                "\(zone): \(whole.stdout) \(whole.stderr)")
            #expect(Int(counts.1) == reviews, "\(zone): \(whole.stdout)")
            #expect(zone == "UTC" || counts.2 == "0", "\(zone): \(whole.stdout)")
            added += Int(counts.2)!
        }
        let json = try runQuiz(
            ["--history", "--format", "json", "--data-dir", folder], environment: scratch.environment())
        let games = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let answers = games.flatMap { ($0["results"] as? [[String: Any]]) ?? [] }.map {
            "\($0["identity"] ?? "") \($0["answered"] ?? "")"
        }
        #expect(
            answers.count == added && Set(answers).count == answers.count, "\(answers.count) answers, \(added) added")
        #expect(added >= reviews && added <= reviews + 1, "the whole package's reviews, and one from before a Forget")
        let review = try runQuiz(
            ["--questions", bank, "--review", "-n", "1", "--data-dir", folder],
            environment: scratch.environment(["QUIZ_NOW": "2026-04-01T12:00:00Z"]))
        #expect(review.status == 0, "\(review.stderr)")
        try expectSchedule(folder, is: oracle, quiz: "begun")
        // To a bank of another name, they are its questions' reviews: all added, whatever the days' games.
        let renamed = try runQuiz(
            ["--import", package, "--output", scratch.path + "/renamed.json", "--data-dir", folder],
            environment: scratch.environment())
        #expect(renamed.stdout.contains(": \(reviews) added to the history in "), "\(renamed.stdout)")
    }
}
