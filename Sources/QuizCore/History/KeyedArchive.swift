import Foundation
package import QuizFormats

/// Why an archive's bytes could not be read as a history.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Each with what was found: not a keyed archive at all, a class quiz
    /// does not read, not the shape of a history, a value no game can have,
    /// and a session or the root whose checksum (our own key) disagrees with
    /// its fields.
    case notAnArchive(String), foreignClass(String), wrongShape(String), absurdValue(String), checksumMismatch(String)

    public var description: String {
        switch self {
        case .notAnArchive(let why): "not a keyed archive (\(why))"
        case .foreignClass(let name): "it names the class \"\(name)\", which quiz does not read"
        case .wrongShape(let why): "not a SessionHistory archive (\(why))"
        case .absurdValue(let why): "impossible value: \(why)"
        case .checksumMismatch(let what): "\(what) does not match its checksum"
        }
    }
}

/// Reads and writes `history.archive`: an `NSKeyedArchiver` binary property
/// list whose root is a `SessionHistory` holding `Session` objects.
///
/// The contract (ARCHITECTURE.md, "The archive"): the classic iOS shape, which
/// Apple's `NSKeyedUnarchiver` reads with the bare class names. Foundation on
/// Linux cannot be used for either direction as it stands: `NSKeyedArchiver`
/// writes module-qualified class names and is slow for many sessions
/// (CONTRIBUTING.md, "Measured choices in the code"), and `NSKeyedUnarchiver` traps on shapes it does not expect.
/// So this writes the same object graph itself, straight into the binary
/// property list, with the bare names `SessionHistory`, `Session` and
/// `QuestionResult`, and reads it back lazily with an explicit list of classes
/// (`readableClass`), checking the type of every value before use. Equal `QuestionResult`s are archived once and shared (they
/// are immutable, as a keyed archive allows), which keeps the file small.
/// Foundation's `NSKeyedUnarchiver` reads what this writes (tested).
public enum KeyedArchive {
    /// The class quiz reads for a class name an archive gives, nil for any
    /// other (refused unread): Foundation's arrays, strings and dates, and
    /// `SessionHistory`, `Session` and `QuestionResult` by the bare names
    /// quiz writes or as an archiver of another program named them. Foundation
    /// qualifies a class by the module that declares it (`QuizApp.Session`;
    /// quiz's own were `QuizKit.` and `QuizCore.`); Apple's runtimes can
    /// give its mangled name instead (`_TtC7QuizApp7Session`), and always do
    /// for a class nested in another type (`_TtCC7QuizApp4Game7Session`).
    static func readableClass(_ name: String) -> ArchiveDecoder.Class? {
        switch name {
        case "NSArray", "NSMutableArray": return .array
        case "NSDate": return .date
        case "NSString", "NSMutableString": return .string
        case "NSObject": return .object
        default: break
        }
        let unqualified: Substring?
        if name.hasPrefix("_Tt") {
            unqualified = mangledClassName(name.utf8[...])
        } else if let dot = name.firstIndex(of: ".") {
            let module = name[..<dot]
            let rest = name[name.index(after: dot)...]
            unqualified = isIdentifier(module) ? rest : nil
        } else {
            unqualified = name[...]
        }
        switch unqualified {
        case "SessionHistory": return .sessionHistory
        case "Session": return .session
        case "QuestionResult": return .questionResult
        default: return nil
        }
    }

    /// A Swift identifier (a module name): a letter or `_`, then letters, digits and `_`.
    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The class's own name in a mangled one: `_Tt`, its kind `C` (a class),
    /// a `C`, `O` or `V` for each class, enum or struct it is nested in
    /// (innermost first), then the module and each name, outermost first, as
    /// its length and ASCII letters; nil for any other.
    private static func mangledClassName(_ name: Substring.UTF8View) -> Substring? {
        guard name.dropFirst(3).first == UInt8(ascii: "C") else { return nil }
        var rest = name.dropFirst(3)
        var kinds = 0
        while let kind = rest.first, kind == UInt8(ascii: "C") || kind == UInt8(ascii: "O") || kind == UInt8(ascii: "V")
        {
            kinds += 1
            rest = rest.dropFirst()
        }
        var last: Substring?
        for _ in 0..<(kinds + 1) {
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard digits.first != UInt8(ascii: "0"), digits.count < 5,
                let length = Int(Substring(digits)), length > 0
            else { return nil }
            rest = rest.dropFirst(digits.count)
            let identifier = Substring(rest.prefix(length))
            guard identifier.utf8.count == length, identifier.utf8.allSatisfy({ $0 < 0x80 }), isIdentifier(identifier)
            else { return nil }
            rest = rest.dropFirst(length)
            last = identifier
        }
        return rest.isEmpty ? last : nil
    }

    // MARK: Writing

    /// `journalSequence`, our own key on the root, is the last journal record
    /// folded into these sessions (see `HistoryJournal`); 0 writes no key.
    public static func data(for sessions: [Session], journalSequence: UInt64 = 0) -> Data {
        var encoder = ArchiveEncoder(sessions: sessions)
        return encoder.encode(sessions, journalSequence: journalSequence)
    }

