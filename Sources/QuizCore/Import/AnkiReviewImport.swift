import Foundation

/// An Anki collection's review log made games of quiz's history, so the
/// FSRS schedule goes on where Anki's left it: each Anki day's reviews are
/// one review game (`Session.Kind.review`), ended at its last review, whose
/// results are the imported questions (identified by the bank's quiz id and
/// `QuestionIdentity`), each at its own time (`answered`), rated by the
/// button pressed (`grade`), its days since the card's last review counted
/// as Anki counts them (`days`: by Anki's days, not 24 hours), and due when
/// Anki said (`scheduled`).
///
/// A card's reviews are the ones Anki's FSRS reads for its memory state
/// (`reviews_for_fsrs` in rslib/src/scheduler/fsrs/params.rs): those since
/// the last "Forget" (a manual entry of factor 0) or, where the card was
/// learnt again after it, since that last group of learning steps; without
/// any learning step, since the first graded review of a day or more; never
/// a manual change, a rescheduling or a cram in a filtered deck (ease 0, or
/// a filtered review of factor 0). A card Anki forgot after its last grade
/// has no reviews.
public enum AnkiReviewImport {
    /// The hour Anki's day begins ("Next day starts at", 4 by default).
    public static let defaultRolloverHour = 4

    /// The review games of `revlog`'s entries for the cards of `cards`
    /// (an Anki card id → the index of its question in `bank`), in the order
    /// of their days; an entry for any other card is left out. A day is
    /// Anki's: from `rolloverHour` in `timeZone` to the next.
    public static func sessions(
        bank: QuestionBank, quizID: String, cards: [Int64: Int], revlog: [AnkiRevlogEntry],
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, rolloverHour: Int = defaultRolloverHour
    ) -> [Session] {
        let questions = bank.questions
        var byCard: [Int64: [AnkiRevlogEntry]] = [:]
        for entry in revlog {
            guard let index = cards[entry.cardID], questions.indices.contains(index) else { continue }
            byCard[entry.cardID, default: []].append(entry)
        }
        let day = AnkiDay(timeZone: timeZone, rolloverHour: rolloverHour)
        var days: [Int: [(entry: AnkiRevlogEntry, result: QuestionResult)]] = [:]
        for (cardID, entries) in byCard {
            let question = questions[cards[cardID]!]
            let identity = QuestionIdentity.of(question, bank: quizID)
            var previousDay: Int?
            for entry in scheduling(entries.sorted { $0.id < $1.id }) {
                let answered = Date(timeIntervalSince1970: Double(entry.id) / 1000)
                let today = day.number(of: answered)
                defer { previousDay = today }
                // The second the schedule counts the answer at, as Anki's own
                // clock (whole seconds) counted a learning step from.
                let counted = ReviewSchedule.reviewTime(answered)
                let due =
                    entry.interval > 0
                    ? day.start(of: answered).addingTimeInterval(Double(entry.interval) * 86_400)
                    : counted.addingTimeInterval(Double(-entry.interval))
                var fields = QuestionResult.Fields(
                    prompt: question.prompt, outcome: entry.ease == 1 ? .wrong : .right,
                    given: entry.ease == 1 ? nil : question.answerText, answer: question.answerText)
                fields.identity = identity
                fields.seconds = entry.milliseconds > 0 ? Double(entry.milliseconds) / 1000 : nil
                fields.grade = entry.ease
                fields.answered = answered
                // FSRS's days elapsed as Anki counts them: its days apart, not 24 hours.
                fields.days = previousDay.map { max(0, today - $0) }
                fields.scheduled = due > counted ? due.timeIntervalSince(counted) : nil
                days[today, default: []].append((entry, QuestionResult(fields)))
            }
        }
        return days.keys.sorted().map { number in
            game(
                of: days[number]!.sorted { ($0.entry.id, $0.entry.cardID) < ($1.entry.id, $1.entry.cardID) }
                    .map(\.result))
        }
    }

