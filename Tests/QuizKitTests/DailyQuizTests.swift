import Foundation
import Testing

@testable import QuizCore

/// The daily quiz's rule: numbers by calendar date, the selection, the card
/// and reading it back.
@Suite struct DailyQuizTests {
    /// Every local midnight over two years, in three zones with daylight
    /// saving (two northern, one southern): each day's number is one more
    /// than the day before's, and an hour before midnight is still the day before.
    @Test(arguments: ["Europe/London", "America/New_York", "Pacific/Auckland"])
    func numbersNeverSkipOrRepeatAcrossDaylightSaving(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var midnight = try #require(calendar.date(from: DateComponents(year: 2026, month: 12, day: 1)))
        #expect(DailyDay(at: midnight, timeZone: timeZone).number == 1)
        for expected in 1...731 {
            let noon = calendar.date(byAdding: .hour, value: 12, to: midnight)!
            #expect(DailyDay(at: midnight, timeZone: timeZone).number == expected, "\(midnight) in \(zone)")
            #expect(DailyDay(at: noon, timeZone: timeZone).number == expected)
            #expect(DailyDay(at: midnight.addingTimeInterval(-1), timeZone: timeZone).number == expected - 1)
            midnight = calendar.date(byAdding: .day, value: 1, to: midnight)!
        }
    }

    @Test func datesAndNumbers() {
        #expect(DailyDay(iso: "2026-12-01")?.number == 1)
        #expect(DailyDay(iso: "2027-01-01")?.number == 32)
        #expect(DailyDay(number: 32).iso == "2027-01-01")
        for bad in ["2026-02-29", "2026-13-01", "2026-1-01", "26-12-01", "2026-12-01x", ""] {
            #expect(DailyDay(iso: bad) == nil, "\(bad)")
        }
    }

    static func bank(_ id: String, _ count: Int, added: String? = nil) -> QuestionBank {
        let levels: [Difficulty] = [.easy, .medium, .hard]
        return QuestionBank(
            id: id, title: id,
            questions: (0..<count).map {
                Question(
                    prompt: "\(id) \($0)?", kind: .trueFalse(true), difficulty: levels[$0 % 3], id: "q\($0)",
                    added: added)
            }, path: id)
    }

    static let library = (0..<12).map { bank("bank\($0)", 30) }

