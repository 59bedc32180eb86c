import Foundation
import QuizCore
import Testing

/// Issue 27, items 1–4 and the play side of 9, through the binary: the bare
/// command words, how a picked choice was read, finding a quiz at the menu,
/// a review stopped part way, `share N`, a misspelt option, Tab completion
/// and the share card at 40 columns.
@Suite struct NewcomerTests {
    static func write(_ json: String, as name: String, in scratch: Scratch) throws -> String {
        let path = scratch.path + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: 1. skip, quit, help and mine are commands at every question

    @Test func bareSkipSkipsATypedAnswerQuestionAndHelpSaysSo() throws {
        let scratch = Scratch()
        let path = try Self.write(
            #"{"title": "Planets", "questions": [{"prompt": "Which planet is farthest from the Sun?", "answer": "Neptune"}]}"#,
            as: "planets.json", in: scratch)
        let result = try runQuiz([path, "--seed", "1"], input: "help\nskip\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(type your answer; skip skips, quit abandons)"), "\(result.stdout)")
        #expect(result.stdout.contains("Type your answer. skip skips, counting as wrong"), "\(result.stdout)")
        #expect(result.stdout.contains("→ Skipped. The answer is Neptune."), "\(result.stdout)")
        let stats = try runQuiz(["--stats", "--questions", path], environment: scratch.environment())
        #expect(!stats.stdout.contains("typed: skip"), "\(stats.stdout)")
        // quit abandons at a typed-answer question too.
        let quit = try runQuiz([path, "--seed", "1"], input: "quit\n", environment: scratch.environment())
        #expect(quit.stdout.contains("Game abandoned; nothing recorded."), "\(quit.stdout)")
    }

    @Test func aWordTheQuestionAcceptsStaysAnAnswerAndTheHintSaysColon() throws {
        let scratch = Scratch()
        let path = try Self.write(
            #"{"title": "Buttons", "questions": [{"prompt": "Which button passes your turn?", "answer": "pass", "accept": ["skip"]}]}"#,
            as: "buttons.json", in: scratch)
        let result = try runQuiz([path, "--seed", "1"], input: "skip\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(type your answer; :skip skips, :quit abandons)"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ Right!"), "\(result.stdout)")
    }

    // MARK: 2. How a picked choice was read

    static let vitamins = """
        {"title": "Vitamins", "questions": [
          {"prompt": "Which vitamin does sunlight make in the skin?",
           "choices": ["Vitamin A", "Vitamin D", "Vitamin C", "Vitamin K"], "answer": "Vitamin D"},
          {"prompt": "Which colour is a primary colour of light?",
           "choices": ["Red", "Purple", "Orange", "Brown"], "answer": "Red"}]}
        """

    @Test func aWrongPickByNumberOrLetterSaysWhatWasChosenAndALetterEndingAChoiceIsAsked() throws {
        let scratch = Scratch()
        let path = try Self.write(Self.vitamins, as: "vitamins.json", in: scratch)
        let game = Game(bank: try BankLoader.load(path: path), seed: 1)
        let vitamin = try #require(game.asked.first { $0.choices.contains("Vitamin D") })
        let colour = try #require(game.asked.first { $0.choices.contains("Red") })
        // d is not Vitamin D here, so `D` could mean either.
        #expect(vitamin.choices[3] != "Vitamin D")
        let wrongVitamin = try #require(vitamin.choices.indices.first { $0 != vitamin.answerIndex && $0 != 3 })
        let wrongColour = try #require(colour.choices.indices.first { $0 != colour.answerIndex })
        let letter = String(ChoiceLabels.letter(wrongColour)!)
        let lines = game.asked.map { asked in
            asked.number == vitamin.number ? "D\n\(wrongVitamin + 1)" : letter.uppercased()
        }
        let result = try runQuiz(
            [path, "--seed", "1"], input: lines.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("D: d) \(vitamin.choices[3]), or Vitamin D? Type 4 for \(vitamin.choices[3])"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✗ Wrong. You chose \(wrongVitamin + 1)) \(vitamin.choices[wrongVitamin]). The answer is Vitamin D."),
            "\(result.stdout)")
        #expect(
            // Said with the label on screen (a number), though a letter was typed.
            result.stdout.contains("You chose \(wrongColour + 1)) \(colour.choices[wrongColour]). The answer is Red."),
            "\(result.stdout)")
        let stats = try runQuiz(["--stats", "--questions", path], environment: scratch.environment(["COLUMNS": "100"]))
        #expect(stats.stdout.contains("chose: \(vitamin.choices[wrongVitamin])"), "\(stats.stdout)")
        #expect(!stats.stdout.contains("typed: "), "\(stats.stdout)")
    }