    /// The root's `journalCheck`: a checksum of its journal sequence and
    /// number of sessions, so that a changed byte there (which would hide or
    /// double journal records) is found.
    static func journalCheck(_ journalSequence: UInt64, sessions: Int) -> UInt32 {
        var bytes: [UInt8] = []
        BigEndian.append(journalSequence, to: &bytes)
        BigEndian.append(UInt64(sessions), to: &bytes)
        return bytes.withUnsafeBytes { CRC32.checksum($0) }
    }

    /// What `salvage` read: every session that could be read, and how many could not.
    public struct Salvaged: Sendable {
        public var sessions: [Session]
        public var journalSequence: UInt64
        /// Sessions skipped: unreadable, or not matching their checksum.
        public var skipped: Int
        /// Sessions kept whose per-question results could not be read (kept without them).
        public var resultsLost: Int
        /// The first reason a session was skipped.
        public var firstProblem: String?
        /// The root's journal sequence failed its `journalCheck` (or could
        /// not be read): which journal records these sessions hold is
        /// unknown, so `journalSequence` is 0 and the reader works it out from
        /// the games themselves (`GameIdentity`). Nil when it is intact.
        public var journalProblem: String?
    }

    // MARK: Reading

    /// Decodes the sessions of an archive, or says precisely why it will not.
    public static func sessions(from data: Data) throws(ArchiveError) -> [Session] {
        try decode(data).sessions
    }

    /// The sessions and the journal sequence number folded into them (0 when absent).
    /// Every class the archive names is checked before anything is decoded.
    public static func decode(_ data: Data, results: Bool = true) throws(ArchiveError) -> (
        sessions: [Session], journalSequence: UInt64
    ) {
        try withDecoder(data) { decoder in
            try decoder.checkEveryClass()
            let sessions = try decoder.sessions(results: results)
            return (sessions, try decoder.journalSequence())
        }
    }

    /// The last `count` sessions (the newest recorded), oldest first, and the
    /// journal sequence: only those sessions are read, and every class they use
    /// is checked, so nothing of another class is ever decoded.
    public static func lastSessions(_ count: Int, from data: Data, where include: ((Session) -> Bool)? = nil)
        throws(ArchiveError) -> (sessions: [Session], journalSequence: UInt64)
    {
        try withDecoder(data) { decoder in
            let sessions = try decoder.lastSessions(count, where: include)
            return (sessions, try decoder.journalSequence())
        }
    }

    /// How many sessions the archive holds and its journal sequence number,
    /// read from the root alone (no session is decoded).
    public static func counts(of data: Data) throws(ArchiveError) -> (sessions: Int, journalSequence: UInt64) {
        try withDecoder(data) { decoder in (try decoder.sessionList().count, try decoder.journalSequence()) }
    }

    /// An archive open for reading (see `mapped`, in QuizStore).
    public struct ArchiveSource {
        let reader: BinaryPropertyListReader

        package init(reader: BinaryPropertyListReader) {
            self.reader = reader
        }

        public func decode(results: Bool = true) throws(ArchiveError) -> (sessions: [Session], journalSequence: UInt64)
        {
            try KeyedArchive.run(reader) { decoder in
                try decoder.checkEveryClass()
                return (try decoder.sessions(results: results), try decoder.journalSequence())
            }
        }

        public func lastSessions(_ count: Int, where include: ((Session) -> Bool)? = nil)
            throws(ArchiveError) -> (sessions: [Session], journalSequence: UInt64)
        {
            try KeyedArchive.run(reader, sparse: include == nil && count < 10_000) { decoder in
                (try decoder.lastSessions(count, where: include), try decoder.journalSequence())
            }
        }

        /// Every session that can be read, oldest first, handed to `body` one
        /// at a time and not kept: reading 1,000,000 games costs the memory of
        /// one. The result's `sessions` is empty; what was skipped is counted.
        public func salvageEach(results: Bool = true, _ body: (Session) -> Void) throws(ArchiveError) -> Salvaged {
            try KeyedArchive.run(reader) { decoder in
                decoder.salvage = true
                try decoder.checkEveryClass()
                try decoder.eachSession(results: results, body)
                let (sequence, problem) = decoder.checkedJournalSequence()
                return Salvaged(
                    sessions: [], journalSequence: sequence, skipped: decoder.skipped,
                    resultsLost: decoder.resultsLost, firstProblem: decoder.firstProblem, journalProblem: problem)
            }
        }

        /// How many sessions and the journal sequence, from the root alone.
        public func counts() throws(ArchiveError) -> (sessions: Int, journalSequence: UInt64) {
            try KeyedArchive.run(reader, sparse: true) { decoder in
                (try decoder.sessionList().count, try decoder.journalSequence())
            }
        }

        /// `decode` (or `lastSessions` with `newest`), keeping every session
        /// that can be read: one that cannot is skipped and counted. Throws
        /// only when the archive as a whole cannot be read.
        public func salvage(results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil)
            throws(ArchiveError) -> Salvaged
        {
            try KeyedArchive.salvage(reader, results: results, newest: newest, where: include)
        }
    }

