import Foundation

/// One field of an archived class (`Session`, `QuestionResult`), declared once
/// in the class's `schema`: its key (in the archive, `NSCoding` and the
/// journal's named pairs), how it is read and set on the class's `Fields`
/// (its kind follows from the property's type), and where a journal record
/// puts it. `NSCoding`, `KeyedArchive`'s writer and reader,
/// `SessionRecordCodec`, the checksums and `GameIdentity` all walk the schema;
/// equality is `Fields`' own.
struct FieldSpec<Fields>: Sendable {
    let key: String
    let journal: JournalPlace
    /// The field's two closures, typed: a reader sets a value it has just
    /// read without wrapping it in a `FieldValue` first.
    let access: Access

    /// A field read and set in its own type; `get` gives nil when the field
    /// is absent (an optional's nil, a false mark, no results).
    enum Access: Sendable {
        case date(get: @Sendable (Fields) -> Date, set: @Sendable (inout Fields, Date) -> Void)
        case integer(get: @Sendable (Fields) -> Int?, set: @Sendable (inout Fields, Int) -> Void)
        case real(get: @Sendable (Fields) -> Double?, set: @Sendable (inout Fields, Double) -> Void)
        case text(get: @Sendable (Fields) -> String?, set: @Sendable (inout Fields, String) -> Void)
        case mark(get: @Sendable (Fields) -> Bool, set: @Sendable (inout Fields, Bool) -> Void)
        case outcome(get: @Sendable (Fields) -> QuestionOutcome, set: @Sendable (inout Fields, QuestionOutcome) -> Void)
        case results(
            get: @Sendable (Fields) -> [QuestionResult], set: @Sendable (inout Fields, [QuestionResult]) -> Void)
    }

    var kind: FieldKind {
        switch access {
        case .date: .date
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .mark: .mark
        case .outcome: .outcome
        case .results: .results
        }
    }

    /// The field's value; nil when absent (an optional's nil, a false mark, no results).
    func get(_ fields: Fields) -> FieldValue? {
        switch access {
        case .date(let get, _): return .date(get(fields))
        case .integer(let get, _): return get(fields).map { .integer($0) }
        case .real(let get, _): return get(fields).map { .real($0) }
        case .text(let get, _): return get(fields).map { .text($0) }
        case .mark(let get, _): return get(fields) ? .mark : nil
        case .outcome(let get, _): return .outcome(get(fields))
        case .results(let get, _):
            let results = get(fields)
            return results.isEmpty ? nil : .results(results)
        }
    }

    /// Sets a value read back; a value of another kind is ignored.
    func set(_ fields: inout Fields, _ value: FieldValue) {
        switch (access, value) {
        case (.date(_, let set), .date(let value)): set(&fields, value)
        case (.integer(_, let set), .integer(let value)): set(&fields, value)
        case (.real(_, let set), .real(let value)): set(&fields, value)
        case (.text(_, let set), .text(let value)): set(&fields, value)
        case (.mark(_, let set), .mark): set(&fields, true)
        case (.outcome(_, let set), .outcome(let value)): set(&fields, value)
        case (.results(_, let set), .results(let value)): set(&fields, value)
        default: return
        }
    }
}

/// A class's fields in the order the archive writes them, with the places
/// of the journal's layout found once (`SessionRecordCodec` writes and reads
/// a record for every game, and checks every game read against it).
struct FieldSchema<Fields>: RandomAccessCollection, Sendable {
    let specs: [FieldSpec<Fields>]
    /// `.fixed` fields, in schema order.
    let fixed: [Int]
    /// `.flagged` fields with their bits, in the order of their bits.
    let flagged: [(bit: UInt8, index: Int)]
    /// `.named` fields, in schema order.
    let named: [Int]
    /// The `.tag` field (a result's outcome), if any.
    let tag: Int?