    // MARK: 3. Finding a quiz at the menu (a pty: the menu is for a terminal)

    func menu(_ scratch: Scratch) throws -> PseudoTerminal {
        let environment = scratch.environment(["TERM": "xterm", "QUIZ_PAGER": "cat", "NO_COLOR": "1"])
        return try PseudoTerminal(arguments: [], environment: environment)
    }

    @Test func aWordOrPrefixPlaysSeveralAreListedAndASuggestionIsTakenWithEnter() throws {
        let scratch = Scratch()
        let terminal = try menu(scratch)
        var mark = try terminal.wait(for: "quiz> ")
        // A word of an id, with the command line's -n.
        terminal.send("capitals -n 1" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "World Capitals · 1 question", after: mark)
        mark = try terminal.wait(for: "world-capitals 1/1> ", after: mark)
        terminal.send("skip" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        // play and a word of a title.
        terminal.send("play geography -n 1" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "World Geography · 1 question", after: mark)
        mark = try terminal.wait(for: "world-geography 1/1> ", after: mark)
        terminal.send("skip" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        // Several: listed.
        terminal.send("world" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "'world' could be any of these", after: mark)
        let listed = try terminal.wait(for: "quiz> ", after: mark)
        let screen = PseudoTerminal.plain(String(terminal.output[mark..<listed]))
        #expect(screen.contains("world-capitals") && screen.contains("world-history"), "\(screen)")
        #expect(!screen.contains("mathematics"), "\(screen)")
        // A near spelling: offered, and Enter takes it.
        terminal.send("mathematisc -n 1" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "Did you mean mathematics? (Enter or y plays it)", after: listed)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        terminal.send(PseudoTerminal.enter)
        mark = try terminal.wait(for: "Mathematics · 1 question", after: mark)
        mark = try terminal.wait(for: "mathematics 1/1> ", after: mark)
        terminal.send("skip" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        // A near command: y runs it.
        terminal.send("histroy" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "Did you mean history? (Enter or y runs it)", after: mark)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        terminal.send("y" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "3 games", after: mark)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        // share 2: the game before the last, as --game 2.
        terminal.send("share text 2" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "World Geography, 0 of 1", after: mark)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        terminal.send("share 3" + PseudoTerminal.enter)
        mark = try terminal.wait(for: "World Capitals 0/1", after: mark)
        mark = try terminal.wait(for: "quiz> ", after: mark)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func theCommandLineSaysWhatTheMenuWouldPlay() throws {
        let scratch = Scratch()
        let one = try runQuiz(["capitals"], environment: scratch.environment())
        #expect(one.status == 66)
        #expect(one.stderr.contains("no quiz named 'capitals'; did you mean world-capitals?"), "\(one.stderr)")
        let several = try runQuiz(["world"], environment: scratch.environment())
        #expect(
            several.stderr.contains(
                "no quiz named 'world'; it could be world-capitals, world-geography, world-history"),
            "\(several.stderr)")
    }

    // MARK: 4. A review stopped part way keeps what was answered

    @Test func quittingAReviewKeepsTheAnsweredQuestions() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        let wrong = try answers(bank: bank, seed: 5, right: []).joined(separator: "\n") + "\n"
        let game = try runQuiz(
            ["--questions", bank, "mini", "--seed", "5"], input: wrong,
            environment: scratch.environment(["QUIZ_NOW": "2026-03-01T09:00:00Z"]))
        #expect(game.status == 0, "\(game.stderr)")
        // The next day all three are due; the first is answered right, then quit.
        let day2 = scratch.environment(["QUIZ_NOW": "2026-03-02T10:00:00Z"])
        let due = try runQuiz(["--questions", bank, "--review", "--seed", "1"], input: "", environment: day2)
        let lines = due.stdout.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("Question 1/3") }.map { lines[$0 + 1] })
        let question = try #require(try BankLoader.load(path: bank).questions.first { $0.prompt == first })
        let right: String =
            if case .trueFalse(let value) = question.kind { value ? "true" : "false" } else {
                question.answerText
            }
        let stopped = try runQuiz(
            ["--questions", bank, "--review", "--seed", "1"], input: right + "\nquit\n", environment: day2)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(
            stopped.stdout.contains("Review stopped. The 1 question answered is kept; the 2 questions left stay due."),
            "\(stopped.stdout)")
        #expect(stopped.stdout.contains("Review: 1/1 right (100%)"), "\(stopped.stdout)")
        // Not due again: the two left are.
        let later = try runQuiz(
            ["--questions", bank, "--review"], input: "quit\n",
            environment: scratch.environment(["QUIZ_NOW": "2026-03-02T10:30:00Z"]))
        #expect(later.stdout.contains("Review · 2 due"), "\(later.stdout)")
        #expect(!later.stdout.contains(first), "\(later.stdout)")
        #expect(later.stdout.contains("Review stopped; nothing recorded."), "\(later.stdout)")
        let games = try historyJSON(environment: scratch.environment()).games
        #expect(games.count == 2)
        #expect(games.first?["quiz"] as? String == "review" && games.first?["total"] as? Int == 1, "\(games)")
    }

