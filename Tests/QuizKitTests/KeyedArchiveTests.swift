import Foundation
import Testing

@testable import QuizCore

/// Sessions covering every field, none of the optional ones, and unicode text.
private let sampleSessions: [Session] = [
    Session(
        date: Date(timeIntervalSinceReferenceDate: 730_000_000.25), score: 7, total: 10, quiz: "world-capitals",
        title: "World Capitals", duration: 95.5, seed: 42,
        results: [
            QuestionResult(prompt: "Capital of Australia?", outcome: .right, given: "Canberra", answer: "Canberra"),
            QuestionResult(prompt: "Capital of Brazil?", outcome: .wrong, given: "São Paulo", answer: "Brasília"),
            QuestionResult(prompt: "Capital of Japan?", outcome: .skipped, given: nil, answer: "Tokyo"),
            QuestionResult(
                prompt: "Capital of Cuba?", outcome: .right, given: "Havana", answer: "Havana", typed: "Havanna"),
            QuestionResult(
                prompt: "Capital of Peru?", outcome: .right, given: "Quito", answer: "Lima", overridden: true),
        ], category: "Geography & Maps", difficulty: "hard", source: "https://example.com/capitals.json"),
    Session(date: Date(timeIntervalSinceReferenceDate: 730_086_400), score: 3),
    Session(
        date: Date(timeIntervalSinceReferenceDate: 731_000_000.5), score: 0, total: 4, quiz: "北京",
        title: "北京の首都クイズ 🇯🇵 — “quotes”", duration: 0, seed: -9_223_372_036_854_775_808,
        results: [QuestionResult(prompt: "日本の首都は？", outcome: .wrong, given: "京都", answer: "東京")]),
    Session(
        date: Date(timeIntervalSinceReferenceDate: -86_400), score: 1_000_000, total: 4_000_000_000, quiz: "",
        title: "", duration: 86_400 * 3, seed: Int64.max),
]

private func sessions(fromFixture name: String) throws -> [Session] {
    try KeyedArchive.sessions(from: try Fixture.data(name))
}

/// The legacy fixture's text with `old` replaced by `new`.
private func legacyFixture(replacing old: String, with new: String) throws -> Data {
    let text = try #require(String(data: try Fixture.data("legacy-history.plist"), encoding: .utf8))
    #expect(text.contains(old))
    return Data(text.replacingOccurrences(of: old, with: new).utf8)
}

private func classNames(in data: Data) throws -> [String] {
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    let top = try #require(plist as? [String: Any])
    let objects = try #require(top["$objects"] as? [Any])
    return objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
}

@Suite("KeyedArchive: writing and reading")
struct KeyedArchiveRoundTripTests {
    @Test func roundTripKeepsEveryField() throws {
        let data = KeyedArchive.data(for: sampleSessions)
        let decoded = try KeyedArchive.sessions(from: data)
        #expect(decoded == sampleSessions)
        #expect(decoded[1].total == nil)
        #expect(decoded[1].quiz == nil)
        #expect(decoded[1].title == nil)
        #expect(decoded[1].duration == nil)
        #expect(decoded[1].seed == nil)
        #expect(decoded[1].results.isEmpty)
        #expect(decoded[0].results[2].given == nil)
        #expect(decoded[2].title == "北京の首都クイズ 🇯🇵 — “quotes”")
        #expect(decoded[2].seed == Int64.min)
        #expect(decoded[3].total == 4_000_000_000)
        #expect(decoded[0].results[3].typed == "Havanna" && !decoded[0].results[3].overridden)
        #expect(decoded[0].results[4].overridden && decoded[0].results[4].typed == nil)
        #expect(decoded[0].category == "Geography & Maps" && decoded[0].difficulty == "hard")
        #expect(decoded[0].source == "https://example.com/capitals.json")
        #expect(decoded[1].category == nil && decoded[1].source == nil)
    }

    @Test func emptyHistoryRoundTrips() throws {
        let data = KeyedArchive.data(for: [])
        #expect(try KeyedArchive.sessions(from: data) == [])
    }