    /// Where an imported review game came from (`Session.source`).
    public static let source = "Anki"

    /// The review game of imported reviews (`results`, in time order, each
    /// with its `answered` and `grade`): ended at the last, its score the
    /// reviews not answered Again, its duration theirs. The history makes
    /// one of what an import adds when some of a day's reviews were added
    /// before (`HistoryStore.add(imported:)`).
    public static func game(of results: [QuestionResult]) -> Session {
        let fieldsOf = results.map(\.fields)
        var fields = Session.Fields(
            date: fieldsOf.last?.answered ?? Date(timeIntervalSince1970: 0),
            score: fieldsOf.count { ($0.grade ?? 0) > 1 })
        fields.total = results.count
        fields.quiz = Session.Kind.reviewQuizID
        // Titled as quiz's own reviews are (a deck's title made the
        // --stats rows of the reviews and of the deck's games look alike);
        // the source says where they came from.
        fields.title = ReviewSession.title
        // Summed in whole milliseconds, as Anki logs them, so a game made
        // again of the same reviews is the same to the last bit (`GameIdentity`).
        fields.duration = Double(fieldsOf.reduce(0) { $0 + Int64((($1.seconds ?? 0) * 1000).rounded()) }) / 1000
        fields.source = source
        fields.results = results
        return Session(fields)
    }

    /// What tells one imported review from another: its question and the
    /// millisecond Anki logged it (a review log entry's id). Grouped into
    /// days by another time zone, or exported again with more reviews on a
    /// day, the same reviews make other games; the history adds each review once.
    public struct ReviewKey: Hashable, Sendable {
        let identity: String?
        let millisecond: Int64

        /// The key of an imported review; nil for a result that is none.
        public init?(_ result: QuestionResult) {
            let fields = result.fields
            guard let answered = fields.answered, answered.timeIntervalSince1970.isFinite,
                abs(answered.timeIntervalSince1970) < 1e12
            else { return nil }
            identity = fields.identity
            millisecond = Int64((answered.timeIntervalSince1970 * 1000).rounded())
        }
    }

    /// The entries of one card, in time order, that Anki's FSRS reads for
    /// its memory state (`reviews_for_fsrs`, not training, nothing ignored
    /// by date).
    static func scheduling(_ entries: [AnkiRevlogEntry]) -> [AnkiRevlogEntry] {
        var firstOfLastLearning: Int?
        var firstGraded: Int?
        walk: for (index, entry) in entries.enumerated().reversed() {
            if entry.isCram { continue }
            let graded = entry.ease > 0
            if graded && (entry.interval >= 1 || entry.interval <= -86_400) { firstGraded = index }
            if graded && entry.kind == 0 {
                firstOfLastLearning = index
            } else if entry.kind == 4 && entry.factor == 0 {
                // A "Forget": what came before it is left out.
                if firstOfLastLearning != nil || firstGraded != nil { break walk }
                return []
            } else if firstOfLastLearning != nil {
                break walk
            }
        }
        guard let start = firstOfLastLearning ?? firstGraded else { return [] }
        return entries[start...].filter { $0.ease > 0 && !$0.isCram }
    }

    /// Anki's days: each from the rollover hour in a zone to the next.
    struct AnkiDay {
        let timeZone: TimeZone
        let rolloverHour: Int

        /// Days since 1970 of the Anki day `date` is in.
        func number(of date: Date) -> Int {
            let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
            return Int(((local - Double(rolloverHour) * 3_600) / 86_400).rounded(.down))
        }

        /// When the Anki day `date` is in began.
        func start(of date: Date) -> Date {
            let offset = Double(timeZone.secondsFromGMT(for: date))
            return Date(
                timeIntervalSince1970: Double(number(of: date)) * 86_400 + Double(rolloverHour) * 3_600 - offset)
        }
    }
}

extension AnkiRevlogEntry {
    /// A review in a filtered deck that does not reschedule (cramming).
    var isCram: Bool { kind == 3 && factor == 0 }
}