    // MARK: 9. A misspelt option, Tab completion, the share card at 40 columns

    @Test func aMisspeltOptionGetsTheNearestOne() throws {
        let result = try runQuiz(["--hlep"], environment: Scratch().environment())
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '--hlep'; did you mean --help?"), "\(result.stderr)")
    }

    @Test func tabCompletesAChoiceWithSpacesAsWrittenWithoutBackslashes() throws {
        let scratch = Scratch()
        let path = try Self.write(
            """
            {"title": "Charters", "questions": [{"prompt": "Which charter did King John seal in 1215?",
              "choices": ["Magna Carta", "Domesday Book", "Bill of Rights"], "answer": "Magna Carta"}]}
            """, as: "charters.json", in: scratch)
        let terminal = try PseudoTerminal(
            arguments: [path, "--seed", "1"], environment: scratch.environment(["TERM": "xterm"]))
        let prompt = try terminal.wait(for: "charters 1/1> ")
        terminal.type("magna", PseudoTerminal.tab, PseudoTerminal.enter)
        let verdict = try terminal.wait(for: "Right!", after: prompt)
        let typed = PseudoTerminal.plain(String(terminal.output[prompt..<verdict]))
        #expect(typed.contains("Magna Carta"), "\(typed.debugDescription)")
        #expect(!typed.contains("\\"), "\(typed.debugDescription)")
        #expect(!typed.contains("magna Carta"), "\(typed.debugDescription)")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func theShareCardWrapsAtWordsAndKeepsAnOptionWithItsValue() throws {
        let scratch = Scratch()
        let result = try runQuiz(
            ["world-geography", "-n", "1", "--seed", "233872"], input: "skip\n", environment: scratch.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let shared = try runQuiz(["--share"], environment: scratch.environment(["COLUMNS": "40"]))
        let lines = shared.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("quiz world-geography") }, "\(lines)")
        #expect(lines.contains { $0 == "--seed 233872 -n 1" }, "\(lines)")
        // Through a pipe without COLUMNS: one line, as pasted; the sentence
        // of --text is one line at any width (a chat reflows it).
        let piped = try runQuiz(["--share"], environment: scratch.environment())
        #expect(piped.stdout.contains("⏱ 0:00 · quiz world-geography --seed 233872 -n 1\n"), "\(piped.stdout)")
        let text = try runQuiz(["--share", "--text"], environment: scratch.environment(["COLUMNS": "40"]))
        #expect(text.stdout.hasSuffix("Replay: quiz world-geography --seed 233872 -n 1\n"), "\(text.stdout)")
        #expect(text.stdout.split(separator: "\n").count == 1, "\(text.stdout)")
    }

    /// A bank of one's own in the current folder, named without its
    /// extension: the refusal says the file is here and how to play it.
    @Test func aBankFileHereIsNamedWhenItsNameIsNoQuiz() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks-here"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bank = #"{"title": "Cheese", "questions": [{"id": "a", "prompt": "Brie?", "answer": "yes"}]}"#
        try bank.write(toFile: folder + "/cheese.json", atomically: true, encoding: .utf8)
        let run = try runProcess(QuizBinary.path, ["cheese"], in: folder, environment: scratch.environment())
        #expect(run.status == 66)
        #expect(run.stderr == "quiz: no quiz named 'cheese'; a bank file is here: quiz cheese.json\n", "\(run.stderr)")
        let elsewhere = try runProcess(
            QuizBinary.path, ["cheese"], in: scratch.path, environment: scratch.environment())
        #expect(elsewhere.status == 66 && !elsewhere.stderr.contains("is here"), "\(elsewhere.stderr)")
        let played = try runProcess(
            QuizBinary.path, ["cheese.json"], in: folder, environment: scratch.environment(), input: "yes\n")
        #expect(played.status == 0 && played.stdout.contains("1/1 right"), "\(played.stdout) \(played.stderr)")
    }
}