    /// `ArchiveSource.salvage` on bytes in memory (XML too).
    public static func salvage(
        _ data: Data, results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(ArchiveError) -> Salvaged {
        try withReader(data) { reader throws(ArchiveError) in
            try salvage(reader, results: results, newest: newest, where: include)
        }
    }

    fileprivate static func salvage(
        _ reader: BinaryPropertyListReader, results: Bool, newest: Int?, where include: ((Session) -> Bool)?
    ) throws(ArchiveError) -> Salvaged {
        try run(reader, sparse: newest != nil && include == nil && newest! < 10_000) { decoder in
            decoder.salvage = true
            if newest == nil { try decoder.checkEveryClass() }
            let sessions =
                if let newest { try decoder.lastSessions(newest, where: include) } else {
                    try decoder.sessions(results: results).filter { include?($0) ?? true }
                }
            let (sequence, problem) = decoder.checkedJournalSequence()
            return Salvaged(
                sessions: sessions, journalSequence: sequence, skipped: decoder.skipped,
                resultsLost: decoder.resultsLost, firstProblem: decoder.firstProblem, journalProblem: problem)
        }
    }

    static func run<T>(
        _ reader: BinaryPropertyListReader, sparse: Bool = false, _ body: (inout ArchiveDecoder) throws -> T
    ) throws(ArchiveError) -> T {
        do {
            var decoder = try ArchiveDecoder(reader, sparse: sparse)
            return try body(&decoder)
        } catch let error as BinaryPropertyListReader.FormatError {
            throw .notAnArchive(error.description)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .notAnArchive("\(error)")
        }
    }

    private static func withDecoder<T>(_ data: Data, _ body: (inout ArchiveDecoder) throws -> T)
        throws(ArchiveError) -> T
    {
        try withReader(data) { reader throws(ArchiveError) in try run(reader, body) }
    }

    private static func withReader<T>(
        _ data: Data, _ body: (BinaryPropertyListReader) throws(ArchiveError) -> T
    ) throws(ArchiveError) -> T {
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
        let reader: BinaryPropertyListReader
        do {
            reader = try BinaryPropertyListReader(bytes)
        } catch {
            throw .notAnArchive(error.description)
        }
        return try body(reader)
    }
}

/// Writes the keyed archive's object graph straight into a binary property
/// list, each object's fields as the schemas (`Session.schema`,
/// `QuestionResult.schema`) say.
private struct ArchiveEncoder {
    var writer: BinaryPropertyListWriter
    /// The property-list object of each `$objects` entry; its index is the UID.
    var table: [Int] = []
    var classes: [String: UInt64] = [:]
    var strings: [String: UInt64] = [:]
    /// Each distinct result written: its UID and its checksum.
    var results: [QuestionResult.Fields: (uid: UInt64, checksum: UInt32)] = [:]
    /// Where each checksum's bytes are encoded (`SessionRecordCodec`).
    var scratch: [UInt8] = []
    let keys: [String: Int]

    static let keyNames =
        [
            "$class", "$classname", "$classes", "NS.objects", "NS.time", "sessions", "journalSequence",
            "wholeChecksum", "journalCheck",
        ] + Session.schema.map(\.key) + QuestionResult.schema.map(\.key)

    init(sessions: [Session]) {
        let resultCount = sessions.reduce(0) { $0 + $1.results.count }
        // An upper bound of the objects written: four a field of a session
        // (an NSDate is three) and eight more, two a field of each distinct
        // result and four more, and a few for classes, keys and the top.
        let bound =
            96 + sessions.count * (4 * Session.schema.count + 8)
            + resultCount * (2 * QuestionResult.schema.count + 4)
        writer = BinaryPropertyListWriter(maximumObjects: bound, expectedBytes: sessions.count * 160 + 4096)
        var keys: [String: Int] = [:]
        for name in Self.keyNames where keys[name] == nil { keys[name] = writer.string(name) }
        self.keys = keys
        table.append(writer.string("$null"))
        table.reserveCapacity(sessions.count * 4 + 16)
    }

    mutating func add(_ object: Int) -> UInt64 {
        table.append(object)
        return UInt64(table.count - 1)
    }

    mutating func reference(_ uid: UInt64) -> Int { writer.uid(uid) }

    mutating func object(_ entries: [(String, Int)]) -> UInt64 {
        add(writer.dictionary(keys: entries.map { keys[$0.0]! }, values: entries.map(\.1)))
    }

    mutating func classObject(_ name: String) -> UInt64 {
        if let uid = classes[name] { return uid }
        let names = writer.array([writer.string(name), writer.string("NSObject")])
        let uid = object([("$classname", writer.string(name)), ("$classes", names)])
        classes[name] = uid
        return uid
    }

    mutating func string(_ text: String) -> UInt64 {
        if let uid = strings[text] { return uid }
        let uid = add(writer.string(text))
        strings[text] = uid
        return uid
    }

    mutating func array(_ uids: [UInt64]) -> UInt64 {
        let arrayClass = classObject("NSArray")
        let inner = writer.array(uids.map { reference($0) })
        return object([("$class", reference(arrayClass)), ("NS.objects", inner)])
    }

