import Foundation

/// The built `quiz` binary and a scratch folder per test, so tests drive the
/// program exactly as a user does and never touch the user's own history.
struct QuizBinary {
    /// `.build/<triple>/debug/quiz`, beside the test bundle that is running.
    static let path: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var folder = (exe as NSString).deletingLastPathComponent
        while !folder.isEmpty && folder != "/" {
            let candidate = (folder as NSString).appendingPathComponent("quiz")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return (repositoryRoot as NSString).appendingPathComponent(".build/debug/quiz")
    }()

    static let repositoryRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
    }
}

/// A temporary folder removed when the test is done with it.
final class Scratch {
    let path: String

    init() {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("quiz-test-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var dataDir: String { path + "/data" }
    var archive: String { dataDir + "/history.archive" }

    /// An environment with HOME and the data folder inside this scratch folder.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": path, "PATH": "/usr/bin:/bin", "QUIZ_DATA_DIR": dataDir, "LANG": "C.UTF-8", "TZ": "UTC",
        ]
        environment.merge(extra) { $1 }
        return environment
    }
}

/// What a finished run printed and how it ended.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `quiz` with standard input from `input` (a pipe, so no terminal).
func runQuiz(_ arguments: [String], input: String = "", environment: [String: String]) throws -> RunResult {
    try runProcess(QuizBinary.path, arguments, environment: environment, input: input)
}

/// Runs a program with pipes on its three streams and exactly `environment`,
/// and waits for it; both outputs are read to the end before waiting, so a
/// full pipe cannot stall the child.
func runProcess(
    _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String],
    input: String = ""
) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        errData = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}
