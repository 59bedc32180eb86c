import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --history` on a terminal with more lines than the screen goes
/// through a pager, as git's output does: `$QUIZ_PAGER`, else `$PAGER`, else
/// `less -FRX` when it is installed. An empty value or `cat` means none;
/// `--no-pager` refuses one; output that is not a terminal never gets one.
/// A command of plain words (`less -R`) is run directly, one with shell
/// syntax (`cat > file; …`) through `/bin/sh -c`, as git does, with
/// `LESS=FRX` unless `LESS` is set; quiz waits for it to end. A pager that
/// cannot be started (not found, not executable, or the shell's 126 and
/// 127) or that fails (any other non-zero exit status) is said in one line,
/// and the caller prints the text itself.
struct Pager {
    let command: String
    let environment: [String: String]

    /// The pager for output of more lines than the screen's `rows`, nil for
    /// none (not a terminal, refused, none chosen).
    static func forTerminal(environment: [String: String], refused: Bool) -> (pager: Pager, rows: Int)? {
        guard !refused, isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        // less on a terminal that says it can do nothing (TERM=dumb or unset)
        // only warns; a pager named outright is still used.
        let term = environment["TERM"] ?? ""
        let less = !term.isEmpty && term != "dumb" && lessInstalled(environment) ? "less -FRX" : nil
        let chosen = environment["QUIZ_PAGER"] ?? environment["PAGER"] ?? less
        guard let chosen, !chosen.trimmingCharacters(in: .whitespaces).isEmpty,
            chosen.trimmingCharacters(in: .whitespaces) != "cat"
        else { return nil }
        return (Pager(command: chosen, environment: environment), Int(size.ws_row))
    }

    static func lessInstalled(_ environment: [String: String]) -> Bool {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
    }

    /// Characters that make a command shell syntax (git's list, less the blanks that split words).
    private static let shellSyntax = Set("|&;<>()$`\\\"'\n*?[#~=%")

    /// The program and its arguments for a command of plain words, found on
    /// `PATH` as a shell would; nil for shell syntax. The program is nil
    /// when it is not there (or not executable).
    private func words() -> (program: String?, arguments: [String])? {
        guard !command.contains(where: Self.shellSyntax.contains) else { return nil }
        let arguments = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = arguments.first else { return nil }
        if name.contains("/") { return (access(name, X_OK) == 0 ? name : nil, arguments) }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let found = path.split(separator: ":", omittingEmptySubsequences: false).map { folder in
            (folder.isEmpty ? "." : String(folder)) + "/" + name
        }.first { candidate in
            var info = stat()
            return stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(candidate, X_OK) == 0
        }
        return (found, arguments)
    }

    /// The line for a pager that could not be started, and why.
    func cannotStart(_ reason: String) -> String {
        "cannot start the pager '\(command)' (\(reason)); printing the history here"
    }

    /// What to say about a pager that ended with the wait status `status`;
    /// nil when it ended well (0) or was ended by a signal (a player's own
    /// doing). The shell's own "not found" (127) and "cannot execute" (126)
    /// mean it never started; any other non-zero status (`QUIZ_PAGER=false`,
    /// a pager that could not open the terminal) means it failed, and the
    /// text may not have been shown: either way it is printed here after.
    func failure(ending status: Int32, throughShell: Bool) -> String? {
        guard status & 0x7f == 0 else { return nil }
        let code = (status >> 8) & 0xff
        guard code != 0 else { return nil }
        if throughShell && (code == 127 || code == 126) {
            return cannotStart("the shell could not run it (status \(code))")
        }
        return "the pager '\(command)' failed (exit status \(code)); printing the history here"
    }

    /// Why a pager could not be started.
    struct StartFailure: Error {
        let reason: String
    }

    /// The pager started, reading from a pipe, or why it could not be.
    func start() -> Result<Running, StartFailure> {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(StartFailure(reason: String(cString: strerror(errno)))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var variables = environment
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        let direct = words()
        if let direct, direct.program == nil {
            close(fds[0])
            close(fds[1])
            return .failure(StartFailure(reason: "\(direct.arguments[0]): command not found"))
        }
        let program = direct?.program ?? "/bin/sh"
        let arguments = direct?.arguments ?? ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // quiz ignores SIGXFSZ (main.swift); the pager gets the default back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            return .failure(StartFailure(reason: "\(arguments[0]): \(String(cString: strerror(spawned)))"))
        }
        // The pager owns the terminal now: Ctrl-C is its (less ignores it),
        // and a pager quit before the end is not an error of ours.
        return .success(
            Running(
                pid: pid, input: fds[1], throughShell: direct == nil, oldPipe: signal(SIGPIPE, SIG_IGN),
                oldInterrupt: signal(SIGINT, SIG_IGN)))
    }

    /// A pager reading what is written to it, until `finish`.
    final class Running {
        let pid: pid_t
        let input: Int32
        /// Run through `/bin/sh -c` (shell syntax), not directly.
        let throughShell: Bool
        let oldPipe: sighandler_t?
        let oldInterrupt: sighandler_t?

        init(pid: pid_t, input: Int32, throughShell: Bool, oldPipe: sighandler_t?, oldInterrupt: sighandler_t?) {
            self.pid = pid
            self.input = input
            self.throughShell = throughShell
            self.oldPipe = oldPipe
            self.oldInterrupt = oldInterrupt
        }

        /// False when the pager has gone (quit before the end).
        func write(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(input, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
        }

        /// Closes the pipe and waits for the pager to end; its wait status.
        @discardableResult
        func finish() -> Int32 {
            close(input)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            signal(SIGPIPE, oldPipe)
            signal(SIGINT, oldInterrupt)
            return status
        }
    }
}