    init(_ specs: [FieldSpec<Fields>]) {
        self.specs = specs
        fixed = specs.indices.filter { specs[$0].journal == .fixed }
        flagged = specs.indices.compactMap { index -> (bit: UInt8, index: Int)? in
            if case .flagged(let bit) = specs[index].journal { (bit, index) } else { nil }
        }.sorted { $0.bit < $1.bit }
        named = specs.indices.filter { specs[$0].journal == .named }
        tag = specs.indices.first { specs[$0].journal == .tag }
    }

    var startIndex: Int { specs.startIndex }
    var endIndex: Int { specs.endIndex }
    subscript(index: Int) -> FieldSpec<Fields> { specs[index] }
}

/// How a field is stored: in the archive, `NSCoding`, the journal.
enum FieldKind: Sendable {
    /// An `NSDate` object; 8 bytes (the Double's bits) in the journal.
    case date
    /// An integer; 8 bytes, or decimal text in a named pair.
    case integer
    /// A real; 8 bytes (its bits), or its shortest text in a named pair.
    case real
    /// A string; a 32-bit length and UTF-8.
    case text
    /// A Bool: the integer 1 when true, absent when false; "1" in a named pair.
    case mark
    /// A `QuestionOutcome`: its name as a string; a code in a result's tag byte.
    case outcome
    /// The per-question results: an array of `QuestionResult`; a count, then each.
    case results
}

/// Where a journal record (`SessionRecordCodec`) puts a field.
enum JournalPlace: Equatable, Sendable {
    /// Always written, in schema order, before the flags byte (a session's)
    /// or after it (a result's tag byte).
    case fixed
    /// Written when present, in the order of its bit in the flags byte.
    case flagged(UInt8)
    /// A named pair after the flagged fields: how every field added later is kept.
    case named
    /// The outcome's code, in the low bits of a result's tag byte.
    case tag
    /// The results, at the end.
    case list
}

/// A field's value, in the kind the schema gives it.
enum FieldValue: Hashable, Sendable {
    case date(Date), integer(Int), real(Double), text(String), mark, outcome(QuestionOutcome)
    case results([QuestionResult])

    /// The text of the value in a journal's named pair.
    var namedText: String {
        switch self {
        case .integer(let value): "\(value)"
        // The shortest text that reads back as the same double.
        case .real(let value): "\(value)"
        case .text(let value): value
        case .mark: "1"
        case .date(let date): "\(date.timeIntervalSinceReferenceDate)"
        case .outcome(let outcome): outcome.rawValue
        case .results: ""
        }
    }

    /// A named pair's text read back as `kind`; nil when it is not one.
    init?(namedText text: String, kind: FieldKind) {
        switch kind {
        case .integer: guard let value = Int(text) else { return nil }; self = .integer(value)
        case .real: guard let value = Double(text) else { return nil }; self = .real(value)
        case .text: self = .text(text)
        case .mark: guard text == "1" else { return nil }; self = .mark
        case .date:
            guard let value = Double(text) else { return nil };
            self = .date(Date(timeIntervalSinceReferenceDate: value))
        case .outcome: guard let value = QuestionOutcome(rawValue: text) else { return nil }; self = .outcome(value)
        case .results: return nil
        }
    }
}

