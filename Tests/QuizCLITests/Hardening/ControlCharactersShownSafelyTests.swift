import Foundation
import Testing

/// Control characters in a bank (local or downloaded) or
/// in the history reached the terminal: a prompt holding `ESC [2J` and
/// `ESC ]0;title BEL` cleared the screen and retitled the window, a newline
/// in a title broke `--history` and `--list`. Now every such text is shown
/// visibly, and `--validate` warns about it.
@Suite struct ControlCharactersShownSafelyTests {
    static let clear = "\u{1B}[2J"
    static let retitle = "\u{1B}]0;pwned\u{07}"
    static let csi = "\u{9B}31m"
    static let override = "\u{202E}"

    /// A bank whose title, prompt, choice and explanation carry escape
    /// sequences, a C1 CSI, a bidi override and line breaks.
    static let hostileBank = """
        { "title": "Evil\\u001b]0;pwned\\u0007\\nTitle",
          "questions": [
            { "prompt": "\\u001b[2JCleared? \\u009b31m red \\u202eevil",
              "choices": ["red\\u001b[31m", "blue"], "answer": "blue",
              "explanation": "bell\\u0007 done\\nsecond line" } ] }
        """

    func hostileBank(in scratch: Scratch, name: String = "evil.json") throws -> String {
        let path = scratch.path + "/" + name
        try Self.hostileBank.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Whether `text` holds a character a terminal would act on, other than
    /// line ends (`\n`, and `\r` from a pty) and our own colour (none here).
    func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && scalar != "\r"
                && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{202E}")
        }
    }

    @Test func aHostilePromptIsShownVisiblyAtTheTerminal() throws {
        let scratch = Scratch()
        let bank = try hostileBank(in: scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "evil"],
            environment: scratch.environment(["TERM": "xterm", "NO_COLOR": "1"]))
        let prompt = try terminal.wait(for: "evil 1/1> ")
        terminal.send("blue" + PseudoTerminal.enter)
        try terminal.wait(for: "right (100%)", after: prompt)
        #expect(try terminal.waitForExit() == 0)
        let output = terminal.output
        for sequence in [Self.clear, Self.retitle, Self.csi, Self.override, "\u{07}"] {
            #expect(!output.contains(sequence), "\(sequence.debugDescription) reached the terminal")
        }
        #expect(output.contains("^[[2JCleared? <U+009B>31m red <U+202E>evil"))
        #expect(output.contains("Evil^[]0;pwned^G Title"), "the title on one line")
        #expect(output.contains(") red^[[31m\r\n"))
        #expect(output.contains("bell^G done\r\n  second line"), "an explanation keeps its line break, indented")
    }

    @Test func aNewlineInATitleKeepsHistoryAndListOneRowPerItem() throws {
        let scratch = Scratch()
        let bank = try hostileBank(in: scratch)
        let environment = scratch.environment()
        for _ in 1...2 {
            let played = try runQuiz(["--questions", bank, "evil"], input: "blue\n", environment: environment)
            #expect(played.status == 0, "\(played.stderr)")
            #expect(!holdsControls(played.stdout), "\(played.stdout.debugDescription)")
        }
        let history = try runQuiz(["--history"], environment: environment)
        let lines = history.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // Header, rule, two games, a blank line, the summary, the final line end.
        #expect(lines.count == 7, "\(history.stdout)")
        #expect(lines.filter { $0.hasPrefix("20") && $0.contains("Evil^[]0;pwned^G Title") }.count == 2)
        #expect(!holdsControls(history.stdout))

        let markdown = try runQuiz(["--history", "--format", "markdown"], environment: environment)
        #expect(markdown.stdout.split(separator: "\n").count == 4, "\(markdown.stdout)")
        #expect(!holdsControls(markdown.stdout))

        let list = try runQuiz(["--questions", bank, "--list"], environment: environment)
        let evil = list.stdout.split(separator: "\n").filter { $0.hasPrefix("evil ") }
        #expect(evil.count == 1 && evil[0].hasSuffix("Evil^[]0;pwned^G Title"), "\(list.stdout)")
        #expect(!holdsControls(list.stdout))

        for command in [["--share"], ["--stats"]] {
            let result = try runQuiz(command, environment: environment)
            #expect(result.status == 0)
            #expect(!holdsControls(result.stdout), "\(command): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains("Evil^[]0;pwned^G Title") || result.stdout.contains("Evil^[]0;"))
        }
    }

    @Test func exportsKeepTheDataEscaped() throws {
        let scratch = Scratch()
        let bank = try hostileBank(in: scratch)
        let environment = scratch.environment()
        _ = try runQuiz(["--questions", bank, "evil"], input: "blue\n", environment: environment)
        let title = "Evil\u{1B}]0;pwned\u{07}\nTitle"

        let json = try runQuiz(["--history", "--format", "json"], environment: environment)
        #expect(!holdsControls(json.stdout), "JSON escapes every control character")
        let games = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(games.first?["title"] as? String == title, "the title read back exactly")

        let stats = try runQuiz(["--stats", "--format", "json"], environment: environment)
        #expect(!holdsControls(stats.stdout))
        let object = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let quizTitle = (object["quizzes"] as? [[String: Any]])?.first?["title"] as? String
        #expect(quizTitle == title)

        let csv = try runQuiz(["--history", "--format", "csv"], environment: environment)
        #expect(csv.stdout.contains(",evil,\"Evil\u{1B}]0;pwned\u{07}\nTitle\",1,1,100,"), "CSV keeps the data, quoted")
    }

    @Test func aDownloadedBankIsMadeSafeToo() throws {
        guard BankServer.python != nil else { return }
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(Data(Self.hostileBank.utf8), as: "evil.json")
        let played = try runQuiz(
            ["--questions", server.url("evil.json"), "evil"], input: "blue\n", environment: scratch.networkEnvironment()
        )
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("^[[2JCleared?"), "\(played.stdout)")
        #expect(!holdsControls(played.stdout))
    }

    @Test func validateWarnsAndStillPasses() throws {
        let scratch = Scratch()
        let bank = try hostileBank(in: scratch)
        let result = try runQuiz(["--validate", bank], environment: scratch.environment())
        #expect(result.status == 0, "a warning is not an error")
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 4, "title, prompt, explanation, choices: \(result.stdout)")
        #expect(result.stdout.contains("\"title\" holds control characters <U+001B> <U+0007> <U+000A>"))
        #expect(result.stdout.contains("question 1, \"prompt\": warning: holds control characters <U+001B> <U+009B>"))
        #expect(!holdsControls(result.stdout))

        let clean = try runQuiz(["--validate", QuizBinary.fixture("mini.json")], environment: scratch.environment())
        #expect(!clean.stdout.contains("warning"), "\(clean.stdout)")
    }

    @Test func errorsQuotingAValueOrAFileNameAreSafe() throws {
        let scratch = Scratch()
        let named = try runQuiz(["no\u{1B}[2Jsuch"], environment: scratch.environment())
        #expect(named.status == 66)
        #expect(named.stderr.contains("'no^[[2Jsuch'"), "\(named.stderr)")
        #expect(!holdsControls(named.stderr))

        // A file name with an escape sequence and a newline, and a broken bank inside.
        let path = scratch.path + "/bad\u{1B}]0;x\u{07}\nname.json"
        try "{ \"title\": 3 }".write(toFile: path, atomically: true, encoding: .utf8)
        let broken = try runQuiz(["--validate", path], environment: scratch.environment())
        #expect(broken.status == 65)
        #expect(broken.stdout.contains("bad^[]0;x^G name.json"), "\(broken.stdout)")
        #expect(!holdsControls(broken.stdout))
        let played = try runQuiz([path], environment: scratch.environment())
        #expect(played.status == 65)
        #expect(!holdsControls(played.stderr), "\(played.stderr.debugDescription)")
    }
}