    @Test func manySessionsRoundTrip() throws {
        let many = (0..<1_000).map { i in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 61), score: i % 11,
                total: 10 + i % 3,
                quiz: "quiz-\(i % 7)", title: "Quiz \(i % 7)", duration: Double(i), seed: Int64(i))
        }
        let decoded = try KeyedArchive.sessions(from: KeyedArchive.data(for: many))
        #expect(decoded == many)
    }

    @Test func writtenDataIsABinaryKeyedArchiveWithBareClassNames() throws {
        let data = KeyedArchive.data(for: sampleSessions)
        #expect(data.starts(with: Array("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        #expect(format == .binary)
        let top = try #require(plist as? [String: Any])
        #expect(top["$archiver"] as? String == "NSKeyedArchiver")
        #expect((top["$version"] as? NSNumber)?.intValue == 100_000)
        let names = try classNames(in: data)
        #expect(names.contains("SessionHistory"))
        #expect(names.contains("Session"))
        #expect(names.contains("QuestionResult"))
        #expect(names.allSatisfy { !$0.hasPrefix("QuizKit.") })
        #expect(Set(names) == ["SessionHistory", "Session", "QuestionResult", "NSArray", "NSDate"])
        #expect(data.range(of: Data("QuizKit".utf8)) == nil)
    }

    /// Sessions with every optional field present (Foundation's unarchiver
    /// on Linux refuses absent keys, see the known issue below).
    static let completeSessions = [
        Session(
            date: Date(timeIntervalSinceReferenceDate: 730_000_000.25), score: 2, total: 3, quiz: "world-capitals",
            title: "World Capitals — “ünïcödé” 北京", duration: 95.5, seed: -42,
            results: [
                QuestionResult(prompt: "Capital of Brazil?", outcome: .wrong, given: "São Paulo", answer: "Brasília"),
                QuestionResult(prompt: "日本の首都は？", outcome: .right, given: "東京", answer: "東京"),
            ]),
        Session(
            date: Date(timeIntervalSinceReferenceDate: 731_000_000), score: 1, total: 1, quiz: "elements",
            title: "Chemical Elements", duration: 4, seed: 7,
            results: [QuestionResult(prompt: "Symbol of gold?", outcome: .right, given: "Au", answer: "Au")]),
    ]

    /// Decodes with Foundation's unarchiver exactly as the classic pattern does
    /// (the whole archive at once, `SessionHistory` as the root, see
    /// ARCHITECTURE.md, "The archive"), but records a decoding error instead of
    /// trapping on it.
    static func decodeWithFoundation(_ data: Data) throws -> (sessions: [Session]?, error: (any Error)?) {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.requiresSecureCoding = true
        unarchiver.setClass(SessionHistory.self, forClassName: "SessionHistory")
        unarchiver.setClass(Session.self, forClassName: "Session")
        unarchiver.setClass(QuestionResult.self, forClassName: "QuestionResult")
        let root = unarchiver.decodeObject(
            of: [SessionHistory.self, Session.self, QuestionResult.self, NSArray.self, NSDate.self, NSString.self],
            forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        return ((root as? SessionHistory)?.sessions, unarchiver.error)
    }

    @Test func foundationsUnarchiverReadsWhatIsWritten() throws {
        let data = KeyedArchive.data(for: Self.completeSessions)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.setClass(SessionHistory.self, forClassName: "SessionHistory")
        unarchiver.setClass(Session.self, forClassName: "Session")
        unarchiver.setClass(QuestionResult.self, forClassName: "QuestionResult")
        let root = unarchiver.decodeObject(
            of: [SessionHistory.self, Session.self, QuestionResult.self, NSArray.self, NSDate.self, NSString.self],
            forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        let history = try #require(root as? SessionHistory)
        #expect(history.sessions == Self.completeSessions)
    }

    /// `Session.init?(coder:)` and `QuestionResult.init?(coder:)` call
    /// `decodeObject(of:forKey:)` for keys that may be absent (`quiz`, `title`,
    /// `results`, `given`); Foundation on Linux treats an absent key as a
    /// decoding error (4865), which its default failure policy turns into a trap.
    @Test func foundationsUnarchiverReadsSessionsWithAbsentOptionalFields() throws {
        let cases: [(String, [Session])] = [
            ("a classic session (date and score only)", [sampleSessions[1]]),
            ("a skipped question (no given)", [sampleSessions[0]]),
            ("every sample session", sampleSessions),
        ]
        for (label, sessions) in cases {
            let decoded = try Self.decodeWithFoundation(KeyedArchive.data(for: sessions))
            do {
                #expect(decoded.error == nil, "\(label): \(String(describing: decoded.error))")
                #expect(decoded.sessions == sessions, "\(label)")
            }
        }
    }

    @Test func foundationsUnarchiverReadsTheLegacyFixture() throws {
        let decoded = try Self.decodeWithFoundation(try Fixture.data("legacy-history.plist"))
        do {
            #expect(decoded.error == nil, "\(String(describing: decoded.error))")
            #expect(decoded.sessions?.map(\.score) == [7, 0, 12])
        }
    }

    @Test func foundationsArchiverOutputIsRead() throws {
        // Foundation writes module-qualified names (QuizCore.Session); both are read.
        let history = SessionHistory(sessions: sampleSessions)
        let data = try NSKeyedArchiver.archivedData(withRootObject: history, requiringSecureCoding: true)
        #expect(try classNames(in: data).contains("QuizCore.Session"))
        #expect(try KeyedArchive.sessions(from: data) == sampleSessions)
    }

    @Test func namesQualifiedByTheOldModuleAreRead() throws {
        // Before the core was a module of its own, Foundation wrote QuizKit.Session.
        let history = SessionHistory(sessions: sampleSessions)
        let data = try NSKeyedArchiver.archivedData(withRootObject: history, requiringSecureCoding: true)
        let xml = try PropertyListSerialization.data(
            fromPropertyList: try PropertyListSerialization.propertyList(from: data, format: nil), format: .xml,
            options: 0)
        let renamed = String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "QuizCore.", with: "QuizKit.")
        let plist = try PropertyListSerialization.propertyList(from: Data(renamed.utf8), format: nil)
        let old = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(try classNames(in: old).contains("QuizKit.Session"))
        #expect(try KeyedArchive.sessions(from: old) == sampleSessions)
    }
}

