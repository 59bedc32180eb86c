import Foundation

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// A command's words kept to compare, as a pipe would get them: no terminal,
/// 80 columns unless told, drawings in Unicode unless told.
final class RecordedOutput: CommandOutput {
    private(set) var stdout = ""
    private(set) var stderr = ""
    let width: Int
    /// Unwrapped, as in a pipe, unless told.
    let wrapWidth: Int?
    let ascii: Bool
    let isTerminal = false

    init(width: Int = 80, wrapWidth: Int? = nil, ascii: Bool = false) {
        self.width = width
        self.wrapWidth = wrapWidth
        self.ascii = ascii
    }

    func out(_ text: String) { stdout += text + "\n" }
    func write(_ text: String) { stdout += text }
    func err(_ text: String) { stderr += "quiz: " + text + "\n" }
}

/// What a command did: its standard output, standard error and exit status.
struct CommandRun {
    var stdout: String
    var stderr: String
    var status: ExitStatus
}

/// A data folder and the environment of a player whose every folder is in it.
struct CommandHome {
    let folder: TemporaryFolder
    var now: String?

    init(_ label: String = #function, now: String? = nil) throws {
        folder = try TemporaryFolder(label)
        self.now = now
    }

    var dataDir: String { folder.file("data") }

    var environment: [String: String] {
        var environment = [
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CACHE_HOME": folder.file("cache"), "XDG_DATA_HOME": folder.file("share"),
            "TMPDIR": folder.file("tmp"), "QUIZ_DATA_DIR": dataDir,
        ]
        environment["QUIZ_NOW"] = now
        return environment
    }

    /// Records `sessions`, in order, as games finished are.
    func record(_ sessions: [Session]) throws {
        let store = HistoryStore(folder: dataDir)
        for session in sessions { _ = try store.record(session) }
    }

    /// Parses `arguments` with the real parser and runs `command` with them
    /// in this home (its data folder named by `QUIZ_DATA_DIR`), saying a failure as `main` does: its line, its hint,
    /// its status.
    func run(
        _ arguments: [String], output: RecordedOutput = RecordedOutput(),
        _ command: (CommandContext) throws(CommandFailure) -> ExitStatus
    ) -> CommandRun {
        var status: ExitStatus
        do {
            let options = try Options.parse(arguments)
            let (configuration, problems) = CommandContext.configuration(options: options, environment: environment)
            for problem in problems { output.err(problem.description) }
            let context = CommandContext(
                options: options, environment: environment, configuration: configuration, output: output,
                fetch: { _, _, _ in .failure(.other("no downloads in tests")) })
            status = try command(context)
        } catch {
            output.err(error.message + (error.hint.map { "\n" + $0 } ?? ""))
            status = error.status
        }
        return CommandRun(stdout: output.stdout, stderr: output.stderr, status: status)
    }
}

extension CommandHome {
    /// Writes `sessions` as the whole archive of this home's data folder.
    func writeArchive(_ sessions: [Session]) throws {
        try FileManager.default.createDirectory(
            atPath: dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = dataDir + "/history.archive"
        try KeyedArchive.data(for: sessions).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
    }

    /// `count` finished games of the mini quiz, an hour apart, with seeds
    /// from 1,000,000 and scores 0–3 (`pastSessions` of the end-to-end tests).
    static func pastSessions(_ count: Int) -> [Session] {
        (0..<count).map { index in
            Session(
                date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600), score: index % 4, total: 3,
                quiz: "mini", title: "Mini Test Quiz", duration: 12.5, seed: 1_000_000 + Int64(index))
        }
    }
}

/// The mini bank of the end-to-end tests.
enum MiniBank {
    static let path = Repository.testsFolder.deletingLastPathComponent()
        .appendingPathComponent("QuizCLITests/Fixtures/mini.json").path
}
