import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// Where the configuration file is looked for, and files that are not what
/// they should be: refused with one problem, never read forever.
@Suite struct ConfigurationFileTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "quiz-config-\(UUID().uuidString)"
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func xdgConfigHomeWhenAbsoluteElseHome() {
        #expect(
            ConfigurationFile.path(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/ada"])
                == "/x/conf/quiz/config")
        #expect(
            ConfigurationFile.path(environment: ["XDG_CONFIG_HOME": "conf", "HOME": "/home/ada"])
                == "/home/ada/.config/quiz/config")
        #expect(ConfigurationFile.path(environment: ["HOME": "/home/ada"]) == "/home/ada/.config/quiz/config")
    }

    @Test func noFileIsNoProblem() {
        let folder = Folder()
        let (configuration, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configuration == Configuration())
        #expect(problems.isEmpty)
    }

    @Test func theFileIsReadAndItsProblemsNameIt() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/quiz", withIntermediateDirectories: true)
        try Data("count = 4\nstreaks = of\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/quiz/config"))
        let (configuration, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configuration == Configuration(count: 4))
        #expect(
            problems.map(\.description) == [
                "\(folder.path)/quiz/config:2: streaks must be true/false, yes/no or on/off, not 'of' (did you mean off?); line ignored"
            ])
    }

    @Test func aFolderInTheFilesPlaceIsOneProblem() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/quiz/config", withIntermediateDirectories: true)
        let (configuration, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configuration == Configuration())
        #expect(
            problems.map(\.description) == ["\(folder.path)/quiz/config: is a folder, not a file; using the defaults"])
    }

    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/quiz", withIntermediateDirectories: true)
        #expect(mkfifo(folder.path + "/quiz/config", 0o600) == 0)
        let (_, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(problems.map(\.message) == ["is not a regular file; using the defaults"])
    }

    @Test func aHugeFileIsRefused() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/quiz", withIntermediateDirectories: true)
        let big = String(repeating: "# a comment line\n", count: 5_000)
        try Data(big.utf8).write(to: URL(fileURLWithPath: folder.path + "/quiz/config"))
        let (configuration, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configuration == Configuration())
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("larger than a configuration can be (64 KiB)") == true)
        #expect(problems.first?.line == nil)
    }

    @Test func aPathThroughAFileIsOneProblem() throws {
        let folder = Folder()
        try Data().write(to: URL(fileURLWithPath: folder.path + "/quiz"))
        let (_, problems) = ConfigurationFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(problems.map(\.message) == ["cannot read: Not a directory; using the defaults"])
    }
}
