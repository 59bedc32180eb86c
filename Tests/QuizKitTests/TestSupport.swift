import Foundation

/// Files under `Tests/QuizKitTests/Fixtures`, found from this source file's
/// path (the target excludes the folder, so there is no `Bundle.module`).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}

/// The repository's root and the folder that holds it, from this file's path.
enum Repository {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let questions = root.appendingPathComponent("Questions").path
    static let openTriviaSample =
        testsFolder.appendingPathComponent("../../../shared/data/opentdb/opentdb.json").standardizedFileURL.path
}

/// A fresh folder under the system's temporary directory, unique to one test,
/// removed with everything in it when the test lets go of it (at the end of
/// its scope), as `Scratch` does in the end-to-end tests.
final class TemporaryFolder: Sendable {
    let path: String

    init(_ label: String = #function) throws {
        let name = "QuizKitTests-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }
}

/// The permission bits of a file, as `stat` reports them.
func permissions(of path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o777
}

/// A date from UTC calendar fields, for fixed test data.
func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)!
}

/// A crash while appending, as the kept-file tests model it: half a record
/// (a length and a few bytes) at the end of `journal`.
func appendTornRecord(to journal: String) throws {
    guard let handle = FileHandle(forWritingAtPath: journal) else { return }
    handle.seekToEndOfFile()
    handle.write(Data([0x51, 0x5A, 0x01, 0x00, 0x00, 0x00, 0x40]))
    try handle.close()
}
