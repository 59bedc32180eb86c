import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz` started with pipes and a clean signal state (default actions,
/// nothing blocked), so a test can send it a signal mid-game and read the exit
/// status a shell would report. Foundation's `Process` passes on the runner's
/// blocked signals, which would hide exactly what these tests check.
final class SpawnedQuiz {
    let pid: pid_t
    private var input: Int32
    private let outputRead: Int32
    private(set) var output = ""
    private var status: Int32?
    /// Where the child's standard error goes, shown when a wait times out.
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-stderr-\(UUID().uuidString)")
        .path

    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    init(_ arguments: [String], environment: [String: String]) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw PseudoTerminal.Failure.system("pipe failed") }
        // Tests run in parallel: no other child may inherit these pipes.
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var child: pid_t = 0
        let result = spawnQuiz(arguments, environment: environment, actions: &actions, newSession: false, pid: &child)
        close(toChild[0])
        close(fromChild[1])
        guard result == 0 else { throw PseudoTerminal.Failure.system("posix_spawn: \(result)") }
        pid = child
        input = toChild[1]
        outputRead = fromChild[0]
        _ = fcntl(outputRead, F_SETFL, fcntl(outputRead, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        closeInput()
        close(outputRead)
        unlink(errorPath)
    }

    func write(_ text: String) {
        guard input >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
    }

    /// Closes standard input (end of file for the game); once only, since a
    /// second close could hit a descriptor another test has opened since.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(outputRead, &buffer, buffer.count)
            if count <= 0 { break }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Waits until the output contains `text`.
    func wait(for text: String, timeout: TimeInterval = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            if output.contains(text) { return }
            usleep(5_000)
        }
        throw PseudoTerminal.Failure.timeout(waitingFor: text, screen: output + "\n[stderr] " + errors)
    }

    /// The exit status as a shell reports it: the code, or 128 + the signal.
    func waitForExit(timeout: TimeInterval = 15) throws -> Int32 {
        if let status { return status }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                drain()
                let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                status = code
                return code
            }
            usleep(5_000)
        }
        throw PseudoTerminal.Failure.timeout(waitingFor: "exit", screen: output)
    }
}

/// Starts the built `quiz` with `actions` on its descriptors and a clean
/// signal state (default actions, nothing blocked), in a session of its own
/// when `newSession`; posix_spawn's result.
func spawnQuiz(
    _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t,
    newSession: Bool, pid: inout pid_t, launcher: [String] = []
) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID is 0x80 in glibc; Swift does not import it (it is behind _GNU_SOURCE).
    let setsid: Int32 = newSession ? 0x80 : 0
    posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    // A launcher (a program and its arguments) runs quiz as its last word.
    let argv = (launcher + [QuizBinary.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    return posix_spawn(&pid, launcher.first ?? QuizBinary.path, &actions, &attributes, argv, envp)
}
