import Foundation
import Testing

/// The parsed copies in `~/.cache/quiz/parsed` that spare the menu, `--list`
/// and a game parsing their banks at every start: a bank that changed is read
/// again whatever it kept (its size and modification time put back, or another
/// file renamed over it), and a damaged copy is never trusted.
@Suite struct ParsedCopyTests {
    /// A bank of one true-or-false question; titles of one length keep the size.
    func bank(_ title: String) -> String {
        #"{"title": "\#(title)", "questions": [{"prompt": "Is \#(title) the title?", "answer": true}]}"#
    }

    func list(_ folder: String, _ scratch: Scratch) throws -> RunResult {
        try runQuiz(["--questions", folder, "--list"], environment: scratch.environment())
    }

    func copies(_ scratch: Scratch) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/.cache/quiz/parsed")) ?? [])
            .filter { $0.hasSuffix(".bank") }.sorted()
    }

    func status(_ path: String) -> stat {
        var info = stat()
        stat(path, &info)
        return info
    }

    func setModificationTime(_ path: String, _ time: timespec) {
        var times = [time, time]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    /// A folder holding `mine.json` with the title `Alpha One`, listed once (the copy made).
    func listedBank(_ scratch: Scratch) throws -> (folder: String, file: String) {
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/mine.json"
        try bank("Alpha One").write(toFile: file, atomically: false, encoding: .utf8)
        let first = try list(folder, scratch)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Alpha One"), "\(first.stdout)")
        #expect(copies(scratch).contains { $0.hasPrefix("mine-") }, "\(copies(scratch))")
        // The change time of a later edit must differ from this one's (the clock's tick).
        Thread.sleep(forTimeInterval: 0.05)
        return (folder, file)
    }

    @Test func aBankEditedInPlaceWithItsSizeAndTimeKeptIsReadAgain() throws {
        let scratch = Scratch()
        let (folder, file) = try listedBank(scratch)
        let before = status(file)
        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        handle.write(Data(bank("Alpha Two").utf8))
        try handle.close()
        setModificationTime(file, before.st_mtim)
        let after = status(file)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        let listed = try list(folder, scratch)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Alpha Two"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("Alpha One"), "\(listed.stdout)")
        // A game of the file by name goes through its copy too.
        let game = try runQuiz(
            ["mine", "--questions", file, "-n", "1", "--seed", "1"], input: "true\n", environment: scratch.environment()
        )
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stdout.contains("Is Alpha Two the title?"), "\(game.stdout)")
    }

    @Test func aBankReplacedByAnotherFileOfTheSameSizeAndTimeIsReadAgain() throws {
        let scratch = Scratch()
        let (folder, file) = try listedBank(scratch)
        let before = status(file)
        let other = folder + "/mine.json.new"
        try bank("Alpha Two").write(toFile: other, atomically: false, encoding: .utf8)
        setModificationTime(other, before.st_mtim)
        #expect(rename(other, file) == 0)
        #expect(status(file).st_ino != before.st_ino)

        let listed = try list(folder, scratch)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Alpha Two"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("Alpha One"), "\(listed.stdout)")
    }

    @Test func aDamagedCopyIsNeverTrustedAndIsWrittenAgain() throws {
        let scratch = Scratch()
        let (folder, _) = try listedBank(scratch)
        let name = try #require(copies(scratch).first { $0.hasPrefix("mine-") })
        let copy = scratch.path + "/.cache/quiz/parsed/" + name
        let good = try #require(FileManager.default.contents(atPath: copy))
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        // A byte changed, half of it, nothing, its text changed, and a folder in its place.
        let other = Data(good.map { $0 == UInt8(ascii: "O") ? UInt8(ascii: "X") : $0 })
        let damages: [(String, Data?)] = [
            ("a byte changed", flipped), ("cut in half", good.prefix(good.count / 2)), ("empty", Data()),
            ("its text changed", other), ("a folder", nil), ("a FIFO", nil),
        ]
        for (damage, bytes) in damages {
            try? FileManager.default.removeItem(atPath: copy)
            if let bytes {
                try bytes.write(to: URL(fileURLWithPath: copy))
            } else if damage == "a FIFO" {
                #expect(mkfifo(copy, 0o600) == 0)
            } else {
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
            }
            let listed = try list(folder, scratch)
            #expect(listed.status == 0, "\(damage): \(listed.stderr)")
            #expect(listed.stderr.isEmpty, "\(damage): \(listed.stderr)")
            #expect(listed.stdout.contains("Alpha One"), "\(damage): \(listed.stdout)")
            #expect(!listed.stdout.contains("Alpha Xne"), "\(damage): \(listed.stdout)")
            if bytes != nil {
                // Replaced by a good copy (renamed over the damaged one).
                #expect(FileManager.default.contents(atPath: copy) == good, "\(damage)")
            }
        }
    }

    @Test func theMenuReadsTheBundledBanksThroughTheirCopies() throws {
        let scratch = Scratch()
        let bundled = try FileManager.default.contentsOfDirectory(atPath: QuizBinary.repositoryRoot + "/Questions")
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
        let first = try runQuiz([], input: "quit\n", environment: scratch.environment())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(copies(scratch).count == bundled.count, "\(copies(scratch))")
        // The second menu, from the copies, is the first one.
        let second = try runQuiz([], input: "quit\n", environment: scratch.environment())
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(second.stdout.contains("\(bundled.count) quizzes"), "\(second.stdout)")
    }

    /// A game read through the copy makes only the questions it deals
    /// (`ParsedBankCache.load(path:choosing:)`): the first game of a bank,
    /// parsed from its file, and the same game again, from the copy, ask the
    /// same questions with the same choices in the same order, for any seed and count.
    @Test func aGameDealtFromTheCopyIsTheGameDealtFromTheFile() throws {
        let questions = (1...60).map { n -> String in
            switch n % 3 {
            case 0:
                return
                    #"{"prompt": "Choice \#(n)?", "choices": ["A\#(n)", "B\#(n)", "C\#(n)", "D\#(n)"], "answer": "C\#(n)"}"#
            case 1: return #"{"prompt": "True \#(n)?", "answer": \#(n % 2 == 0)}"#
            default: return #"{"prompt": "Text \#(n)?", "answer": "t\#(n)"}"#
            }
        }
        for (seed, count) in [(1, "5"), (2, "1"), (3, "60"), (999_999, "7"), (42, "200")] {
            let scratch = Scratch()
            let file = scratch.path + "/sixty.json"
            try #"{"title": "Sixty", "questions": [\#(questions.joined(separator: ", "))]}"#
                .write(toFile: file, atomically: false, encoding: .utf8)
            let arguments = ["sixty", "--questions", file, "-n", count, "--seed", "\(seed)", "--no-color"]
            let answers = String(repeating: "a\n", count: 70)
            let environment = scratch.environment(["QUIZ_NOW": "2026-05-01T10:00:00Z"])
            let fromFile = try runQuiz(arguments, input: answers, environment: environment)
            #expect(fromFile.status == 0, "\(fromFile.stderr)")
            #expect(copies(scratch).contains { $0.hasPrefix("sixty-") }, "\(copies(scratch))")
            let fromCopy = try runQuiz(arguments, input: answers, environment: environment)
            #expect(fromCopy.status == 0, "\(fromCopy.stderr)")
            // The questions, choices and verdicts, up to the score (the second game
            // after it "equals your best").
            let asked = { (run: RunResult) in run.stdout.components(separatedBy: "\nSixty: ").first ?? "" }
            #expect(asked(fromCopy) == asked(fromFile), "seed \(seed), -n \(count)")
            let dealt = min(Int(count) ?? 60, 60)
            #expect(fromCopy.stdout.contains("Question \(dealt)/\(dealt)"), "\(fromCopy.stdout)")
            // Both games recorded alike: the same questions, the same answers.
            let history = try runQuiz(["--history", "--format", "json"], environment: environment)
            let games = try #require(
                try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            #expect(games.count == 2)
            let prompts = games.map { ($0["results"] as? [[String: Any]] ?? []).map { $0["prompt"] as? String ?? "" } }
            #expect(prompts.count == 2 && prompts[0] == prompts[1] && prompts[0].count == dealt)
        }
    }
}
