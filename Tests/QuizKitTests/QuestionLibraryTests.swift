import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

private func bank(title: String, prompts: [String]) -> String {
    let questions = prompts.map { "{\"prompt\": \"\($0)\", \"answer\": \"x\"}" }
    return "{\"title\": \"\(title)\", \"questions\": [" + questions.joined(separator: ", ") + "]}"
}

@Suite("QuestionLibrary")
struct QuestionLibraryTests {
    @Test func folderLoadsGoodBanksAndListsBadOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write(bank(title: "Good", prompts: ["A?", "B?"]), to: "good.json")
        try folder.write("{\"title\": \"Bad\", \"questions\": [}", to: "bad.json")
        try folder.write("{\"$id\": \"not a bank\", \"type\": \"object\"}", to: "bank.schema.json")
        try folder.write("not json at all", to: "notes.txt")

        var library = QuestionLibrary()
        try library.add(path: folder.path)

        #expect(library.banks.map(\.id) == ["good"])
        #expect(library.banks.first?.title == "Good")
        #expect(library.banks.first?.questions.count == 2)
        #expect(library.bank(id: "good")?.path == folder.file("good.json"))
        #expect(library.bank(id: "bad") == nil)
        #expect(library.failures.map(\.path) == [folder.file("bad.json")])
        let failure = try #require(library.failure(id: "bad"))
        #expect(failure.description == "\(folder.file("bad.json")):1:32: unexpected '}', expected a value")
        #expect(library.failure(id: "good") == nil)
        #expect(library.failure(id: "bank.schema") == nil)
    }

    @Test func schemaFilesAreSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write(bank(title: "Looks Like A Bank", prompts: ["A?"]), to: "bank.schema.json")
        try folder.write(bank(title: "Real", prompts: ["A?"]), to: "real.json")

        var library = QuestionLibrary()
        try library.add(path: folder.path)

        #expect(library.banks.map(\.id) == ["real"])
        #expect(library.failures.isEmpty)
    }

    @Test func bankWithAnExistingIDReplacesIt() throws {
        let bundled = try TemporaryFolder()
        let mine = try TemporaryFolder()
        try bundled.write(bank(title: "Capitals", prompts: ["A?", "B?", "C?"]), to: "capitals.json")
        try bundled.write(bank(title: "Elements", prompts: ["D?"]), to: "elements.json")
        try mine.write(bank(title: "My Capitals", prompts: ["Z?"]), to: "capitals.json")
        try mine.write(bank(title: "Animals", prompts: ["E?"]), to: "animals.json")

        var library = QuestionLibrary()
        try library.add(path: bundled.path)
        try library.add(path: mine.file("capitals.json"))
        #expect(library.banks.map(\.id) == ["capitals", "elements"])
        #expect(library.bank(id: "capitals")?.title == "My Capitals")
        #expect(library.bank(id: "capitals")?.questions.map(\.prompt) == ["Z?"])

        try library.add(path: mine.file("animals.json"))
        #expect(library.banks.map(\.id) == ["animals", "capitals", "elements"])
    }

    @Test func singleBadFileThrowsItsProblems() throws {
        let folder = try TemporaryFolder()
        try folder.write("{\"title\": \"T\", \"questions\": []}", to: "empty.json")
        var library = QuestionLibrary()
        let error = #expect(throws: BankError.self) { try library.add(path: folder.file("empty.json")) }
        #expect(error?.problems == ["\(folder.file("empty.json")):1:29: \"questions\" is empty"])
        #expect(library.banks.isEmpty)
    }

    @Test func missingPathIsNotFound() throws {
        let folder = try TemporaryFolder()
        var library = QuestionLibrary()
        let missing = folder.file("nothing-here")
        let error = #expect(throws: BankError.self) { try library.add(path: missing) }
        #expect(error?.description == "\(missing): no such file")
    }
}