@Suite("KeyedArchive: the classic iOS archive")
struct KeyedArchiveLegacyTests {
    @Test func legacyArchiveWithOnlyDateAndScoreLoads() throws {
        let loaded = try sessions(fromFixture: "legacy-history.plist")
        #expect(loaded.map(\.date.timeIntervalSinceReferenceDate) == [400_000_000, 400_086_400.5, 410_000_000.25])
        #expect(loaded.map(\.score) == [7, 0, 12])
        for session in loaded {
            #expect(session.total == nil)
            #expect(session.quiz == nil)
            #expect(session.title == nil)
            #expect(session.duration == nil)
            #expect(session.seed == nil)
            #expect(session.results.isEmpty)
            #expect(session.fraction == nil)
        }
    }

    @Test func legacyArchiveSurvivesARewrite() throws {
        let loaded = try sessions(fromFixture: "legacy-history.plist")
        let rewritten = try KeyedArchive.sessions(from: KeyedArchive.data(for: loaded))
        #expect(rewritten == loaded)
    }

    @Test(arguments: ["NSURL", "EvilPayload"])
    func foreignClassIsRefused(name: String) throws {
        let data = try legacyFixture(replacing: "<string>NSDate</string>", with: "<string>\(name)</string>")
        #expect(throws: ArchiveError.foreignClass(name)) { try KeyedArchive.sessions(from: data) }
    }

