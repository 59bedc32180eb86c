import Foundation
import Testing

/// `--history-check` says what happened when an id
/// Changed or went, and says nothing misleading for a bank never played,
/// a data folder that is not there, or a history read only in part.
@Suite struct HistoryCheckIdsTests {
    static let slovenia = "What is the capital of Slovenia?"
    static let peru = "What is the capital of Peru?"

    func write(_ path: String, _ first: String?, _ second: String?, peru: String = Self.peru) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        func id(_ id: String?) -> String { id.map { "\"id\": \"\($0)\", " } ?? "" }
        try """
        {"title": "C", "questions": [
          {\(id(first))"prompt": "\(Self.slovenia)", "answer": "Ljubljana"},
          {\(id(second))"prompt": "\(peru)", "answer": "Lima"}
        ]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func played() throws -> (Scratch, String) {
        let scratch = Scratch()
        let file = scratch.path + "/c.json"
        try write(file, "q1", "q2")
        let never = try runQuiz(["--validate", file, "--history-check"], environment: scratch.environment())
        #expect(never.stdout.contains("c.json: no games of this bank in the history"), "\(never.stdout)")
        #expect(!never.stdout.contains("every prompt"))
        let game = try runQuiz(
            ["--questions", file, "c", "--seed", "1", "-n", "all"], input: "x\nx\n", environment: scratch.environment())
        #expect(game.status == 0, "\(game.stderr)")
        return (scratch, file)
    }

    @Test func aRenamedIdIsSaidAsSuch() throws {
        let (scratch, _) = try played()
        let renamed = scratch.path + "/renamed/c.json"
        try write(renamed, "q1", "q2x")
        let check = try runQuiz(["--validate", renamed, "--history-check"], environment: scratch.environment())
        #expect(check.status == 0)
        #expect(check.stdout.contains("1 recorded id is not in the bank now, so its history no longer counts:"))
        #expect(
            check.stdout.contains("  \"\(Self.peru)\" (1 answer): its id changed from \"q2\" to \"q2x\""),
            "\(check.stdout)")
        #expect(!check.stdout.contains("nearest now: \"\(Self.peru)\""))
        #expect(!check.stdout.contains("Slovenia"))
    }

    @Test func removedIdsAreSaidAsSuch() throws {
        let (scratch, _) = try played()
        let bare = scratch.path + "/bare/c.json"
        try write(bare, nil, nil)
        let check = try runQuiz(["--validate", bare, "--history-check"], environment: scratch.environment())
        #expect(check.stdout.contains("2 recorded ids are not in the bank now"), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "  \"\(Self.slovenia)\" (1 answer): recorded under id \"q1\", which the bank no longer has; give it back that id"
            ), "\(check.stdout)")
        #expect(!check.stdout.contains("nearest now"))
    }

    @Test func aGoneIdWithAnEditedPromptNamesTheNearest() throws {
        let (scratch, _) = try played()
        let edited = scratch.path + "/edited/c.json"
        try write(edited, "q1", "q9", peru: "What is the capital of Chile?")
        let check = try runQuiz(["--validate", edited, "--history-check"], environment: scratch.environment())
        #expect(
            check.stdout.contains(
                "  \"\(Self.peru)\" (1 answer): recorded under id \"q2\", which the bank no longer has, nearest now: \"What is the capital of Chile?\""
            ), "\(check.stdout)")
    }

    @Test func noHistoryIsNotAClearance() throws {
        let scratch = Scratch()
        let file = scratch.path + "/c.json"
        try write(file, "q1", "q2")
        let missing = scratch.path + "/no/such/folder"
        let check = try runQuiz(
            ["--validate", file, "--history-check"], environment: scratch.environment(["QUIZ_DATA_DIR": missing]))
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("c.json: no games of this bank in the history"), "\(check.stdout)")
        #expect(!check.stdout.contains("every prompt"))
        #expect(!FileManager.default.fileExists(atPath: missing), "checking creates no folder")
    }

    @Test func aHistoryReadInPartSaysSo() throws {
        let (scratch, file) = try played()
        let handle = try #require(FileHandle(forWritingAtPath: scratch.archive))
        handle.seekToEndOfFile()
        handle.write(Data("garbage after the archive".utf8))
        try handle.close()
        let check = try runQuiz(["--validate", file, "--history-check"], environment: scratch.environment())
        #expect(check.status == 74, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("every prompt in the history matches a question\n"), "\(check.stdout)")
        #expect(check.stdout.contains("(in the part of the history that could be read)"), "\(check.stdout)")
    }
}
