import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// A game's checksum covers everything it holds, its results included: a
/// changed byte in a stored prompt, answer or question identity is damage.
/// A game written before (the archive's key `checksum`, over its own fields)
/// still reads, checked as it was.
@Suite struct GameChecksumTests {
    static let game = Session(
        date: Date(timeIntervalSinceReferenceDate: 800_000_000), score: 2, total: 3, quiz: "capitals",
        title: "Capitals", duration: 41.5, seed: 7,
        results: [
            QuestionResult(
                prompt: "question number 1?", outcome: .right, given: "Lima", answer: "Lima",
                identity: "capitals#number-1")
        ])

    /// `data` with the UTF-8 of `old` replaced by `new`, byte for byte.
    static func replacing(_ old: String, with new: String, in data: some Collection<UInt8>) throws -> [UInt8] {
        var bytes = Array(data)
        let old = Array(old.utf8)
        let at = try #require((0...(bytes.count - old.count)).first { Array(bytes[$0..<($0 + old.count)]) == old })
        bytes.replaceSubrange(at..<(at + old.count), with: Array(new.utf8))
        return bytes
    }

    static let changes = [
        ("question number 1?", "question number 7?"), ("Lima", "Lime"), ("capitals#number-1", "capitals#number-7"),
    ]

    @Test(arguments: changes.indices)
    func aChangedResultInTheArchiveIsDamage(change: Int) throws {
        let (old, new) = Self.changes[change]
        let other = Session(date: Date(timeIntervalSinceReferenceDate: 800_000_100), score: 1)
        let data = Data(try Self.replacing(old, with: new, in: KeyedArchive.data(for: [other, Self.game])))
        #expect(throws: ArchiveError.checksumMismatch("session 2")) { try KeyedArchive.sessions(from: data) }
        // Salvaged, the game is kept without its results (its own fields
        // matched their half of the checksum), as a reader that leaves the
        // results unread keeps it: every reader holds the same games.
        let salvaged = try KeyedArchive.salvage(data)
        var bare = Self.game.fields
        bare.results = []
        #expect(salvaged.sessions == [other, Session(bare)])
        #expect(salvaged.skipped == 0)
        #expect(salvaged.resultsLost == 1)
        #expect(try KeyedArchive.decode(data, results: false).sessions == [other, Session(bare)])
    }

    @Test(arguments: changes.indices)
    func aChangedResultInAJournalRecordIsDamage(change: Int) throws {
        let (old, new) = Self.changes[change]
        let journal = HistoryJournal.header(base: 0) + HistoryJournal.record(Self.game, sequence: 1)
        let whole = try #require(HistoryJournal.parse(Data(journal)))
        #expect(whole.entries.map(\.session) == [Self.game])
        let changed = try #require(HistoryJournal.parse(Data(try Self.replacing(old, with: new, in: journal))))
        #expect(changed.entries.isEmpty)
        #expect(changed.damage.count == 1)
    }

    /// An archive as the version before wrote it: the game's `checksum`
    /// covers its fields, not its results (the fixture's value computed
    /// apart, from the format: a CRC-32 of the journal codec's fields).
    @Test func aGameWithTheOlderChecksumReadsAndIsCheckedAsBefore() throws {
        let data = try Fixture.data("fields-checksum-history.plist")
        let salvaged = try KeyedArchive.salvage(data)
        #expect(salvaged.skipped == 0)
        #expect(salvaged.firstProblem == nil)
        #expect(
            salvaged.sessions == [
                Self.game.with(results: [
                    QuestionResult(
                        prompt: "Capital of Peru?", outcome: .right, given: "Lima", answer: "Lima",
                        identity: "capitals#peru")
                ])
            ])
        // Its fields are checked as they were.
        let changed = Data(
            try Self.replacing(
                "<key>score</key><integer>2</integer>", with: "<key>score</key><integer>4</integer>", in: data))
        #expect(throws: ArchiveError.checksumMismatch("session 1")) { try KeyedArchive.sessions(from: changed) }
        // Written again, it has the checksum of the whole game.
        let rewritten = KeyedArchive.data(for: salvaged.sessions)
        #expect(try KeyedArchive.sessions(from: rewritten) == salvaged.sessions)
        let objects = try #require(
            (try PropertyListSerialization.propertyList(from: rewritten, format: nil) as? [String: Any])?["$objects"]
                as? [Any])
        let session = try #require(objects.compactMap { $0 as? [String: Any] }.first { $0["score"] != nil })
        #expect(session["wholeChecksum"] != nil)
        #expect(session["checksum"] == nil)
    }
}