    @Test func foreignRootClassIsRefused() throws {
        let data = try legacyFixture(
            replacing: "<string>SessionHistory</string>", with: "<string>NSKeyedArchiverPayload</string>")
        #expect(throws: ArchiveError.foreignClass("NSKeyedArchiverPayload")) {
            try KeyedArchive.sessions(from: data)
        }
    }

    /// A classic program's classes, as Foundation names them (qualified by
    /// any module) or Apple's runtimes do (mangled, nested too).
    @Test(arguments: [
        ("QuizApp.Session", "QuizApp.SessionHistory"), ("My_App2.Session", "My_App2.SessionHistory"),
        ("_TtC7QuizApp7Session", "_TtC7QuizApp14SessionHistory"),
        ("_TtCC7QuizApp4Game7Session", "_TtCO7QuizApp5Games14SessionHistory"),
        ("_TtCV7QuizApp5Store7Session", "QuizApp.SessionHistory"),
    ])
    func classicProgramsClassNamesAreRead(session: String, history: String) throws {
        var text = try #require(String(data: try Fixture.data("legacy-history.plist"), encoding: .utf8))
        text = text.replacingOccurrences(of: "<string>Session</string>", with: "<string>\(session)</string>")
        text = text.replacingOccurrences(of: "<string>SessionHistory</string>", with: "<string>\(history)</string>")
        #expect(try KeyedArchive.sessions(from: Data(text.utf8)).map(\.score) == [7, 0, 12])
    }

    /// Names that only look like them: another class of such a module, a
    /// module name that is no identifier, a nested name Foundation never
    /// writes, a mangled name whose lengths or kinds are wrong, NSNumber
    /// (an archive keeps numbers as values, never as objects of that class).
    @Test(arguments: [
        "QuizApp.EvilPayload", "9App.Session", ".Session", "QuizApp.", "Quiz-App.Session", "A.B.Session",
        "QuizApp.NSArray", "_TtC7QuizApp4Evil", "_TtC7QuizApp8Session", "_TtC07QuizApp7Session",
        "_TtC7QuizApp7SessionX", "_TtC7QuizApp", "_TtCX7QuizApp7Session", "_TtGC7QuizApp7Session",
        "_TtO7QuizApp7Session",
        "_TtC7Quiz-Ap7Session", "NSNumber", "session",
    ])
    func lookalikeClassNamesAreRefused(name: String) throws {
        let data = try legacyFixture(replacing: "<string>Session</string>", with: "<string>\(name)</string>")
        #expect(throws: ArchiveError.foreignClass(name)) { try KeyedArchive.sessions(from: data) }
    }

    /// `encode(NSNumber(value:))` or an `Int` encoded as `Any` archives the
    /// number as an object of its own, which the field refers to.
    @Test func boxedNumbersAreRead() throws {
        var text = try #require(String(data: try Fixture.data("legacy-history.plist"), encoding: .utf8))
        let inline = "<key>score</key>\n\t\t\t<integer>7</integer>"
        #expect(text.contains(inline))
        text = text.replacingOccurrences(
            of: inline, with: "<key>score</key><dict><key>CF$UID</key><integer>13</integer></dict>")
        let end = "\t</array>\n\t<key>$top</key>"
        #expect(text.contains(end))
        text = text.replacingOccurrences(of: end, with: "\t\t<integer>7</integer>\n" + end)
        #expect(try KeyedArchive.sessions(from: Data(text.utf8)).map(\.score) == [7, 0, 12])
        // A reference to anything but a number is still no score.
        let text2 = text.replacingOccurrences(
            of: "\t\t<integer>7</integer>\n\t</array>", with: "\t\t<string>7</string>\n\t</array>")
        #expect(text2 != text)
        let salvaged = try KeyedArchive.salvage(Data(text2.utf8))
        #expect(salvaged.sessions.map(\.score) == [0, 12])
        #expect(salvaged.firstProblem == "not a SessionHistory archive (session 1's score is not an integer)")
    }

    @Test func foreignClassMessageNamesTheClass() {
        #expect(
            ArchiveError.foreignClass("EvilPayload").description
                == "it names the class \"EvilPayload\", which quiz does not read")
    }
}

@Suite("KeyedArchive: damaged input throws, never traps")
struct KeyedArchiveDamageTests {
    @Test func emptyData() {
        #expect(throws: ArchiveError.self) { try KeyedArchive.sessions(from: Data()) }
    }

