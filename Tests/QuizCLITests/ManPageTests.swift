import Foundation
import Testing

/// `man/quiz.1` renders without a single groff warning and keeps up with the
/// program: every option `quiz --help` prints and every command the menu's
/// `help` lists is in it.
@Suite struct ManPageTests {
    let page = QuizBinary.repositoryRoot + "/man/quiz.1"

    /// The page as plain text, by section, or nil (and a recorded failure) without groff.
    func rendered() throws -> (stderr: String, sections: [String: String])? {
        guard let groff = Tool.find("groff") else {
            Issue.record("groff is not installed: run `make test`, which installs groff-base")
            return nil
        }
        let result = try Tool.run(groff, ["-man", "-Tutf8", "-ww", page], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 0)
        var sections: [String: String] = [:]
        var current = ""
        for line in plain(result.stdout).split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first.isUppercase, line == line.uppercased() {
                current = String(line)
            } else {
                sections[current, default: ""] += line + "\n"
            }
        }
        return (result.stderr, sections)
    }

    /// Without bold and underline (overstrikes or SGR codes), and with
    /// typographic minus signs and hyphens as ASCII.
    func plain(_ text: String) -> String {
        var text = text.replacing(/.\u{8}/, with: "")
        text = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        return text.replacing("\u{2212}", with: "-").replacing("\u{2010}", with: "-")
    }

    @Test func rendersWithoutWarningsAndHasEverySection() throws {
        guard let (stderr, sections) = try rendered() else { return }
        #expect(stderr.isEmpty, "groff -ww: \(stderr)")
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "QUESTION BANKS", "FILES", "ENVIRONMENT",
            "EXIT STATUS", "EXAMPLES", "SEE ALSO",
        ] {
            #expect(sections[section] != nil, "section \(section)")
        }
        let environment = sections["ENVIRONMENT"] ?? ""
        for variable in ["QUIZ_DATA_DIR", "XDG_DATA_HOME", "NO_COLOR", "TERM", "HOME"] {
            #expect(environment.contains(variable), "ENVIRONMENT names \(variable)")
        }
        let files = sections["FILES"] ?? ""
        for file in ["history.archive", "history.lock", "~/.local/share/quiz", "share/quiz/Questions"] {
            #expect(files.contains(file), "FILES names \(file)")
        }
        let statuses = sections["EXIT STATUS"] ?? ""
        for status in ["0", "64", "65", "66", "74"] {
            #expect(statuses.contains("       \(status) "), "EXIT STATUS explains \(status)")
        }
    }

    @Test func everyOptionOfTheHelpIsDocumented() throws {
        guard let (_, sections) = try rendered() else { return }
        let help = try runQuiz(["--help"], environment: Scratch().environment())
        #expect(help.status == 0)
        let long = Set(help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        let short = Set(help.stdout.matches(of: /\s(-[a-zA-Z])[,\s]/).map { String($0.output.1) })
        #expect(long.count >= 14, "the help lists the long options: \(long.sorted())")
        #expect(short == ["-n", "-h"], "\(short.sorted())")
        let options = sections["OPTIONS"] ?? ""
        for option in long.union(short).sorted() {
            // An option heads an entry: at the start of its line, or after "-n, ".
            let heads = options.split(separator: "\n").contains { line in
                line.trimmingCharacters(in: .whitespaces).split(separator: " ").prefix(2).contains {
                    $0 == option || $0 == option + ","
                }
            }
            #expect(heads, "OPTIONS has an entry for \(option)")
        }
    }

    @Test func everyCommandOfTheMenuIsDocumented() throws {
        guard let (_, sections) = try rendered() else { return }
        let scratch = Scratch()
        let menu = try runQuiz([], input: "help\nquit\n", environment: scratch.environment())
        #expect(menu.status == 0, "\(menu.stderr)")
        let commands = menu.stdout.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^ *([a-z]+)( [A-Z]+)? {2,}/).map { String($0.output.1) }
        }
        #expect(
            Set(commands) == ["play", "list", "history", "share", "review", "daily", "stats", "help", "quit"],
            "\(menu.stdout)")
        let documented = sections["COMMANDS"] ?? ""
        for command in commands {
            let heads = documented.split(separator: "\n").contains { line in
                line.split(separator: " ").first.map(String.init) == command
            }
            #expect(heads, "COMMANDS has an entry for \(command)")
        }
    }
}