    /// The entries of an object of class `name` holding `fields`; a
    /// session's results are written and their checksums added to `checksums`.
    mutating func entries<Fields>(
        _ name: String, _ fields: Fields, _ schema: FieldSchema<Fields>, checksums: inout [UInt32]
    ) -> [(String, Int)] {
        var entries = [("$class", reference(classObject(name)))]
        for spec in schema {
            guard let value = spec.get(fields) else { continue }
            let written: Int =
                switch value {
                case .date(let date):
                    reference(
                        object([
                            ("$class", reference(classObject("NSDate"))),
                            ("NS.time", writer.real(date.timeIntervalSinceReferenceDate)),
                        ]))
                case .integer(let integer): writer.integer(Int64(integer))
                case .real(let real): writer.real(real)
                case .text(let text): reference(string(text))
                case .mark: writer.integer(1)
                case .outcome(let outcome): reference(string(outcome.rawValue))
                case .results(let list):
                    reference(
                        array(
                            list.map { result in
                                let (uid, checksum) = self.result(result)
                                checksums.append(checksum)
                                return uid
                            }))
                }
            entries.append((spec.key, written))
        }
        return entries
    }

    /// Equal results are written once and shared.
    mutating func result(_ result: QuestionResult) -> (uid: UInt64, checksum: UInt32) {
        if let known = results[result.fields] { return known }
        var none: [UInt32] = []
        let uid = object(entries("QuestionResult", result.fields, QuestionResult.schema, checksums: &none))
        let known = (uid, SessionRecordCodec.resultChecksum(result, scratch: &scratch))
        results[result.fields] = known
        return known
    }

    mutating func session(_ session: Session) -> UInt64 {
        var checksums: [UInt32] = []
        var entries = entries("Session", session.fields, Session.schema, checksums: &checksums)
        let checksum = SessionRecordCodec.wholeChecksum(
            fields: SessionRecordCodec.fieldsChecksum(session.fields, scratch: &scratch), results: checksums)
        entries.append(("wholeChecksum", writer.integer(checksum)))
        return object(entries)
    }

    mutating func encode(_ sessions: [Session], journalSequence: UInt64) -> Data {
        let historyClass = classObject("SessionHistory")
        let list = array(sessions.map { session($0) })
        var rootEntries = [("$class", reference(historyClass)), ("sessions", reference(list))]
        if journalSequence > 0 {
            rootEntries.append(("journalSequence", writer.integer(Int64(bitPattern: journalSequence))))
        }
        rootEntries.append(
            (
                "journalCheck",
                writer.integer(Int64(KeyedArchive.journalCheck(journalSequence, sessions: sessions.count)))
            )
        )
        let root = object(rootEntries)
        let objects = writer.array(table)
        let top = writer.dictionary(keys: [writer.string("root")], values: [writer.uid(root)])
        let plist = writer.dictionary(
            keys: [
                writer.string("$archiver"), writer.string("$version"), writer.string("$top"), writer.string("$objects"),
            ],
            values: [writer.string("NSKeyedArchiver"), writer.integer(100_000), top, objects])
        return writer.finish(top: plist)
    }
}

/// Walks a keyed archive's object table by UID, checking each value's type.
struct ArchiveDecoder {
    /// The keys this decoder knows, resolved once per property-list string:
    /// those of the archive's structure, and the fields of the schemas.
    enum Key: Equatable {
        case unknown
        case classReference, className, time, objects, string, sessions, journalSequence, journalCheck
        case checksum, wholeChecksum, other
        /// A field: its place in `Session.schema` and in `QuestionResult.schema`
        /// (-1: none); small, as a key is cached for every object of the archive.
        case field(session: Int8, result: Int8)

        init(_ name: String) {
            switch name {
            case "$class": self = .classReference
            case "$classname": self = .className
            case "NS.time": self = .time
            case "NS.objects": self = .objects
            case "NS.string": self = .string
            case "sessions": self = .sessions
            case "journalSequence": self = .journalSequence
            case "journalCheck": self = .journalCheck
            case "checksum": self = .checksum
            case "wholeChecksum": self = .wholeChecksum
            default:
                let session = Session.schema.firstIndex { $0.key == name }.map(Int8.init) ?? -1
                let result = QuestionResult.schema.firstIndex { $0.key == name }.map(Int8.init) ?? -1
                self = session < 0 && result < 0 ? .other : .field(session: session, result: result)
            }
        }
    }

    /// A class the decoder reads, by its bare name.
    enum Class: UInt8, Equatable, CustomStringConvertible {
        case unknown = 0
        case sessionHistory, session, questionResult, array, date, string, object

        var description: String {
            switch self {
            case .sessionHistory: "SessionHistory"
            case .session: "Session"
            case .questionResult: "QuestionResult"
            case .array: "NSArray"
            case .date: "NSDate"
            case .string: "NSString"
            case .object: "NSObject"
            case .unknown: "an unknown class"
            }
        }
    }

