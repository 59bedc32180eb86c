import Foundation
import Testing

/// libedit is opened with dlopen when quiz first reads a terminal. On a
/// machine where it cannot be (here: hidden behind an empty file in a mount
/// namespace of the test's own), quiz says so in one line and reads plain
/// lines after a printed prompt: the game is still played and recorded.
@Suite struct WithoutLibeditTests {
    /// Hides every libedit.so.2 behind /dev/null, then runs quiz ("$0").
    static let launcher = [
        "/usr/bin/unshare", "-m", "/bin/sh", "-c",
        "for f in /usr/lib/*/libedit.so.2* /lib/*/libedit.so.2* /usr/lib/*/libedit.so /lib/*/libedit.so; do "
            + "[ -e \"$f\" ] && { mount --bind /dev/null \"$f\" || exit 97; }; done; exec \"$0\" \"$@\"",
    ]

    /// A mount namespace takes root (or user namespaces); without one the test is skipped.
    static let canHide: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "/bin/sh", "-c", "mount --bind /dev/null /dev/null"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test(.enabled(if: canHide, "needs unshare -m and mount (root): cannot hide libedit here"))
    func aTerminalWithoutLibeditReadsPlainLinesAndSaysSo() throws {
        let scratch = Scratch()
        let terminal = try PseudoTerminal(
            arguments: ["--questions", QuizBinary.fixture("mini.json"), "--seed", "3"],
            environment: scratch.environment(["TERM": "xterm"]), launcher: Self.launcher)
        let said = try terminal.wait(for: "no line editing, plain lines are read")
        #expect(terminal.output.contains("quiz: libedit could not be loaded"))
        var position = try terminal.wait(for: "quiz> ", after: said)
        terminal.send("mini" + PseudoTerminal.enter, cooked: true)
        for number in 1...3 {
            position = try terminal.wait(for: "mini \(number)/3> ", after: position)
            terminal.send(":skip" + PseudoTerminal.enter, cooked: true)
        }
        try terminal.wait(for: "right (", after: position)
        terminal.send("quit" + PseudoTerminal.enter, cooked: true)
        #expect(try terminal.waitForExit() == 0)
        #expect(
            try runQuiz(["--history", "--format", "csv"], environment: scratch.environment()).stdout.contains("mini"))
    }
}
