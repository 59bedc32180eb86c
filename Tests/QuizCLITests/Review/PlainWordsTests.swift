import Foundation
import Testing

/// Review, stats and banks in plain words (issue 27, items 5–8 and 10),
/// through the binary: a bank of one's own that stays loaded, reviews that
/// are not games, the words of the stats' review section, bank authors
/// told what to write, and `stats` paged at the menu.
@Suite struct PlainWordsTests {
    /// A bank of three typed-answer questions, `Zebra Facts` (a title after
    /// `Review`, so the stats table's order is not alphabetical by chance).
    static let zebra = """
        {"title": "Zebra Facts", "questions": [
          {"id": "a", "prompt": "Say yes.", "answer": "yes"},
          {"id": "b", "prompt": "Say no.", "answer": "no"},
          {"id": "c", "prompt": "Say maybe.", "answer": "maybe"}]}
        """

    /// A scratch folder whose history has one game of `zebra.json` (kept
    /// outside the data folder) on 2026-01-01, every answer wrong.
    static func playedOnce() throws -> (scratch: Scratch, bank: String) {
        let scratch = Scratch()
        let bank = scratch.path + "/zebra.json"
        try zebra.write(toFile: bank, atomically: true, encoding: .utf8)
        let game = try runQuiz(
            ["--questions", bank, "zebra"], input: "x\nx\nx\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-01-01T09:00:00Z"]))
        #expect(game.status == 0, "\(game.stderr)")
        return (scratch, bank)
    }

    static let later = ["QUIZ_NOW": "2026-01-06T09:00:00Z"]

    /// Item 5: questions due from a bank not loaded are counted, and a bank
    /// kept in the data folder's `banks` (or named by `banks =` in the
    /// settings file) is loaded every time.
    @Test func aBankOfOnesOwnStaysInReview() throws {
        let (scratch, bank) = try Self.playedOnce()
        let environment = scratch.environment(Self.later)
        let review = try runQuiz(["--review"], environment: environment)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("3 more due in banks not loaded"), "\(review.stdout)")
        let menu = try runQuiz([], input: "quit\n", environment: environment)
        #expect(menu.stdout.contains("3 more due in banks not loaded"), "\(menu.stdout)")

        // Named in the settings file: loaded, played, nothing said missing.
        try scratch.writeConfig("banks = ~/zebra.json\n")
        let listed = try runQuiz(["--list"], environment: environment)
        #expect(listed.stdout.contains("zebra"), "\(listed.stdout) \(listed.stderr)")
        let named = try runQuiz(["--review", "-n", "2"], input: "yes\nno\n", environment: environment)
        #expect(named.stdout.hasPrefix("Review · 2 of 3 due · from Zebra Facts\n"), "\(named.stdout)")
        #expect(!named.stdout.contains("not loaded"))
        // A banks line whose bank has gone is said and skipped: it stops no command.
        try scratch.writeConfig("banks = ~/gone.json\nbanks = ~/zebra.json\n")
        for arguments in [["--list"], ["--stats"], []] {
            let run = try runQuiz(arguments, input: "quit\n", environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr.components(separatedBy: "\n").filter { $0.contains("gone.json") }
                    == ["quiz: settings: banks = ~/gone.json: no such file or folder; skipped"], "\(run.stderr)")
        }
        try scratch.writeConfig("")

        // Kept in DATA/banks: the same.
        try FileManager.default.createDirectory(atPath: scratch.dataDir + "/banks", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: bank, toPath: scratch.dataDir + "/banks/zebra.json")
        let kept = try runQuiz(["--review"], input: "maybe\n", environment: environment)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.hasPrefix("Review · 1 due · from Zebra Facts\n"), "\(kept.stdout)")
        #expect(!kept.stdout.contains("seed"))
        #expect(!kept.stdout.contains("not loaded"))
    }

    /// Items 6 and 7: the first time questions come due the menu says what
    /// review is; a review is headed by what it asks of what is due, no seed;
    /// it is neither the history's best nor a quiz at the head of the stats,
    /// whose review section speaks plain words.
    @Test func reviewsAreNotGamesAndSpeakPlainWords() throws {
        let (scratch, bank) = try Self.playedOnce()
        let environment = scratch.environment(Self.later)
        let menu = try runQuiz(["--questions", bank], input: "quit\n", environment: environment)
        #expect(menu.stdout.contains("3 questions due for review (type review)\nReview asks again"), "\(menu.stdout)")

        let review = try runQuiz(
            ["--questions", bank, "--review"], input: "yes\nno\nmaybe\n", environment: environment)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.hasPrefix("Review · 3 due · from Zebra Facts\n"), "\(review.stdout)")

        let after = try runQuiz(["--questions", bank], input: "quit\n", environment: environment)
        #expect(!after.stdout.contains("Review asks again"), "\(after.stdout)")

        // The review's 3/3 is not the best: the quiz's 0/3 is.
        let history = try runQuiz(["--history"], environment: environment)
        let last = history.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "2 games · average 0% · best 0/3 (Zebra Facts)", "\(history.stdout)")

        let stats = try runQuiz(["--questions", bank, "--stats"], environment: environment)
        #expect(stats.status == 0, "\(stats.stderr)")
        let lines = stats.stdout.split(separator: "\n").map(String.init)
        let zebraRow = try #require(lines.firstIndex { $0.hasPrefix("Zebra Facts") })
        let reviewRow = try #require(lines.firstIndex { $0.hasPrefix("Review ") })
        #expect(zebraRow < reviewRow, "\(stats.stdout)")
        #expect(!lines[reviewRow].contains("3/3 100%"), "no best: \(lines[reviewRow])")
        #expect(stats.stdout.contains("3 questions seen · 0 well learned (21+ days between reviews)"))
        #expect(stats.stdout.contains("Recalled when due, last 30 days: not enough reviews yet (3 so far)"))
        #expect(stats.stdout.contains("\nDue in the next 7 days\n  2026-01-06"), "\(stats.stdout)")
        for word in ["mature", "retention", "new today"] { #expect(!stats.stdout.contains(word), "\(word)") }
    }

    /// Item 8: a bank author is told what to write instead.
    @Test func bankAuthorsAreToldWhatToWrite() throws {
        let scratch = Scratch()
        let bad = scratch.path + "/bad.json"
        try """
        {"title": "Bad", "questions": [
          {"promt": "Capital of France?", "answer": "Paris"},
          {"prompt": "Capital of France?", "answer": "Paris", "acept": ["paris"]},
          {"prompt": "Capital of Italy?", "choices": ["Rome", "Milan"], "answer": 0},
          {"prompt": "Capital of Spain?", "choices": ["Madrid", "Paris"], "answer": "paris "}]}
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try runQuiz(["--validate", bad], environment: scratch.environment())
        #expect(result.status == 65)
        for words in [
            #"question 1, "promt": unknown key (did you mean "prompt"?)"#,
            #"question 2, "acept": unknown key (did you mean "accept"?)"#,
            #"must be the right choice's text, not a number: write "answer": "Rome""#,
            #""paris " is not one of the choices; write "answer": "Paris", the choice's text exactly"#,
        ] {
            #expect(result.stdout.contains(words), "\(words)\n\(result.stdout)")
        }
        let good = scratch.path + "/good.json"
        try #"{"title": "Good", "questions": [{"prompt": "Is ice cold?", "answer": "true"}]}"#.write(
            toFile: good, atomically: true, encoding: .utf8)
        let warned = try runQuiz(["--validate", good], environment: scratch.environment())
        #expect(warned.status == 0)
        #expect(
            warned.stdout.contains(
                #"warning: "true" is a string, so it plays as a typed answer where only true is right"#),
            "\(warned.stdout)")
    }

    /// Item 10: the menu's `stats` goes through the pager as `history` does.
    @Test func statsAtTheMenuArePaged() throws {
        let (scratch, bank) = try Self.playedOnce()
        let paged = scratch.path + "/paged.txt"
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank],
            environment: scratch.environment(["TERM": "xterm", "QUIZ_PAGER": "cat > '\(paged)'"]), rows: 12)
        let prompt = try terminal.wait(for: "quiz> ")
        terminal.send("stats\n")
        try terminal.wait(for: "quiz> ", after: prompt)
        terminal.send("quit\n")
        #expect(try terminal.waitForExit() == 0)
        let got = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(got.contains("Play streak") && got.contains("Due in the next 7 days"), "\(got)")
        #expect(!PseudoTerminal.plain(terminal.output).contains("Play streak"), "the stats went to the pager only")
    }
}
