import Foundation
import Testing

/// The README, the manual, `--help` and the completions
/// say what the program does: the install recipe, the opening sample, the
/// signal statuses, the environment, formats, `--validate Questions/*.json`
/// and "1 question".
@Suite struct DocumentationTests {
    let root = QuizBinary.repositoryRoot

    func text(_ name: String) throws -> String {
        try String(contentsOfFile: root + "/" + name, encoding: .utf8)
    }

    @Test func theOpeningSampleIsWhatAGameAtATerminalPrints() throws {
        let readme = try text("README.md")
        let start = try #require(readme.range(of: "```\n$ quiz "))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let command = try #require(lines.first).split(separator: " ").map(String.init)
        #expect(command == ["world-capitals", "-n", "3", "--seed", "48213"])

        let scratch = Scratch()
        let terminal = try PseudoTerminal(arguments: command, environment: scratch.environment(["TERM": "xterm"]))
        var mark = terminal.output.startIndex
        for line in lines where line.contains("> ") {
            let prompt = String(line[..<line.range(of: "> ")!.upperBound])
            mark = try terminal.wait(for: prompt, after: mark)
            terminal.send(String(line[line.range(of: "> ")!.upperBound...]) + PseudoTerminal.enter)
            if line.hasPrefix("world-capitals 1/3") {
                // The sample leaves question 2 out ("…"); skip it (`:skip` works at any question).
                mark = try terminal.wait(for: "world-capitals 2/3> ", after: mark)
                terminal.send(":skip" + PseudoTerminal.enter)
            }
        }
        _ = try terminal.wait(for: "run quiz --share.", after: mark)
        let screen = PseudoTerminal.plain(terminal.output)
        for line in lines.dropFirst() where !line.contains("…") {
            if line.contains("> ") {
                #expect(screen.contains(String(line[..<line.range(of: "> ")!.upperBound])), "\(line)")
            } else if line.contains(" right (") {
                #expect(screen.contains(line.replacingOccurrences(of: "0:41", with: "0:0")), "\(line)\n\(screen)")
            } else {
                #expect(
                    screen.contains(line), "the README shows \(line.debugDescription); the program printed:\n\(screen)")
            }
        }
    }

    @Test func theInstallRecipeNamesTheBinaryMakeBuildWritesAndEveryFile() throws {
        let makefile = try text("Makefile")
        let release = try #require(
            makefile.split(separator: "\n").first { $0.hasPrefix("RELEASE_DIR := ") }?.dropFirst(
                "RELEASE_DIR := ".count))
        let readme = try text("README.md")
        #expect(readme.contains("make build && sudo make install QUIZ_BIN=\(release)/quiz"))
        for path in InstallTests.installed.map(\.path) where !path.hasPrefix("share/quiz/Questions/") {
            #expect(readme.contains("| `\(path)` |"), "the README's table of installed files lacks \(path)")
        }
    }

    /// `--help` is a screenful (usage, the key options, three examples) that
    /// sends the reader to `man quiz`, which has the rest: every exit status,
    /// SIGPIPE, the FSRS parameter file, the clock and the width.
    @Test func helpIsAScreenfulAndTheManualHasTheRest() throws {
        let help = try runQuiz(["--help"], environment: Scratch().environment()).stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 30, "\(lines.count) lines")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(help.contains("Examples:") && help.contains("man quiz"))
        let manual = try text("man/quiz.1")
        let statuses = try #require(manual.range(of: ".SH EXIT STATUS\n"))
        let section = manual[statuses.upperBound...]
        for status in ["0", "64", "65", "66", "74", "130", "141"] {
            #expect(section.contains(".B \(status)\n"), "the manual lacks exit status \(status)")
        }
        for words in ["143 for SIGTERM and 129 for SIGHUP", "SIGPIPE", "fsrs\\-parameters", "QUIZ_NOW", "COLUMNS"] {
            #expect(manual.contains(words), "the manual lacks \(words)")
        }
    }

    @Test func theManualListsEveryVariableTheProgramReads() throws {
        let manual = try text("man/quiz.1")
        let start = try #require(manual.range(of: ".SH ENVIRONMENT\n"))
        let end = try #require(manual.range(of: "\n.SH ", range: start.upperBound..<manual.endIndex))
        let section = manual[start.upperBound..<end.lowerBound]
        var read = Set<String>()
        let sources = FileManager.default.enumerator(atPath: root + "/Sources")
        while let file = sources?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasPrefix("quiz-bench") else { continue }
            let code = try String(contentsOfFile: root + "/Sources/" + file, encoding: .utf8)
            for match in code.matches(of: /environment\["([A-Z_]+)"\]/) { read.insert(String(match.output.1)) }
        }
        #expect(read.isSuperset(of: ["QUIZ_FETCH_TIMEOUT", "XDG_CACHE_HOME", "XDG_STATE_HOME", "CLICOLOR_FORCE"]))
        for name in read.union(["TZ"]) {
            #expect(section.contains(".B \(name)\n"), "man/quiz.1 ENVIRONMENT lacks \(name)")
        }
    }

    @Test func bashOffersOnlyTheFormatsStatsTakes() throws {
        let bash = try #require(Tool.find("bash"), "bash is not installed")
        func complete(_ words: [String]) throws -> [String] {
            let script = """
                source "$1/completions/quiz.bash"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
                _quiz
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Tool.run(bash, ["-c", script, "bash", root] + words)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["quiz", "--stats", "--format", ""]) == ["table", "json", "html"])
        #expect(try complete(["quiz", "--share", "--format", ""]) == ["svg"])
        #expect(try complete(["quiz", "--stats", "--format", "=", "c"]) == [])
        #expect(
            try complete(["quiz", "--history", "--format", ""]) == ["table", "markdown", "csv", "json", "reviews"])
    }

    @Test func validatingEveryJSONFileOfQuestionsPasses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/Questions").filter {
            $0.hasSuffix(".json")
        }.sorted()
        #expect(names.contains("bank.schema.json"))
        let result = try runQuiz(
            ["--validate"] + names.map { root + "/Questions/" + $0 }, environment: Scratch().environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("bank.schema.json: skipped: a JSON Schema (*.schema.json), not a bank"))
    }

    @Test func oneIsSingular() throws {
        let scratch = Scratch()
        let bank = scratch.path + "/one.json"
        try Data(#"{"title": "One", "questions": [{"prompt": "One?", "answer": true}]}"#.utf8).write(
            to: URL(fileURLWithPath: bank))
        let validate = try runQuiz(["--validate", bank], environment: scratch.environment())
        #expect(validate.stdout == "\(bank): ok, 1 question\n")
        let list = try runQuiz(["--questions", bank, "--list"], environment: scratch.environment())
        #expect(list.stdout.contains("   1 question   One"), "\(list.stdout)")
        let game = try runQuiz([bank], input: "true\n", environment: scratch.environment())
        #expect(game.stdout.contains("One · 1 question · seed"))
        let share = try runQuiz(["--share", "--game", "2"], environment: scratch.environment())
        #expect(share.status == 66)
        #expect(share.stderr.contains("no game 2 back (--game 2): the history has 1 game"), "\(share.stderr)")
    }
}
