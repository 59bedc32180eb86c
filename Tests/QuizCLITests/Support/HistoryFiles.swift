import Foundation
import QuizCore
import Testing

@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// A program started in the background with standard input read from a file
/// and its output written to files, so that many can run at once with no
/// pipe to drain, and every wait is bounded.
final class BackgroundProcess {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    /// Starts `executable` (the built `quiz` unless given); `outputPrefix` names
    /// the files `<prefix>.out` and `<prefix>.err`.
    init(
        _ arguments: [String], executable: String = QuizBinary.path, inputFile: String = "/dev/null",
        environment: [String: String], outputPrefix: String
    ) throws {
        stdoutPath = outputPrefix + ".out"
        stderrPath = outputPrefix + ".err"
        for path in [stdoutPath, stderrPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
    }

    /// Waits until `deadline`; a process still running then is killed (SIGKILL:
    /// the test runner's children may ignore SIGTERM) and nil is returned.
    func wait(until deadline: Date) -> RunResult? {
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        let stdout = FileManager.default.contents(atPath: stdoutPath) ?? Data()
        let stderr = FileManager.default.contents(atPath: stderrPath) ?? Data()
        // A signal shows as its number (at most 64), never as one of quiz's statuses.
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return RunResult(
            status: status, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension Scratch {
    /// `environment()` with a temporary folder of its own, so that no pending
    /// file another run left in /tmp (quiz's last place for one) reaches this history.
    func privateEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        try? FileManager.default.createDirectory(atPath: path + "/tmp", withIntermediateDirectories: true)
        return environment(["TMPDIR": path + "/tmp"].merging(extra) { $1 })
    }

    /// `history.journal` in the data folder.
    var journal: String { dataDir + "/history.journal" }

    /// The names in the data folder, sorted; empty when there is none.
    func dataFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dataDir)) ?? []).sorted()
    }
}

/// `quiz --history --format json` as a list of objects (empty when it is not one).
func historyJSON(environment: [String: String]) throws -> (result: RunResult, games: [[String: Any]]) {
    let result = try runQuiz(["--history", "--format", "json"], environment: environment)
    let games = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]]
    return (result, games ?? [])
}

/// The (date, seed) pairs of games from `--history --format json`, as text.
func dateSeedPairs(_ games: [[String: Any]]) -> [String] {
    games.map { "\($0["date"] as? String ?? "?") \(($0["seed"] as? Int).map(String.init) ?? "?")" }
}

/// Non-empty lines of a program's output.
func nonEmptyLines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
}

/// Writes `data` as `history.archive` in `folder` (created 0700), mode 0600.
func writeArchive(_ data: Data, in folder: String, name: String = "history.archive") throws {
    try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let path = folder + "/" + name
    try data.write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
}

/// `count` finished games of the mini quiz, an hour apart from `start`, with
/// seeds from `firstSeed` (out of the range quiz deals at random), scores 0–3.
func pastSessions(_ count: Int, firstSeed: Int64 = 1_000_000, start: Date = Date(timeIntervalSince1970: 1_700_000_000))
    -> [Session]
{
    (0..<count).map { index in
        Session(
            date: start.addingTimeInterval(Double(index) * 3600), score: index % 4, total: 3, quiz: "mini",
            title: "Mini Test Quiz", duration: 12.5, seed: firstSeed + Int64(index))
    }
}

/// Bytes that look like nothing, the same on every run.
func seededBytes(_ count: Int, seed: UInt64) -> Data {
    var generator = SeededGenerator(seed: seed)
    return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
}

/// `history.archive` as Foundation's `PropertyListSerialization` reads it, not
/// QuizKit: the keyed-archive object table, with its UIDs resolved.
struct ArchiveTable {
    let top: [String: Any]
    let objects: [Any]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        top = try #require(plist as? [String: Any], "the archive's root is a dictionary")
        objects = try #require(top["$objects"] as? [Any], "the archive has an $objects table")
    }

    /// The number a keyed-archive UID stands for. Foundation keeps the UID type
    /// private; its stored `value` is read through reflection.
    static func uidValue(_ uid: Any?) -> Int? {
        guard let uid else { return nil }
        let value = Mirror(reflecting: uid).children.first { $0.label == "value" }?.value
        return value.flatMap { Int("\($0)") }
    }

    func object(_ uid: Any?) -> [String: Any]? {
        guard let index = Self.uidValue(uid), objects.indices.contains(index) else { return nil }
        return objects[index] as? [String: Any]
    }

    /// The `$classname` of an archived object.
    func className(of object: [String: Any]) -> String? {
        self.object(object["$class"])?["$classname"] as? String
    }

    var root: [String: Any]? {
        object((top["$top"] as? [String: Any])?["root"])
    }

    /// Objects of the class named exactly `name`.
    func instances(of name: String) -> [[String: Any]] {
        objects.compactMap { $0 as? [String: Any] }.filter { className(of: $0) == name }
    }

    /// Every `$classname` in the table.
    var classNames: [String] {
        objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
    }

    /// How many sessions the root `SessionHistory`'s `sessions` array holds.
    var rootSessionCount: Int? {
        guard let root, className(of: root) == "SessionHistory", let array = object(root["sessions"]) else {
            return nil
        }
        return (array["NS.objects"] as? [Any])?.count
    }
}

/// Checks that `history.archive` holds exactly `sessions` `Session` objects
/// under a `SessionHistory` root, read with Foundation alone.
func expectSessionObjects(_ path: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let table = try ArchiveTable(path: path)
    #expect(table.top["$archiver"] as? String == "NSKeyedArchiver", sourceLocation: sourceLocation)
    #expect(table.rootSessionCount == count, "sessions under the root", sourceLocation: sourceLocation)
    #expect(table.instances(of: "Session").count == count, "Session objects", sourceLocation: sourceLocation)
    #expect(
        !table.classNames.contains { $0.contains(".") }, "no module-qualified names: \(table.classNames)",
        sourceLocation: sourceLocation)
}

/// A derived file's payload (what follows its first line: `DerivedFile`),
/// nil when it is not one.
func derivedPayload(_ data: Data) -> Data? { DerivedFile.parse(data)?.payload }

/// The derived file `data` with `payload` instead of its own, its first line
/// kept and its CRC made right, so only the payload's values are odd.
func derivedFile(_ data: Data, payload: Data) -> Data? {
    guard let parsed = DerivedFile.parse(data) else { return nil }
    return DerivedFile.bytes(
        kind: String(parsed.kind), version: String(parsed.version), stamp: parsed.stamp,
        settings: String(parsed.settings), payload)
}
