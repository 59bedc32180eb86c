import Foundation
import Testing

/// The shell completions in `completions/`: bash driven for real, zsh and fish
/// checked where they are installed (`make test` does not install them).
@Suite struct CompletionTests {
    let root = QuizBinary.repositoryRoot
    /// PATH with the built `quiz` first, as an installed one would be.
    let path = (QuizBinary.path as NSString).deletingLastPathComponent + ":/usr/bin:/bin"

    /// What `_quiz` offers for the words typed so far (the last is the one being completed).
    func bashCompletes(_ words: [String], in directory: String? = nil) throws -> [String] {
        let bash = try #require(Tool.find("bash"), "bash is not installed")
        let script = """
            source "$1/completions/quiz.bash"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _quiz
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Tool.run(
            bash, ["-c", script, "bash", root] + words, in: directory ?? root, environment: ["PATH": path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Every option the manual's OPTIONS section heads an entry with (the
    /// first long spelling of each, so not `--no-colour`, and the short
    /// ones): `--help` shows only the key options, the manual all of them.
    func manualOptions() throws -> Set<String> {
        let manual = try String(contentsOfFile: root + "/man/quiz.1", encoding: .utf8)
        let start = try #require(manual.range(of: ".SH OPTIONS\n"))
        let end = try #require(manual.range(of: "\n.SH ", range: start.upperBound..<manual.endIndex))
        let lines = manual[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        var options = Set<String>()
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let head = lines[index + 1].replacingOccurrences(of: "\\-", with: "-")
            let words = head.split { !($0.isLetter || $0 == "-") }.map(String.init)
            if let long = words.first(where: { $0.hasPrefix("--") }) { options.insert(long) }
            options.formUnion(words.filter { $0.count == 2 && $0.hasPrefix("-") && $0.last!.isLetter })
        }
        return options
    }

    /// Every option `quiz --help` prints, long and short: the key ones, each in the manual.
    @Test func theHelpsOptionsAreTheManualsKeyOnes() throws {
        let help = try runQuiz(["--help"], environment: Scratch().environment())
        let long = help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }
        let short = help.stdout.matches(of: /\s(-[a-zA-Z])[,\s]/).map { String($0.output.1) }
        let manual = try manualOptions()
        #expect(manual.count >= 28, "\(manual.sorted())")
        #expect(Set(long + short).isSubset(of: manual), "\(Set(long + short).subtracting(manual))")
    }

    @Test func bashCompletesAnOption() throws {
        #expect(try bashCompletes(["quiz", "--for"]) == ["--format"])
        #expect(try bashCompletes(["quiz", "--no-c"]) == ["--no-color"])
        #expect(try bashCompletes(["quiz", "--no"]) == ["--no-color", "--no-pager", "--no-reviews"])
    }

    @Test func bashOffersEveryOptionOfTheManual() throws {
        let offered = Set(try bashCompletes(["quiz", "-"]))
        #expect(offered == (try manualOptions()))
    }

    @Test func bashCompletesQuizNamesFromQuizList() throws {
        #expect(try bashCompletes(["quiz", "world-c"]) == ["world-capitals"])
        #expect(
            try bashCompletes(["quiz", "--history", "--quiz", "world-"]) == [
                "world-capitals", "world-geography", "world-history",
            ])
        #expect(try bashCompletes(["quiz", "--quiz", "=", "el"]) == ["elements"])
        // Banks named by --questions count too.
        let mini = QuizBinary.fixture("mini.json")
        #expect(try bashCompletes(["quiz", "--questions", mini, "mi"]) == ["mini"])
        #expect(try bashCompletes(["quiz", "mi"]) == [])
    }

    @Test func bashCompletesFormats() throws {
        #expect(
            try bashCompletes(["quiz", "--history", "--format", ""]) == ["table", "markdown", "csv", "json", "reviews"])
        #expect(try bashCompletes(["quiz", "--history", "--format", "=", "c"]) == ["csv"])
    }

    @Test func bashCompletesFileNamesWhereAFileIsExpected() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/banks", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: scratch.path + "/bank-one.json"))
        #expect(
            try bashCompletes(["quiz", "--validate", "ban"], in: scratch.path).sorted() == ["bank-one.json", "banks"])
        #expect(try bashCompletes(["quiz", "--questions", "bank-"], in: scratch.path) == ["bank-one.json"])
        #expect(try bashCompletes(["quiz", "--data-dir", "ban"], in: scratch.path) == ["banks"])
        #expect(try bashCompletes(["quiz", "./bank-"], in: scratch.path) == ["./bank-one.json"])
        #expect(try bashCompletes(["quiz", "--count", ""], in: scratch.path) == [])
    }

    @Test(.enabled(if: Tool.find("zsh") != nil, "zsh is not installed: the zsh completion is not checked"))
    func zshCompletionParsesAndNamesEveryOption() throws {
        let zsh = try #require(Tool.find("zsh"))
        let result = try Tool.run(zsh, ["-n", root + "/completions/_quiz"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let text = try String(contentsOfFile: root + "/completions/_quiz", encoding: .utf8)
        #expect(text.hasPrefix("#compdef quiz\n"))
        for option in try manualOptions() {
            // An option in an _arguments spec: '--list[...', '--format=[...', {-n+,--count=}, {-h,--help}.
            let specified = ["[", "=[", "=}", "+,", ",", "}"].contains { text.contains(option + $0) }
            #expect(specified, "_quiz offers \(option)")
        }
        #expect(text.contains("_values format table markdown csv json reviews"))
        #expect(text.contains("_values format table json html"))
        #expect(text.contains("_values format svg"))
        #expect(text.contains("quiz --list"))
    }

    @Test(.enabled(if: Tool.find("fish") != nil, "fish is not installed: the fish completion is not checked"))
    func fishCompletionParsesAndCompletes() throws {
        let fish = try #require(Tool.find("fish"))
        let file = root + "/completions/quiz.fish"
        let home = Scratch()
        let syntax = try Tool.run(fish, ["--no-execute", file])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        func completes(_ line: String) throws -> [String] {
            let result = try Tool.run(
                fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", file, line],
                environment: ["PATH": path, "HOME": home.path])
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try completes("quiz world-c") == ["world-capitals"])
        #expect(try completes("quiz --history --quiz sol") == ["solar-system"])
        #expect(try completes("quiz --history --format ").sorted() == ["csv", "json", "markdown", "reviews", "table"])
        #expect(try completes("quiz --stats --format ").sorted() == ["html", "json", "table"])
        #expect(try completes("quiz --share --format ").sorted() == ["svg"])
        #expect(Set(try completes("quiz -")) == (try manualOptions()))
    }
}
