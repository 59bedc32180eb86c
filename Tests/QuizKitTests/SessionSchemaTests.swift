import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `Session.schema` and `QuestionResult.schema` are the one declaration of a
/// game's fields: every row must go through the archive (our writer and
/// reader, and Foundation's unarchiver), the journal's codec and `NSCoding`,
/// and count in equality and the game's checksum (a session's row in
/// `GameIdentity` too), with no other code to change. A new row is covered
/// here without a new line.
@Suite struct SessionSchemaTests {
    static let base = Session.Fields(date: Date(timeIntervalSinceReferenceDate: 812_345_678.25), score: 3)
    static let result = QuestionResult.Fields(
        prompt: "Capital of Peru?", outcome: .wrong, given: "Lima", answer: "Lima")

    /// Values of a kind, none of them a blank `Fields`' (a mark has one: set).
    static func samples(_ kind: FieldKind) -> [FieldValue] {
        switch kind {
        case .date: [.date(Date(timeIntervalSinceReferenceDate: -1_000)), .date(Date(timeIntervalSince1970: 4e9))]
        case .integer: [.integer(-7), .integer(Int.max)]
        case .real: [.real(41.5), .real(0.1)]
        case .text: [.text("é 北京 \u{1B}"), .text("b")]
        case .mark: [.mark]
        case .outcome: [.outcome(.right), .outcome(.skipped)]
        case .results:
            [
                .results([QuestionResult(result)]),
                .results([
                    QuestionResult(result), QuestionResult(prompt: "2?", outcome: .skipped, given: nil, answer: ""),
                ]),
            ]
        }
    }

    /// The base game with session field `index` set to each sample.
    static func sessions(field index: Int) -> [Session] {
        samples(Session.schema[index].kind).map { value in
            var fields = base
            Session.schema[index].set(&fields, value)
            return Session(fields)
        }
    }

    /// The base game holding one result, with result field `index` set to each sample.
    static func sessions(resultField index: Int) -> [Session] {
        samples(QuestionResult.schema[index].kind).map { value in
            var result = result
            QuestionResult.schema[index].set(&result, value)
            var fields = base
            fields.results = [QuestionResult(result)]
            return Session(fields)
        }
    }

    static func wholeChecksum(_ session: Session) -> Int64 {
        var scratch: [UInt8] = []
        return SessionRecordCodec.wholeChecksum(
            fields: SessionRecordCodec.fieldsChecksum(session.fields, scratch: &scratch),
            results: session.results.map { SessionRecordCodec.resultChecksum($0, scratch: &scratch) })
    }

    /// Each game goes through every codec unchanged, and differs from the
    /// others (and `plain`) in equality and the checksum.
    func expectEverywhere(_ games: [Session], plain: Session, identity: Bool) throws {
        for game in games {
            let data = KeyedArchive.data(for: [game])
            #expect(try KeyedArchive.sessions(from: data) == [game])
            #expect(try SessionRecordCodecTests.roundTrip(game) == game)
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
        let all = games + [plain]
        for (i, one) in all.enumerated() {
            for other in all[(i + 1)...] {
                #expect(one != other)
                #expect(Self.wholeChecksum(one) != Self.wholeChecksum(other))
                if identity { #expect(GameIdentity(one) != GameIdentity(other)) }
            }
        }
    }

    @Test(arguments: Session.schema.indices)
    func eachSessionFieldGoesEverywhere(index: Int) throws {
        let results = Session.schema[index].kind == .results
        try expectEverywhere(Self.sessions(field: index), plain: Session(Self.base), identity: !results)
    }

    @Test(arguments: QuestionResult.schema.indices)
    func eachResultFieldGoesEverywhere(index: Int) throws {
        var plain = Self.base
        plain.results = [QuestionResult(Self.result)]
        try expectEverywhere(Self.sessions(resultField: index), plain: Session(plain), identity: false)
    }

    /// Every property of `Fields` has its row: one without would be kept nowhere.
    @Test func everyPropertyHasItsRow() {
        #expect(Mirror(reflecting: Self.base).children.count == Session.schema.count)
        #expect(Mirror(reflecting: Self.result).children.count == QuestionResult.schema.count)
        #expect(Set(Session.schema.map(\.key)).count == Session.schema.count)
        #expect(Set(QuestionResult.schema.map(\.key)).count == QuestionResult.schema.count)
    }

    @Test func aReviewIsAKindRecordedUnderItsQuizID() throws {
        let review = Session(date: Self.base.date, score: 1, quiz: Session.Kind.reviewQuizID)
        #expect(review.kind == .review)
        #expect(Session(date: Self.base.date, score: 1, quiz: "capitals").kind == .quiz)
        #expect(Session(date: Self.base.date, score: 1).kind == .quiz)
        // On disk a review is what it always was: quiz id `review`.
        let back = try KeyedArchive.sessions(from: KeyedArchive.data(for: [review]))
        #expect(back.first?.quiz == "review")
        #expect(back.first?.kind == .review)
    }
}