    let reader: BinaryPropertyListReader
    let objects: BinaryPropertyListReader.Container
    let root: UInt64
    /// Caches indexed by property-list object number (keys) and by UID
    /// (classes, strings): arrays, not dictionaries, since every field of every
    /// session goes through them.
    var keys: Slots<Key>
    var classes: Slots<Class>
    var stringSlots: Slots<Int32>
    var strings: [String] = []
    /// Results are immutable and the writer shares equal ones: decode each
    /// once (with its checksum).
    var results: [UInt64: (QuestionResult, UInt32)] = [:]
    /// The same, by the property-list object that refers to them.
    var resultsByReference: [Int: (QuestionResult, UInt32)] = [:]
    /// Each session's checksum is checked (not when these very bytes were
    /// checked already: `HistoryStream`'s second pass).
    var checksChecksums = true
    /// Skip a session that cannot be read (counted) instead of throwing; keep
    /// one whose results cannot be read, without them.
    var salvage = false
    var skipped = 0
    var resultsLost = 0
    var firstProblem: String?
    /// Where each checksum's bytes are encoded (`SessionRecordCodec`).
    var scratch: [UInt8] = []

    /// Runs `body` for one session: its error is thrown, or, salvaging, counted.
    mutating func salvaging(_ body: (inout ArchiveDecoder) throws -> Void) throws {
        guard salvage else { return try body(&self) }
        do {
            try body(&self)
        } catch {
            skipped += 1
            if firstProblem == nil {
                firstProblem = (error as? ArchiveError)?.description ?? "\(error)"
            }
        }
    }

    init(_ reader: BinaryPropertyListReader, sparse: Bool = false) throws {
        self.reader = reader
        guard let top = try reader.entries(reader.topObject) else {
            throw ArchiveError.notAnArchive("no top dictionary")
        }
        guard let archiver = top["$archiver"], try reader.string(archiver) == "NSKeyedArchiver" else {
            throw ArchiveError.notAnArchive("no \"$archiver\": \"NSKeyedArchiver\"")
        }
        guard let objectsRef = top["$objects"], let objects = try reader.array(objectsRef) else {
            throw ArchiveError.notAnArchive("no \"$objects\" array")
        }
        guard let topRef = top["$top"], let topEntries = try reader.entries(topRef), let rootRef = topEntries["root"],
            let root = try reader.uid(rootRef)
        else { throw ArchiveError.notAnArchive("no root object in \"$top\"") }
        self.objects = objects
        self.root = root
        // Reading every session: arrays as large as the tables. Reading a few
        // (the newest 20): dictionaries, so nothing of the table's size is made.
        let dense = !sparse
        keys = Slots(count: reader.objectCount, empty: .unknown, dense: dense)
        classes = Slots(count: objects.count, empty: .unknown, dense: dense)
        stringSlots = Slots(count: objects.count, empty: -1, dense: dense)
    }

    /// The property-list object of a UID.
    func entry(_ uid: UInt64) throws -> Int {
        guard uid < UInt64(objects.count) else { throw ArchiveError.wrongShape("reference \(uid) out of range") }
        return try reader.reference(objects, Int(uid))
    }

    mutating func key(_ object: Int) throws -> Key {
        let cached = keys[object]
        if cached != .unknown { return cached }
        guard let name = try reader.string(object) else { throw ArchiveError.wrongShape("a key is not text") }
        let key = Key(name)
        keys[object] = key
        return key
    }

    /// The class of a class description object, checked against the allowed list.
    mutating func describedClass(_ uid: UInt64) throws -> Class {
        guard uid < UInt64(classes.count) else { throw ArchiveError.wrongShape("reference \(uid) out of range") }
        let cached = classes[Int(uid)]
        if cached != .unknown { return cached }
        guard let description = try reader.dictionary(try entry(uid)) else {
            throw ArchiveError.wrongShape("a $class is not a class description")
        }
        var name: String?
        for i in 0..<description.count where try key(try reader.reference(description, i)) == .className {
            name = try reader.string(try reader.reference(description, description.count + i))
        }
        guard let name else { throw ArchiveError.wrongShape("a class description has no name") }
        guard let known = KeyedArchive.readableClass(name) else { throw ArchiveError.foreignClass(name) }
        classes[Int(uid)] = known
        return known
    }

    /// Refuses an archive that names any class outside the allowed list,
    /// before anything is decoded. An object that cannot be read here (a
    /// reference or an offset out of range, a key that is not text) is
    /// passed over: it is damage, found again by whatever reads it (the
    /// session holding it is skipped, the others kept), and a class it might
    /// have described is checked when an object names it (`instance`), so
    /// nothing of another class is decoded either way.
    mutating func checkEveryClass() throws {
        for index in 0..<objects.count {
            // Every object's page is touched once: let go of them as it goes.
            if index > 0 && index % 65_536 == 0 { reader.releaseReadPages() }
            // A class description has $classname and $classes (and at most a
            // $classhints); larger dictionaries are objects, whose $class is
            // checked when they are read.
            do {
                guard let dictionary = try reader.dictionary(try reader.reference(objects, index)),
                    dictionary.count <= 4
                else { continue }
                for i in 0..<dictionary.count where try key(try reader.reference(dictionary, i)) == .className {
                    _ = try describedClass(UInt64(index))
                }
            } catch ArchiveError.foreignClass(let name) {
                throw ArchiveError.foreignClass(name)
            } catch {
                continue
            }
        }
    }

