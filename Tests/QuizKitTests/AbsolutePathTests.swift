import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// `AbsolutePath.resolving` takes the C library's `realpath` as it is for an
/// absolute path with no `.` or `..`; on random paths through a folder with
/// links in it, that shortcut and the step-by-step reading agree.
@Suite struct AbsolutePathTests {
    @Test func theShortcutAgreesWithTheStepByStepReading() throws {
        let folder = try TemporaryFolder()
        let root = AbsolutePath.resolvingStepByStep(folder.path)
        try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/a/b")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/up", withDestinationPath: "..")
        let parts = ["a", "b", "link", "up", ".", "..", "", "missing", "..."]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...5, using: &generator)
            let tail = (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined(separator: "/")
            let path = root + "/" + tail + (Bool.random(using: &generator) ? "/" : "")
            #expect(AbsolutePath.resolving(path) == AbsolutePath.resolvingStepByStep(path), "\(path)")
        }
    }

    /// A path already lexical is taken as it is; on random paths, the same as split and joined.
    @Test func theLexicalShortcutAgreesWithTheParts() {
        let parts = ["a", "b", ".", "..", "", "...", ".x", "x."]
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<5000 {
            let count = Int.random(in: 0...5, using: &generator)
            let tail = (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined(separator: "/")
            let path = "/" + tail + (Bool.random(using: &generator) ? "/" : "")
            #expect(AbsolutePath.lexical(path) == AbsolutePath.lexicalByParts(path), "\(path)")
        }
        #expect(AbsolutePath.isLexical("/home/ada/.local/share/quiz"))
        #expect(
            !AbsolutePath.isLexical("/home//ada") && !AbsolutePath.isLexical("/home/") && AbsolutePath.isLexical("/"))
    }

    @Test func dotComponentsAreFound() {
        #expect(AbsolutePath.hasDotComponent("/a/./b"))
        #expect(AbsolutePath.hasDotComponent("/a/.."))
        #expect(AbsolutePath.hasDotComponent("."))
        #expect(!AbsolutePath.hasDotComponent("/a/.../b"))
        #expect(!AbsolutePath.hasDotComponent("/a/.hidden/b."))
        #expect(!AbsolutePath.hasDotComponent("/"))
    }
}
