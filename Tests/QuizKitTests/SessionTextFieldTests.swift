import Foundation
import Testing

@testable import QuizCore

/// `Session.TextField` is the one list of a game's optional texts: every case
/// must go through the archive (our writer and reader, and Foundation's
/// unarchiver), the journal's codec, and count in equality and the archive's
/// per-game checksum, with no other code to change. A new case is covered here
/// without a new line.
@Suite struct SessionTextFieldTests {
    static func session(texts: [Session.TextField: String]) -> Session {
        Session(
            date: Date(timeIntervalSinceReferenceDate: 812_345_678.25), score: 3, total: 5, quiz: "capitals",
            title: "Capitals", duration: 41.5, seed: 7,
            results: [QuestionResult(prompt: "Capital of Peru?", outcome: .right, given: "Lima", answer: "Lima")],
            texts: texts)
    }

    static var everyText: [Session.TextField: String] {
        Dictionary(uniqueKeysWithValues: Session.TextField.allCases.map { ($0, "\($0.rawValue) é 北京 \u{1B}") })
    }

    @Test(arguments: Session.TextField.allCases)
    func eachFieldAloneGoesThroughTheArchiveAndTheJournal(field: Session.TextField) throws {
        let game = Self.session(texts: [field: "only \(field.rawValue)"])
        let archived = try KeyedArchive.sessions(from: KeyedArchive.data(for: [game]))
        #expect(archived == [game])
        #expect(archived.first?.texts == [field: "only \(field.rawValue)"])
        #expect(try SessionRecordCodecTests.roundTrip(game) == game)
    }

    @Test func everyFieldTogetherGoesThroughFoundationToo() throws {
        let game = Self.session(texts: Self.everyText)
        let data = KeyedArchive.data(for: [game])
        #expect(try KeyedArchive.sessions(from: data) == [game])
        let foundation = try KeyedArchiveRoundTripTests.decodeWithFoundation(data)
        #expect(foundation.error == nil)
        #expect(foundation.sessions == [game])
        let coded = try NSKeyedArchiver.archivedData(withRootObject: game, requiringSecureCoding: true)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: coded)
        unarchiver.setClass(Session.self, forClassName: "Session")
        unarchiver.setClass(QuestionResult.self, forClassName: "QuestionResult")
        let back = unarchiver.decodeObject(
            of: [Session.self, QuestionResult.self, NSArray.self, NSDate.self, NSString.self],
            forKey: NSKeyedArchiveRootObjectKey)
        #expect(back as? Session == game)
    }

    @Test(arguments: Session.TextField.allCases)
    func eachFieldCountsInEqualityAndTheChecksum(field: Session.TextField) {
        let with = Self.session(texts: [field: "a"])
        let other = Self.session(texts: [field: "b"])
        let without = Self.session(texts: [:])
        #expect(with != other)
        #expect(with != without)
        #expect(SessionRecordCodec.fieldsChecksum(with) != SessionRecordCodec.fieldsChecksum(other))
        #expect(SessionRecordCodec.fieldsChecksum(with) != SessionRecordCodec.fieldsChecksum(without))
    }

    @Test func theNamedAccessorsReadTheirFields() {
        let game = Self.session(texts: [.category: "Geography", .difficulty: "hard", .source: "mine.json"])
        #expect(game.category == "Geography")
        #expect(game.difficulty == "hard")
        #expect(game.source == "mine.json")
        let named = Session(date: game.date, score: 1, category: "Geography", difficulty: "hard", source: "mine.json")
        #expect(named.texts == game.texts)
    }
}
