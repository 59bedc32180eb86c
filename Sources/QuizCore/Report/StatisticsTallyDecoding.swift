import Foundation
internal import QuizFormats

/// Reading a tally back from the JSON its `Encodable` conformance wrote
/// (`history.statistics`'s payload): by hand over `JSONParser`'s tree, not
/// with `JSONDecoder`, whose generic `Decodable` machinery was most of
/// `quiz --stats`'s time at 100,000 games (BENCHMARKS.md). The keys are the
/// `CodingKeys` and the synthesized keys of the nested types, so a key
/// renamed on one side fails `KeptStatisticsTests`' round trip.
extension StatisticsTally {
    /// The tally of `payload`; nil when it is not JSON of a tally's shape
    /// (a missing key, a wrong type, a fraction that is no integer, an
    /// unknown time zone, a quiz or a question twice), and the caller
    /// rebuilds it from the history.
    public init?(json payload: some Collection<UInt8>) {
        guard let root = try? JSONParser.parse(Array(payload)), let tally = try? Self(root) else { return nil }
        self = tally
    }

    private struct Malformed: Error {}

    private init(_ root: JSONNode) throws(Malformed) {
        let object = try Self.members(root)
        guard let zoneName = object[CodingKeys.timeZone.rawValue]?.string,
            let zone = LocalTimeZone.named(zoneName)
        else { throw Malformed() }
        self.init(timeZone: zone)
        games = try Self.int(object[CodingKeys.games.rawValue])
        totalDuration = try Self.double(object[CodingKeys.totalDuration.rawValue])
        timedGames = try Self.int(object[CodingKeys.timedGames.rawValue])
        fractionSum = try Self.double(object[CodingKeys.fractionSum.rawValue])
        fractions = try Self.int(object[CodingKeys.fractions.rawValue])
        guard case .bool(let results)? = object[CodingKeys.hasQuestionResults.rawValue]?.value else {
            throw Malformed()
        }
        hasQuestionResults = results
        days = try Self.numbered(object[CodingKeys.days.rawValue]) { node throws(Malformed) in try Self.int(node) }
        quizzes = try Self.list(object[CodingKeys.quizzes.rawValue], Self.quiz)
        questions = try Self.list(object[CodingKeys.questions.rawValue], Self.question)
        dailies = try Self.numbered(object[CodingKeys.dailies.rawValue]) { node throws(Malformed) in
            let daily = try Self.members(node)
            return Daily(score: try Self.int(daily["score"]), total: try Self.int(daily["total"]))
        }
        practiceDailies = try Self.int(object[CodingKeys.practiceDailies.rawValue])
        guard reindex() else { throw Malformed() }
    }

    private static func quiz(_ node: JSONNode) throws(Malformed) -> Quiz {
        let object = try members(node)
        var quiz = Quiz()
        quiz.quiz = try optionalString(object["quiz"])
        quiz.title = try optionalString(object["title"])
        quiz.games = try int(object["games"])
        quiz.bestScore = try int(object["bestScore"])
        quiz.bestTotal = try optionalInt(object["bestTotal"])
        quiz.fractionSum = try double(object["fractionSum"])
        quiz.fractions = try int(object["fractions"])
        quiz.lastScore = try int(object["lastScore"])
        quiz.lastTotal = try optionalInt(object["lastTotal"])
        quiz.trend = try list(object["trend"]) { node throws(Malformed) in
            if case .null = node.value { return nil }
            return try double(node)
        }
        quiz.bestDay = try optionalInt(object["bestDay"])
        quiz.weeks = try numbered(object["weeks"]) { node throws(Malformed) in
            let week = try members(node)
            var made = Week()
            made.games = try int(week["games"])
            made.fractionSum = try double(week["fractionSum"])
            made.fractions = try int(week["fractions"])
            made.best = try optionalDouble(week["best"])
            return made
        }
        return quiz
    }

    private static func question(_ node: JSONNode) throws(Malformed) -> Question {
        let object = try members(node)
        guard let prompt = object["prompt"]?.string, let answer = object["answer"]?.string else { throw Malformed() }
        var question = Question(quiz: try optionalString(object["quiz"]), prompt: prompt, answer: answer)
        question.asked = try int(object["asked"])
        question.missed = try int(object["missed"])
        question.wrong = try list(object["wrong"]) { node throws(Malformed) in
            let wrong = try members(node)
            guard let normalized = wrong["normalized"]?.string, let text = wrong["text"]?.string else {
                throw Malformed()
            }
            return WrongAnswer(normalized: normalized, text: text, count: try int(wrong["count"]))
        }
        return question
    }

    /// An object's members by key (a key twice: the last, as `JSONDecoder` takes it).
    private static func members(_ node: JSONNode?) throws(Malformed) -> [String: JSONNode] {
        guard let members = node?.members else { throw Malformed() }
        var object: [String: JSONNode] = [:]
        object.reserveCapacity(members.count)
        for member in members { object[member.key] = member.value }
        return object
    }

    private static func list<Element>(
        _ node: JSONNode?, _ element: (JSONNode) throws(Malformed) -> Element
    ) throws(Malformed) -> [Element] {
        guard let nodes = node?.array else { throw Malformed() }
        var made: [Element] = []
        made.reserveCapacity(nodes.count)
        for node in nodes { made.append(try element(node)) }
        return made
    }

    /// A dictionary of integer keys, which `JSONEncoder` writes as an object
    /// whose keys are the numbers in decimal.
    private static func numbered<Value>(
        _ node: JSONNode?, _ value: (JSONNode) throws(Malformed) -> Value
    ) throws(Malformed) -> [Int: Value] {
        guard let members = node?.members else { throw Malformed() }
        var made: [Int: Value] = [:]
        made.reserveCapacity(members.count)
        for member in members {
            guard let key = Int(member.key) else { throw Malformed() }
            made[key] = try value(member.value)
        }
        return made
    }

    private static func double(_ node: JSONNode?) throws(Malformed) -> Double {
        guard case .number(let value)? = node?.value else { throw Malformed() }
        return value
    }

    private static func int(_ node: JSONNode?) throws(Malformed) -> Int {
        let value = try double(node)
        guard let exact = Int(exactly: value) else { throw Malformed() }
        return exact
    }

    private static func optionalDouble(_ node: JSONNode?) throws(Malformed) -> Double? {
        guard let node, !node.isNull else { return nil }
        return try double(node)
    }

    private static func optionalInt(_ node: JSONNode?) throws(Malformed) -> Int? {
        guard let node, !node.isNull else { return nil }
        return try int(node)
    }

    private static func optionalString(_ node: JSONNode?) throws(Malformed) -> String? {
        guard let node, !node.isNull else { return nil }
        guard let string = node.string else { throw Malformed() }
        return string
    }
}

extension JSONNode {
    fileprivate var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
