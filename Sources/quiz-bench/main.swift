import Foundation
import QuizCore
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

// The measuring instrument's helper for `make bench` (scripts/bench.py):
//
//   quiz-bench generate --sessions N --data-dir DIR --csv FILE [--seed S] [--questions DIR]
//     writes a realistic history of N games as DIR/history.archive (through
//     KeyedArchive, as quiz writes it) and the same rows as CSV for SQLite;
//   quiz-bench classic-record DIR
//     the classic pattern, as a baseline: the whole archive read with
//     Foundation's NSKeyedUnarchiver, one game appended, the whole history
//     rewritten with NSKeyedArchiver to DIR/classic.archive (synced, renamed).

/// A failure that ends the program with a one-line message.
struct BenchFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String
}

let usage = """
    Usage: quiz-bench generate --sessions N --data-dir DIR --csv FILE [--seed S] [--questions DIR]
           quiz-bench classic-record DIR
    """

// MARK: Generating

/// The options of `generate`.
struct GenerateOptions {
    var sessions = 0
    var dataDir = ""
    var csvPath = ""
    var seed: UInt64 = 1
    var questions: String?

    static func parse(_ arguments: ArraySlice<String>) throws(BenchFailure) -> GenerateOptions {
        var options = GenerateOptions()
        var index = arguments.startIndex
        func value(_ name: String) throws(BenchFailure) -> String {
            guard index < arguments.endIndex else {
                throw BenchFailure(status: 64, description: "\(name) needs a value")
            }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.endIndex {
            let name = arguments[index]
            index += 1
            switch name {
            case "--sessions":
                let text = try value(name)
                guard let count = Int(text), count >= 0 else {
                    throw BenchFailure(status: 64, description: "--sessions \(text): not a count")
                }
                options.sessions = count
            case "--data-dir": options.dataDir = try value(name)
            case "--csv": options.csvPath = try value(name)
            case "--seed":
                let text = try value(name)
                guard let seed = UInt64(text) else {
                    throw BenchFailure(status: 64, description: "--seed \(text): not a number")
                }
                options.seed = seed
            case "--questions": options.questions = try value(name)
            default: throw BenchFailure(status: 64, description: "unknown option \(name)\n\(usage)")
            }
        }
        guard !options.dataDir.isEmpty, !options.csvPath.isEmpty else {
            throw BenchFailure(status: 64, description: "generate needs --data-dir and --csv\n\(usage)")
        }
        return options
    }
}

/// The bundled `Questions/` folder of the checkout this binary was built in.
func bundledQuestionsFolder() -> String? {
    let executable = ExecutablePath.current ?? CommandLine.arguments[0]
    var folder = (executable as NSString).deletingLastPathComponent
    while folder != "/" && !folder.isEmpty {
        let questions = (folder as NSString).appendingPathComponent("Questions")
        if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift")),
            FileManager.default.fileExists(atPath: questions)
        {
            return questions
        }
        folder = (folder as NSString).deletingLastPathComponent
    }
    return nil
}

/// Plays `count` games as a player would (through `Game`, so results hold
/// the banks' prompts and the choices' texts), finishing between five years
/// ago and an hour ago, in order, never two in the same second: Foundation's
/// archiver is quadratic on many equal dates (CONTRIBUTING.md), and players are
/// not that fast.
func generateSessions(count: Int, banks: [QuestionBank], seed: UInt64) -> [Session] {
    var random = SeededGenerator(seed: seed)
    let now = Date().timeIntervalSinceReferenceDate
    let span = 5 * 365.25 * 86_400.0
    let step = span / Double(max(count, 1))
    var time = now - span - 3_600
    var sessions: [Session] = []
    sessions.reserveCapacity(count)
    for _ in 0..<count {
        // 0.2 to 1.8 steps apart: uneven, increasing, and (a step being five
        // years over the count) half a minute apart or more up to a million games.
        time += step * (0.2 + 1.6 * Double(random.below(1_000_000)) / 1_000_000)
        let bank = banks[random.below(banks.count)]
        let gameSeed = UInt64(random.below(999_999) + 1)
        var game = Game(bank: bank, count: 5 + random.below(6), seed: gameSeed)
        // A player who is right about 60% of the time and skips now and then.
        let skill = 30 + random.below(60)
        while let asked = game.current {
            let roll = random.below(100)
            if roll >= 95 {
                game.skip()
                continue
            }
            let line: String
            if roll < skill {
                line =
                    asked.answerIndex.map { String(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0)))) }
                    ?? asked.question.answerText
            } else if asked.choices.isEmpty {
                line = ["I don't know", "Paris", "42", "oxygen", "1066"][random.below(5)]
            } else {
                line = String(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.below(asked.choices.count)))))
            }
            if case .notUnderstood = game.answer(line) { game.skip() }
        }
        let seconds = Double(game.asked.count) * (3 + Double(random.below(17_000)) / 1_000)
        if let session = game.session(finishedAt: Date(timeIntervalSinceReferenceDate: time), duration: seconds) {
            sessions.append(session)
        }
    }
    return sessions
}