    @Test func tenQuestionsOnePerQuizBalancedByDifficultyEasyFirst() {
        let questions = DailyQuiz.questions(on: DailyDay(number: 5), from: Self.library)
        #expect(questions.count == 10)
        let banks = questions.map { String($0.identity!.split(separator: "#")[0]) }
        #expect(Set(banks).count == 10)
        #expect(
            questions.map(\.difficulty) == [.easy, .easy, .easy] + Array(repeating: .medium, count: 4) + [
                .hard, .hard, .hard,
            ])
        #expect(
            DailyQuiz.questions(on: DailyDay(number: 5), from: Self.library.reversed()).map(\.identity)
                == questions.map(\.identity))
        #expect(
            DailyQuiz.questions(on: DailyDay(number: 6), from: Self.library).map(\.identity)
                != questions.map(\.identity))
    }

    /// A bank gaining questions (dated as they must be) leaves every past
    /// day's quiz as it was, and changes days from its date on only.
    @Test func aBankGainingQuestionsLeavesPastDaysUnchanged() {
        var grown = Self.library
        grown[3].questions += Self.bank("bank3", 60, added: "2027-01-10").questions.suffix(30).map {
            var question = $0
            question.id = "new-" + question.id!
            return question
        }
        let added = DailyDay(iso: "2027-01-10")!
        for number in 1..<added.number {
            #expect(
                DailyQuiz.questions(on: DailyDay(number: number), from: grown).map(\.identity)
                    == DailyQuiz.questions(on: DailyDay(number: number), from: Self.library).map(\.identity))
        }
        let later = (added.number..<(added.number + 60)).filter {
            DailyQuiz.questions(on: DailyDay(number: $0), from: grown).map(\.identity)
                != DailyQuiz.questions(on: DailyDay(number: $0), from: Self.library).map(\.identity)
        }
        #expect(!later.isEmpty, "the new questions are asked from their day on")
    }

    static func session(practice: Bool = false) -> Session {
        var fields = Session.Fields(date: Date(timeIntervalSince1970: 1_797_000_000), score: 2)
        fields.total = 3
        fields.duration = 102
        fields.daily = 12
        fields.practice = practice
        fields.results = [
            QuestionResult(prompt: "a", outcome: .right, given: "x", answer: "x", identity: "a#1", seconds: 4.1),
            QuestionResult(prompt: "b", outcome: .wrong, given: "y", answer: "x", identity: "b#1", seconds: 12),
            QuestionResult(
                prompt: "c", outcome: .right, given: "y", answer: "x", overridden: true, identity: "c#1", seconds: nil),
        ]
        return Session(fields)
    }

    /// Every form of the card reads back as the card, with chat text and
    /// chat prefixes around it; the card never shows a prompt or an answer.
    @Test(arguments: [SquareStyle.standard, .colorblind, .ascii])
    func everyFormReadsBack(style: SquareStyle) throws {
        let card = try #require(DailyCard(session: Self.session(practice: true)))
        let text = card.text(style: style, ghost: true)
        #expect(!text.contains("x") || style == .ascii)
        #expect(text.hasPrefix("quiz daily #12"))
        let pasted =
            "Alice: look!\n" + text.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n") + "\nbeat that"
        #expect(DailyCardReader.read(pasted) == card)
        var untimed = card
        untimed.times = nil
        #expect(DailyCardReader.read(card.text(style: style, ghost: false)) == untimed)
        #expect(DailyCardReader.read("Look: " + card.sentence(ghost: true) + " :)") == card)
    }

    @Test func garbageAndHalfCardsAreNoCard() {
        let card = DailyCard(session: Self.session())!.text(style: .standard, ghost: false)
        #expect(DailyCardReader.read("hello") == nil)
        #expect(DailyCardReader.read(card.replacingOccurrences(of: "fp ", with: "")) == nil)
        #expect(DailyCardReader.read(card.replacingOccurrences(of: "2/3", with: "3/3")) == nil, "squares disagree")
        #expect(DailyCardReader.read(card.replacingOccurrences(of: "2026-12-12", with: "2026-12-13")) == nil)
    }

    @Test func ghostCodesRoundTrip() {
        let times: [TimeInterval?] = [0, 4.1, nil, 129.4, 500]
        #expect(GhostCode.decode(GhostCode.encode(times)) == [0, 4.1, nil, 129.4, 129.4])
        #expect(GhostCode.decode("0") == nil)
        #expect(GhostCode.decode("0!") == nil)
    }

    /// A counted daily makes the daily streak; practice is counted apart and
    /// never in it; a daily has no per-quiz row.
    @Test func statisticsCountOnlyCountedDailiesInTheStreak() {
        func daily(_ number: Int, practice: Bool) -> Session {
            var fields = Self.session(practice: practice).fields
            fields.daily = number
            fields.date = Date(timeIntervalSince1970: 1_796_083_200 + Double(number - 1) * 86_400 + 3600)
            return Session(fields)
        }
        let sessions = [daily(1, practice: false), daily(2, practice: false), daily(3, practice: true)]
        let now = Date(timeIntervalSince1970: 1_796_083_200 + 2 * 86_400 + 7200)
        #expect(DailyDay(at: now, timeZone: .gmt).number == 3)
        let statistics = Statistics(sessions: sessions, now: now, timeZone: .gmt)
        #expect(statistics.dailyStreaks.current == 2)
        #expect(statistics.dailies.count == 2)
        #expect(statistics.practiceDailies == 1)
        #expect(statistics.quizzes.isEmpty)
        #expect(statistics.streaks.current == 3, "every game counts for the days-played streak")
    }

    /// A bank's `"added"` is a real date, kept through parsing; anything else is the bank's error.
    @Test func addedIsADate() throws {
        func bank(_ added: String) -> String {
            #"{"title": "T", "questions": [{"prompt": "P?", "answer": true, "added": "\#(added)"}]}"#
        }
        #expect(try BankLoader.parse(Array(bank("2027-01-31").utf8), path: "t.json").questions[0].added == "2027-01-31")
        for bad in ["2027-02-30", "31/01/2027", "soon"] {
            #expect(throws: BankError.self) { try BankLoader.parse(Array(bank(bad).utf8), path: "t.json") }
        }
    }
}
