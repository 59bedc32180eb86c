import Foundation

/// The archive fuzzer's seed corpus: archives as `KeyedArchive.data(for:)`
/// writes them, the classic iOS archive (XML and binary), and one written by
/// Foundation's own `NSKeyedArchiver`. `make fuzz` has the fuzzer write them
/// (`QUIZ_FUZZ_WRITE_SEEDS=DIR`) before it runs.
enum ArchiveSeeds {
    static func write(to folder: String) -> Bool {
        let url = URL(fileURLWithPath: folder)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, data) in try seeds() {
                try data.write(to: url.appendingPathComponent(name))
            }
            return true
        } catch {
            FileHandle.standardError.write(Data("archive seeds: \(error)\n".utf8))
            return false
        }
    }

    static func seeds() throws -> [(String, Data)] {
        var seeds: [(String, Data)] = [
            ("empty.bplist", KeyedArchive.data(for: [])),
            ("classic-fields.bplist", KeyedArchive.data(for: [classic])),
            ("every-field.bplist", KeyedArchive.data(for: [full])),
            ("unicode.bplist", KeyedArchive.data(for: [unicode])),
            ("mixed.bplist", KeyedArchive.data(for: [classic, full, unicode, extremes])),
            // Over 255 objects: references two bytes wide.
            ("many.bplist", KeyedArchive.data(for: many(count: 30))),
        ]
        // An archive as XML, which takes Foundation's parser first.
        let plist = try PropertyListSerialization.propertyList(from: seeds[2].1, format: nil)
        seeds.append(
            ("every-field.xml", try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)))
        seeds.append(("legacy.xml", Data(legacyXML.utf8)))
        let legacy = try PropertyListSerialization.propertyList(from: Data(legacyXML.utf8), format: nil)
        seeds.append(
            ("legacy.bplist", try PropertyListSerialization.data(fromPropertyList: legacy, format: .binary, options: 0))
        )
        seeds.append(("foundation.bplist", try foundationArchive([classic, full])))
        return seeds
    }

    /// Foundation's own archive, its class names made `QuizCore.`-qualified
    /// (as the app's own module writes them) rather than this module's.
    static func foundationArchive(_ sessions: [Session]) throws -> Data {
        let data = try NSKeyedArchiver.archivedData(
            withRootObject: SessionHistory(sessions: sessions), requiringSecureCoding: true)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        let module = String(reflecting: Session.self).split(separator: ".")[0]
        let text = String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "\(module).", with: "QuizCore.")
        let renamed = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        return try PropertyListSerialization.data(fromPropertyList: renamed, format: .binary, options: 0)
    }

    static let classic = Session(date: Date(timeIntervalSinceReferenceDate: 400_000_000), score: 7)

    static let full = Session(
        date: Date(timeIntervalSinceReferenceDate: 730_000_000.25), score: 2, total: 3, quiz: "world-capitals",
        title: "World Capitals", duration: 95.5, seed: 42,
        results: [
            QuestionResult(prompt: "Capital of Australia?", outcome: .right, given: "Canberra", answer: "Canberra"),
            QuestionResult(prompt: "Capital of Brazil?", outcome: .wrong, given: "São Paulo", answer: "Brasília"),
            QuestionResult(prompt: "Capital of Japan?", outcome: .skipped, given: nil, answer: "Tokyo"),
        ])

    static let unicode = Session(
        date: Date(timeIntervalSinceReferenceDate: 731_000_000.5), score: 0, total: 1, quiz: "北京",
        title: "北京の首都クイズ 🇯🇵 — “quotes” e\u{301}", duration: 0, seed: Int64.min,
        results: [QuestionResult(prompt: "日本の首都は？ 👩‍👩‍👧", outcome: .wrong, given: "京都", answer: "東京")])

    static let extremes = Session(
        date: Date(timeIntervalSinceReferenceDate: -86_400), score: 1_000_000, total: 4_000_000_000, quiz: "",
        title: String(repeating: "long title ", count: 30), duration: 86_400 * 3, seed: Int64.max)

    static func many(count: Int) -> [Session] {
        (0..<count).map { i in
            Session(
                date: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 3_600.5), score: i % 11,
                total: 10 + i % 3,
                quiz: "quiz-\(i % 7)", title: "Quiz \(i % 7)", duration: Double(i), seed: Int64(i),
                results: i % 10 == 0
                    ? [QuestionResult(prompt: "Q\(i)", outcome: .right, given: "A\(i)", answer: "A\(i)")] : [])
        }
    }

    /// A classic iOS archive: sessions with only `date` and `score`.
    static let legacyXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key>
            <array>
                <string>$null</string>
                <dict>
                    <key>$class</key><dict><key>CF$UID</key><integer>7</integer></dict>
                    <key>sessions</key><dict><key>CF$UID</key><integer>2</integer></dict>
                </dict>
                <dict>
                    <key>$class</key><dict><key>CF$UID</key><integer>6</integer></dict>
                    <key>NS.objects</key>
                    <array><dict><key>CF$UID</key><integer>3</integer></dict></array>
                </dict>
                <dict>
                    <key>$class</key><dict><key>CF$UID</key><integer>5</integer></dict>
                    <key>date</key><dict><key>CF$UID</key><integer>4</integer></dict>
                    <key>score</key><integer>7</integer>
                </dict>
                <dict>
                    <key>$class</key><dict><key>CF$UID</key><integer>8</integer></dict>
                    <key>NS.time</key><real>400000000</real>
                </dict>
                <dict>
                    <key>$classname</key><string>Session</string>
                    <key>$classes</key><array><string>Session</string><string>NSObject</string></array>
                </dict>
                <dict>
                    <key>$classname</key><string>NSMutableArray</string>
                    <key>$classes</key><array><string>NSMutableArray</string><string>NSArray</string><string>NSObject</string></array>
                </dict>
                <dict>
                    <key>$classname</key><string>SessionHistory</string>
                    <key>$classes</key><array><string>SessionHistory</string><string>NSObject</string></array>
                </dict>
                <dict>
                    <key>$classname</key><string>NSDate</string>
                    <key>$classes</key><array><string>NSDate</string><string>NSObject</string></array>
                </dict>
            </array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$version</key><integer>100000</integer>
        </dict>
        </plist>
        """
}
