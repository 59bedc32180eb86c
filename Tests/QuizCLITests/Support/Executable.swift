import Foundation

/// Programs a test makes (a copy of `quiz`, a fake pager) and then runs.
///
/// They are written by a child process (`install`), never through a file
/// descriptor of the test process itself. Tests run in parallel: another
/// test that starts a program forks this process, and a child forked while
/// this process held the new file open for writing keeps it open, so running
/// the file fails with ETXTBSY ("Text file busy"). That race failed CI once
/// (`aBankGainingAQuestionLeavesPastDaysUnchanged`, after `copyItem`).
enum Executable {
    /// Copies the program at `source` to `target`, mode 0755.
    static func copy(_ source: String, to target: String) throws {
        let result = try runProcess("/usr/bin/install", ["-m", "755", source, target], environment: [:])
        guard result.status == 0 else { throw Failure(message: "install \(source) \(target): \(result.stderr)") }
    }

    /// Writes `script` (starting with its `#!` line) to `target`, mode 0755.
    static func write(script: String, to target: String) throws {
        let text = target + ".text"
        try Data(script.utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        try copy(text, to: target)
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
