import Foundation
import Testing

/// Found by the adversarial pass after the hardening items: tightening the
/// History's permissions followed symbolic links (a `history.lock` linked to
/// /dev/null made /dev/null 0600) and took the sticky bit off a shared folder
/// given as the data folder. Only the user's own regular files and folders,
/// reached without a link, are tightened now.
@Suite struct PermissionTighteningTests {
    let bank = QuizBinary.fixture("mini.json")

    func play(_ scratch: Scratch, dataDir: String) throws -> RunResult {
        try runQuiz(
            ["--questions", bank, "mini", "--seed", "3", "--data-dir", dataDir],
            input: try answers(bank: bank, seed: 3, right: [0]).joined(separator: "\n") + "\n",
            environment: scratch.environment())
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aLinkedHistoryFileLeavesItsTargetAlone() throws {
        let scratch = Scratch()
        let target = scratch.path + "/someone-elses-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        try FileManager.default.createDirectory(atPath: scratch.dataDir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.dataDir + "/history.summary", withDestinationPath: target)
        let result = try play(scratch, dataDir: scratch.dataDir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(target) == 0o644, "the link's target keeps its mode")
        #expect(!result.stderr.contains("someone-elses-file"), "\(result.stderr)")
    }

    @Test func aSharedStickyFolderKeepsItsMode() throws {
        let scratch = Scratch()
        let shared = scratch.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        let result = try play(scratch, dataDir: shared)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(shared) == 0o1777, "the sticky shared folder is not made private")
    }

    @Test func aWideFolderOfOurOwnIsStillTightened() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(atPath: scratch.dataDir, withIntermediateDirectories: true)
        chmod(scratch.dataDir, 0o755)
        let result = try play(scratch, dataDir: scratch.dataDir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(scratch.dataDir) == 0o700)
        #expect(result.stderr.contains("tightened the permissions"), "\(result.stderr)")
    }
}
