import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The parsed copy of a bank gives back exactly the bank the file parses to,
/// and only while the file is the one it was made of.
@Suite struct ParsedBankCacheTests {
    func expectSame(_ a: QuestionBank, _ b: QuestionBank, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.id == b.id, sourceLocation: sourceLocation)
        #expect(a.title == b.title, sourceLocation: sourceLocation)
        #expect(a.description == b.description, sourceLocation: sourceLocation)
        #expect(a.path == b.path, sourceLocation: sourceLocation)
        #expect(a.questions == b.questions, sourceLocation: sourceLocation)
    }

    func banks() throws -> [String] {
        let bundled = try FileManager.default.contentsOfDirectory(atPath: Repository.questions)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { Repository.questions + "/" + $0 }
        let fixtures = ["opentdb-base64.json", "opentdb-html.json", "opentdb-url3986.json"].map(Fixture.path)
        let sample =
            FileManager.default.fileExists(atPath: Repository.openTriviaSample) ? [Repository.openTriviaSample] : []
        return bundled + fixtures + sample
    }

    @Test func everyBankComesBackFromItsCopyAsItParses() throws {
        let temporary = try TemporaryFolder()
        let cache = ParsedBankCache(folder: temporary.file("parsed"))
        let paths = try banks()
        #expect(paths.count >= 4)
        for path in paths {
            let parsed = try BankLoader.load(path: path)
            expectSame(try cache.load(path: path), parsed)
            // The second time from the copy, which now exists.
            let copy = cache.copyPath(for: HistoryStore.absolutePath(path))
            #expect(FileManager.default.fileExists(atPath: copy), "\(path)")
            let fromCopy = try cache.load(path: path)
            expectSame(fromCopy, parsed)
            // The fingerprints the copy keeps are the prompts' own.
            for question in fromCopy.questions {
                #expect(question.knownFingerprint.prompt == question.prompt)
                #expect(
                    QuestionIdentity.fingerprinted(bank: "b", question: question)
                        == QuestionIdentity.fingerprinted(bank: "b", prompt: question.prompt))
            }
            // A kept fingerprint is not used for a prompt changed since.
            if var changed = fromCopy.questions.first {
                changed.prompt += " Really?"
                #expect(
                    QuestionIdentity.fingerprinted(bank: "b", question: changed)
                        == QuestionIdentity.fingerprinted(bank: "b", prompt: changed.prompt))
            }
        }
    }

    /// One file read by two names (a link): each name is its own quiz id,
    /// in any order, from the copy or not, for the whole bank and for a deal.
    @Test func aFileReadByAnotherNameIsThatNamesBank() throws {
        let temporary = try TemporaryFolder()
        let cache = ParsedBankCache(folder: temporary.file("parsed"))
        try temporary.write(
            """
            {"title": "Sums", "questions": [{"prompt": "1 + 1?", "answer": "2"}, {"prompt": "2 + 2?", "answer": "4"}]}
            """, to: "sums.json")
        symlink("sums.json", temporary.file("mine.json"))
        symlink("sums.json", temporary.file("review.json"))
        for name in ["sums", "mine", "sums", "mine", "mine", "sums"] {
            #expect(try cache.load(path: temporary.file(name + ".json")).id == name)
            let dealt = cache.load(path: temporary.file(name + ".json"), choosing: { _ in [1] })
            #expect(dealt == nil || dealt?.id == name, "\(name)")
            // A link may not give a bank a name a bank file may not have.
            #expect(throws: BankError.self) { try cache.load(path: temporary.file("review.json")) }
        }
    }

    @Test func aChangedFileOrADamagedCopyIsParsedAgain() throws {
        let temporary = try TemporaryFolder()
        let cache = ParsedBankCache(folder: temporary.file("parsed"))
        let bank = temporary.file("mine.json")
        func write(_ prompt: String) throws {
            try temporary.write(
                """
                {"title": "Mine", "questions": [{"prompt": "\(prompt)", "answer": true}]}
                """, to: "mine.json")
        }
        try write("First?")
        #expect(try cache.load(path: bank).questions.map(\.prompt) == ["First?"])
        // Same size, a later modification time: the file, not the copy.
        try write("Other?")
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 5), timespec(tv_sec: 2_000_000_000, tv_nsec: 5)]
        utimensat(AT_FDCWD, bank, &times, 0)
        #expect(try cache.load(path: bank).questions.map(\.prompt) == ["Other?"])
        // Every byte of the copy changed in turn: the file's bank each time.
        let copy = cache.copyPath(for: HistoryStore.absolutePath(bank))
        let good = try #require(FileManager.default.contents(atPath: copy))
        for index in stride(from: 0, to: good.count, by: 3) {
            var damaged = good
            damaged[index] ^= 0x20
            try damaged.write(to: URL(fileURLWithPath: copy))
            #expect(try cache.load(path: bank).questions.map(\.prompt) == ["Other?"], "byte \(index)")
        }
        // Nor are only some of its questions taken from a damaged copy.
        let one = try #require(good.indices.last) - 9
        var damaged = good
        damaged[one] ^= 0x01
        try damaged.write(to: URL(fileURLWithPath: copy))
        #expect(cache.load(path: bank, choosing: { _ in [0] }) == nil)
        // A file that is not a bank is still an error, whatever the cache holds.
        try temporary.write("{", to: "mine.json")
        #expect(throws: BankError.self) { try cache.load(path: bank) }
    }

    /// Only the questions a game deals, made from the copy: the same
    /// questions `load(path:)` has at those positions, in the order chosen;
    /// nothing without a copy that is the file's, or for a position the bank lacks.
    @Test func theQuestionsChosenAreTheWholeBanksAtThosePositions() throws {
        let temporary = try TemporaryFolder()
        let cache = ParsedBankCache(folder: temporary.file("parsed"))
        var generator = SeededGenerator(seed: 5)
        for path in try banks() {
            #expect(cache.load(path: path, choosing: { _ in [0] }) == nil, "no copy yet: \(path)")
            let whole = try cache.load(path: path)
            for count in [1, 5, 40, 10_000] {
                let seed = generator.next()
                var sizeSeen: Int?
                let part = try #require(
                    cache.load(
                        path: path,
                        choosing: { size in
                            sizeSeen = size
                            return Game.Deal(size: size, count: count, seed: seed).positions
                        }))
                #expect(sizeSeen == whole.questions.count)
                let positions = Game.Deal(size: whole.questions.count, count: count, seed: seed).positions
                var expected = whole
                expected.questions = positions.map { whole.questions[$0] }
                expectSame(part, expected)
            }
            #expect(cache.load(path: path, choosing: { [$0] }) == nil, "a position past the end")
            #expect(cache.load(path: path, choosing: { _ in [-1] }) == nil)
            #expect(cache.load(path: path, choosing: { _ in [] })?.questions.isEmpty == true)
        }
        #expect(cache.load(path: temporary.file("none.json"), choosing: { _ in [0] }) == nil)
    }
}

/// The copy's name is the bank file's name in ASCII letters and digits, as
/// `NSString`'s path methods and `CharacterSet.alphanumerics` made it before
/// (so copies made then are found now).
@Suite struct ParsedCopyNameTests {
    private static func before(_ absolute: String) -> String {
        let name = ((absolute as NSString).lastPathComponent as NSString).deletingPathExtension
        return String(name.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }.prefix(40))
    }

    @Test func namesAreTheSameAsBefore() {
        let cache = ParsedBankCache(folder: "/cache")
        var generator = SeededGenerator(seed: 9)
        let pieces = ["world-capitals", "a.b", "Ωmega", "x", "_", ".", "json", "北京", "Tōkyō", "-", " ", "9"]
        var names = ["/q/world-capitals.json", "/q/animals.json", "/q/opentdb.json", "/q/notes", "/q/a.b.c.json"]
        for _ in 0..<500 {
            let count = Int.random(in: 1...4, using: &generator)
            names.append("/d/" + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined() + ".json")
        }
        for name in names {
            let made = cache.copyPath(for: name)
            let slug = Self.before(name)
            #expect(made.hasPrefix("/cache/" + (slug.isEmpty ? "bank" : slug) + "-"), "\(name) → \(made)")
        }
    }
}
