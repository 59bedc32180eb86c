import Foundation
import Testing

@testable import QuizCore

/// The journal's record of a session: the fields added for fair answers and
/// exact replays (`typed`, `overridden`, `category`, `difficulty`, `source`)
/// go through, and a record written before them reads as it did.
@Suite struct SessionRecordCodecTests {
    static let full = Session(
        date: Date(timeIntervalSinceReferenceDate: 730_000_000.5), score: 2, total: 3, quiz: "capitals",
        title: "Capitals", duration: 12.5, seed: 77,
        results: [
            QuestionResult(prompt: "Cuba?", outcome: .right, given: "Havana", answer: "Havana", typed: "Havanna"),
            QuestionResult(prompt: "Peru?", outcome: .right, given: "Quito", answer: "Lima", overridden: true),
            QuestionResult(prompt: "Chad?", outcome: .skipped, given: nil, answer: "N'Djamena"),
        ], category: "Africa & Americas", difficulty: "easy", source: "my bank.json")

    static func roundTrip(_ session: Session) throws -> Session {
        var bytes: [UInt8] = []
        SessionRecordCodec.encode(session, into: &bytes)
        return try bytes.withUnsafeBytes { try SessionRecordCodec.decode($0) }
    }

    @Test func everyNewFieldGoesThrough() throws {
        let decoded = try Self.roundTrip(Self.full)
        #expect(decoded == Self.full)
        #expect(decoded.results[0].typed == "Havanna")
        #expect(decoded.results[1].overridden && decoded.results[1].outcome == .right)
        #expect(decoded.results[2].outcome == .skipped && decoded.results[2].given == nil)
        #expect(decoded.category == "Africa & Americas" && decoded.source == "my bank.json")
    }

    @Test func aRecordWithoutThemIsTheOldRecordByteForByte() throws {
        let plain = Session(
            date: Date(timeIntervalSinceReferenceDate: 1), score: 1, total: 1, quiz: "q", title: "Q", duration: 1,
            seed: 1, results: [QuestionResult(prompt: "P", outcome: .right, given: "A", answer: "A")])
        var bytes: [UInt8] = []
        SessionRecordCodec.encode(plain, into: &bytes)
        // Flags 0x1F (no 0x20), one result tagged 0x80 (given), no 0x40.
        #expect(bytes[16] == 0x1F)
        let tag = bytes[bytes.count - (4 + 1) - (4 + 1) - (4 + 1) - 1]
        #expect(tag == 0x80)
        #expect(try Self.roundTrip(plain) == plain)
    }

    @Test func namedFieldsThisVersionDoesNotKnowAreSkipped() throws {
        // A result tagged 0x40 with a pair named "future": read, ignored.
        var bytes: [UInt8] = []
        let session = Session(date: Date(timeIntervalSinceReferenceDate: 5), score: 0)
        SessionRecordCodec.encode(session, into: &bytes)
        bytes.removeLast(4)
        bytes += [0, 0, 0, 1, 0x41]
        for text in ["P", "A", "future", "x"] {
            bytes += [0, 0, 0, UInt8(text.utf8.count)] + Array(text.utf8)
        }
        // The pair count comes before the pairs: put it after prompt and answer.
        let pairsAt = bytes.count - (4 + 6) - (4 + 1)
        bytes.insert(contentsOf: [0, 0, 0, 1], at: pairsAt)
        let decoded = try bytes.withUnsafeBytes { try SessionRecordCodec.decode($0) }
        #expect(decoded.results.count == 1)
        #expect(decoded.results[0].outcome == .wrong && decoded.results[0].typed == nil)
        #expect(!decoded.results[0].overridden)
    }

    @Test func truncatedNamedFieldsThrow() {
        var bytes: [UInt8] = []
        SessionRecordCodec.encode(Self.full, into: &bytes)
        for cut in stride(from: 1, to: 60, by: 3) {
            let short = Array(bytes.dropLast(cut))
            #expect(throws: SessionRecordCodec.Malformed.self) {
                try short.withUnsafeBytes { try SessionRecordCodec.decode($0) }
            }
        }
    }
}
