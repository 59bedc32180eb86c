import Foundation
import QuizFormats
import Testing

@testable import QuizCore

/// Identities, their record in both history forms, and the schedule built from games.
@Suite struct ReviewScheduleTests {
    let question = Question(prompt: "What is the capital of Peru?", kind: .freeText(answer: "Lima", accepted: []))

    @Test func anIdentityIsTheIdOrTheNormalisedPromptsFingerprint() {
        var named = question
        named.id = "peru"
        #expect(QuestionIdentity.of(named, bank: "capitals") == "capitals#peru")
        let plain = QuestionIdentity.of(question, bank: "capitals")
        #expect(plain.hasPrefix("capitals~") && plain.count == "capitals~".count + 16)
        var respaced = question
        respaced.prompt = "  what is the CAPITAL of   Perú? "
        #expect(QuestionIdentity.of(respaced, bank: "capitals") == plain)
        #expect(QuestionIdentity.of(question, bank: "other") != plain)
        var renamed = question
        renamed.prompt = "Which city is the capital of Peru?"
        #expect(QuestionIdentity.of(renamed, bank: "capitals") != plain)
    }

    @Test func anOldResultIsMatchedByItsPromptEvenAfterTheQuestionGainedAnId() {
        var named = question
        named.id = "peru"
        let index = QuestionIndex(banks: [QuestionBank(id: "capitals", title: "C", questions: [named], path: "")])
        let old = QuestionResult(prompt: question.prompt, outcome: .wrong, given: "x", answer: "Lima")
        #expect(index.identity(of: old, quiz: "capitals") == "capitals#peru")
        let recorded = QuestionResult(
            prompt: "anything", outcome: .wrong, given: "x", answer: "Lima",
            identity: QuestionIdentity.fingerprinted(bank: "capitals", prompt: question.prompt))
        #expect(index.identity(of: recorded, quiz: "review") == "capitals#peru")
        #expect(index.kind(of: "capitals#peru") == "text")
        #expect(index.kind(of: "gone#x") == "other")
    }

    @Test func identityAndTimeSurviveTheArchiveAndTheJournal() throws {
        let result = QuestionResult(
            prompt: "p", outcome: .right, given: "a", answer: "a", identity: "bank#id", seconds: 3.4)
        let session = Session(date: Date(timeIntervalSince1970: 1_700_000_000), score: 1, total: 1, results: [result])
        let read = try KeyedArchive.sessions(from: KeyedArchive.data(for: [session]))
        #expect(read.first?.results.first?.identity == "bank#id")
        #expect(read.first?.results.first?.seconds == 3.4)
        var bytes: [UInt8] = []
        SessionRecordCodec.encode(session, into: &bytes)
        let decoded = try bytes.withUnsafeBytes { try SessionRecordCodec.decode($0) }
        #expect(decoded.results.first?.identity == "bank#id")
        #expect(decoded.results.first?.seconds == 3.4)
        #expect(decoded.isEqual(session))
    }

    @Test func everyAnswerIsAReviewRatedByTheRule() throws {
        let bank = QuestionBank(id: "b", title: "B", questions: [question], path: "")
        let index = QuestionIndex(banks: [bank])
        let identity = QuestionIdentity.of(question, bank: "b")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func game(_ outcome: QuestionOutcome, day: Double, seconds: Double) -> Session {
            Session(
                date: start.addingTimeInterval(day * 86_400), score: 0, total: 1, quiz: "b",
                results: [
                    QuestionResult(
                        prompt: question.prompt, outcome: outcome, given: nil, answer: "Lima", identity: identity,
                        seconds: seconds)
                ])
        }
        var ratings: [ReviewRating] = []
        let games = [
            game(.wrong, day: 0, seconds: 5), game(.right, day: 1, seconds: 4), game(.right, day: 4, seconds: 20),
        ]
        let schedule = ReviewSchedule(sessions: games, index: index) { ratings.append($0.rating) }
        // Wrong: Again; right with no median yet: Good; right and over 1.5 × the median (4 s): Hard.
        #expect(ratings == [.again, .good, .hard])
        var card = CardState()
        for (session, rating) in zip(games, ratings) { card.apply(review: rating, at: session.date) }
        let kept = try #require(schedule.cards[identity])
        #expect(kept.due == card.due && kept.stability == card.stability && kept.reps == 3 && kept.lapses == 0)
        #expect(schedule.due(at: card.due!, index: index).map(\.identity) == [identity])
        #expect(schedule.due(at: card.due!.addingTimeInterval(-1), index: index).isEmpty)
        #expect(schedule.due(at: card.due!, index: QuestionIndex()).isEmpty, "a bank gone: not offered")
    }
}

