import Foundation
import QuizCore
import Testing

/// A `history.archive` that cannot be read at all, damaged in one way: each
/// must be met without a crash, kept aside unchanged under a name the message
/// gives, and followed by a fresh history. (One game that cannot be read among
/// good ones costs that game only: `GameDamage`; odd values are no damage:
/// `OddArchiveValuesTests`.)
enum ArchiveDamage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case empty
    case truncated
    case randomBytes
    case binaryHeaderThenRandomBytes
    case dictionaryAtTheRoot
    case stringAtTheRoot
    case archiveRootIsAnArray
    case foreignClassName

    var testDescription: String { rawValue }

    /// Three good games of the mini quiz, as quiz writes them.
    static var valid: Data { KeyedArchive.data(for: pastSessions(3)) }

    /// A good archive with one bad game among good ones.
    static func withGame(_ bad: Session) -> Data {
        let good = pastSessions(2)
        return KeyedArchive.data(for: [good[0], bad, good[1]])
    }

    func bytes() throws -> Data {
        switch self {
        case .empty:
            return Data()
        case .truncated:
            let valid = Self.valid
            return valid.prefix(valid.count / 2)
        case .randomBytes:
            return seededBytes(4096, seed: 1)
        case .binaryHeaderThenRandomBytes:
            return Data("bplist00".utf8) + seededBytes(600, seed: 2)
        case .dictionaryAtTheRoot:
            return try PropertyListSerialization.data(
                fromPropertyList: ["sessions": [1, 2, 3], "$archiver": "NSKeyedArchiver"], format: .binary, options: 0)
        case .stringAtTheRoot:
            return try PropertyListSerialization.data(
                fromPropertyList: "SessionHistory", format: .binary, options: 0)
        case .archiveRootIsAnArray:
            // A well-formed keyed archive whose root is the sessions' NSArray.
            return try Self.patched(Self.valid) { top, objects in
                let history = objects.compactMap { $0 as? [String: Any] }.first { $0["sessions"] != nil }
                top["$top"] = ["root": history!["sessions"]!]
            }
        case .foreignClassName:
            return try Self.patched(Self.valid) { _, objects in
                for index in objects.indices {
                    guard var entry = objects[index] as? [String: Any], entry["$classname"] as? String == "Session"
                    else { continue }
                    entry["$classname"] = "EvilPayload"
                    entry["$classes"] = ["EvilPayload", "NSObject"]
                    objects[index] = entry
                }
            }
        }
    }

    /// The archive with its top dictionary and `$objects` table changed, written
    /// back by Foundation (which keeps the UIDs it read).
    static func patched(_ data: Data, _ change: (inout [String: Any], inout [Any]) -> Void) throws -> Data {
        var top = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        var objects = try #require(top["$objects"] as? [Any])
        change(&top, &objects)
        top["$objects"] = objects
        return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    }
}

