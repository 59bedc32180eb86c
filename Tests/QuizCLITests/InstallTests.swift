import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary prefix, with the
/// debug binary this test run built (`QUIZ_BIN`), and the installed `quiz`
/// used from a folder outside the checkout.
@Suite struct InstallTests {
    static let banks = [
        "animals", "computing", "elements", "human-body", "inventions", "literature", "mathematics", "oceans",
        "solar-system", "world-capitals", "world-geography", "world-history",
    ]

    /// Every file install puts under a prefix, with its mode.
    static let installed: [(path: String, mode: Int)] =
        [
            ("bin/quiz", 0o755),
            ("libexec/quiz/quiz-fetch", 0o755),
            ("share/quiz/Questions/bank.schema.json", 0o644),
            ("share/man/man1/quiz.1", 0o644),
            ("share/bash-completion/completions/quiz", 0o644),
            ("share/zsh/site-functions/_quiz", 0o644),
            ("share/fish/vendor_completions.d/quiz.fish", 0o644),
        ] + banks.map { ("share/quiz/Questions/\($0).json", 0o644) }

    func make(_ arguments: [String]) throws -> RunResult {
        let make = try #require(Tool.find("make"), "make is not installed")
        // An outer `make test` must not hand its jobserver to this make.
        let result = try Tool.run(make, arguments, environment: ["MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": ""])
        #expect(result.status == 0, "make \(arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
        return result
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func installsFindsItsBanksPlaysAndUninstalls() throws {
        let scratch = Scratch()
        let prefix = scratch.path + "/usr"
        _ = try make(["install", "PREFIX=\(prefix)", "DESTDIR=", "QUIZ_BIN=\(QuizBinary.path)"])
        for file in Self.installed {
            let path = prefix + "/" + file.path
            #expect(FileManager.default.fileExists(atPath: path), "installed \(file.path)")
            #expect(try mode(path) == file.mode, "mode of \(file.path)")
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: prefix + "/bin/quiz"))
                == Data(contentsOf: URL(fileURLWithPath: QuizBinary.path)), "QUIZ_BIN is the binary installed")

        // From a folder outside the checkout, the installed binary finds the installed banks.
        let elsewhere = scratch.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let quiz = prefix + "/bin/quiz"
        let list = try Tool.run(quiz, ["--list"], in: elsewhere, environment: scratch.environment())
        #expect(list.status == 0, "\(list.stderr)")
        let listed = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed == Self.banks, "\(list.stdout)")
        #expect(list.stderr.isEmpty, "the schema is not taken for a bank: \(list.stderr)")

        let dataDir = scratch.path + "/data"
        let game = try Tool.run(
            quiz, ["world-capitals", "-n", "1", "--data-dir", dataDir], in: elsewhere,
            environment: scratch.environment(), input: "skip\n")
        #expect(game.status == 0, "\(game.stderr)")
        #expect(game.stdout.contains("World Capitals: 0/1 right"), "\(game.stdout)")
        #expect(FileManager.default.fileExists(atPath: dataDir + "/history.archive"))

        _ = try make(["uninstall", "PREFIX=\(prefix)"])
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file.path), "removed \(file.path)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/quiz"), "share/quiz removed once empty")
        #expect(FileManager.default.fileExists(atPath: prefix + "/bin"), "shared folders stay")
    }

    @Test func destdirStagesUnderItsPrefix() throws {
        let scratch = Scratch()
        let stage = scratch.path + "/stage"
        _ = try make(["install", "DESTDIR=\(stage)", "PREFIX=/opt/quiz", "QUIZ_BIN=\(QuizBinary.path)"])
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: stage + "/opt/quiz/" + file.path), "staged \(file.path)")
        }
        // A bank of the user's own in share/quiz/Questions survives uninstall.
        let own = stage + "/opt/quiz/share/quiz/Questions/my-own.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: own))
        _ = try make(["uninstall", "DESTDIR=\(stage)", "PREFIX=/opt/quiz"])
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: stage + "/opt/quiz/" + file.path), "removed \(file.path)")
        }
        #expect(FileManager.default.fileExists(atPath: own), "uninstall removes only what install put there")
    }
}