    /// An object's fields, after checking that its `$class` is `expected`.
    mutating func instance(_ uid: UInt64, of expected: Class) throws -> BinaryPropertyListReader.Container {
        guard let fields = try reader.dictionary(try entry(uid)) else {
            throw ArchiveError.wrongShape("object \(uid) is not an archived object")
        }
        for i in 0..<fields.count where try key(try reader.reference(fields, i)) == .classReference {
            guard let classUID = try reader.uid(try reader.reference(fields, fields.count + i)) else {
                throw ArchiveError.wrongShape("object \(uid) has a $class that is not a reference")
            }
            let found = try describedClass(classUID)
            guard found == expected else { throw ArchiveError.wrongShape("expected \(expected), found \(found)") }
            return fields
        }
        throw ArchiveError.wrongShape("object \(uid) has no $class")
    }

    /// A reference value: nil for `$null` (UID 0).
    func uid(_ ref: Int) throws -> UInt64? {
        guard let uid = try reader.uid(ref) else { throw ArchiveError.wrongShape("expected a reference") }
        return uid == 0 ? nil : uid
    }

    /// The elements of an archived NSArray.
    mutating func array(_ uid: UInt64, what: @autoclosure () -> String) throws -> (BinaryPropertyListReader.Container) {
        let fields = try instance(uid, of: .array)
        for i in 0..<fields.count where try key(try reader.reference(fields, i)) == .objects {
            guard let list = try reader.array(try reader.reference(fields, fields.count + i)) else { break }
            return list
        }
        throw ArchiveError.wrongShape("\(what()) has no NS.objects")
    }

    mutating func string(_ ref: Int, what: @autoclosure () -> String) throws -> String? {
        guard let uid = try uid(ref) else { return nil }
        let object = try entry(uid)
        let slot = stringSlots[Int(uid)]
        if slot >= 0 { return strings[Int(slot)] }
        if let text = try reader.string(object) {
            stringSlots[Int(uid)] = Int32(strings.count)
            strings.append(text)
            return text
        }
        if try reader.dictionary(object) != nil {
            let fields = try instance(uid, of: .string)
            for i in 0..<fields.count where try key(try reader.reference(fields, i)) == .string {
                if let text = try reader.string(try reader.reference(fields, fields.count + i)) { return text }
            }
        }
        throw ArchiveError.wrongShape("\(what()) is not text")
    }

    func integer(_ ref: Int, what: @autoclosure () -> String) throws -> Int {
        guard let value = try reader.integer(ref) ?? reader.integer(boxed(ref)) else {
            throw ArchiveError.wrongShape("\(what()) is not an integer")
        }
        guard let int = Int(exactly: value) else { throw ArchiveError.absurdValue("\(what()) \(value)") }
        return int
    }

    func real(_ ref: Int, what: @autoclosure () -> String) throws -> Double {
        guard let value = try reader.real(ref) ?? reader.real(boxed(ref)) else {
            throw ArchiveError.wrongShape("\(what()) is not a number")
        }
        return value
    }

    /// The object a reference names (`ref` itself when it is none): a boxed
    /// number (an `NSNumber`, or an `Int` encoded as `Any`) is archived as an
    /// object of its own, referred to by the field.
    func boxed(_ ref: Int) throws -> Int {
        guard let uid = try reader.uid(ref), uid != 0 else { return ref }
        return try entry(uid)
    }

    mutating func sessionList() throws -> BinaryPropertyListReader.Container {
        let history = try instance(root, of: .sessionHistory)
        for i in 0..<history.count where try key(try reader.reference(history, i)) == .sessions {
            guard let uid = try uid(try reader.reference(history, history.count + i)) else { break }
            return try array(uid, what: "sessions")
        }
        throw ArchiveError.wrongShape("the root has no sessions")
    }

    mutating func sessions(results: Bool) throws -> [Session] {
        let list = try sessionList()
        var sessions: [Session] = []
        sessions.reserveCapacity(list.count)
        for index in 0..<list.count {
            try salvaging { decoder in
                guard let uid = try decoder.reader.uid(try decoder.reader.reference(list, index)) else {
                    throw ArchiveError.wrongShape("sessions holds a non-reference")
                }
                sessions.append(try decoder.session(uid, number: index + 1, results: results))
            }
        }
        return sessions
    }

    /// `sessions`, one at a time, letting go of the pages read as it goes
    /// (`forget(after:)`).
    mutating func eachSession(results: Bool, _ body: (Session) -> Void) throws {
        let list = try sessionList()
        for index in 0..<list.count {
            forget(after: index)
            try salvaging { decoder in
                guard let uid = try decoder.reader.uid(try decoder.reader.reference(list, index)) else {
                    throw ArchiveError.wrongShape("sessions holds a non-reference")
                }
                body(try decoder.session(uid, number: index + 1, results: results))
            }
        }
    }

