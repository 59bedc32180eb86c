import Foundation

/// Another program the tests need (python3, groff, bash, make), found on the
/// test's own PATH and run with pipes, so a test checks what a user's shell would.
enum Tool {
    /// The full path of `name` on PATH, or nil when it is not installed.
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments` in `directory` (the checkout unless
    /// given), with the test's environment plus `environment`.
    static func run(
        _ executable: String, _ arguments: [String], in directory: String = QuizBinary.repositoryRoot,
        environment: [String: String] = [:], input: String = ""
    ) throws -> RunResult {
        try runProcess(
            executable, arguments, in: directory,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, input: input)
    }
}
