import Foundation
import Testing

@testable import QuizCore

/// quiz's FSRS against the reference: `scripts/fsrs-oracle.py` runs the same
/// random review sequences through py-fsrs 6.3.2 (which `make test`
/// installs), configured as quiz is (no learning or relearning steps, no
/// fuzzing), and every review must agree: stability and difficulty within
/// 1e-4 relative, the due date to the second.
@Suite(.enabled(if: FSRSOracle.unavailableReason == nil, FSRSOracle.skipComment))
struct FSRSAgreementTests {
    static let tolerance = 1e-4

    @Test func randomSequencesAgreeWithPyFSRS() throws {
        var generator = SeededGenerator(seed: 20_261_130)
        // 1,000 scattered sequences as quiz schedules them, 200 on time, 100
        // streaks, 100 bursts, then 300 of every style with other retentions
        // and maximum intervals.
        let plan: [(ReviewSequence.Style, Int, Bool)] = [
            (.scattered, 1_000, true), (.onTime, 200, true), (.streak, 100, true), (.burst, 100, true),
            (.scattered, 100, false), (.onTime, 100, false), (.streak, 50, false), (.burst, 50, false),
        ]
        var sequences: [ReviewSequence] = []
        for (style, count, defaults) in plan {
            for _ in 0..<count {
                sequences.append(
                    ReviewSequence.random(id: sequences.count, style: style, using: &generator, defaults: defaults))
            }
        }
        let reference = try FSRSOracle.run(sequences)
        #expect(reference.version == "6.3.2", "the oracle runs fsrs \(reference.version); run `make test-deps`")
        try #require(reference.results.count == sequences.count)

        var worst = 0.0
        var compared = 0
        var failures = 0
        var reached: Set<String> = []
        for (sequence, expected) in zip(sequences, reference.results) {
            let scheduler = try FSRS(
                desiredRetention: sequence.desiredRetention, maximumInterval: sequence.maximumInterval)
            var card = CardState()
            try #require(expected.count == sequence.reviews.count, "sequence \(sequence.id)")
            for (step, (review, after)) in zip(sequence.reviews, expected).enumerated() {
                card.apply(
                    review: review.rating, at: Date(timeIntervalSince1970: Double(review.time)), using: scheduler)
                let stabilityError = relativeError(card.stability, after.stability)
                let difficultyError = relativeError(card.difficulty, after.difficulty)
                let due = card.due.map { Int64($0.timeIntervalSince1970.rounded()) }
                worst = max(worst, stabilityError, difficultyError)
                compared += 1
                if card.scheduledDays == sequence.maximumInterval { reached.insert("maximum interval") }
                if card.stability == FSRS.minimumStability { reached.insert("minimum stability") }
                if card.difficulty > 9.9 { reached.insert("difficulty near 10") }
                if card.difficulty == 1 { reached.insert("difficulty 1") }
                if stabilityError > Self.tolerance || difficultyError > Self.tolerance || due != after.due {
                    failures += 1
                    if failures <= 5 {
                        Issue.record(
                            """
                            sequence \(sequence.id) review \(step + 1) of \(sequence.description): \
                            quiz S \(card.stability) D \(card.difficulty) due \(due.map(String.init) ?? "none"), \
                            py-fsrs S \(after.stability) D \(after.difficulty) due \(after.due)
                            """)
                    }
                    break
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(sequences.count) sequences disagree")
        #expect(compared > 25_000, "reviews compared: \(compared)")
        // The clamps were met, not only the middle of the ranges.
        #expect(reached == ["maximum interval", "minimum stability", "difficulty near 10", "difficulty 1"])
        print("FSRSAgreementTests: \(compared) reviews in \(sequences.count) sequences, max relative error \(worst)")
    }

    /// The comparison itself can fail: a scheduler one parameter off
    /// disagrees with the reference on the first sequences.
    @Test func aSchedulerOffByOneParameterDisagrees() throws {
        var generator = SeededGenerator(seed: 5)
        let sequences = (0..<20).map {
            ReviewSequence.random(id: $0, style: .scattered, using: &generator, defaults: true)
        }
        let reference = try FSRSOracle.run(sequences)
        var parameters = FSRS.defaultParameters
        parameters[8] += 0.01
        let wrong = try FSRS(parameters: parameters)
        var disagreements = 0
        for (sequence, expected) in zip(sequences, reference.results) {
            var card = CardState()
            for (review, after) in zip(sequence.reviews, expected) {
                card.apply(review: review.rating, at: Date(timeIntervalSince1970: Double(review.time)), using: wrong)
                if relativeError(card.stability, after.stability) > Self.tolerance {
                    disagreements += 1
                    break
                }
            }
        }
        #expect(disagreements > 0)
    }

    func relativeError(_ value: Double, _ reference: Double) -> Double {
        reference == 0 ? abs(value) : abs(value - reference) / abs(reference)
    }
}

/// One card's reviews, as the oracle reads them.
struct ReviewSequence {
    struct Review {
        let time: Int64
        let rating: ReviewRating
    }

    let id: Int
    let desiredRetention: Double
    let maximumInterval: Int
    let reviews: [Review]

    var description: String {
        "retention \(desiredRetention), maximum \(maximumInterval) days, reviews "
            + reviews.map { "\($0.time):\($0.rating.rawValue)" }.joined(separator: " ")
    }

    var json: String {
        let pairs = reviews.map { "[\($0.time),\($0.rating.rawValue)]" }.joined(separator: ",")
        return
            "{\"id\":\(id),\"desired_retention\":\(desiredRetention),\"maximum_interval\":\(maximumInterval),\"reviews\":[\(pairs)]}"
    }

    enum Style: CaseIterable {
        /// 1 to 30 reviews; gaps of a minute to a year, log-uniform, with
        /// whole days (a review exactly on a day boundary) and a second
        /// either side of one mixed in; ratings uniform.
        case scattered
        /// Each review when quiz says the card is due, give or take a few
        /// hours, as a player who keeps up would.
        case onTime
        /// One rating 20 to 60 times on time: Easy runs into the maximum
        /// interval, Again into the minimum stability and towards a difficulty of 10 (the
        /// damping keeps it just below).
        case streak
        /// Many reviews seconds apart (gaps of 0 to 120 s): the same-day formula over and over.
        case burst
    }

    /// A sequence from a moment in 2020–2029. `onTime` and `streak` pick
    /// each review's time from quiz's own due date (a wrong due date then
    /// shows as a disagreement all the same).
    static func random(
        id: Int, style: Style, using generator: inout SeededGenerator, defaults: Bool
    ) -> ReviewSequence {
        let retentions = [0.7, 0.8, 0.85, 0.95, 0.97]
        let maxima = [1, 7, 30, 365, 36_500]
        let retention = defaults ? FSRS.defaultDesiredRetention : retentions[generator.below(retentions.count)]
        let maximum = defaults ? FSRS.defaultMaximumInterval : maxima[generator.below(maxima.count)]
        let scheduler = (try? FSRS(desiredRetention: retention, maximumInterval: maximum)) ?? .standard
        let count: Int
        switch style {
        case .scattered, .onTime: count = 1 + generator.below(30)
        case .streak: count = 20 + generator.below(41)
        case .burst: count = 2 + generator.below(40)
        }
        let streakRating = ReviewRating(rawValue: 1 + generator.below(4)) ?? .good
        var time = Int64(1_577_836_800 + generator.below(315_360_000))
        var card = CardState()
        var reviews: [Review] = []
        for index in 0..<count {
            if index > 0 {
                let due = Int64(card.due?.timeIntervalSince1970 ?? 0)
                switch style {
                case .scattered: time += scatteredGap(&generator)
                case .onTime: time = max(time, due + Int64(generator.below(8 * 3_600)) - 2 * 3_600)
                case .streak: time = min(max(time, due), time + 3 * 365 * 86_400)
                case .burst: time += Int64(generator.below(121))
                }
            }
            let rating = style == .streak ? streakRating : ReviewRating(rawValue: 1 + generator.below(4)) ?? .good
            card.apply(review: rating, at: Date(timeIntervalSince1970: Double(time)), using: scheduler)
            reviews.append(Review(time: time, rating: rating))
        }
        return ReviewSequence(id: id, desiredRetention: retention, maximumInterval: maximum, reviews: reviews)
    }

    static func scatteredGap(_ generator: inout SeededGenerator) -> Int64 {
        let kind = generator.below(10)
        if kind < 6 {
            let unit = Double(generator.next() >> 11) / Double(1 << 53)
            return Int64(exp(log(60.0) + unit * (log(365.0 * 86_400) - log(60.0))).rounded())
        } else if kind < 8 {
            return Int64(86_400 * (1 + generator.below(60)))
        } else {
            return Int64(86_400 * (1 + generator.below(10)) + (generator.below(2) == 0 ? -1 : 1))
        }
    }
}

/// `scripts/fsrs-oracle.py` through python3.
enum FSRSOracle {
    struct After {
        let stability: Double
        let difficulty: Double
        let due: Int64
    }

    static let script = Repository.root.appendingPathComponent("scripts/fsrs-oracle.py").path

    /// python3 on the test's PATH, else in the usual folders.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin"]
        return folders.map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why the oracle cannot run here, or nil when `python3 -c "import fsrs"` works.
    static let unavailableReason: String? = {
        guard let python else { return "python3 is not installed" }
        guard let probe = try? run(python, ["-c", "import fsrs"], input: Data()) else {
            return "python3 could not be started"
        }
        guard probe.status == 0 else {
            let last = String(decoding: probe.error, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return "python3 cannot import fsrs (\(last))"
        }
        return nil
    }()

    static var skipComment: Comment {
        Comment(
            rawValue:
                "FSRS agreement with py-fsrs NOT checked: \(unavailableReason ?? ""); run `make test-deps` or python3 -m pip install fsrs==6.3.2"
        )
    }

    struct Reference {
        let version: String
        let results: [[After]]
    }

    struct OracleError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ sequences: [ReviewSequence]) throws -> Reference {
        guard let python else { throw OracleError(description: "python3 is not installed") }
        let input = "{\"sequences\":[" + sequences.map(\.json).joined(separator: ",") + "]}"
        let result = try run(python, [script], input: Data(input.utf8))
        guard result.status == 0 else {
            throw OracleError(
                description: "fsrs-oracle.py exited \(result.status): \(String(decoding: result.error, as: UTF8.self))")
        }
        guard let object = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
            let version = object["fsrs"] as? String, let list = object["sequences"] as? [[String: Any]]
        else { throw OracleError(description: "fsrs-oracle.py wrote something unexpected") }
        let results = try list.map { sequence in
            guard let reviews = sequence["reviews"] as? [[String: Any]] else {
                throw OracleError(description: "fsrs-oracle.py: a sequence without reviews")
            }
            return try reviews.map { review in
                guard let stability = (review["stability"] as? NSNumber)?.doubleValue,
                    let difficulty = (review["difficulty"] as? NSNumber)?.doubleValue,
                    let due = (review["due"] as? NSNumber)?.int64Value
                else { throw OracleError(description: "fsrs-oracle.py: a review without stability, difficulty or due") }
                return After(stability: stability, difficulty: difficulty, due: due)
            }
        }
        return Reference(version: version, results: results)
    }

    /// Runs a program with `input` on stdin; stdout and stderr go through
    /// files, so neither side can block on a full pipe.
    static func run(_ executable: String, _ arguments: [String], input: Data) throws -> (
        status: Int32, output: Data, error: Data
    ) {
        let folder = try TemporaryFolder("fsrs-oracle")
        let paths = (input: folder.file("in"), output: folder.file("out"), error: folder.file("err"))
        try input.write(to: URL(fileURLWithPath: paths.input))
        try Data().write(to: URL(fileURLWithPath: paths.output))
        try Data().write(to: URL(fileURLWithPath: paths.error))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle(forReadingAtPath: paths.input)
        process.standardOutput = FileHandle(forWritingAtPath: paths.output)
        process.standardError = FileHandle(forWritingAtPath: paths.error)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, try Data(contentsOf: URL(fileURLWithPath: paths.output)),
            try Data(contentsOf: URL(fileURLWithPath: paths.error))
        )
    }
}
