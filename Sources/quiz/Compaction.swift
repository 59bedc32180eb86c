import Foundation
import QuizCore
import QuizKit
import QuizStore

/// Folds the journal into the archive off the player's path: a detached
/// `quiz --compact-history` in a session of its own, with no terminal, which
/// the player never waits for. The store's lock keeps it safe beside games
/// recorded meanwhile.
enum Compaction {
    static func startInBackground(folder: String) {
        guard let executable = ExecutablePath.current else {
            return
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (0x80 in glibc) is not imported by Swift.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        let arguments = [executable, "--compact-history", "--data-dir", folder]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        _ = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    }
}
