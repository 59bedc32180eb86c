import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where the player's `Configuration` lives, and reading it:
/// `$XDG_CONFIG_HOME/quiz/config` when `XDG_CONFIG_HOME` is an absolute path,
/// else `~/.config/quiz/config`. No file is no problem: every default holds.
/// A file that cannot be read (a folder, a FIFO, no permission, over 64 KiB)
/// is one `Problem`, and every default holds.
public enum ConfigurationFile {
    /// A configuration is a few lines; anything much larger is not one.
    public static let maximumSize = 64 * 1024

    public static func path(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/quiz/config" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/quiz/config"
    }

    /// The configuration in effect and what was wrong with the file, if anything.
    public static func load(environment: [String: String]) -> (
        configuration: Configuration, problems: [Configuration.Problem]
    ) {
        let path = path(environment: environment)
        switch contents(path: path) {
        case .success(nil): return (Configuration(), [])
        case .success(let data?): return Configuration.parse(data, path: path)
        case .failure(let problem): return (Configuration(), [problem])
        }
    }

    /// The file's bytes; nil when there is no file. Never blocks: a FIFO or a
    /// device in its place is refused, not read.
    static func contents(path: String) -> Result<Data?, Configuration.Problem> {
        func problem(_ message: String) -> Result<Data?, Configuration.Problem> {
            .failure(Configuration.Problem(path: path, line: nil, message: message + "; using the defaults"))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let error = errno
            if error == ENOENT { return .success(nil) }
            return problem("cannot read: \(SystemReason.of(error))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return problem("cannot read: \(SystemReason.current)") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return problem(info.st_mode & S_IFMT == S_IFDIR ? "is a folder, not a file" : "is not a regular file")
        }
        guard info.st_size <= maximumSize else {
            return problem("is \(info.st_size) bytes, larger than a configuration can be (\(maximumSize / 1024) KiB)")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return problem("cannot read: \(SystemReason.current)")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= maximumSize else {
            return problem("is larger than a configuration can be (\(maximumSize / 1024) KiB)")
        }
        return .success(data)
    }
}