/// The CSV SQLite loads, built as bytes (Foundation's formatters would take
/// longer than the rest of the generation): `date` in ISO 8601 UTC with
/// milliseconds, so text order is time order, then the fields as quiz
/// archives them, and `results` as compact JSON,
/// `[["right","prompt","given","answer"],…]` with `null` for a skipped answer.
struct CSVWriter {
    var bytes: [UInt8] = []

    init(header: String) {
        append(header)
        endRow()
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func endRow() { bytes += [13, 10] }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled.
    mutating func field(_ text: String, last: Bool = false) {
        if text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
            bytes.append(0x22)
            for byte in text.utf8 {
                if byte == 0x22 { bytes.append(0x22) }
                bytes.append(byte)
            }
            bytes.append(0x22)
        } else {
            append(text)
        }
        if !last { bytes.append(0x2C) }
    }

    static func digits(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `2024-05-06T07:08:09.123Z`
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return digits(Int(parts.tm_year) + 1900, width: 4) + "-" + digits(Int(parts.tm_mon) + 1, width: 2) + "-"
            + digits(Int(parts.tm_mday), width: 2) + "T" + digits(Int(parts.tm_hour), width: 2) + ":"
            + digits(Int(parts.tm_min), width: 2) + ":" + digits(Int(parts.tm_sec), width: 2) + "."
            + digits(milliseconds % 1000, width: 3) + "Z"
    }

    /// Seconds with three decimals.
    static func seconds(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        return "\(thousandths / 1000)." + digits(thousandths % 1000, width: 3)
    }

    /// A JSON string literal.
    static func json(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }

    static func resultsJSON(_ results: [QuestionResult]) -> String {
        var out: [UInt8] = [0x5B]
        for (index, result) in results.enumerated() {
            if index > 0 { out.append(0x2C) }
            out.append(0x5B)
            json(result.outcome.rawValue, into: &out)
            out.append(0x2C)
            json(result.prompt, into: &out)
            out.append(0x2C)
            if let given = result.given { json(given, into: &out) } else { out += Array("null".utf8) }
            out.append(0x2C)
            json(result.answer, into: &out)
            out.append(0x5D)
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }
}

func csvData(for sessions: [Session]) -> Data {
    var writer = CSVWriter(header: "date,quiz,title,score,total,duration,seed,results")
    writer.bytes.reserveCapacity(sessions.count * 900)
    for session in sessions {
        writer.field(CSVWriter.iso8601(session.date))
        writer.field(session.quiz ?? "")
        writer.field(session.title ?? "")
        writer.field(String(session.score))
        writer.field(session.total.map(String.init) ?? "")
        writer.field(session.duration.map(CSVWriter.seconds) ?? "")
        writer.field(session.seed.map(String.init) ?? "")
        writer.field(CSVWriter.resultsJSON(session.results), last: true)
        writer.endRow()
    }
    return Data(writer.bytes)
}

/// Writes `data` to `path` through a synced temporary file, renamed over it (`DurableFile`).
func writeDurably(_ data: Data, to path: String) throws(BenchFailure) {
    do {
        try DurableFile(path).replace(with: data)
    } catch {
        // A temporary file that cannot be made is named; any other step names the target.
        throw BenchFailure(
            status: 74, description: error.step == .open ? error.description : "\(path): \(error.reason)")
    }
}

func generate(_ options: GenerateOptions) throws(BenchFailure) {
    guard let folder = options.questions ?? bundledQuestionsFolder() else {
        throw BenchFailure(status: 66, description: "no Questions folder found; give one with --questions")
    }
    var library = QuestionLibrary()
    do {
        try library.add(path: folder)
    } catch {
        throw BenchFailure(status: 66, description: error.description)
    }
    guard !library.banks.isEmpty else { throw BenchFailure(status: 66, description: "no banks in \(folder)") }
    let clock = ContinuousClock()
    var phases: [String] = []
    var start = clock.now
    func phase(_ name: String) {
        let now = clock.now
        phases.append(
            "\(name) \((now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2))))")
        start = now
    }
    let sessions = generateSessions(count: options.sessions, banks: library.banks, seed: options.seed)
    phase("games")
    do {
        try FileManager.default.createDirectory(
            atPath: options.dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
        throw BenchFailure(status: 74, description: "\(options.dataDir): \(error.localizedDescription)")
    }
    // Every game a real history holds went through the journal, so the
    // archive's journal sequence is the number of games folded into it.
    let archive = KeyedArchive.data(for: sessions, journalSequence: UInt64(sessions.count))
    phase("archive")
    try writeDurably(archive, to: options.dataDir + "/history.archive")
    phase("write")
    let csv = csvData(for: sessions)
    phase("csv")
    try writeDurably(csv, to: options.csvPath)
    phase("write")
    print(
        "generated \(sessions.count) games: \(options.dataDir)/history.archive (\(archive.count) bytes); "
            + phases.joined(separator: ", "))
}

// MARK: The classic pattern

/// Reads the whole history with Foundation's unarchiver, as the classic iOS
/// pattern does; the class names quiz writes are mapped to QuizKit's classes.
func classicLoad(_ path: String) throws(BenchFailure) -> [Session] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw BenchFailure(status: 66, description: "\(path): cannot be read")
    }
    let unarchiver: NSKeyedUnarchiver
    do {
        unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    } catch {
        throw BenchFailure(status: 65, description: "\(path): \(error.localizedDescription)")
    }
    unarchiver.decodingFailurePolicy = .setErrorAndReturn
    unarchiver.requiresSecureCoding = true
    unarchiver.setClass(SessionHistory.self, forClassName: "SessionHistory")
    unarchiver.setClass(Session.self, forClassName: "Session")
    unarchiver.setClass(QuestionResult.self, forClassName: "QuestionResult")
    let root = unarchiver.decodeObject(
        of: [
            SessionHistory.self, Session.self, QuestionResult.self, NSArray.self, NSDate.self, NSString.self,
            NSNumber.self,
        ],
        forKey: NSKeyedArchiveRootObjectKey)
    unarchiver.finishDecoding()
    if let error = unarchiver.error {
        throw BenchFailure(status: 65, description: "\(path): \(error.localizedDescription)")
    }
    guard let history = root as? SessionHistory else {
        throw BenchFailure(status: 65, description: "\(path): the root is not a SessionHistory")
    }
    return history.sessions
}

