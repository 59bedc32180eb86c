import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP server on 127.0.0.1 (`Fixtures/bank_server.py`) serving the
/// files of a folder, for the tests of `--questions URL`. What it answers can
/// be changed between runs of quiz; `stop()` (also run by `deinit`) kills it.
final class BankServer {
    /// How the server answers every request from now on.
    enum Behaviour: String {
        case ok, serverError = "500"
        /// Accepts the request and says nothing.
        case hang
        /// A 200 whose bank never ends, sent as fast as it is read.
        case endless
        /// A 200 that announces a 16 GiB body, then sends as `endless` does.
        case huge
        /// A 200 with the file, one byte every half second.
        case trickle
    }

    enum Failure: Error, CustomStringConvertible {
        case noPort(String)
        var description: String {
            switch self {
            case .noPort(let output): "the bank server printed no port; it said: \(output.debugDescription)"
            }
        }
    }

    /// `python3` on this machine, or nil (the tests that need it are then skipped).
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return folders.map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The folder whose files are served.
    let folder: String
    let port: Int
    private let process = Process()
    private var stopped = false

    /// Starts a server for `folder` (created if missing) and waits, at most
    /// ten seconds, for it to print its port.
    init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: Self.python ?? "/usr/bin/python3")
        process.arguments = [QuizBinary.fixture("bank_server.py"), folder, "120", "30"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let fd = output.fileHandleForReading.fileDescriptor
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n") && Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            port = 0
            stop()
            throw Failure.noPort(text)
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The URL of `path` (which may carry a query) on this server.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    /// Puts `bytes` at `name` in the served folder.
    func serve(_ bytes: Data, as name: String) throws {
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    func behave(_ behaviour: Behaviour) throws {
        try behaviour.rawValue.write(toFile: folder + "/.behaviour", atomically: true, encoding: .utf8)
    }

    /// The request targets received so far, oldest first.
    var requests: [String] {
        let text = (try? String(contentsOfFile: folder + "/.requests", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Ends the server: SIGTERM, then SIGKILL if it is still there after five seconds.
    func stop() {
        guard !stopped else { return }
        stopped = true
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

extension Scratch {
    /// `XDG_CACHE_HOME` for the tests of downloaded banks.
    var cacheHome: String { path + "/cache" }
    /// Where quiz keeps downloaded banks with that environment.
    var bankCache: String { cacheHome + "/quiz" }

    /// `environment(_:)` with `XDG_CACHE_HOME` inside this scratch folder too.
    func networkEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        environment(["XDG_CACHE_HOME": cacheHome].merging(extra) { $1 })
    }

    /// The names of the downloaded banks in the bank cache, sorted (not
    /// `parsed/`, the folder of parsed copies of the bank files read).
    func cachedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: bankCache)) ?? []).filter { $0 != "parsed" }.sorted()
    }
}
