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