    @Test func truncatedArchive() {
        let data = KeyedArchive.data(for: sampleSessions)
        for length in [data.count / 2, data.count - 1, 8, 40] {
            #expect(throws: ArchiveError.self, "cut to \(length) bytes") {
                try KeyedArchive.sessions(from: data.prefix(length))
            }
        }
    }

    @Test func randomBytes() {
        var generator = SeededGenerator(seed: 2024)
        for length in [1, 16, 64, 512, 4096] {
            let noise = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(throws: ArchiveError.self) { try KeyedArchive.sessions(from: noise) }
            #expect(throws: ArchiveError.self) { try KeyedArchive.sessions(from: Data("bplist00".utf8) + noise) }
        }
    }

    @Test func flippedBytesNeverTrap() {
        let original = KeyedArchive.data(for: Array(sampleSessions.prefix(2)))
        var generator = SeededGenerator(seed: 99)
        var refused = 0
        for _ in 0..<2_000 {
            var damaged = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<damaged.count, using: &generator)
                damaged[index] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try KeyedArchive.sessions(from: damaged)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test func malformedXML() {
        let data = Data("<?xml version=\"1.0\"?><plist><dict><key>$archiver</key>".utf8)
        #expect(throws: ArchiveError.notAnArchive("a property list in XML that cannot be read")) {
            try KeyedArchive.sessions(from: data)
        }
    }

    @Test func validPropertyListOfTheWrongShape() throws {
        let string = try PropertyListSerialization.data(fromPropertyList: "hello", format: .binary, options: 0)
        #expect(throws: ArchiveError.notAnArchive("no top dictionary")) { try KeyedArchive.sessions(from: string) }

        let plainDictionary = try PropertyListSerialization.data(
            fromPropertyList: ["sessions": [1, 2, 3]], format: .binary, options: 0)
        #expect(throws: ArchiveError.notAnArchive("no \"$archiver\": \"NSKeyedArchiver\"")) {
            try KeyedArchive.sessions(from: plainDictionary)
        }

        let noObjects = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver", "$objects": "none"], format: .binary, options: 0)
        #expect(throws: ArchiveError.notAnArchive("no \"$objects\" array")) {
            try KeyedArchive.sessions(from: noObjects)
        }
    }

    @Test func archiveOfAnotherRootClass() throws {
        let data = try NSKeyedArchiver.archivedData(
            withRootObject: ["a", "b"] as NSArray, requiringSecureCoding: true)
        #expect(throws: ArchiveError.wrongShape("expected SessionHistory, found NSArray")) {
            try KeyedArchive.sessions(from: data)
        }
        let dateRoot = try NSKeyedArchiver.archivedData(
            withRootObject: NSDate(timeIntervalSinceReferenceDate: 0), requiringSecureCoding: true)
        #expect(throws: ArchiveError.self) { try KeyedArchive.sessions(from: dateRoot) }
    }

    @Test func sessionWithoutADate() throws {
        let data = try legacyFixture(replacing: "<key>date</key>", with: "<key>when</key>")
        #expect(throws: ArchiveError.wrongShape("session 1 has no date")) { try KeyedArchive.sessions(from: data) }
    }

    @Test func scoreOfTheWrongType() throws {
        let data = try legacyFixture(replacing: "<integer>7</integer>", with: "<string>seven</string>")
        #expect(throws: ArchiveError.wrongShape("session 1's score is not an integer")) {
            try KeyedArchive.sessions(from: data)
        }
    }

    @Test func oddButReadableValuesAreKeptAsTheyAre() throws {
        let odd = [
            Session(date: Date(timeIntervalSinceReferenceDate: 0), score: -1),
            Session(date: Date(timeIntervalSinceReferenceDate: 0), score: 11, total: 10),
            Session(date: Date(timeIntervalSinceReferenceDate: 0), score: 0, total: -3),
            // 2100, and the year 3000.
            Session(date: Date(timeIntervalSince1970: 4_102_444_800), score: 1),
            Session(date: Date(timeIntervalSince1970: 32_503_680_000), score: 1),
            Session(date: Date(timeIntervalSinceReferenceDate: 0), score: 1, duration: -1),
        ]
        #expect(try KeyedArchive.sessions(from: KeyedArchive.data(for: odd)) == odd)
    }

    @Test func whatCannotBeADateOrADurationIsRefused() {
        for date in [Double.nan, .infinity, 5e11] {
            let data = KeyedArchive.data(for: [Session(date: Date(timeIntervalSinceReferenceDate: date), score: 1)])
            #expect(throws: ArchiveError.absurdValue("session 1's date is \(date) seconds from 2001")) {
                try KeyedArchive.sessions(from: data)
            }
        }
        let data = KeyedArchive.data(for: [
            Session(date: Date(timeIntervalSinceReferenceDate: 0), score: 1, duration: .infinity)
        ])
        #expect(throws: ArchiveError.absurdValue("session 1's duration is inf")) {
            try KeyedArchive.sessions(from: data)
        }
    }

    @Test func salvageSkipsOnlyTheSessionThatCannotBeReadOrFailsItsChecksum() throws {
        let good = (0..<3).map { Session(date: Date(timeIntervalSinceReferenceDate: Double($0) * 60), score: $0 + 10) }
        let bad = Session(date: Date(timeIntervalSinceReferenceDate: .nan), score: 1)
        let salvaged = try KeyedArchive.salvage(KeyedArchive.data(for: [good[0], bad, good[1], good[2]]))
        #expect(salvaged.sessions == good)
        #expect(salvaged.skipped == 1)
        #expect(salvaged.firstProblem == "impossible value: session 2's date is nan seconds from 2001")

        // A score changed in place (12 to 13, say) is caught by the session's checksum.
        var bytes = [UInt8](KeyedArchive.data(for: good))
        let marker: [UInt8] = [0x10, 12]  // a one-byte integer, 12
        let at = try #require((0..<(bytes.count - 1)).first { Array(bytes[$0...($0 + 1)]) == marker })
        bytes[at + 1] = 13
        let changed = try KeyedArchive.salvage(Data(bytes))
        #expect(changed.sessions == [good[0], good[1]])
        #expect(changed.skipped == 1)
        #expect(changed.firstProblem == "session 3 does not match its checksum")
    }
}