    /// The last `count` sessions that pass `include`, oldest first.
    mutating func lastSessions(_ count: Int, where include: ((Session) -> Bool)?) throws -> [Session] {
        let list = try sessionList()
        var found: [Session] = []
        var index = list.count - 1
        while index >= 0 && found.count < count {
            let number = index
            try salvaging { decoder in
                guard let uid = try decoder.reader.uid(try decoder.reader.reference(list, number)) else {
                    throw ArchiveError.wrongShape("sessions holds a non-reference")
                }
                let session = try decoder.session(uid, number: number + 1, results: true)
                if include?(session) ?? true { found.append(session) }
            }
            index -= 1
        }
        return found.reversed()
    }

    mutating func journalSequence() throws -> UInt64 {
        let history = try instance(root, of: .sessionHistory)
        for i in 0..<history.count where try key(try reader.reference(history, i)) == .journalSequence {
            guard let value = try reader.integer(try reader.reference(history, history.count + i)) else {
                throw ArchiveError.wrongShape("journalSequence is not an integer")
            }
            return UInt64(bitPattern: value)
        }
        return 0
    }

    /// The root's journal sequence when it passes its `journalCheck`; else 0
    /// and why not (a salvage keeps the sessions: one damaged byte there is
    /// no reason to lose them).
    mutating func checkedJournalSequence() -> (UInt64, String?) {
        do {
            let sequence = try journalSequence()
            try checkJournal(sequence)
            return (sequence, nil)
        } catch let error as ArchiveError {
            return (0, error.description)
        } catch {
            return (0, "\(error)")
        }
    }

    /// Checks the root's `journalCheck`, when it has one, against `sequence`
    /// and the number of sessions.
    mutating func checkJournal(_ sequence: UInt64) throws {
        let history = try instance(root, of: .sessionHistory)
        for i in 0..<history.count where try key(try reader.reference(history, i)) == .journalCheck {
            let stored = try reader.integer(try reader.reference(history, history.count + i))
            let count = try sessionList().count
            guard stored == Int64(KeyedArchive.journalCheck(sequence, sessions: count)) else {
                throw ArchiveError.checksumMismatch("the archive's journal sequence \(sequence) (\(count) sessions)")
            }
        }
    }

    /// Reads the field `spec` at `ref` straight into `fields`; false when
    /// it holds none (`$null` for a text or a date, a mark of 0, the
    /// results, which the caller reads).
    mutating func read<Fields>(
        _ spec: FieldSpec<Fields>, at ref: Int, into fields: inout Fields, of owner: @autoclosure () -> String
    ) throws -> Bool {
        func what() -> String { "\(owner())'s \(spec.key)" }
        switch spec.access {
        case .date(_, let set):
            guard let dateUID = try uid(ref) else { return false }
            let date = try instance(dateUID, of: .date)
            for j in 0..<date.count where try key(try reader.reference(date, j)) == .time {
                let time = try real(try reader.reference(date, date.count + j), what: what())
                set(&fields, Date(timeIntervalSinceReferenceDate: time))
                return true
            }
            throw ArchiveError.wrongShape("\(what()) has no time")
        case .integer(_, let set): set(&fields, try integer(ref, what: what()))
        case .real(_, let set): set(&fields, try real(ref, what: what()))
        case .text(_, let set):
            guard let text = try string(ref, what: what()) else { return false }
            set(&fields, text)
        case .mark(_, let set):
            guard try integer(ref, what: what()) != 0 else { return false }
            set(&fields, true)
        case .outcome(_, let set):
            set(&fields, QuestionOutcome(rawValue: try string(ref, what: what()) ?? "") ?? .wrong)
        case .results: return false
        }
        return true
    }

    /// A checksum's value: an integer.
    func checksum(_ ref: Int, what: @autoclosure () -> String) throws -> Int64 {
        guard let value = try reader.integer(ref) else {
            throw ArchiveError.wrongShape("\(what()) is not an integer")
        }
        return value
    }