// The kind of a field follows from its property's type: one initialiser a
// type. A field is read and written through the two closures of its row
// (`{ $0.total }`, `{ $0.total = $1 }`), not a key path, which is projected
// at run time (CONTRIBUTING.md, "Measured choices in the code").
extension FieldSpec {
    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Date,
        _ write: @escaping @Sendable (inout Fields, Date) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .date(get: read, set: write))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Int,
        _ write: @escaping @Sendable (inout Fields, Int) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .integer(get: { read($0) }, set: write))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Int?,
        _ write: @escaping @Sendable (inout Fields, Int?) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .integer(get: read, set: { write(&$0, $1) }))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Int64?,
        _ write: @escaping @Sendable (inout Fields, Int64?) -> Void, journal: JournalPlace
    ) {
        self.init(
            key: key, journal: journal,
            access: .integer(get: { read($0).map { Int($0) } }, set: { write(&$0, Int64($1)) }))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Double?,
        _ write: @escaping @Sendable (inout Fields, Double?) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .real(get: read, set: { write(&$0, $1) }))
    }

    /// An optional date is kept as a real: seconds since 2001 (the
    /// `.date` kind is the one every game has, never absent).
    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Date?,
        _ write: @escaping @Sendable (inout Fields, Date?) -> Void, journal: JournalPlace
    ) {
        self.init(
            key: key, journal: journal,
            access: .real(
                get: { read($0)?.timeIntervalSinceReferenceDate },
                set: { write(&$0, Date(timeIntervalSinceReferenceDate: $1)) }))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> String,
        _ write: @escaping @Sendable (inout Fields, String) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .text(get: { read($0) }, set: write))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> String?,
        _ write: @escaping @Sendable (inout Fields, String?) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .text(get: read, set: { write(&$0, $1) }))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> Bool,
        _ write: @escaping @Sendable (inout Fields, Bool) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .mark(get: read, set: write))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> QuestionOutcome,
        _ write: @escaping @Sendable (inout Fields, QuestionOutcome) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .outcome(get: read, set: write))
    }

    init(
        _ key: String, _ read: @escaping @Sendable (Fields) -> [QuestionResult],
        _ write: @escaping @Sendable (inout Fields, [QuestionResult]) -> Void, journal: JournalPlace
    ) {
        self.init(key: key, journal: journal, access: .results(get: read, set: write))
    }
}

/// What `NSCoding` does with a schema: every class's `encode(with:)` and
/// `init?(coder:)` are these.
enum SchemaCoding {
    static func encode<Fields>(_ fields: Fields, _ schema: FieldSchema<Fields>, with coder: NSCoder) {
        for spec in schema {
            guard let value = spec.get(fields) else { continue }
            switch value {
            case .date(let date): coder.encode(date as NSDate, forKey: spec.key)
            case .integer(let integer): coder.encode(integer, forKey: spec.key)
            case .real(let real): coder.encode(real, forKey: spec.key)
            case .text(let text): coder.encode(text as NSString, forKey: spec.key)
            case .mark: coder.encode(1, forKey: spec.key)
            case .outcome(let outcome): coder.encode(outcome.rawValue as NSString, forKey: spec.key)
            case .results(let results): coder.encode(results as NSArray, forKey: spec.key)
            }
        }
    }

    /// The fields `coder` holds, over `blank`; nil without a date (a
    /// session's), which no game lacks.
    static func decode<Fields>(_ blank: Fields, _ schema: FieldSchema<Fields>, from coder: NSCoder) -> Fields? {
        var fields = blank
        for spec in schema {
            // Foundation on Linux fails (and by default traps) on an absent
            // key, so every key is checked with containsValue first.
            guard coder.containsValue(forKey: spec.key) else {
                if spec.kind == .date { return nil }
                continue
            }
            let value: FieldValue? =
                switch spec.kind {
                case .date: (coder.decodeObject(of: NSDate.self, forKey: spec.key) as Date?).map { .date($0) }
                case .integer: .integer(coder.decodeInteger(forKey: spec.key))
                case .real: .real(coder.decodeDouble(forKey: spec.key))
                case .text: (coder.decodeObject(of: NSString.self, forKey: spec.key) as String?).map { .text($0) }
                case .mark: coder.decodeInteger(forKey: spec.key) != 0 ? .mark : nil
                case .outcome:
                    .outcome(
                        QuestionOutcome(
                            rawValue: (coder.decodeObject(of: NSString.self, forKey: spec.key) as String?) ?? "")
                            ?? .wrong)
                case .results:
                    (coder.decodeObject(of: [NSArray.self, QuestionResult.self], forKey: spec.key)
                        as? [QuestionResult]).map { .results($0) }
                }
            guard let value else {
                if spec.kind == .date { return nil }
                continue
            }
            spec.set(&fields, value)
        }
        return fields
    }
}
