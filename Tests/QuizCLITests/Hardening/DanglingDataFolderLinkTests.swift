import Foundation
import QuizCore
import Testing

/// A data folder that is a link to a folder not there
/// yet (a drive not mounted). The game played then waits in the state
/// folder; once the link's target exists, the next game adds it, and no
/// pending file is left. A game kept by an older quiz, which named the wait
/// by the link's own path, is found and added too.
@Suite struct DanglingDataFolderLinkTests {
    func play(seed: UInt64, dataDir: String, _ scratch: Scratch) throws -> RunResult {
        try playMini(seed: seed, dataDir: dataDir, scratch)
    }

    /// A data folder linked to a folder not there, and one game kept meanwhile.
    func keepAGame(seed: UInt64, _ scratch: Scratch) throws -> (link: String, target: String) {
        let link = scratch.path + "/data"
        let target = scratch.path + "/usb/quiz"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let kept = try play(seed: seed, dataDir: link, scratch)
        #expect(kept.status == 74, "\(kept.stderr)")
        #expect(pendingFiles(scratch).count == 1, "\(kept.stderr)")
        return (link, target)
    }

    func seeds(dataDir: String, _ scratch: Scratch) throws -> [Int] {
        let result = try runQuiz(
            ["--history", "--format", "json", "--data-dir", dataDir], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return games.compactMap { $0["seed"] as? Int }.sorted()
    }

    var state: (Scratch) -> String { { $0.path + "/.local/state/quiz" } }

    func pendingFiles(_ scratch: Scratch) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: state(scratch))) ?? []).filter {
            $0.hasPrefix("quiz-pending-")
        }
    }

    @Test func aGameKeptWhileTheLinkPointedNowhereIsAddedOnceItDoes() throws {
        let scratch = Scratch()
        let (link, target) = try keepAGame(seed: 61, scratch)

        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let next = try play(seed: 62, dataDir: link, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try seeds(dataDir: link, scratch) == [61, 62])
        #expect(try seeds(dataDir: target, scratch) == [61, 62], "the link and its target are one history")
        #expect(pendingFiles(scratch).isEmpty)
    }

    @Test func aGameKeptUnderTheLinksOwnPathIsAddedToo() throws {
        let scratch = Scratch()
        let (link, target) = try keepAGame(seed: 71, scratch)
        let files = pendingFiles(scratch)
        try #require(files.count == 1)
        // As an older quiz named it: by the CRC-32 of the link's own path.
        let older = "quiz-pending-\(getuid())-\(String(Self.crc32(Array(link.utf8) + [0]), radix: 16)).journal"
        try #require(files[0] != older, "the wait is named by where the link points now")
        try FileManager.default.moveItem(atPath: state(scratch) + "/" + files[0], toPath: state(scratch) + "/" + older)

        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let next = try play(seed: 72, dataDir: link, scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try seeds(dataDir: link, scratch) == [71, 72])
        #expect(pendingFiles(scratch).isEmpty)
    }

    /// zlib's CRC-32, a byte a step.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
