import Foundation

/// Why an archive's bytes could not be read as a history.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAnArchive(String)
    case foreignClass(String)
    case wrongShape(String)
    case absurdValue(String)

    public var description: String {
        switch self {
        case .notAnArchive(let why): "not a keyed archive (\(why))"
        case .foreignClass(let name): "it names the class \"\(name)\", which quiz does not read"
        case .wrongShape(let why): "not a SessionHistory archive (\(why))"
        case .absurdValue(let why): "impossible value: \(why)"
        }
    }
}

/// Reads and writes `history.archive`: an `NSKeyedArchiver` binary property
/// list whose root is a `SessionHistory` holding `Session` objects.
///
/// Foundation on Linux cannot be used for either direction as it stands
/// (DESIGN.md): `NSKeyedArchiver` writes module-qualified class names and is
/// slow for many sessions, and `NSKeyedUnarchiver` traps on shapes it does not
/// expect. So this writes the same object graph itself, with the bare names
/// `SessionHistory`, `Session` and `QuestionResult`, and reads it back with
/// the explicit class list `allowedClasses`, checking the type of every value
/// before use. Foundation's `NSKeyedUnarchiver` reads what this writes (tested).
public enum KeyedArchive {
    /// Every class an archive may name; anything else is refused unread.
    public static let allowedClasses: Set<String> = [
        "SessionHistory", "Session", "QuestionResult",
        "QuizKit.SessionHistory", "QuizKit.Session", "QuizKit.QuestionResult",
        "NSArray", "NSMutableArray", "NSDate", "NSString", "NSMutableString", "NSObject",
    ]

    // MARK: Writing

    /// `journalSequence`, our own key on the root, is the last journal record
    /// folded into these sessions (see `HistoryJournal`); 0 writes no key.
    public static func data(for sessions: [Session], journalSequence: UInt64 = 0) -> Data {
        var builder = ObjectTableBuilder()
        let root = builder.reserve()
        let historyClass = builder.classObject("SessionHistory")
        let sessionsUID = builder.array(sessions.map { builder.session($0) })
        var rootEntries: [String: PropertyListValue] = ["$class": .uid(historyClass), "sessions": .uid(sessionsUID)]
        if journalSequence > 0 { rootEntries["journalSequence"] = .integer(Int64(bitPattern: journalSequence)) }
        builder.set(root, .dict(rootEntries))
        let top = PropertyListValue.dict([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dict(["root": .uid(root)]),
            "$objects": .array(builder.objects),
        ])
        return BinaryPropertyListWriter.data(for: top)
    }

    /// Builds the `$objects` table, sharing class descriptions and strings.
    private struct ObjectTableBuilder {
        var objects: [PropertyListValue] = [.string("$null")]
        var classes: [String: UInt32] = [:]
        var strings: [String: UInt32] = [:]

        mutating func reserve() -> UInt32 {
            objects.append(.string("$null"))
            return UInt32(objects.count - 1)
        }

        mutating func set(_ uid: UInt32, _ value: PropertyListValue) {
            objects[Int(uid)] = value
        }

        mutating func add(_ value: PropertyListValue) -> UInt32 {
            objects.append(value)
            return UInt32(objects.count - 1)
        }

