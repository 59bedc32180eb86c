import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `quiz --list`, in-process: `ListCommand` with options from the real
/// parser. On a terminal (its wrapping) it stays with the binary
/// (`LayoutAndWrappingTests`).
@Suite struct ListCommandTests {
    static let fixtures = MiniBank.path.replacingOccurrences(of: "/mini.json", with: "")
    static let openTrivia = fixtures + "/opentdb-small.json"
    static let broken = fixtures + "/broken.json"

    static func list(_ arguments: [String], in home: CommandHome, output: RecordedOutput = RecordedOutput())
        -> CommandRun
    {
        home.run(arguments + ["--list"], output: output) { (context) throws(CommandFailure) in
            try ListCommand.run(context)
        }
    }

    // Moved from CommandLineTests (through the binary).
    @Test func listShowsCounts() throws {
        let list = Self.list(["--questions", MiniBank.path], in: try CommandHome())
        #expect(list.status == .success)
        #expect(list.stdout.contains("mini"))
        #expect(list.stdout.contains("3 questions  Mini Test Quiz"))
        #expect(list.stderr.isEmpty, "\(list.stderr)")
    }

    // Moved from CommandLineTests (through the binary).
    @Test func aMissingBankFileExits66() throws {
        let result = Self.list(["--questions", "/nonexistent/bank.json"], in: try CommandHome())
        #expect(result.status.rawValue == 66)
        #expect(result.stderr.contains("/nonexistent/bank.json"))
        #expect(result.stdout.isEmpty)
    }

    // Moved from CommandLineTests (the listing half; playing the bad bank stays there).
    @Test func aBadBankInAFolderIsSkippedAndSaid() throws {
        let home = try CommandHome()
        let folder = home.folder.file("banks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: MiniBank.path, toPath: folder + "/mini.json")
        try FileManager.default.copyItem(atPath: Self.broken, toPath: folder + "/broken.json")
        let list = Self.list(["--questions", folder], in: home)
        #expect(list.status == .success)
        #expect(list.stdout.contains("mini"))
        #expect(list.stderr.contains("skipped " + folder + "/broken.json"))
    }

    // Moved from CategoryOptionTests (through the binary).
    @Test func listShowsTheCategoriesOfABankWithSeveral() throws {
        let result = Self.list(["--questions", Self.openTrivia, "--questions", MiniBank.path], in: try CommandHome())
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("opentdb-small ") })
        #expect(lines[index + 1] == "  categories: History (3), Science & Nature (3)")
        let miniIndex = try #require(lines.firstIndex { $0.hasPrefix("mini ") })
        #expect(!lines[miniIndex + 1].hasPrefix("  categories:"), "mini has no categories")
    }

    // Moved from PlainErrorMessagesTests (through the binary).
    @Test func aPortOutOfRangeIsAUsageError() throws {
        let home = try CommandHome()
        let url = "http://127.0.0.1:99999/bank.json"
        let result = Self.list(["--questions", url], in: home)
        #expect(result.status == .usage, "\(result.stderr)")
        #expect(result.stderr.contains("quiz: --questions \(url): port 99999 is not between 1 and 65535"))
        let noHost = Self.list(["--questions", "http://:80/bank.json"], in: home)
        #expect(noHost.status == .usage)
        #expect(noHost.stderr.contains("no host name"))
        for leak in ["NSCocoaErrorDomain", "NSURLErrorDomain", "The operation could not be completed", "error 256"] {
            #expect(!(result.stderr + noHost.stderr).contains(leak))
        }
    }

    /// A title longer than the terminal wraps under itself; in a pipe it is one line.
    @Test func aLongTitleWrapsUnderItselfOnATerminalOnly() throws {
        let home = try CommandHome()
        let bank = home.folder.file("long.json")
        let title = Array(repeating: "Rivers", count: 12).joined(separator: " ")
        try #"{"title": "\#(title)", "questions": [{"prompt": "Yes?", "answer": true}]}"#.write(
            toFile: bank, atomically: true, encoding: .utf8)
        let piped = Self.list(["--questions", bank], in: home)
        let line = try #require(piped.stdout.split(separator: "\n").first { $0.hasPrefix("long ") })
        #expect(line.hasSuffix(title), "\(piped.stdout)")
        #expect(line.contains(" 1 question   "), "one question, aligned with the plural")
        let narrow = Self.list(["--questions", bank], in: home, output: RecordedOutput(width: 40, wrapWidth: 40))
        let lines = narrow.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("long ") })
        #expect(DisplayWidth.of(lines[first]) <= 40, "\(narrow.stdout)")
        // The rest of the title on the next lines, indented.
        #expect(lines[first + 1].hasPrefix("  "), "\(narrow.stdout)")
        #expect(lines[first + 1].trimmingCharacters(in: .whitespaces).hasPrefix("Rivers"), "\(narrow.stdout)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 || !$0.contains("Rivers") }, "\(narrow.stdout)")
    }
}
