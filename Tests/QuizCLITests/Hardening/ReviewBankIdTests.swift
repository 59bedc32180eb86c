import Foundation
import Testing

/// A bank file whose quiz id is `review` (the id reviews
/// are recorded under) is refused with one line naming it (65), wherever it
/// is loaded from; the banks beside it still play.
@Suite struct ReviewBankIdTests {
    @Test func aBankNamedReviewIsRefused() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/banks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bank = #"{"title": "T", "questions": [{"prompt": "Say yes.", "answer": "yes"}]}"#
        try bank.write(toFile: folder + "/review.json", atomically: true, encoding: .utf8)
        try bank.write(toFile: folder + "/fine.json", atomically: true, encoding: .utf8)
        let message =
            "review.json: the quiz id \"review\" is the one reviews are recorded under (in any case); rename the file"

        let validate = try runQuiz(["--validate", folder + "/review.json"], environment: scratch.environment())
        #expect(validate.status == 65)
        #expect(
            validate.stdout + validate.stderr == folder + "/" + message + "\n", "\(validate.stdout)\(validate.stderr)")

        let play = try runQuiz(
            ["--questions", folder + "/review.json", "review"], input: "yes\n", environment: scratch.environment())
        #expect(play.status == 65, "\(play.stdout)")
        #expect(play.stderr.contains(message), "\(play.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.archive), "nothing recorded")

        let list = try runQuiz(["--questions", folder, "--list"], environment: scratch.environment())
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("fine "), "\(list.stdout)")
        #expect(list.stderr.contains("skipped " + folder + "/" + message), "\(list.stderr)")
    }

    /// `Review.json` (the menu takes ids in any case, and `review` is its
    /// command) and `.json` (an empty id no option can name) are refused too.
    @Test(arguments: [
        ("Review.json", "the quiz id \"Review\" is the one reviews are recorded under (in any case); rename the file"),
        (".json", "a quiz id is the file's name before .json, and this one has none; rename the file"),
    ])
    func otherNamesNoQuizMayHaveAreRefused(name: String, message: String) throws {
        let scratch = Scratch()
        let file = scratch.path + "/" + name
        try #"{"title": "T", "questions": [{"prompt": "Say yes.", "answer": "yes"}]}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let validate = try runQuiz(["--validate", file], environment: scratch.environment())
        #expect(validate.status == 65)
        #expect(
            validate.stdout + validate.stderr == file + ": " + message + "\n", "\(validate.stdout)\(validate.stderr)")
        let play = try runQuiz([file], input: "yes\n", environment: scratch.environment())
        #expect(play.status == 65, "\(play.stdout)\(play.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.archive), "nothing recorded")
    }
}
