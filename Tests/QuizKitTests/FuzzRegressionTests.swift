import Foundation
import Testing

@testable import QuizCore

/// The inputs `make fuzz` found trouble with, kept in `Fixtures/fuzz/`
/// (`archive-*` for the archive decoder, `bank-*` for the bank loader): each
/// must now come back as a typed error; `answer-*` for the answer matcher. CONTRIBUTING.md says how to add one.
@Suite("Inputs found by fuzzing")
struct FuzzRegressionTests {
    static func inputs(_ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixture.path("fuzz"))
            .filter { $0.hasPrefix(prefix) }.sorted()
    }

    @Test func archiveInputsAreRefused() throws {
        let names = try Self.inputs("archive-")
        #expect(!names.isEmpty)
        for name in names {
            #expect(throws: ArchiveError.self, "fuzz/\(name)") {
                try KeyedArchive.sessions(from: try Fixture.data("fuzz/" + name))
            }
        }
    }

    /// `answer-*`: the answer fuzzer's input (a flags byte, then typed and
    /// answers on lines); an answer in spaces must still match itself (a
    /// space beside a combining mark, or beside U+0600, once made it differ,
    /// and the form of an answer of punctuation alone once trimmed such a
    /// space as a character).
    @Test func answerInputsMatchThemselvesInSpaces() throws {
        let names = try Self.inputs("answer-")
        #expect(names.count >= 2)
        for name in names {
            let bytes = try Fixture.data("fuzz/" + name)
            let lines = String(decoding: bytes.dropFirst(), as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count > 1, "fuzz/\(name)")
            // Every line after the typed one, taken as an answer of its own.
            for answer in lines.dropFirst().map(String.init) where !answer.trimmed.isEmpty {
                let matcher = AnswerMatcher(accepted: [answer])
                #expect(matcher.verdict(for: answer).isAccepted, "fuzz/\(name)")
                #expect(
                    matcher.verdict(for: " \t" + answer + " ").isAccepted, "fuzz/\(name): \(answer.debugDescription)")
                #expect(AnswerNormalizer.normalize(" \t" + answer + " ") == AnswerNormalizer.normalize(answer))
            }
        }
    }

    @Test func bankInputsAreRefused() throws {
        for name in try Self.inputs("bank-") {
            #expect(throws: BankError.self, "fuzz/\(name)") {
                try BankLoader.parse([UInt8](try Fixture.data("fuzz/" + name)), path: name)
            }
        }
    }

    /// Five bytes, "<?xml": Foundation's PropertyListSerialization leaks the
    /// CFError of every XML property list it cannot parse (LeakSanitizer, see
    /// Fuzz/lsan.supp). Not ours to fix; the decoder must still refuse it.
    @Test func truncatedXMLIsRefusedAsUnreadableXML() throws {
        #expect(throws: ArchiveError.notAnArchive("a property list in XML that cannot be read")) {
            try KeyedArchive.sessions(from: try Fixture.data("fuzz/archive-leak-1.bin"))
        }
    }
}