/// Damage inside one game's objects costs that game, not the archive: a key
/// reference of one game's date set out of range used to fail the check of
/// every class, which read every small dictionary, and so the whole archive.
@Suite struct KeyedArchiveObjectDamageTests {
    /// The archive's trailer: offset size, reference size, object count, table offset.
    struct Trailer {
        let offsetSize: Int, refSize: Int, count: Int, table: Int
        init(_ bytes: [UInt8]) {
            func integer(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
            let end = bytes.count - 32
            offsetSize = Int(bytes[end + 6])
            refSize = Int(bytes[end + 7])
            count = integer(end + 8, 8)
            table = integer(end + 24, 8)
        }
    }

    @Test func aBadKeyReferenceInOneGamesDateCostsThatGameOnly() throws {
        let dates = (1...3).map { Date(timeIntervalSinceReferenceDate: 780_000_000 + Double($0) * 86_400) }
        let sessions = dates.enumerated().map { Session(date: $1, score: $0, total: 3, quiz: "geo") }
        var bytes = [UInt8](KeyedArchive.data(for: sessions))
        let trailer = Trailer(bytes)
        func offset(_ object: Int) -> Int {
            let at = trailer.table + object * trailer.offsetSize
            return (0..<trailer.offsetSize).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        // The real object holding the second game's date, then the dictionary
        // (an NSDate: two keys) whose value is that real.
        let time = dates[1].timeIntervalSinceReferenceDate.bitPattern
        let real = try #require(
            (0..<trailer.count).first { object in
                let at = offset(object)
                return bytes[at] == 0x23 && (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + 1 + $1]) } == time
            })
        let date = try #require(
            (0..<trailer.count).first { object in
                let at = offset(object)
                guard bytes[at] == 0xD2 else { return false }
                let values = at + 1 + 2 * trailer.refSize
                return (0..<2).contains { index in
                    (0..<trailer.refSize).reduce(0) { $0 << 8 | Int(bytes[values + index * trailer.refSize + $1]) }
                        == real
                }
            })
        // Its first key reference, out of range.
        for i in 0..<trailer.refSize { bytes[offset(date) + 1 + i] = 0xFF }
        let salvaged = try KeyedArchive.salvage(Data(bytes))
        #expect(salvaged.sessions.map(\.date) == [dates[0], dates[2]])
        #expect(salvaged.skipped == 1)
    }
}