/// `history.schedule`'s text form reads back exactly, odd texts included, and refuses damage.
@Suite struct ScheduleTextTests {
    @Test func aScheduleReadsBackExactly() throws {
        let question = Question(prompt: "Tab\there,\nline\\break\r", kind: .trueFalse(true))
        let bank = QuestionBank(id: "odd\tbank", title: "B", questions: [question], path: "")
        let identity = QuestionIdentity.of(question, bank: bank.id)
        let sessions = (0..<3).map { day in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 800_000_000.123 + Double(day) * 90_000), score: 1,
                total: 1, quiz: bank.id,
                results: [
                    QuestionResult(
                        prompt: question.prompt, outcome: day == 1 ? .wrong : .right, given: "True", answer: "True",
                        identity: identity, seconds: 1.7 + Double(day))
                ])
        }
        let schedule = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [bank]))
        let data = ScheduleText.encode(schedule)
        let read = try #require(ScheduleText.decode(data))
        #expect(read.cards == schedule.cards)
        #expect(read.recentTimes == schedule.recentTimes)
        #expect(read.games == 3)
        #expect(read.cards[identity]?.prompt == question.prompt)
        // Any line cut short, or bytes changed, reads as nothing (and is rebuilt).
        let text = String(decoding: data, as: UTF8.self)
        #expect(ScheduleText.decode(Data(text.dropLast(3).utf8)) == nil)
        #expect(ScheduleText.decode(Data(text.replacingOccurrences(of: "games 3", with: "games x").utf8)) == nil)
        #expect(ScheduleText.decode(Data("quiz-schedule 4\n".utf8)) == nil)
        #expect(ScheduleText.decode(Data(("stamp 1 2\n" + text).utf8)) == nil)
    }

    /// Games are applied by date (ties by their fields), so the games of two
    /// machines make one schedule in whatever order they were recorded; a
    /// game dated before the latest applied does not follow it.
    @Test func theScheduleIsOneWhateverOrderTheGamesCameIn() throws {
        var random = SeededGenerator(seed: 11)
        var time = 740_000_000.0
        var games = (0..<40).map { _ in KeptScheduleTests.randomGame(&random, time: &time) }
        // Two games of two machines at the very same moment: their fields decide.
        var twin = games[5].fields
        twin.seed = 999_999
        games.append(Session(twin))
        let index = KeptScheduleTests.index
        let sorted = ReviewSchedule(
            sessions: games.sorted { ReviewSchedule.Order($0) < ReviewSchedule.Order($1) }, index: index)
        for _ in 0..<5 {
            games.shuffle(using: &random)
            let schedule = ReviewSchedule(sessions: games, index: index)
            #expect(schedule == sorted)
            #expect(ScheduleText.encode(schedule) == ScheduleText.encode(sorted))
        }
        let first = try #require(games.min { ReviewSchedule.Order($0) < ReviewSchedule.Order($1) })
        #expect(!sorted.follows(first))
        #expect(sorted.follows(Session(date: Date(timeIntervalSinceReferenceDate: time + 1), score: 0)))
    }

    /// The lines as version 2 always wrote them after its stamp and settings
    /// (numbers as Swift prints them, texts escaped).
    @Test func theBytesAreThoseVersionTwoAlwaysHad() throws {
        let odd = "Tab\there,\nline\\break\r and é"
        let bank = QuestionBank(
            id: "odd\tbank", title: "B",
            questions: [
                Question(prompt: odd, kind: .trueFalse(true)), Question(prompt: "Plain?", kind: .trueFalse(false)),
            ], path: "")
        let sessions = (0..<4).map { day in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 800_000_000.123 + Double(day) * 90_000), score: 1,
                total: 2, quiz: bank.id,
                results: bank.questions.map { question in
                    QuestionResult(
                        prompt: question.prompt, outcome: day == 1 ? .wrong : .right, given: "True", answer: "True",
                        identity: QuestionIdentity.of(question, bank: bank.id), seconds: 1.7 + Double(day))
                })
        }
        let schedule = ReviewSchedule(sessions: sessions, index: QuestionIndex(banks: [bank]))
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        }
        var body = "games 4\n"
        // The latest game applied (version 6): its date and its fields' CRC-32.
        let latest = try #require(schedule.latest)
        #expect(latest == ReviewSchedule.Order(sessions[3]) && latest.seconds == 800_270_000.123)
        body += "latest \(latest.seconds) \(latest.fields)\n"
        for (kind, times) in schedule.recentTimes.sorted(by: { $0.key < $1.key }) {
            body += "times " + ([escaped(kind)] + times.map { "\($0)" }).joined(separator: " ") + "\n"
        }
        for (day, count) in schedule.dueDays.sorted(by: { $0.key < $1.key }) {
            body += "day \(day) \(count.due) \(count.right)\n"
        }
        for (identity, card) in schedule.cards.sorted(by: { $0.key < $1.key }) {
            let numbers =
                [
                    card.stability, card.difficulty, card.lastReview.timeIntervalSinceReferenceDate,
                    card.due.timeIntervalSinceReferenceDate,
                ].map { "\($0)" } + [
                    "\(card.reps)", "\(card.lapses)", "\(card.firstSeen.timeIntervalSinceReferenceDate)",
                ]
            body +=
                "card \(numbers.joined(separator: " "))\t\(escaped(identity))\t\(escaped(card.quiz))\t"
                + "\(escaped(card.prompt))\n"
        }
        #expect(schedule.cards.count == 2)
        let encoded = ScheduleText.encode(schedule)
        #expect(String(decoding: encoded, as: UTF8.self) == body)
        #expect(try #require(ScheduleText.decode(Data(body.utf8))) == schedule)
    }

    /// Every finite number reads back exactly; a word that is not one
    /// decimal number, whole, makes the file unreadable, checksum or not.
    @Test func numbersReadBackExactlyAndOddWordsAreRefused() throws {
        var generator = SeededGenerator(seed: 29)
        var values: [Double] = [
            0, -0.0, 1e-5, .leastNonzeroMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 36_500, 0.9,
        ]
        while values.count < 2_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        let times = "times k " + values.map { "\($0)" }.joined(separator: " ") + "\n"
        let rest = "games 0\n"
        func read(_ text: String) -> ReviewSchedule? { ScheduleText.decode(Data(text.utf8)) }
        let exact = try #require(read(rest + times))
        #expect(exact.recentTimes["k"]?.map(\.bitPattern) == values.map(\.bitPattern))
        // Two spaces between numbers part them as one does.
        #expect(try #require(read(rest + "times k 1.5  2.0\n")).recentTimes["k"] == [1.5, 2])
        for word in ["nan", "inf", "-inf", "1e999", "\u{0B}1.0", "1.0x", "1,5", "--1", "1.0\u{0}", "\t1"] {
            #expect(read(rest + "times k 1.0 \(word)\n") == nil, "\(word)")
        }
        #expect(read(rest + "times k 1.0\n") != nil)
        #expect(read(rest + "card 1 2 3 4 5 6 7\tid\tq\n") == nil)
        #expect(read(rest + "card 1 2 3 4 5.5 6 7\ti\tq\tp\n") == nil)
        #expect(read(rest + "card 1 2 3 4 5 6 7\ti\tq\tp\n") != nil)
        #expect(read(rest + "card 1 2 3 4 5 6\ti\tq\tp\n") == nil)
        #expect(read(rest + "card 1 2 3 4 5 6 7\ti\tq\tp\tx\n") == nil)
        #expect(read("games 0") == nil)
    }
}

/// The identity's quick ASCII normalisation is the answer normaliser's, byte for byte.
@Suite struct QuestionIdentityTests {
    @Test func theQuickFormIsTheNormalisersOnRandomASCII() {
        var generator = SeededGenerator(seed: 13)
        let alphabet = Array("aZ .!?\t\n\r\u{0B}\u{0C}x1,'\"-Q".utf8) + Array(0..<128)
        for round in 0..<20_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(
                QuestionIdentity.normalized(text) == AnswerNormalizer.normalize(text), "round \(round): \(bytes)")
        }
        for text in ["  What IS the capital of Peru?? ", "...", "a .", "\u{0B}x\u{0C}", "Tab\there.!"] {
            #expect(QuestionIdentity.normalized(text) == AnswerNormalizer.normalize(text))
        }
        #expect(QuestionIdentity.normalized("Perú?") == "peru")
    }
}
