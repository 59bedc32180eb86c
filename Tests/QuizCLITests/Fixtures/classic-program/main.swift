// The classic program: the `Session`/`SessionHistory` pattern of a real app,
// archived with Foundation's own NSKeyedArchiver. ClassicArchiveTests builds
// it with `swiftc -module-name NAME`, so its archives carry `NAME.Session`.
//
//   main write seed|full COUNT PATH   a history of COUNT games (seed: date and
//                                     score; full: boxed numbers, quiz, results)
//   main read PATH                    reads PATH with NSKeyedUnarchiver, mapping
//                                     the bare names quiz writes (setClass), and
//                                     prints "COUNT" then "SECONDS SCORE RESULTS"
//                                     a game (its date, score and number of results)
import Foundation

final class QuestionResult: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let prompt: String
    let answer: String
    let given: String
    let outcome: String

    init(prompt: String, answer: String, given: String, outcome: String) {
        self.prompt = prompt
        self.answer = answer
        self.given = given
        self.outcome = outcome
    }

    func encode(with coder: NSCoder) {
        coder.encode(NSMutableString(string: prompt), forKey: "prompt")
        coder.encode(answer as NSString, forKey: "answer")
        coder.encode(given, forKey: "given")
        coder.encode(outcome, forKey: "outcome")
    }

    required init?(coder: NSCoder) {
        prompt = coder.decodeObject(of: NSString.self, forKey: "prompt").map { $0 as String } ?? ""
        answer = coder.decodeObject(of: NSString.self, forKey: "answer").map { $0 as String } ?? ""
        given = coder.decodeObject(of: NSString.self, forKey: "given").map { $0 as String } ?? ""
        outcome = coder.decodeObject(of: NSString.self, forKey: "outcome").map { $0 as String } ?? ""
    }
}

final class Session: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let date: Date
    let score: Int
    /// The full shape's fields; nil in the seed shape, which writes only `date` and `score`.
    let total: Int?
    let quiz: String?
    let results: [QuestionResult]?

    init(date: Date, score: Int, total: Int? = nil, quiz: String? = nil, results: [QuestionResult]? = nil) {
        self.date = date
        self.score = score
        self.total = total
        self.quiz = quiz
        self.results = results
    }

    func encode(with coder: NSCoder) {
        coder.encode(date, forKey: "date")
        guard let total, let quiz, let results else {
            coder.encode(score, forKey: "score")
            return
        }
        // What an app may write for numbers: an NSNumber object, an Int as Any.
        coder.encode(NSNumber(value: score), forKey: "score")
        coder.encode(total as Any, forKey: "total")
        coder.encode(NSMutableString(string: quiz), forKey: "quiz")
        coder.encode(NSMutableArray(array: results), forKey: "results")
    }

    required init?(coder: NSCoder) {
        guard let date = coder.decodeObject(of: NSDate.self, forKey: "date") else { return nil }
        self.date = date as Date
        // As quiz writes it: an integer (a boxed one, as `write full` makes, reads as 0 here on Linux).
        score = coder.decodeInteger(forKey: "score")
        total = nil
        quiz = nil
        // An absent key is an error on Linux (4865), which traps: ask first.
        results =
            coder.containsValue(forKey: "results")
            ? coder.decodeObject(of: [NSArray.self, QuestionResult.self], forKey: "results") as? [QuestionResult]
            : nil
    }
}

final class SessionHistory: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    var sessions: [Session] = []

    override init() {}

    func encode(with coder: NSCoder) {
        coder.encode(sessions, forKey: "sessions")
    }

    required init?(coder: NSCoder) {
        sessions = coder.decodeObject(of: [NSArray.self, Session.self], forKey: "sessions") as? [Session] ?? []
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "write" where arguments.count == 5:
    guard let count = Int(arguments[3]) else { fail("not a count: \(arguments[3])") }
    let full = arguments[2] == "full"
    let history = SessionHistory()
    for index in 0..<count {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600)
        let score = index % 11
        guard full else {
            history.sessions.append(Session(date: date, score: score))
            continue
        }
        let results = (0..<3).map { question in
            QuestionResult(
                prompt: "Question \(question)?", answer: "A\(question)",
                given: question < score % 4 ? "A\(question)" : "B",
                outcome: question < score % 4 ? "right" : "wrong")
        }
        history.sessions.append(Session(date: date, score: score, total: 10, quiz: "capitals", results: results))
    }
    do {
        let data = try NSKeyedArchiver.archivedData(withRootObject: history, requiringSecureCoding: true)
        try data.write(to: URL(fileURLWithPath: arguments[4]))
    } catch {
        fail("cannot write \(arguments[4]): \(error)")
    }
case "read" where arguments.count == 3:
    // quiz writes the bare names, which no module declares: map them.
    NSKeyedUnarchiver.setClass(SessionHistory.self, forClassName: "SessionHistory")
    NSKeyedUnarchiver.setClass(Session.self, forClassName: "Session")
    NSKeyedUnarchiver.setClass(QuestionResult.self, forClassName: "QuestionResult")
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        guard let history = try NSKeyedUnarchiver.unarchivedObject(ofClass: SessionHistory.self, from: data) else {
            fail("no history in \(arguments[2])")
        }
        print(history.sessions.count)
        for session in history.sessions {
            print(Int(session.date.timeIntervalSince1970), session.score, session.results?.count ?? 0)
        }
    } catch {
        fail("cannot read \(arguments[2]): \(error)")
    }
default:
    fail("usage: main write seed|full COUNT PATH | main read PATH")
}
