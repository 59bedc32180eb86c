import Foundation

/// The review log in the CSV schema of the FSRS optimizer (the Python
/// package `fsrs-optimizer`): `card_id,review_time,review_rating,review_state,review_duration`,
/// one row per answer of every game, oldest first. `card_id` is a number
/// derived from the question's identity (the same in every export),
/// `review_time` milliseconds since 1970, `review_rating` 1 to 4 as quiz
/// rated it, `review_state` 0 for a question's first meeting and 2 after,
/// `review_duration` milliseconds (0 when not recorded).
public enum ReviewLog {
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// Every game is applied, in the schedule's order (`ReviewSchedule.ordered`:
    /// by date), so each answer is rated as the scheduler rated it; `keeping` (the game's position in `sessions`, the
    /// review) chooses the rows written.
    public static func csv(
        sessions: [Session], index: QuestionIndex, scheduler: FSRS = .standard,
        keeping keep: (Int, ReviewSchedule.Review) -> Bool = { _, _ in true }
    ) -> String {
        var rows = [header]
        var schedule = ReviewSchedule()
        withoutActuallyEscaping(keep) { keep in
            for position in ReviewSchedule.ordered(sessions) {
                schedule.apply(sessions[position], index: index, scheduler: scheduler) { review in
                    guard keep(position, review) else { return }
                    row(review, into: &rows)
                }
            }
        }
        return rows.map { $0 + "\r\n" }.joined()
    }

    private static func row(_ review: ReviewSchedule.Review, into rows: inout [String]) {
        let time = (review.date.timeIntervalSince1970 * 1000).rounded()
        guard time.isFinite, abs(time) < 1e15 else { return }
        let duration = review.seconds.map { ($0 * 1000).rounded() }.flatMap {
            $0.isFinite && $0 >= 0 && $0 < 1e12 ? $0 : nil
        }
        rows.append(
            "\(cardID(review.identity)),\(Int64(time)),\(review.rating.rawValue),\(review.wasNew ? 0 : 2),\(Int64(duration ?? 0))"
        )
    }

    /// A positive number below 2^53 (exact in a double) from the identity's FNV-1a hash.
    public static func cardID(_ identity: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int64(hash & ((1 << 53) - 1)) | 1
    }
}