        mutating func classObject(_ name: String) -> UInt32 {
            if let uid = classes[name] { return uid }
            let uid = add(
                .dict(["$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")])]))
            classes[name] = uid
            return uid
        }

        mutating func string(_ text: String) -> UInt32 {
            if let uid = strings[text] { return uid }
            let uid = add(.string(text))
            strings[text] = uid
            return uid
        }

        mutating func array(_ uids: [UInt32]) -> UInt32 {
            let arrayClass = classObject("NSArray")
            return add(.dict(["$class": .uid(arrayClass), "NS.objects": .array(uids.map { .uid($0) })]))
        }

        mutating func session(_ session: Session) -> UInt32 {
            let dateClass = classObject("NSDate")
            let date = add(
                .dict(["$class": .uid(dateClass), "NS.time": .real(session.date.timeIntervalSinceReferenceDate)]))
            var entries: [String: PropertyListValue] = [
                "$class": .uid(classObject("Session")), "date": .uid(date), "score": .integer(Int64(session.score)),
            ]
            if let total = session.total { entries["total"] = .integer(Int64(total)) }
            if let quiz = session.quiz { entries["quiz"] = .uid(string(quiz)) }
            if let title = session.title { entries["title"] = .uid(string(title)) }
            if let duration = session.duration { entries["duration"] = .real(duration) }
            if let seed = session.seed { entries["seed"] = .integer(seed) }
            if !session.results.isEmpty {
                entries["results"] = .uid(array(session.results.map { result($0) }))
            }
            return add(.dict(entries))
        }

        mutating func result(_ result: QuestionResult) -> UInt32 {
            var entries: [String: PropertyListValue] = [
                "$class": .uid(classObject("QuestionResult")), "prompt": .uid(string(result.prompt)),
                "outcome": .uid(string(result.outcome.rawValue)), "answer": .uid(string(result.answer)),
            ]
            if let given = result.given { entries["given"] = .uid(string(given)) }
            return add(.dict(entries))
        }
    }

    // MARK: Reading

    /// Decodes the sessions of an archive, or says precisely why it will not.
    public static func sessions(from data: Data) throws(ArchiveError) -> [Session] {
        try decode(data).sessions
    }

    /// The sessions and the journal sequence number folded into them (0 when absent).
    public static func decode(_ data: Data) throws(ArchiveError) -> (sessions: [Session], journalSequence: UInt64) {
        var bytes = data
        if data.starts(with: Array("<?xml".utf8)) || data.starts(with: Array("<!DOCTYPE plist".utf8)) {
            // An XML archive (hand-made or converted): Foundation converts it;
            // malformed XML throws there rather than trapping.
            do {
                let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
                bytes = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            } catch {
                throw .notAnArchive("a property list in XML that cannot be read")
            }
        }
        do {
            let reader = try BinaryPropertyListReader(bytes)
            var decoder = try ArchiveDecoder(reader)
            let sessions = try decoder.sessions()
            return (sessions, try decoder.journalSequence())
        } catch let error as BinaryPropertyListReader.FormatError {
            throw .notAnArchive(error.description)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .notAnArchive("\(error)")
        }
    }
}

/// Walks a keyed archive's object table by UID, checking each value's type.
private struct ArchiveDecoder {
    let reader: BinaryPropertyListReader
    let objects: [Int]
    let root: UInt64
    var classNames: [UInt64: String] = [:]

    init(_ reader: BinaryPropertyListReader) throws {
        self.reader = reader
        guard let top = try reader.dictionary(reader.topObject) else {
            throw ArchiveError.notAnArchive("no top dictionary")
        }
        guard let archiver = top["$archiver"], try reader.string(archiver) == "NSKeyedArchiver" else {
            throw ArchiveError.notAnArchive("no \"$archiver\": \"NSKeyedArchiver\"")
        }
        guard let objectsRef = top["$objects"], case .array(let objects) = try reader.object(objectsRef) else {
            throw ArchiveError.notAnArchive("no \"$objects\" array")
        }
        guard let topRef = top["$top"], let topEntries = try reader.dictionary(topRef),
            let rootRef = topEntries["root"],
            case .uid(let root) = try reader.object(rootRef)
        else { throw ArchiveError.notAnArchive("no root object in \"$top\"") }
        self.objects = objects
        self.root = root
    }

    /// The object table entry for a UID.
    func entry(_ uid: UInt64) throws -> Int {
        guard uid < UInt64(objects.count) else { throw ArchiveError.wrongShape("reference \(uid) out of range") }
        return objects[Int(uid)]
    }

    /// Checks every class the archive names before anything is decoded.
    mutating func checkClasses() throws {
        for (uid, ref) in objects.enumerated() {
            guard let entries = try reader.dictionary(ref), let nameRef = entries["$classname"] else { continue }
            guard let name = try reader.string(nameRef) else {
                throw ArchiveError.wrongShape("a class name is not text")
            }
            guard KeyedArchive.allowedClasses.contains(name) else { throw ArchiveError.foreignClass(name) }
            classNames[UInt64(uid)] = name.hasPrefix("QuizKit.") ? String(name.dropFirst(8)) : name
        }
    }

    /// An object's fields, after checking that its `$class` is `expected`.
    func instance(_ uid: UInt64, of expected: Set<String>) throws -> [String: Int] {
        guard let entries = try reader.dictionary(try entry(uid)), let classRef = entries["$class"],
            case .uid(let classUID) = try reader.object(classRef), let name = classNames[classUID]
        else { throw ArchiveError.wrongShape("object \(uid) is not an archived object") }
        guard expected.contains(name) else {
            throw ArchiveError.wrongShape("expected \(expected.sorted().joined(separator: " or ")), found \(name)")
        }
        return entries
    }

    func uid(_ ref: Int?) throws -> UInt64? {
        guard let ref else { return nil }
        guard case .uid(let uid) = try reader.object(ref) else { throw ArchiveError.wrongShape("expected a reference") }
        return uid == 0 ? nil : uid
    }