/// The classic pattern: load everything, append one game, rewrite everything.
/// Reads `classic.archive` once it exists (its own last rewrite), else the
/// quiz archive; never writes over the quiz archive, since Foundation writes
/// module-qualified class names (`QuizKit.Session`).
func classicRecord(folder: String) throws(BenchFailure) {
    let target = folder + "/classic.archive"
    let source = FileManager.default.fileExists(atPath: target) ? target : folder + "/history.archive"
    let clock = ContinuousClock()
    let started = clock.now
    let sessions = try classicLoad(source)
    let loaded = clock.now
    let game = Session(
        date: Date(), score: 3, total: 5, quiz: "world-capitals", title: "World Capitals", duration: 41.5,
        seed: Int64(getpid()),
        results: [
            QuestionResult(
                prompt: "What is the capital of Australia?", outcome: .right, given: "Canberra", answer: "Canberra"),
            QuestionResult(
                prompt: "What is the capital of Canada?", outcome: .wrong, given: "Toronto", answer: "Ottawa"),
            QuestionResult(
                prompt: "Istanbul is the capital of Turkey.", outcome: .right, given: "False", answer: "False"),
            QuestionResult(
                prompt: "Which city is the capital of Japan?", outcome: .right, given: "Tokyo", answer: "Tokyo"),
            QuestionResult(prompt: "What is the capital of Brazil?", outcome: .skipped, given: nil, answer: "Brasília"),
        ])
    let history = SessionHistory(sessions: sessions + [game])
    let data: Data
    do {
        data = try NSKeyedArchiver.archivedData(withRootObject: history, requiringSecureCoding: true)
    } catch {
        throw BenchFailure(status: 74, description: "archiving: \(error.localizedDescription)")
    }
    let archived = clock.now
    try writeDurably(data, to: target)
    let seconds = { (duration: Duration) in
        duration.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 3)))
    }
    print(
        "classic: \(sessions.count + 1) games in \(target) (\(data.count) bytes); unarchive \(seconds(loaded - started)), "
            + "archive \(seconds(archived - loaded)), write \(seconds(clock.now - archived))")
}

// MARK: Main

let arguments = CommandLine.arguments
do {
    switch arguments.dropFirst().first {
    case "generate":
        try generate(GenerateOptions.parse(arguments.dropFirst(2)))
    case "classic-record":
        guard arguments.count == 3 else { throw BenchFailure(status: 64, description: usage) }
        try classicRecord(folder: arguments[2])
    case "-h", "--help":
        print(usage)
    default:
        throw BenchFailure(status: 64, description: usage)
    }
} catch let failure as BenchFailure {
    FileHandle.standardError.write(Data("quiz-bench: \(failure)\n".utf8))
    exit(failure.status)
} catch {
    FileHandle.standardError.write(Data("quiz-bench: \(error)\n".utf8))
    exit(1)
}
