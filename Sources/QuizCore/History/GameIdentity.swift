import Foundation

/// What makes a recorded game the same game wherever it was read from (the
/// archive, the journal, a pending file, with or without its per-question
/// results): its recorded fields, the date to the full Double. Adding pending
/// games compares these, so a game already in the history is never added or
/// shown again, whatever moment a crash interrupted the adding.
package struct GameIdentity: Hashable {
    let date: UInt64
    let score: Int
    let total: Int?
    let quiz: String?
    let seed: Int64?
    let duration: UInt64?

    package init(_ session: Session) {
        date = session.date.timeIntervalSinceReferenceDate.bitPattern
        score = session.score
        total = session.total
        quiz = session.quiz
        seed = session.seed
        duration = session.duration?.bitPattern
    }
}
