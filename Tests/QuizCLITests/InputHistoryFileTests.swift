import Foundation
import Testing

/// The input history file (`~/.local/state/quiz/input_history`) as the
/// outside world leaves it: a FIFO in its place hangs nothing; a huge sparse
/// file is read by its tail and cut back after the next command; a line that
/// is not UTF-8 does not lose the others.
@Suite struct InputHistoryFileTests {
    let bank = QuizBinary.fixture("mini.json")

    func historyFile(_ scratch: Scratch) throws -> String {
        let folder = scratch.path + "/.local/state/quiz"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/input_history"
    }

    func start(_ scratch: Scratch) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: ["--questions", bank], environment: scratch.environment(["TERM": "xterm"]))
    }

    /// Starts the menu, types `list`, leaves with Ctrl-D: exit 0 within seconds.
    func listAndLeave(_ scratch: Scratch) throws {
        let terminal = try start(scratch)
        let position = try terminal.wait(for: "quiz> ")
        terminal.send("list" + PseudoTerminal.enter)
        try terminal.wait(for: "quiz> ", after: position, timeout: 5)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit(timeout: 5) == 0)
    }

    @Test func aFIFOInItsPlaceHangsNothing() throws {
        let scratch = Scratch()
        let file = try historyFile(scratch)
        #expect(mkfifo(file, 0o600) == 0)
        try listAndLeave(scratch)
    }

    @Test func aHugeSparseFileIsReadByItsTailAndCutBack() throws {
        let scratch = Scratch()
        let file = try historyFile(scratch)
        // 300 MB of hole, then a line that is not UTF-8 and a command to recall.
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 300 << 20)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x0A, 0x66, 0xFF, 0x6F, 0x0A]) + Data("help\n".utf8))
        try handle.close()
        let started = Date()
        let terminal = try start(scratch)
        let prompt = try terminal.wait(for: "quiz> ")
        #expect(Date().timeIntervalSince(started) < 5, "the tail only is read")
        terminal.type(PseudoTerminal.up, PseudoTerminal.enter)
        try terminal.wait(for: "show this help", after: prompt)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? -1
        #expect(size >= 0 && size < 1 << 20, "cut back after the command: \(size) bytes")
    }

    /// A last line without a line break (edited by hand): the next command
    /// goes on a line of its own, and both are recalled.
    @Test func aLastLineWithoutABreakIsNotJoined() throws {
        let scratch = Scratch()
        let file = try historyFile(scratch)
        try Data("help".utf8).write(to: URL(fileURLWithPath: file))
        try listAndLeave(scratch)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "help\nlist\n")
    }
}