    /// Reads session `uid`, its fields as `Session.schema` says, and checks
    /// it against its checksum: `wholeChecksum` (every field and, when they
    /// are read, the results), or, in a game written before it, `checksum`
    /// (its fields but the results).
    mutating func session(_ uid: UInt64, number: Int, results includeResults: Bool) throws -> Session {
        let entries = try instance(uid, of: .session)
        func what() -> String { "session \(number)" }
        var fields = Session.Fields()
        var dated = false
        var checksum: Int64?
        var whole: Int64?
        var resultsList: UInt64?
        let schema = Session.schema
        for i in 0..<entries.count {
            let value = try reader.reference(entries, entries.count + i)
            switch try key(try reader.reference(entries, i)) {
            case .field(let index, _) where index >= 0:
                let spec = schema[Int(index)]
                if case .results = spec.access {
                    if includeResults, let listUID = try self.uid(value) { resultsList = listUID }
                } else if try read(spec, at: value, into: &fields, of: what()), case .date = spec.access {
                    dated = true
                }
            case .checksum: checksum = try self.checksum(value, what: "\(what())'s checksum")
            case .wholeChecksum: whole = try self.checksum(value, what: "\(what())'s checksum")
            default: continue
            }
        }
        guard dated else { throw ArchiveError.wrongShape("\(what()) has no date") }
        if let absurdity = fields.absurdity { throw ArchiveError.absurdValue("\(what())'s \(absurdity)") }
        let check = checksChecksums
        let fieldsChecksum = check ? SessionRecordCodec.fieldsChecksum(fields, scratch: &scratch) : 0
        if check, let stored = whole.map({ Int64(UInt64(bitPattern: $0) >> 32) }) ?? checksum,
            stored != Int64(fieldsChecksum)
        {
            throw ArchiveError.checksumMismatch(what())
        }
        guard includeResults else { return Session(fields) }
        var results: [QuestionResult] = []
        var checksums: [UInt32] = []
        if let resultsList {
            do {
                let list = try array(resultsList, what: "\(what())'s results")
                results.reserveCapacity(list.count)
                checksums.reserveCapacity(list.count)
                for j in 0..<list.count {
                    // A shared result is known by the reference to it, so its
                    // UID, written where it was first used, is not read again.
                    let reference = try reader.reference(list, j)
                    if let (known, crc) = resultsByReference[reference] {
                        results.append(known)
                        checksums.append(crc)
                        continue
                    }
                    guard let resultUID = try reader.uid(reference) else {
                        throw ArchiveError.wrongShape("\(what())'s results hold a non-reference")
                    }
                    let decoded = try result(resultUID)
                    resultsByReference[reference] = decoded
                    results.append(decoded.0)
                    checksums.append(decoded.1)
                }
            } catch  where salvage {
                resultsLost += 1
                fields.results = []
                return Session(fields)
            }
        }
        if check, let whole, whole != SessionRecordCodec.wholeChecksum(fields: fieldsChecksum, results: checksums) {
            // The game's own fields matched their half of the checksum: only
            // its results are damaged. Salvaged as a results list that cannot
            // be read is, so the game is kept as a reader without results
            // (`results: false`) keeps it.
            guard salvage else { throw ArchiveError.checksumMismatch(what()) }
            resultsLost += 1
            fields.results = []
            return Session(fields)
        }
        fields.results = results
        return Session(fields)
    }

    /// Sessions read between two `releaseReadPages()` in a pass over every
    /// session: a few megabytes of a mapped archive resident at a time, even
    /// in an archive whose games share values with games far back (one
    /// written before `BinaryPropertyListWriter` kept large integers local).
    static let sessionsBetweenReleases = 256

    /// A pass over every session calls this before session `index`: every
    /// `sessionsBetweenReleases` sessions the mapped pages read are let go
    /// of, and the shared results decoded so far too (they are only a
    /// cache), so the pass costs the same memory at any history length.
    mutating func forget(after index: Int) {
        guard index > 0, index % Self.sessionsBetweenReleases == 0 else { return }
        reader.releaseReadPages()
        if results.count > Self.keptResults { results.removeAll() }
        if resultsByReference.count > Self.keptResults { resultsByReference.removeAll() }
    }

    /// Shared results kept decoded: more than enough for every question
    /// of every bundled bank, a bound for a history of a million distinct ones.
    static let keptResults = 65_536

    mutating func result(_ uid: UInt64) throws -> (QuestionResult, UInt32) {
        if let known = results[uid] { return known }
        let decoded = try decodeResult(uid)
        results[uid] = decoded
        return decoded
    }

    /// A result, its fields as `QuestionResult.schema` says, and its checksum.
    mutating func decodeResult(_ uid: UInt64) throws -> (QuestionResult, UInt32) {
        let entries = try instance(uid, of: .questionResult)
        var fields = QuestionResult.Fields()
        for i in 0..<entries.count {
            guard case .field(_, let index) = try key(try reader.reference(entries, i)), index >= 0 else { continue }
            let value = try reader.reference(entries, entries.count + i)
            _ = try read(QuestionResult.schema[Int(index)], at: value, into: &fields, of: "a result")
        }
        let result = QuestionResult(fields)
        return (result, SessionRecordCodec.resultChecksum(result, scratch: &scratch))
    }
}

/// A cache by index: an array for the first indexes when most will be asked
/// for (the keys, classes and strings a history shares come first in its
/// file), a dictionary for the others and when few will be.
struct Slots<Value> {
    private var array: [Value]
    private var dictionary: [Int: Value] = [:]
    private let empty: Value
    let count: Int

    /// Indexes kept in the array at most: a megabyte of `Int32`s, where an
    /// array as long as a million games' objects was 40 MB, every page of it
    /// written once to fill it.
    static var denseLimit: Int { 1 << 18 }

    init(count: Int, empty: Value, dense: Bool) {
        self.count = count
        self.empty = empty
        array = dense ? Array(repeating: empty, count: min(count, Self.denseLimit)) : []
    }

    subscript(index: Int) -> Value {
        get { index < array.count ? array[index] : dictionary[index] ?? empty }
        set {
            if index < array.count { array[index] = newValue } else { dictionary[index] = newValue }
        }
    }
}