    func array(_ ref: Int?, what: String) throws -> [UInt64] {
        guard let uid = try uid(ref) else { return [] }
        let entries = try instance(uid, of: ["NSArray", "NSMutableArray"])
        guard let list = entries["NS.objects"], case .array(let refs) = try reader.object(list) else {
            throw ArchiveError.wrongShape("\(what) has no NS.objects")
        }
        return try refs.map { ref throws -> UInt64 in
            guard case .uid(let uid) = try reader.object(ref) else {
                throw ArchiveError.wrongShape("\(what) holds a non-reference")
            }
            return uid
        }
    }

    func string(_ ref: Int?, what: String) throws -> String? {
        guard let uid = try uid(ref) else { return nil }
        let value = try reader.object(try entry(uid))
        if case .string(let text) = value { return text }
        if case .dictionary = value {
            let entries = try instance(uid, of: ["NSString", "NSMutableString"])
            if let inner = entries["NS.string"], let text = try reader.string(inner) { return text }
        }
        throw ArchiveError.wrongShape("\(what) is not text")
    }

    func integer(_ ref: Int?, what: String) throws -> Int? {
        guard let ref else { return nil }
        switch try reader.object(ref) {
        case .integer(let value):
            guard let int = Int(exactly: value) else { throw ArchiveError.absurdValue("\(what) \(value)") }
            return int
        default: throw ArchiveError.wrongShape("\(what) is not an integer")
        }
    }

    func real(_ ref: Int?, what: String) throws -> Double? {
        guard let ref else { return nil }
        switch try reader.object(ref) {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw ArchiveError.wrongShape("\(what) is not a number")
        }
    }

    mutating func sessions() throws -> [Session] {
        try checkClasses()
        let history = try instance(root, of: ["SessionHistory"])
        return try array(history["sessions"], what: "sessions").enumerated().map { index, uid in
            try session(uid, number: index + 1)
        }
    }

    func journalSequence() throws -> UInt64 {
        let history = try instance(root, of: ["SessionHistory"])
        guard let ref = history["journalSequence"] else { return 0 }
        guard case .integer(let value) = try reader.object(ref) else {
            throw ArchiveError.wrongShape("journalSequence is not an integer")
        }
        return UInt64(bitPattern: value)
    }

    /// The latest date a session may carry: far-future dates mean damage.
    static let latestPlausible = Date(timeIntervalSinceReferenceDate: 3_000_000_000)  // about 2096

    func session(_ uid: UInt64, number: Int) throws -> Session {
        let fields = try instance(uid, of: ["Session"])
        let what = "session \(number)"
        guard let dateUID = try self.uid(fields["date"]) else { throw ArchiveError.wrongShape("\(what) has no date") }
        let dateFields = try instance(dateUID, of: ["NSDate"])
        guard let time = try real(dateFields["NS.time"], what: "\(what)'s date") else {
            throw ArchiveError.wrongShape("\(what)'s date has no time")
        }
        let date = Date(timeIntervalSinceReferenceDate: time)
        guard time.isFinite, date < Self.latestPlausible, time > -1e10 else {
            throw ArchiveError.absurdValue("\(what)'s date is \(time) seconds from 2001")
        }
        let score = try integer(fields["score"], what: "\(what)'s score") ?? 0
        let total = try integer(fields["total"], what: "\(what)'s total")
        guard score >= 0 else { throw ArchiveError.absurdValue("\(what)'s score is \(score)") }
        if let total, total < 0 || score > total {
            throw ArchiveError.absurdValue("\(what)'s score is \(score) of \(total)")
        }
        let duration = try real(fields["duration"], what: "\(what)'s duration")
        if let duration, !(duration >= 0 && duration.isFinite) {
            throw ArchiveError.absurdValue("\(what)'s duration is \(duration)")
        }
        let seed = try integer(fields["seed"], what: "\(what)'s seed").map(Int64.init)
        let results = try array(fields["results"], what: "\(what)'s results").map { uid throws -> QuestionResult in
            let entries = try instance(uid, of: ["QuestionResult"])
            let outcome = try string(entries["outcome"], what: "a result's outcome") ?? ""
            return QuestionResult(
                prompt: try string(entries["prompt"], what: "a result's prompt") ?? "",
                outcome: QuestionOutcome(rawValue: outcome) ?? .wrong,
                given: try string(entries["given"], what: "a result's answer"),
                answer: try string(entries["answer"], what: "a result's right answer") ?? "")
        }
        return Session(
            date: date, score: score, total: total, quiz: try string(fields["quiz"], what: "\(what)'s quiz"),
            title: try string(fields["title"], what: "\(what)'s title"), duration: duration, seed: seed,
            results: results)
    }
}
