import Foundation

/// What makes a recorded game the same game wherever it was read from (the
/// archive, the journal, a pending file, with or without its per-question
/// results): every field of `Session.schema` but the results, reals and the
/// date to their full bits. Adding pending games compares these, so a game
/// already in the history is never added or shown again, whatever moment a
/// crash interrupted the adding.
package struct GameIdentity: Hashable {
    let fields: [Field?]

    enum Field: Hashable {
        case bits(UInt64), value(FieldValue)
    }

    package init(_ session: Session) {
        fields = Session.schema.filter { $0.kind != .results }.map { spec in
            spec.get(session.fields).map { value in
                switch value {
                case .date(let date): .bits(date.timeIntervalSinceReferenceDate.bitPattern)
                case .real(let real): .bits(real.bitPattern)
                default: .value(value)
                }
            }
        }
    }
}

extension GameIdentity {
    /// An identity in 16 bytes: two hashes of it, the second's hasher fed a
    /// prefix first so the two are unrelated. A set of digests costs a fixed
    /// size a game whatever its fields (a merge of 100,000 games keeps one
    /// per game); two games of one process share a digest with odds of
    /// about n² in 2¹²⁹. Equal within one process only (`Hasher` is seeded
    /// per process), so never written anywhere.
    package struct Digest: Hashable, Sendable {
        let first: UInt64
        let second: UInt64
    }

    package var digest: Digest {
        var first = Hasher()
        first.combine(self)
        var second = Hasher()
        second.combine(0x5155_495A_4944_454E as UInt64)
        second.combine(self)
        return Digest(
            first: UInt64(bitPattern: Int64(first.finalize())), second: UInt64(bitPattern: Int64(second.finalize())))
    }
}
