import Foundation
import Testing

/// Under a locale whose character set is not UTF-8 (C,
/// POSIX, or none at all, the default of services and containers) a bank
/// named `café.json` crashed at its first prompt (libedit could not decode
/// the prompt and followed a null pointer: SIGSEGV, 139), and typed UTF-8 was
/// lost (`Bogotá` edited as `Bogot`, `北京` echoed as `\U+5317\U+4EAC`).
@Suite struct NonUTF8LocaleTests {
    /// A bank whose file name, title, prompts and answers are not ASCII.
    func cafeBank(in scratch: Scratch) throws -> String {
        let path = scratch.path + "/café.json"
        let bank = """
            { "title": "Café Capitals",
              "questions": [
                { "prompt": "What is the capital of Colombia?", "answer": "Bogotá" },
                { "prompt": "What is the capital of China?", "answer": "北京" } ] }
            """
        try bank.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The scratch environment with `locale` in place of its UTF-8 LANG
    /// (nil: no LANG, LC_ALL or LC_CTYPE at all).
    func environment(_ scratch: Scratch, locale: String?) -> [String: String] {
        var environment = scratch.environment(["TERM": "xterm", "NO_COLOR": "1"])
        environment["LANG"] = nil
        if let locale { environment["LC_ALL"] = locale }
        return environment
    }

    /// Plays the café bank at a terminal, answering both questions as typed
    /// (`Bogotá` typed with a stray `x` rubbed out, to edit next to the `á`).
    func playCafe(locale: String?) throws -> (screen: String, status: Int32, scratch: Scratch) {
        let scratch = Scratch()
        let bank = try cafeBank(in: scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank, "café", "--seed", "1"], environment: environment(scratch, locale: locale))
        var position = terminal.output.startIndex
        for number in 1...2 {
            let promptEnd = try terminal.wait(for: "café \(number)/2> ", after: position)
            let screen = String(terminal.output[position..<promptEnd])
            if screen.contains("Colombia") {
                terminal.type("Bogotá", "x", PseudoTerminal.backspace, PseudoTerminal.enter)
            } else {
                terminal.type("北京", PseudoTerminal.enter)
            }
            position = try terminal.wait(for: "Right!", after: promptEnd)
        }
        try terminal.wait(for: "Café Capitals: 2/2 right (100%)", after: position)
        let status = try terminal.waitForExit()
        return (PseudoTerminal.plain(terminal.output), status, scratch)
    }

    @Test(arguments: ["C", "POSIX", nil])
    func aNonASCIIBankPlaysToTheEndAndTypedUTF8ArrivesWhole(locale: String?) throws {
        let (screen, status, scratch) = try playCafe(locale: locale)
        #expect(status == 0, "exit status \(status) (139 was the crash):\n\(screen)")
        // Typed UTF-8 echoed as typed, not as \U+ escapes, and both answers right.
        #expect(screen.contains("café 1/2> Bogotá") || screen.contains("café 2/2> Bogotá"), "\(screen)")
        #expect(screen.contains("北京"), "\(screen)")
        #expect(!screen.contains("\\U+"), "\(screen)")
        let csv = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(csv.stdout.contains(",café,Café Capitals,2,2,100,"), "\(csv.stdout)")
    }

    @Test func ourOwnDrawingsAreASCIIUnderCAndUnicodeUnderUTF8() throws {
        let ascii = try playCafe(locale: "C")
        #expect(ascii.screen.contains("+ Right!"), "\(ascii.screen)")
        #expect(!ascii.screen.contains("✓"))
        #expect(ascii.screen.contains("Café Capitals - 2 questions - seed 1"), "bank text stays UTF-8")

        let unicode = try playCafe(locale: "C.UTF-8")
        #expect(unicode.screen.contains("✓ Right!"), "\(unicode.screen)")
        #expect(unicode.screen.contains("Café Capitals · 2 questions · seed 1"))
    }

    @Test func ourOwnHintsUseHyphensUnderC() throws {
        let scratch = Scratch()
        let bank = QuizBinary.fixture("mini.json")
        var environment = scratch.environment()
        environment["LANG"] = nil
        environment["LC_ALL"] = "C"
        let result = try runQuiz(
            ["--questions", bank, "mini", "--seed", "3"], input: ":skip\nzebra\n:quit\n", environment: environment)
        // Seed 3 asks a free-text question, then a true/false one, where "zebra" is no answer.
        #expect(result.stdout.contains("Answer with 1-2"), "\(result.stdout)")
        #expect(!result.stdout.contains("–"), "\(result.stdout)")
    }

    @Test func theMenuListsAndPlaysTheBankUnderC() throws {
        let scratch = Scratch()
        let bank = try cafeBank(in: scratch)
        let terminal = try PseudoTerminal(
            arguments: ["--questions", bank], environment: environment(scratch, locale: "C"))
        let menu = try terminal.wait(for: "quiz> ")
        terminal.send("café" + PseudoTerminal.enter)
        let asked = try terminal.wait(for: "café 1/", after: menu)
        terminal.type(PseudoTerminal.ctrlD)
        let abandoned = try terminal.wait(for: "Game abandoned", after: asked)
        try terminal.wait(for: "quiz> ", after: abandoned)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        #expect(sameSettings(terminal.initialSettings, terminal.settings()))
    }

    @Test func statsHistoryAndShareDrawInASCIIUnderC() throws {
        let (_, status, scratch) = try playCafe(locale: "C.UTF-8")
        #expect(status == 0)
        let environment = environment(scratch, locale: "C")
        let history = try runQuiz(["--history"], environment: environment)
        #expect(history.stdout.contains("----------  "), "ASCII rules: \(history.stdout)")
        #expect(!history.stdout.contains("─") && !history.stdout.contains("·"))
        #expect(history.stdout.contains("Café Capitals"), "recorded text stays UTF-8")
        let share = try runQuiz(["--share"], environment: environment)
        #expect(share.stdout.contains("\n##\n"), "ASCII squares: \(share.stdout)")
        #expect(!share.stdout.contains("🟩"))
        let stats = try runQuiz(["--stats"], environment: environment)
        #expect(!stats.stdout.contains("█") && !stats.stdout.contains("·") && !stats.stdout.contains("─"))
        #expect(stats.stdout.contains("Café Capitals"))
    }
}