/// One game of three that cannot be read: that game is skipped, the two
/// others kept; or one whose results only are damaged: the game is kept
/// without them, as every reader of the history keeps it.
enum GameDamage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case scoreIsText
    case nanDate
    case scoreChangedInPlace
    /// A stored result's prompt, right answer or question identity changed in
    /// place: the game's checksum covers its results, and its own fields
    /// still match their half of it.
    case resultPromptChanged
    case resultAnswerChanged
    case resultIdentityChanged

    var testDescription: String { rawValue }

    /// Only the game's results are damaged.
    var resultsOnly: Bool {
        switch self {
        case .resultPromptChanged, .resultAnswerChanged, .resultIdentityChanged: true
        default: false
        }
    }

    /// The seeds of the games that stay.
    var kept: Set<Int> {
        switch self {
        case .scoreIsText, .scoreChangedInPlace: [1_000_000, 1_000_002]
        case _ where resultsOnly: [1_000_000, 1_000_001, 2_000_000]
        default: [1_000_000, 1_000_001]
        }
    }

    /// What the one line says was lost.
    var said: String { resultsOnly ? "kept 1 game without its per-question results" : "skipped 1 game" }

    /// The middle game, with a result of its own, and one of its texts changed.
    static func resultChanged(_ old: String, to new: String) throws -> Data {
        let result = QuestionResult(
            prompt: "question number 1?", outcome: .right, given: "Lima", answer: "Lima", identity: "mini#number-1")
        let game = Session(
            date: Date(timeIntervalSince1970: 1_700_001_800), score: 1, total: 3, quiz: "mini",
            title: "Mini Test Quiz", duration: 12.5, seed: 2_000_000, results: [result])
        return try ArchiveDamage.patched(ArchiveDamage.withGame(game)) { _, objects in
            let index = objects.indices.filter { objects[$0] as? String == old }
            #expect(index.count == 1)
            objects[index[0]] = new
        }
    }

    func bytes() throws -> Data {
        switch self {
        case .scoreIsText:
            return try ArchiveDamage.patched(ArchiveDamage.valid) { _, objects in
                let index = objects.indices.filter { (objects[$0] as? [String: Any])?["score"] != nil }[1]
                var session = objects[index] as! [String: Any]
                session["score"] = "ten"
                objects[index] = session
            }
        case .nanDate:
            return ArchiveDamage.withGame(
                Session(date: Date(timeIntervalSinceReferenceDate: .nan), score: 1, total: 3, quiz: "mini"))
        case .scoreChangedInPlace:
            // The middle game's score, 1, made 2 in place: its checksum no longer matches.
            return try ArchiveDamage.patched(ArchiveDamage.valid) { _, objects in
                let index = objects.indices.filter { (objects[$0] as? [String: Any])?["score"] != nil }[1]
                var session = objects[index] as! [String: Any]
                session["score"] = 2
                objects[index] = session
            }
        case .resultPromptChanged: return try Self.resultChanged("question number 1?", to: "question number 7?")
        case .resultAnswerChanged: return try Self.resultChanged("Lima", to: "Lime")
        case .resultIdentityChanged: return try Self.resultChanged("mini#number-1", to: "mini#number-7")
        }
    }
}

