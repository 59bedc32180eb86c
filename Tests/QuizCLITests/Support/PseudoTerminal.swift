import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `quiz` on a pseudo-terminal, as a person at a terminal would: the
/// child is a session leader whose controlling terminal is the pty, so
/// libedit is active, and keys are sent as the bytes a terminal sends.
final class PseudoTerminal {
    enum Failure: Error, CustomStringConvertible {
        case system(String)
        case timeout(waitingFor: String, screen: String)

        var description: String {
            switch self {
            case .system(let what): "pty: \(what)"
            case .timeout(let text, let screen):
                "timed out waiting for \(text.debugDescription); output so far:\n\(screen)"
            }
        }
    }

    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let left = "\u{1B}[D"
    static let right = "\u{1B}[C"
    static let tab = "\t"
    static let enter = "\r"
    static let backspace = "\u{7F}"
    static let ctrlC = "\u{03}"
    static let ctrlD = "\u{04}"
    static let ctrlR = "\u{12}"

    let master: Int32
    /// Kept open so the terminal's settings can be read before and after.
    let slave: Int32
    let pid: pid_t
    /// The terminal's settings before the program started.
    let initialSettings: termios
    private(set) var output = ""
    private var exitStatus: Int32?

    init(
        arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24,
        launcher: [String] = []
    ) throws {
        var masterFD: Int32 = -1
        var slaveFD: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterFD, &slaveFD, nil, nil, &size) == 0 else { throw Failure.system("openpty failed") }
        master = masterFD
        slave = slaveFD
        // Tests run in parallel: no other child may inherit this terminal.
        _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slaveFD, F_SETFD, FD_CLOEXEC)
        var initial = termios()
        tcgetattr(slaveFD, &initial)
        initialSettings = initial
        // ttyname_r, not ttyname: tests run in parallel and ttyname shares one buffer.
        var nameBuffer = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slaveFD, &nameBuffer, nameBuffer.count) == 0 else { throw Failure.system("ttyname_r failed") }
        let name = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, masterFD)
        // Opened after setsid, this makes the pty the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, slaveFD)
        var child: pid_t = 0
        // Opened after setsid, the pty becomes the child's controlling terminal.
        let result = spawnQuiz(
            arguments, environment: environment, actions: &actions, newSession: true, pid: &child, launcher: launcher)
        guard result == 0 else { throw Failure.system("posix_spawn: \(String(cString: strerror(result)))") }
        pid = child
        let flags = fcntl(masterFD, F_GETFL)
        _ = fcntl(masterFD, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        close(slave)
    }

    /// Waits until the program is reading keys (libedit has turned canonical
    /// mode off). A key typed earlier is handled by the terminal's line
    /// discipline instead (Ctrl-D there becomes a NUL byte), as it would be for
    /// a person typing ahead; tests type as a person who waits for the prompt.
    func waitUntilReading(timeout: TimeInterval = 5) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var settings = termios()
            if tcgetattr(slave, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0 { return }
            usleep(5_000)
        }
    }

    /// Types `text` as keys, once the program is reading them (`cooked`: a
    /// program reading whole lines, which never leaves canonical mode).
    func send(_ text: String, cooked: Bool = false) {
        if !cooked { waitUntilReading() }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else { usleep(1000) }
        }
    }

    /// Types each key separately, with a pause, as a person would.
    func type(_ keys: String...) {
        for key in keys {
            send(key)
            usleep(30_000)
        }
    }

    /// Reads whatever the program has printed so far.
    @discardableResult
    func drain() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var chunk = [UInt8]()
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            chunk += buffer[0..<count]
        }
        let text = String(decoding: chunk, as: UTF8.self)
        output += text
        return text
    }

    /// Waits until the output after `mark` contains `text`; returns the index
    /// just past it, to search on from there without missing fast output.
    @discardableResult
    func wait(for text: String, after mark: String.Index? = nil, timeout: TimeInterval = 15) throws -> String.Index {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            let searched = mark.map { output[$0...] } ?? output[...]
            if let range = searched.range(of: text) { return range.upperBound }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 50)
        }
        throw Failure.timeout(waitingFor: text, screen: Self.plain(output))
    }

    /// The end of what has been printed so far.
    var mark: String.Index {
        drain()
        return output.endIndex
    }

    /// Waits for the program to end; returns its exit status, or 128+signal.
    func waitForExit(timeout: TimeInterval = 15) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        var lastResult: Int32 = 0
        var lastError: Int32 = 0
        while Date() < deadline {
            drain()
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            lastResult = result
            lastError = errno
            if result == pid {
                drain()
                let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                exitStatus = code
                return code
            }
            usleep(20_000)
        }
        throw Failure.timeout(
            waitingFor: "exit (waitpid \(lastResult), errno \(lastError))", screen: Self.plain(output))
    }

    /// Changes the window's size, as a terminal emulator does (the kernel
    /// sends SIGWINCH to the program).
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's current settings (what the program leaves behind).
    func settings() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Output with escape sequences and carriage returns removed, for assertions.
    static func plain(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
                }
                continue
            }
            if scalar == "\r" || scalar == "\u{07}" { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

/// Whether two terminal settings are the same in every field a program may change.
func sameSettings(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && memcmp(&a.c_cc, &b.c_cc, MemoryLayout.size(ofValue: a.c_cc)) == 0
}
