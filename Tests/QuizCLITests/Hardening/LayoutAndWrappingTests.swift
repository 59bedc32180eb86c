import Foundation
import QuizCore
import Testing

/// Text was not wrapped, so prompts and explanations broke
/// mid-word at every width; terminals under 40 columns were treated as 80;
/// at 40 the history table overflowed. Now text wraps at word boundaries with
/// a hanging indent to the terminal's real width, and tables fit down to 40.
@Suite struct LayoutAndWrappingTests {
    static let prompt =
        "Which of these extraordinarily long-winded descriptions names the largest planet of the solar system?"
    static let longChoice = "Jupiter, the gas giant with the Great Red Spot and dozens of moons"
    static let explanation =
        "Jupiter is more than twice as massive as all the other planets of the solar system put together."

    func longBank(in scratch: Scratch) throws -> String {
        let path = scratch.path + "/long.json"
        let bank = """
            { "title": "A Title Long Enough To Need Wrapping On A Narrow Terminal",
              "questions": [ { "prompt": "\(Self.prompt)",
                "choices": ["\(Self.longChoice)", "Mars"], "answer": "Mars",
                "explanation": "\(Self.explanation)" } ] }
            """
        try bank.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The screen's lines, escape sequences and carriage returns removed.
    func lines(_ terminal: PseudoTerminal) -> [String] {
        PseudoTerminal.plain(terminal.output).components(separatedBy: "\n")
    }

    /// Every word of `text` appears whole on some line: nothing broken mid-word.
    func expectWordsWhole(_ text: String, in lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        for word in text.split(separator: " ") {
            #expect(words.contains(String(word)), "\(word) was broken: \(lines)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [30, 40, 57])
    func aGameWrapsAtWordsToTheRealWidth(columns: Int) throws {
        let scratch = Scratch()
        let bank = try longBank(in: scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "long"], environment: scratch.environment(["TERM": "xterm"]),
            columns: UInt16(columns))
        let prompt = try terminal.wait(for: "long 1/1> ")
        terminal.send("Mars" + PseudoTerminal.enter)
        try terminal.wait(for: "right (100%)", after: prompt)
        #expect(try terminal.waitForExit() == 0)
        let screen = lines(terminal)
        for line in screen {
            #expect(DisplayWidth.of(line) <= columns, "wider than \(columns): \(line.debugDescription)")
        }
        expectWordsWhole(Self.prompt, in: screen)
        expectWordsWhole(Self.longChoice, in: screen)
        expectWordsWhole(Self.explanation, in: screen)
        // The prompt takes more than one line, and not because the terminal wrapped it at 80.
        let first = try #require(screen.firstIndex { $0.hasPrefix("Which of these") })
        #expect(screen[first] != Self.prompt && DisplayWidth.of(screen[first]) > columns - 20)
        // The long choice continues under its own text (a hanging indent of "  1) ").
        let choice = try #require(screen.firstIndex { $0.hasPrefix("  1) Jupiter,") || $0.hasPrefix("  2) Jupiter,") })
        #expect(screen[choice + 1].hasPrefix("     ") && !screen[choice + 1].hasPrefix("      "), "\(screen)")
        // The explanation is indented by two on every line.
        let explained = try #require(screen.firstIndex { $0.hasPrefix("  Jupiter is more") })
        #expect(screen[explained + 1].hasPrefix("  ") && !screen[explained + 1].hasPrefix("   "))
    }

    @Test func aResizedTerminalIsWrappedToItsNewWidth() throws {
        let scratch = Scratch()
        let bank = try longBank(in: scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "long"], environment: scratch.environment(["TERM": "xterm"]), columns: 120)
        let prompt = try terminal.wait(for: "long 1/1> ")
        #expect(lines(terminal).contains(Self.prompt), "one line at 120 columns")
        terminal.resize(columns: 32, rows: 24)
        usleep(100_000)
        terminal.send("Mars" + PseudoTerminal.enter)
        let answered = try terminal.wait(for: "right (100%)", after: prompt)
        #expect(try terminal.waitForExit() == 0)
        let after = PseudoTerminal.plain(String(terminal.output[answered...])).components(separatedBy: "\n")
        let feedback = PseudoTerminal.plain(String(terminal.output[prompt..<answered])).components(separatedBy: "\n")
        for line in after + feedback.dropFirst() {
            #expect(DisplayWidth.of(line) <= 32, "\(line.debugDescription)")
        }
        expectWordsWhole(Self.explanation, in: feedback)
    }

    @Test func aPipeIsNotWrapped() throws {
        let scratch = Scratch()
        let bank = try longBank(in: scratch)
        let result = try runQuiz(["--questions", bank, "long"], input: "Mars\n", environment: scratch.environment())
        #expect(result.stdout.contains(Self.prompt + "\n"))
        #expect(result.stdout.contains(") " + Self.longChoice + "\n"))
        // COLUMNS asks for a width where there is no terminal.
        let narrow = try runQuiz(
            ["--questions", bank, "long"], input: "Mars\n", environment: scratch.environment(["COLUMNS": "30"]))
        #expect(!narrow.stdout.contains(Self.prompt))
        #expect(
            narrow.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 30 }, "\(narrow.stdout)")
    }

    /// A history of a few games with a long and a wide title.
    func history(_ scratch: Scratch) throws {
        let bank = try longBank(in: scratch)
        for answer in ["Mars", "skip", "skip"] {
            _ = try runQuiz(["--questions", bank, "long"], input: answer + "\n", environment: scratch.environment())
        }
        let wide = scratch.path + "/wide.json"
        try """
        { "title": "東京と大阪と京都と奈良の歴史クイズ", "questions": [ { "prompt": "?", "answer": "x" } ] }
        """.write(toFile: wide, atomically: true, encoding: .utf8)
        _ = try runQuiz(["--questions", wide, "wide"], input: "x\n", environment: scratch.environment())
    }

    @Test(arguments: [40, 44, 50, 80])
    func historyAndStatsFitTheTerminal(columns: Int) throws {
        let scratch = Scratch()
        try history(scratch)
        // --questions goes with --list only (elsewhere it would do nothing, a usage error).
        // --stats longer than the screen would go through less: what is measured here is the text itself.
        for command in [["--history"], ["--stats", "--no-pager"], ["--questions", scratch.path, "--list"]] {
            let terminal = try PseudoTerminal(
                arguments: command, environment: scratch.environment(["TERM": "xterm"]),
                columns: UInt16(columns))
            #expect(try terminal.waitForExit() == 0)
            let screen = lines(terminal)
            #expect(screen.count > 3, "\(command): \(screen)")
            for line in screen {
                #expect(DisplayWidth.of(line) <= columns, "\(command) at \(columns): \(line.debugDescription)")
            }
            if command == ["--history"] {
                // Every game keeps its date, title and score.
                #expect(screen.filter { $0.hasPrefix("20") && $0.contains("/1") }.count == 4, "\(screen)")
                #expect(screen.contains { $0.contains("東京") })
            }
        }
    }

    @Test func underFortyColumnsIsNotTreatedAsEighty() throws {
        let scratch = Scratch()
        try history(scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--history"], environment: scratch.environment(["TERM": "xterm"]), columns: 36)
        #expect(try terminal.waitForExit() == 0)
        let screen = lines(terminal)
        // The table does its best: every line within 36 columns.
        for line in screen { #expect(DisplayWidth.of(line) <= 36, "\(line.debugDescription)") }
    }
}