/// A damaged history (archive or journal) is never a crash, never deleted and
/// never overwritten: what cannot be read at all is renamed
/// `….damaged-<time>`, what can be read in part is copied there first and
/// rewritten with every game that can be read; the message names both files;
/// values that are odd but possible are kept.
@Suite struct DamageTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Plays the mini quiz dealt by `seed`, answering the first question right.
    func playOneGame(seed: UInt64, _ scratch: Scratch) throws -> RunResult {
        let input = try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n"
        return try runQuiz(
            ["--questions", bank, "mini", "--seed", "\(seed)"], input: input,
            environment: scratch.privateEnvironment())
    }

    /// The one file in the data folder named `<name>.damaged-…`, with its path.
    func keptAside(_ name: String, _ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let kept = scratch.dataFiles().filter { $0.hasPrefix(name + ".damaged-") }
        #expect(kept.count == 1, "one copy kept aside: \(scratch.dataFiles())", sourceLocation: sourceLocation)
        return scratch.dataDir + "/" + (try #require(kept.first, sourceLocation: sourceLocation))
    }

    @Test(arguments: ArchiveDamage.allCases)
    func aDamagedArchiveIsKeptAsideAndNamedAndANewHistoryBegins(_ damage: ArchiveDamage) throws {
        let scratch = Scratch()
        let bytes = try damage.bytes()
        try writeArchive(bytes, in: scratch.dataDir)

        let history = try runQuiz(["--history"], environment: scratch.privateEnvironment())
        // A crash (SIGILL, SIGSEGV, SIGTRAP) shows as its signal number, not 74.
        #expect(history.status == 74, "stdout: \(history.stdout) stderr: \(history.stderr)")
        let kept = try keptAside("history.archive", scratch)
        let message = nonEmptyLines(history.stderr)
        #expect(
            message.contains { $0.contains(scratch.archive + " ") && $0.contains(kept) },
            "one line names \(scratch.archive) and \(kept): \(history.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == bytes, "the damaged bytes are kept as they were")
        if damage == .foreignClassName { #expect(history.stderr.contains("EvilPayload")) }

        let game = try playOneGame(seed: 77, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stdout.contains("Mini Test Quiz: 1/3 right (33%)"))
        #expect(game.stderr.isEmpty, "\(game.stderr)")
        let (shown, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(games.count == 1, "only the new game: \(shown.stdout)")
        #expect(games.first?["seed"] as? Int == 77)
        #expect(games.first?["score"] as? Int == 1)
        #expect(FileManager.default.contents(atPath: kept) == bytes, "the damaged copy is never overwritten")
        #expect(scratch.dataFiles().filter { $0.contains(".damaged-") } == [(kept as NSString).lastPathComponent])
    }

    @Test(arguments: GameDamage.allCases)
    func aGameThatCannotBeReadIsSkippedAndTheOthersKept(_ damage: GameDamage) throws {
        let scratch = Scratch()
        let bytes = try damage.bytes()
        try writeArchive(bytes, in: scratch.dataDir)

        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 74, "stdout: \(history.stdout) stderr: \(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == damage.kept, "\(history.stdout)")
        let kept = try keptAside("history.archive", scratch)
        let lines = nonEmptyLines(history.stderr)
        #expect(lines.count == 1, "\(history.stderr)")
        #expect(
            lines.first.map { $0.contains(scratch.archive + " ") && $0.contains(kept) && $0.contains(damage.said) }
                == true, "\(history.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == bytes, "the damaged bytes are kept as they were")

        // Repaired once: the next reader and the next game see a clean history.
        let (again, same) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(same.count == damage.kept.count)
        if damage.resultsOnly {
            let damaged = same.first { $0["seed"] as? Int == 2_000_000 }
            #expect((damaged?["results"] as? [Any])?.isEmpty ?? true, "kept without its results: \(same)")
        }
        let game = try playOneGame(seed: 79, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stderr.isEmpty, "\(game.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(Set(after.compactMap { $0["seed"] as? Int }) == damage.kept.union([79]))
        #expect(FileManager.default.contents(atPath: kept) == bytes)
    }

    /// The game is recorded and its result shown in full; the damage is said
    /// once, and the game ends with 74, as the views do on that history
    /// (README, "Exit status"); the next game, on a whole history, with 0.
    @Test func aDamagedArchiveMetByAGameIsKeptAsideAndTheGameRecorded() throws {
        let scratch = Scratch()
        let bytes = try ArchiveDamage.randomBytes.bytes()
        try writeArchive(bytes, in: scratch.dataDir)
        let game = try playOneGame(seed: 5, scratch)
        #expect(game.status == 74, "\(game.stderr)")
        #expect(game.stdout.contains("Mini Test Quiz: 1/3 right (33%)"))
        let kept = try keptAside("history.archive", scratch)
        #expect(
            nonEmptyLines(game.stderr).contains { $0.contains(scratch.archive + " ") && $0.contains(kept) },
            "\(game.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == bytes)
        let (_, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(games.count == 1)
        #expect(games.first?["seed"] as? Int == 5)
        let next = try playOneGame(seed: 6, scratch)
        #expect(next.status == 0 && next.stderr.isEmpty, "\(next.stderr)")
    }

    /// One game of the archive that cannot be read, met by a game: skipped
    /// and said once ("skipped 1 game"), the game recorded, and 74.
    @Test func aGamePlayedOverAnArchiveWithASkippedGameEndsWith74() throws {
        let scratch = Scratch()
        try writeArchive(try GameDamage.scoreChangedInPlace.bytes(), in: scratch.dataDir)
        let game = try playOneGame(seed: 7, scratch)
        #expect(game.status == 74, "\(game.stderr)")
        #expect(game.stdout.contains("Mini Test Quiz: 1/3 right (33%)"))
        let lines = nonEmptyLines(game.stderr)
        #expect(lines.count == 1 && lines[0].contains("skipped 1 game"), "\(game.stderr)")
        let (history, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(history.status == 0 && history.stderr.isEmpty, "\(history.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == GameDamage.scoreChangedInPlace.kept.union([7]))
    }

    @Test func oddButPossibleValuesAreKeptAndShownAsTheyAre() throws {
        let scratch = Scratch()
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let inThreeDays = now.addingTimeInterval(3 * 86_400)
        let sessions = [
            Session(
                date: now.addingTimeInterval(-86_400), score: 2, total: 3, quiz: "no-such-quiz", duration: 30, seed: 11),
            Session(
                date: now.addingTimeInterval(-3_600), score: 1, total: 3, quiz: "mini", title: "Mini Test Quiz",
                duration: 0, seed: 12),
            Session(
                date: inThreeDays, score: 3, total: 3, quiz: "mini", title: "Mini Test Quiz", duration: 40, seed: 13),
            // The classic iOS session: a date and a score, nothing else.
            Session(date: now.addingTimeInterval(-7_200), score: 7),
        ]
        let bytes = KeyedArchive.data(for: sessions)
        try writeArchive(bytes, in: scratch.dataDir)

        let table = try runQuiz(["--history"], environment: scratch.privateEnvironment())
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stderr.isEmpty, "\(table.stderr)")
        #expect(table.stdout.contains("no-such-quiz"))
        #expect(table.stdout.contains("7/?"), "the classic session's unknown total: \(table.stdout)")
        #expect(table.stdout.contains("4 games"), "\(table.stdout)")
        #expect(FileManager.default.contents(atPath: scratch.archive) == bytes, "the archive is left as it was")
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") })

        let iso = ISO8601DateFormatter()
        func expectOddGames(_ games: [[String: Any]]) {
            func game(seed: Int) -> [String: Any]? { games.first { $0["seed"] as? Int == seed } }
            #expect(game(seed: 11)?["quiz"] as? String == "no-such-quiz")
            #expect(game(seed: 12)?["duration"] as? Double == 0)
            #expect(game(seed: 13)?["date"] as? String == iso.string(from: inThreeDays))
            let classic = games.first { $0["seed"] is NSNull }
            #expect(classic?["score"] as? Int == 7)
            #expect(classic?["total"] is NSNull)
            #expect(classic?["quiz"] is NSNull)
            #expect(classic?["duration"] is NSNull)
        }
        let (json, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(json.status == 0)
        #expect(games.count == 4)
        expectOddGames(games)

        // Recording a game rewrites the archive: the odd games stay as they were.
        let game = try playOneGame(seed: 21, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stderr.isEmpty, "\(game.stderr)")
        let (_, after) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(after.count == 5)
        expectOddGames(after)
        #expect(!scratch.dataFiles().contains { $0.contains(".damaged-") })
    }

    @Test func aDamagedJournalIsKeptAsideAndNamedAndTheArchiveKept() throws {
        let scratch = Scratch()
        let archive = KeyedArchive.data(for: pastSessions(2))
        try writeArchive(archive, in: scratch.dataDir)
        let journal = seededBytes(300, seed: 3)
        try writeArchive(journal, in: scratch.dataDir, name: "history.journal")

        let history = try runQuiz(["--history"], environment: scratch.privateEnvironment())
        #expect(history.status == 74, "stdout: \(history.stdout) stderr: \(history.stderr)")
        let kept = try keptAside("history.journal", scratch)
        #expect(
            nonEmptyLines(history.stderr).contains { $0.contains(scratch.journal + " ") && $0.contains(kept) },
            "one line names \(scratch.journal) and \(kept): \(history.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == journal)
        #expect(FileManager.default.contents(atPath: scratch.archive) == archive, "the archive is not touched")

        let game = try playOneGame(seed: 78, scratch)
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stderr.isEmpty, "\(game.stderr)")
        let (shown, games) = try historyJSON(environment: scratch.privateEnvironment())
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == [1_000_000, 1_000_001, 78], "\(shown.stdout)")
        #expect(games.count == 3)
        #expect(FileManager.default.contents(atPath: kept) == journal)
    }
}
